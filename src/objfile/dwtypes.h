/* SPDX-License-Identifier: GPL-2.0-only */
/* dwtypes.h - the type of every external function and variable an object's
 * DWARF declares or defines, as C text (typedefs resolved, structs, unions
 * and enums by tag name), for report/mismatch.c to compare. */
#ifndef CROSSYM_DWTYPES_H
#define CROSSYM_DWTYPES_H

#include <stddef.h>
#include "lib/strtab.h"

/* One declaration or definition as an object's DWARF gives it. */
struct typed {
	unsigned symbol, type, ret;     /* ids in the walk's strtab */
	char *file;                     /* absolute, or NULL */
	unsigned line;
	size_t obj;                     /* the caller's number of the object */
	unsigned char is_def, unprototyped;
};

struct dwtypes {
	struct strtab strings;          /* symbols and rendered types (strtab_init first) */
	struct typed *v;
	size_t n, cap, obj;
};

/* Add to w every top-level external declaration and definition of the
 * object at path, numbered obj. Returns 0, 1 when it has no DWARF, -1 after
 * error(). */
int dwtypes_read(const char *path, struct dwtypes *w, size_t obj);
void dwtypes_free(struct dwtypes *w);

#endif
