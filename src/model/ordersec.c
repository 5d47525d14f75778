// SPDX-License-Identifier: GPL-2.0-only
/* ordersec.c - definitions whose place only the linker script fixes. */
#include "model/ordersec.h"
#include "core/abisec.h"
#include "kbuild/ldscript.h"
#include "lib/util.h"

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
	return sym_is_def(s->bind) && s->section;
}

/* named[id] = 1 + the index of the first script that names section id one by
 * one (no wildcard), output[id] the output section it puts it in ("" when
 * none); named[id] = 0 when no script does. An ABI section (.opd, abisec.h)
 * orders nothing: its definitions are the functions, reached by name. */
static void mark_named(const struct build *b, size_t *named, char **output)
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

			if (id > 0 && !named[id] && !strpbrk(d[k].section, "*?[") &&
			    !abisec_is_abi(d[k].section)) {
				named[id] = i + 1;
				output[id] = xstrdup(d[k].output ? d[k].output : "");
			}
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

struct ordered {
	const struct build *b;
	size_t *named, *owner;  /* mark_named, mark_owners */
	char **output;
	struct strtab groups;   /* "UNIT\tOUTPUT_SECTION" */
	size_t *ndefs, cap;     /* ordered definitions per group */
	struct strtab units;
	size_t *nobjs, ucap;    /* C objects per unit */
	FILE *out;
	size_t rows;
};

/* The group of object i's definition s: its unit and output section. */
static char *group_of(const struct ordered *od, size_t i, const struct objsym *s)
{
	return xasprintf("%s\t%s", od->b->set.objs[i].unit, od->output[s->section]);
}

/* Calls fn for every ordered definition of object i. */
static void each_ordered(struct ordered *od, size_t i,
			 void (*fn)(struct ordered *, size_t, const struct objsym *))
{
	const struct object *o = &od->b->set.objs[i];

	for (size_t k = 0; k < o->nsyms; k++) {
		const struct objsym *s = &o->syms[k];

		if (is_def(s) && od->named[s->section] && od->owner[s->section] == i + 1)
			fn(od, i, s);
	}
}

static void count_one(struct ordered *od, size_t i, const struct objsym *s)
{
	char *g = group_of(od, i, s);

	bump_count(&od->ndefs, &od->cap, strtab_intern(&od->groups, g));
	free(g);
}

static void print_one(struct ordered *od, size_t i, const struct objsym *s)
{
	const struct build *b = od->b;
	const struct object *o = &b->set.objs[i];
	char *g = group_of(od, i, s);
	long id = strtab_find(&od->groups, g);

	free(g);
	if (od->ndefs[id] < 2 || od->nobjs[strtab_find(&od->units, o->unit)] < 2)
		return;
	fprintf(od->out, "%s\t%s\t%s\t%s\t%s\n", o->unit, o->name,
		strtab_str(&b->set.names, s->name), strtab_str(&b->set.sections, s->section),
		b->set.objs[od->named[s->section] - 1].name);
	od->rows++;
}

size_t ordered_print(FILE *out, struct build *b)
{
	size_t nsec = b->set.sections.count + 1;
	struct ordered od = { .b = b, .out = out };

	od.named = xcalloc(nsec, sizeof(*od.named));
	od.owner = xcalloc(nsec, sizeof(*od.owner));
	od.output = xcalloc(nsec, sizeof(*od.output));
	mark_named(b, od.named, od.output);
	mark_owners(b, od.owner);
	strtab_init(&od.groups);
	strtab_init(&od.units);
	for (size_t i = 0; i < b->set.count; i++)
		if (unit_member(&b->set.objs[i])) {
			bump_count(&od.nobjs, &od.ucap, strtab_intern(&od.units, b->set.objs[i].unit));
			each_ordered(&od, i, count_one);
		}
	fputs("unit\tobject\tsymbol\tsection\tscript\n", out);
	for (size_t i = 0; i < b->set.count; i++)
		if (unit_member(&b->set.objs[i]))
			each_ordered(&od, i, print_one);
	for (size_t k = 0; k < nsec; k++)
		free(od.output[k]);
	strtab_free(&od.groups);
	strtab_free(&od.units);
	free(od.ndefs);
	free(od.nobjs);
	free(od.named);
	free(od.owner);
	free(od.output);
	return od.rows;
}
