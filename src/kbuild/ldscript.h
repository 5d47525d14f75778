/* SPDX-License-Identifier: GPL-2.0-only */
/* ldscript.h - the symbols a GNU ld linker script references (ENTRY(sym),
 * the right-hand sides of `sym = expr;` and PROVIDE(sym = expr)), such as
 * `jiffies = jiffies_64;` in the kernel's vmlinux.lds. */
#ifndef CROSSYM_LDSCRIPT_H
#define CROSSYM_LDSCRIPT_H

#include <stddef.h>

/* The identifiers text references, in order of appearance, duplicates kept;
 * section names (".text") and the built-in functions are left out. Returns a
 * fresh array of fresh strings; *count is set. */
char **lds_references(const char *text, size_t *count);
void lds_free(char **names, size_t count);

/* One input-section description inside KEEP(...): `FILE(SECTION...)`, e.g.
 * KEEP(*(SORT(.list_*))) gives file "*" and section ".list_*". */
struct lds_keep {
	char *file;             /* file name pattern ("*", "*crtbegin.o") */
	char *section;          /* section name pattern */
	char *output;           /* lds_input_sections: the output section it is
				 * in (NULL outside one); else NULL */
};

/* The KEEP input-section patterns of text, in order. */
struct lds_keep *lds_keep_patterns(const char *text, size_t *count);
/* Every input-section description of text, inside KEEP or not, one entry
 * per section pattern: `*(.a .b)` gives ("*", ".a") and ("*", ".b"). */
struct lds_keep *lds_input_sections(const char *text, size_t *count);
void lds_keep_free(struct lds_keep *keeps, size_t count);
/* Frees what one entry holds, not the entry. */
void lds_keep_free_one(struct lds_keep *keep);
/* 1 when a definition in section of object file (its path) is kept. */
int lds_keep_matches(const struct lds_keep *keeps, size_t count,
		     const char *file, const char *section);
/* 1 when some pattern keeps section in some file (0: lds_keep_matches is 0
 * for every file). */
int lds_keep_section_matches(const struct lds_keep *keeps, size_t count,
			     const char *section);

#endif
