// SPDX-License-Identifier: GPL-2.0-only
/* strtab.c - string interning (open-addressing hash table, FNV-1a). Each
 * bucket keeps the string's hash beside its id: a probe compares strings only
 * when the hashes agree, and growing the table hashes nothing again. */
#include "lib/strtab.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static unsigned hash_bytes(const char *s, size_t len)
{
	unsigned h = 2166136261u;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h;
}

void strtab_init(struct strtab *tab)
{
	memset(tab, 0, sizeof(*tab));
	tab->nbuckets = 1024;
	tab->buckets = xcalloc(tab->nbuckets, sizeof(*tab->buckets));
	tab->hashes = xcalloc(tab->nbuckets, sizeof(*tab->hashes));
}

void strtab_free(struct strtab *tab)
{
	for (size_t i = 0; i < tab->count; i++)
		free(tab->strings[i]);
	free(tab->strings);
	free(tab->buckets);
	free(tab->hashes);
	memset(tab, 0, sizeof(*tab));
}

static void rehash(struct strtab *tab)
{
	size_t n = tab->nbuckets * 2;
	unsigned *b = xcalloc(n, sizeof(*b)), *h = xcalloc(n, sizeof(*h));

	for (size_t old = 0; old < tab->nbuckets; old++) {
		size_t i;

		if (!tab->buckets[old])
			continue;
		i = tab->hashes[old] & (n - 1);
		while (b[i])
			i = (i + 1) & (n - 1);
		b[i] = tab->buckets[old];
		h[i] = tab->hashes[old];
	}
	free(tab->buckets);
	free(tab->hashes);
	tab->buckets = b;
	tab->hashes = h;
	tab->nbuckets = n;
}

/* Bucket index holding s (hash h), or the empty bucket where it would go. */
static size_t lookup(const struct strtab *tab, const char *s, size_t len, unsigned h)
{
	size_t i = h & (tab->nbuckets - 1);

	for (;;) {
		unsigned slot = tab->buckets[i];
		const char *t;

		if (!slot)
			return i;
		t = tab->strings[slot - 1];
		if (tab->hashes[i] == h && !strncmp(t, s, len) && t[len] == '\0')
			return i;
		i = (i + 1) & (tab->nbuckets - 1);
	}
}

unsigned strtab_intern_n(struct strtab *tab, const char *s, size_t len)
{
	unsigned h = hash_bytes(s, len);
	size_t i = lookup(tab, s, len, h);
	unsigned id;

	if (tab->buckets[i])
		return tab->buckets[i] - 1;
	id = (unsigned)tab->count;
	grow_array((void **)&tab->strings, &tab->strings_cap, tab->count + 1,
		   sizeof(*tab->strings));
	tab->strings[tab->count++] = xstrndup(s, len);
	tab->buckets[i] = id + 1;
	tab->hashes[i] = h;
	if (tab->count * 2 > tab->nbuckets)
		rehash(tab);
	return id;
}

unsigned strtab_intern(struct strtab *tab, const char *s)
{
	return strtab_intern_n(tab, s, strlen(s));
}

long strtab_find(const struct strtab *tab, const char *s)
{
	size_t len = strlen(s);
	size_t i = lookup(tab, s, len, hash_bytes(s, len));

	return tab->buckets[i] ? (long)tab->buckets[i] - 1 : -1;
}
