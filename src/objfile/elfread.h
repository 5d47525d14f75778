/* SPDX-License-Identifier: GPL-2.0-only */
/* elfread.h - the symbols of one ELF relocatable object, through libelf. */
#ifndef CROSSYM_ELFREAD_H
#define CROSSYM_ELFREAD_H

#include <stddef.h>
#include "core/objects.h"

/* The absolute symbol scripts/wholeprogram.sh puts in each whole-program unit
 * file it links (this prefix, then the unit file's name): an object that has
 * one is no object of a normal build, and reading it is an error. */
#define WHOLEPROGRAM_MARKER "crossym_unit."

/* 1 when buf starts with the ELF magic. */
int elf_is_elf(const unsigned char *buf, size_t len);
/* Read the global, weak and undefined symbols (and the export markers, export_marker_len) of
 * the object in buf into obj; sets obj->machine and obj->elfclass.
 * Returns NULL on success, else a description of what is wrong (a static string,
 * or one in *msgbuf of msglen bytes). */
const char *elf_read_symbols(struct objset *set, struct object *obj,
			     const unsigned char *buf, size_t len,
			     char *msgbuf, size_t msglen);
/* The local definitions of the object file at path, each given to fn with
 * ctx: its name, and 1 when it is a function or a variable (0: a label of
 * another type). NULL, or what is wrong (the file cannot be opened: errno
 * says; it has no symbol table). */
typedef void (*elf_local_fn)(void *ctx, const char *name, int func_or_var);
const char *elf_read_locals(const char *path, elf_local_fn fn, void *ctx);

/* A printable name for an ELF machine number ("x86-64", "EM_183"...). */
const char *elf_machine_name(unsigned machine, char *buf, size_t buflen);

/* The same, telling x32 (ELF32 x86-64, which ld does not mix with x86-64). */
const char *elf_arch_name(unsigned machine, unsigned elfclass, char *buf, size_t buflen);

#endif
