/* SPDX-License-Identifier: GPL-2.0-only */
/* dwdecl.h - where the external definitions of an ELF object are declared,
 * from its DWARF (libdw, relocated through libdwfl). */
#ifndef CROSSYM_DWDECL_H
#define CROSSYM_DWDECL_H

#include <stddef.h>
#include <elfutils/libdw.h>

#include "core/objects.h"	/* struct decl */

/* The declaration coordinates of every external (DW_AT_external) function
 * (DW_TAG_subprogram with DW_AT_low_pc or DW_AT_ranges, the concrete
 * out-of-line instance of an inline function included) and variable
 * (DW_TAG_variable with DW_AT_location) defined, not just declared, at the top
 * level of the units of the ELF object at path; attributes inherited through
 * DW_AT_specification / DW_AT_abstract_origin count.  ET_REL objects are
 * relocated (offline libdwfl) before their DWARF is read; -gsplit-dwarf units
 * are read from their .dwo (a warning when it is missing).
 * When the object has a symbol table, it decides: a DIE counts only when its
 * linkage name is a defined global or weak symbol there (this drops global
 * register variables and clones of inline functions that are not emitted),
 * and then a DIE without code or location counts too (an -fipa-icf folded
 * twin).  Aliases (__attribute__((alias)), SYSCALL_DEFINE0's __x64_sys_*) and
 * assembler symbols have no DIE and are not listed; definitions without
 * DW_AT_decl_file / DW_AT_decl_line are left out.
 * Returns the number of entries (*out allocated, sorted by symbol, then file
 * and line; exact duplicates removed, so a symbol appears twice only when an
 * `ld -r` object holds two definitions, e.g. a weak and a strong one), 0 (*out
 * NULL) when the object has no DWARF or no such definition, -1 (*out NULL)
 * after error("%s: ...", path) when the file cannot be read as ELF (archives
 * included) or its DWARF cannot be read. */
long dwarf_definitions(const char *path, struct decl **out);
/* 1 when the object has a .debug_info (or .zdebug_info) section: what
 * dwarf_definitions needs to find anything. */
int dwarf_present(Elf *elf);

/* For other readers of an object's DWARF (mismatch.c): call fn for every
 * top-level DIE of every unit of the ELF object at path, relocated as above.
 * Returns 0, 1 when the object has no DWARF, -1 after error(). */
typedef void dwarf_die_fn(Dwarf_Die *die, void *ctx);
int dwarf_walk_top(const char *path, dwarf_die_fn *fn, void *ctx);
/* DW_AT_decl_file of die as an absolute, normalised path (NULL: none). */
char *dwarf_decl_path(Dwarf_Die *die);

#endif
