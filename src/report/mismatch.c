// SPDX-License-Identifier: GPL-2.0-only
/* mismatch.c - compare the declared and defined types of symbols (the types
 * from objfile/dwtypes.c). */
#include "report/mismatch.h"
#include "kbuild/buildtree.h"
#include "objfile/dwtypes.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* Equal, but "[]" matches any "[N]". */
static int same_type(const char *a, const char *b)
{
	while (*a && *b) {
		if (*a == '[' && *b == '[' && (a[1] == ']' || b[1] == ']')) {
			a = strchr(a, ']');
			b = strchr(b, ']');
			if (!a || !b)
				return 0;
		} else if (*a != *b) {
			return 0;
		}
		a++;
		b++;
	}
	return *a == *b;
}

static int consistent(const struct dwtypes *w, const struct typed *decl, const struct typed *def)
{
	if (decl->unprototyped || def->unprototyped)
		return same_type(strtab_str(&w->strings, decl->ret),
				 strtab_str(&w->strings, def->ret));
	return same_type(strtab_str(&w->strings, decl->type),
			 strtab_str(&w->strings, def->type));
}

static int cmp_typed(const void *pa, const void *pb)
{
	const struct typed *a = pa, *b = pb;

	if (a->symbol != b->symbol)
		return a->symbol < b->symbol ? -1 : 1;
	return (a->is_def < b->is_def) - (a->is_def > b->is_def);   /* defs first */
}

static void report_pair(const struct build *b, const struct dwtypes *w,
			const struct typed *decl, const struct typed *def,
			struct strtab *found)
{
	char *dfile = decl->file ? path_relative(decl->file, b->srctree) : xstrdup("?");
	char *ffile = def->file ? path_relative(def->file, b->srctree) : xstrdup("?");
	char *line = xasprintf("%s:%u: %s: declared as '%s' but defined as '%s' at %s:%u",
			       dfile, decl->line, strtab_str(&w->strings, decl->symbol),
			       strtab_str(&w->strings, decl->type),
			       strtab_str(&w->strings, def->type), ffile, def->line);

	strtab_intern(found, line);
	free(line);
	free(dfile);
	free(ffile);
}

static size_t compare_all(const struct build *b, struct dwtypes *w, struct strtab *found)
{
	size_t compared = 0;

	if (w->n > 1)
		qsort(w->v, w->n, sizeof(*w->v), cmp_typed);
	for (size_t i = 0, end; i < w->n; i = end) {
		size_t ndefs = 0;

		for (end = i; end < w->n && w->v[end].symbol == w->v[i].symbol; end++)
			ndefs += w->v[end].is_def;
		for (size_t k = i + ndefs; k < end; k++)
			for (size_t d = i; d < i + ndefs; d++)
				if (w->v[d].obj != w->v[k].obj) {
					compared++;
					if (!consistent(w, &w->v[k], &w->v[d]))
						report_pair(b, w, &w->v[k], &w->v[d], found);
				}
	}
	return compared;
}

size_t mismatch_scan(struct build *b, struct strtab *found, size_t *compared)
{
	struct dwtypes w = { 0 };
	size_t with_dwarf = 0;

	strtab_init(&w.strings);
	for (size_t i = 0; i < b->set.count; i++) {
		const struct object *o = &b->set.objs[i];
		char *path;

		if (!o->linked || o->is_script || o->is_asm || strchr(o->name, '('))
			continue;
		path = path_join(b->dir, o->name);
		with_dwarf += dwtypes_read(path, &w, i) == 0;
		free(path);
	}
	*compared += compare_all(b, &w, found);
	dwtypes_free(&w);
	return with_dwarf;
}
