/* strtab.c - string interning (open-addressing hash table, FNV-1a). */
#include "strtab.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static size_t hash_bytes(const char *s, size_t len)
{
	size_t h = 2166136261u;

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
}

void strtab_free(struct strtab *tab)
{
	for (size_t i = 0; i < tab->count; i++)
		free(tab->strings[i]);
	free(tab->strings);
	free(tab->buckets);
	memset(tab, 0, sizeof(*tab));
}

static void rehash(struct strtab *tab)
{
	size_t n = tab->nbuckets * 2;
	unsigned *b = xcalloc(n, sizeof(*b));

	for (size_t id = 0; id < tab->count; id++) {
		const char *s = tab->strings[id];
		size_t i = hash_bytes(s, strlen(s)) & (n - 1);

		while (b[i])
			i = (i + 1) & (n - 1);
		b[i] = (unsigned)id + 1;
	}
	free(tab->buckets);
	tab->buckets = b;
	tab->nbuckets = n;
}

/* Bucket index holding s, or the empty bucket where it would go. */
static size_t lookup(const struct strtab *tab, const char *s, size_t len)
{
	size_t i = hash_bytes(s, len) & (tab->nbuckets - 1);

	for (;;) {
		unsigned slot = tab->buckets[i];
		const char *t;

		if (!slot)
			return i;
		t = tab->strings[slot - 1];
		if (!strncmp(t, s, len) && t[len] == '\0')
			return i;
		i = (i + 1) & (tab->nbuckets - 1);
	}
}

unsigned strtab_intern_n(struct strtab *tab, const char *s, size_t len)
{
	size_t i = lookup(tab, s, len);
	unsigned id;

	if (tab->buckets[i])
		return tab->buckets[i] - 1;
	id = (unsigned)tab->count;
	grow_array((void **)&tab->strings, &tab->strings_cap, tab->count + 1,
		   sizeof(*tab->strings));
	tab->strings[tab->count++] = xstrndup(s, len);
	tab->buckets[i] = id + 1;
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
	size_t i = lookup(tab, s, strlen(s));

	return tab->buckets[i] ? (long)tab->buckets[i] - 1 : -1;
}
