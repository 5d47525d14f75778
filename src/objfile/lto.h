/* SPDX-License-Identifier: GPL-2.0-only */
/* lto.h - GCC's LTO symbol table: what a "slim" -flto object defines and
 * references. Its ELF symbol table holds only __gnu_lto_slim; the real symbols
 * are in the .gnu.lto_.symtab.ID sections (the table GCC's linker plugin reads,
 * lto-plugin.c parse_table_entry: per symbol name\0 comdat\0 kind(1)
 * visibility(1) size(8) slot(4)) and .gnu.lto_.ext_symtab.ID (a version byte
 * 1, then per symbol type(1: unknown, function, variable) section kind(1)).
 * Fat objects (-ffat-lto-objects) are read from their real symbol table. */
#ifndef CROSSYM_LTO_H
#define CROSSYM_LTO_H

#include <stddef.h>
#include <libelf.h>
#include "core/objects.h"

struct strtab;

enum lto_kind { LTO_DEF, LTO_WEAKDEF, LTO_UNDEF, LTO_WEAKUNDEF, LTO_COMMON };
enum lto_type { LTO_TYPE_UNKNOWN, LTO_TYPE_FUNCTION, LTO_TYPE_VARIABLE };

struct lto_sym {
	const char *name;       /* points into the table */
	unsigned char kind;     /* enum lto_kind */
	unsigned char visibility;
	unsigned char type;     /* enum lto_type (LTO_TYPE_UNKNOWN without ext) */
};

/* Parse one symbol table (and its extension, or NULL) and call fn for each
 * symbol. Returns NULL, or a static description of what is wrong. */
const char *lto_parse_table(const unsigned char *tab, size_t len,
			    const unsigned char *ext, size_t extlen,
			    void (*fn)(void *ctx, const struct lto_sym *sym), void *ctx);
/* 1 when elf is a slim LTO object (its symbol table has __gnu_lto_slim). */
int lto_is_slim(Elf *elf);
/* Read the symbols of a slim LTO object from its LTO symbol tables into obj.
 * Returns NULL, or a static description of what is wrong (no LTO symbol
 * table, a malformed one). */
const char *lto_read_symbols(struct objset *set, struct object *obj, Elf *elf);
/* Every name the LTO symbol table of the fat object at path lists into names,
 * and the names it defines into defs: 0, or -1 when it cannot be read. */
int lto_file_names(const char *path, struct strtab *names, struct strtab *defs);
/* How many symbols the LTO symbol tables of elf hold (0: none, or unreadable);
 * *found: how many of them obj (read from its ELF symbol table) has. */
size_t lto_count_symbols(Elf *elf, const struct objset *set, const struct object *obj,
			 size_t *found);

#endif
