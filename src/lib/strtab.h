/* SPDX-License-Identifier: GPL-2.0-only */
/* strtab.h - string interning with a per-string integer slot.
 *
 * Symbol names repeat across thousands of objects; each distinct name is stored
 * once and gets a dense id (0, 1, 2, ...), so later stages index arrays by id. */
#ifndef CROSSYM_STRTAB_H
#define CROSSYM_STRTAB_H

#include <stddef.h>

struct strtab {
	char **strings;         /* id -> string */
	size_t count;           /* number of ids handed out */
	size_t strings_cap;
	unsigned *buckets;      /* open addressing: id + 1, 0 = empty */
	unsigned *hashes;       /* the hash of each bucket's string */
	size_t nbuckets;        /* power of two */
};

void strtab_init(struct strtab *tab);
void strtab_free(struct strtab *tab);
/* The id of s, adding a copy of it when new. */
unsigned strtab_intern(struct strtab *tab, const char *s);
/* Same for the first len bytes of s. */
unsigned strtab_intern_n(struct strtab *tab, const char *s, size_t len);
/* The id of s, or -1 when it was never interned. */
long strtab_find(const struct strtab *tab, const char *s);

static inline const char *strtab_str(const struct strtab *tab, unsigned id)
{
	return tab->strings[id];
}

#endif
