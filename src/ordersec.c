/* ordersec.c - definitions whose place only the linker script fixes. */
#include "ordersec.h"
#include "ldscript.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MANY SIZE_MAX   /* owner[]: more than one object defines in it */

/* A C object whose definitions a whole-program unit may hold. */
static int unit_member(const struct object *o)
{
	return !o->is_script && !o->is_asm && o->machine_ok && o->linked && !o->module;
}

static int is_def(const struct objsym *s)
{
	return (s->bind == SYM_DEF || s->bind == SYM_WEAKDEF) && s->section;
}

/* named[id] = 1 + the index of the first script that names section id one by
 * one (no wildcard); 0 when none does. */
static void mark_named(const struct build *b, size_t *named)
{
	for (size_t i = 0; i < b->set.count; i++) {
		const struct object *s = &b->set.objs[i];
		struct lds_keep *d;
		char *path, *text;
		size_t n;

		if (!s->is_script)
			continue;
		path = path_join(b->dir, s->name);
		text = read_file(path, NULL);
		free(path);
		if (!text)
			continue;       /* the scan has said so already */
		d = lds_input_sections(text, &n);
		for (size_t k = 0; k < n; k++) {
			long id = strtab_find(&b->set.sections, d[k].section);

			if (id > 0 && !named[id] && !strpbrk(d[k].section, "*?["))
				named[id] = i + 1;
		}
		lds_keep_free(d, n);
		free(text);
	}
}

/* owner[id] = 1 + the index of the one linked object defining a global in
 * section id, MANY when several do, 0 when none. */
static void mark_owners(const struct build *b, size_t *owner)
{
	for (size_t i = 0; i < b->set.count; i++) {
		const struct object *o = &b->set.objs[i];

		if (o->is_script || !o->linked)
			continue;
		for (size_t k = 0; k < o->nsyms; k++) {
			unsigned id = o->syms[k].section;

			if (!is_def(&o->syms[k]) || owner[id] == i + 1)
				continue;
			owner[id] = owner[id] ? MANY : i + 1;
		}
	}
}

/* Calls fn for every ordered definition of object i. */
static void each_ordered(const struct build *b, size_t i, const size_t *named,
			 const size_t *owner,
			 void (*fn)(const struct build *, size_t, const struct objsym *,
				    size_t, void *), void *arg)
{
	const struct object *o = &b->set.objs[i];

	for (size_t k = 0; k < o->nsyms; k++) {
		const struct objsym *s = &o->syms[k];

		if (is_def(s) && named[s->section] && owner[s->section] == i + 1)
			fn(b, i, s, named[s->section] - 1, arg);
	}
}

static void count_one(const struct build *b, size_t i, const struct objsym *s,
		      size_t script, void *arg)
{
	(void)b, (void)i, (void)s, (void)script;
	(*(size_t *)arg)++;
}

struct printing {
	FILE *out;
	size_t rows;
};

static void print_one(const struct build *b, size_t i, const struct objsym *s,
		      size_t script, void *arg)
{
	struct printing *p = arg;
	const struct object *o = &b->set.objs[i];

	fprintf(p->out, "%s\t%s\t%s\t%s\t%s\n", o->unit, o->name,
		strtab_str(&b->set.names, s->name),
		strtab_str(&b->set.sections, s->section), b->set.objs[script].name);
	p->rows++;
}

size_t ordered_print(FILE *out, struct build *b)
{
	size_t nsec = b->set.sections.count;
	size_t *named = xcalloc(nsec + 1, sizeof(*named));
	size_t *owner = xcalloc(nsec + 1, sizeof(*owner));
	struct strtab units;
	size_t *ndefs = NULL, *nobjs = NULL, cap = 0;
	struct printing p = { out, 0 };

	mark_named(b, named);
	mark_owners(b, owner);
	strtab_init(&units);
	for (size_t i = 0; i < b->set.count; i++) {
		unsigned u;

		if (!unit_member(&b->set.objs[i]))
			continue;
		u = strtab_intern(&units, b->set.objs[i].unit);
		if (u >= cap) {
			size_t old = cap;

			grow_array((void **)&ndefs, &cap, (size_t)u + 1, sizeof(*ndefs));
			nobjs = xrealloc(nobjs, cap * sizeof(*nobjs));
			memset(ndefs + old, 0, (cap - old) * sizeof(*ndefs));
			memset(nobjs + old, 0, (cap - old) * sizeof(*nobjs));
		}
		nobjs[u]++;
		each_ordered(b, i, named, owner, count_one, &ndefs[u]);
	}
	fputs("unit\tobject\tsymbol\tsection\tscript\n", out);
	for (size_t i = 0; i < b->set.count; i++) {
		long u;

		if (!unit_member(&b->set.objs[i]))
			continue;
		u = strtab_find(&units, b->set.objs[i].unit);
		if (ndefs[u] >= 2 && nobjs[u] >= 2)
			each_ordered(b, i, named, owner, print_one, &p);
	}
	strtab_free(&units);
	free(ndefs);
	free(nobjs);
	free(named);
	free(owner);
	return p.rows;
}
