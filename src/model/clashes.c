// SPDX-License-Identifier: GPL-2.0-only
/* clashes.c - same-named definitions of a unit that an initcall entry names. */
#include "model/clashes.h"
#include "objfile/elfread.h"
#include "lib/strtab.h"
#include "model/units.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define ENTRY_PREFIX "__initcall__"

/* What an object's symbol table says beyond the scan: the names of its local
 * functions and variables, and its initcall entry labels. */
struct objnames {
	char **locals, **entries;
	size_t nlocals, locals_cap, nentries, entries_cap;
};

static void objnames_free(struct objnames *on)
{
	strv_free(on->locals, on->nlocals);
	strv_free(on->entries, on->nentries);
}

/* elf_read_locals' callback: entry labels and local functions and variables. */
static void add_local(void *ctx, const char *name, int func_or_var)
{
	struct objnames *on = ctx;

	if (!strncmp(name, ENTRY_PREFIX, strlen(ENTRY_PREFIX)))
		strv_push(&on->entries, &on->nentries, &on->entries_cap, name);
	else if (func_or_var)
		strv_push(&on->locals, &on->nlocals, &on->locals_cap, name);
}

/* Read object o's names; -1 when they cannot be read (error() said so). */
static int read_names(const struct build *b, const struct object *o, struct objnames *on)
{
	char *file = units_object_file(o), *path = path_join(b->dir, file);
	const char *why = NULL;

	if (o->no_sections)
		error("%s: an LTO object or nm text: its local symbols are unknown "
		      "(cannot tell whether an initcall entry names a same-named static)",
		      path);
	else if ((why = elf_read_locals(path, add_local, on)) != NULL)
		error("%s: %s (cannot read its local symbols)", path, why);
	free(path);
	free(file);
	return o->no_sections || why ? -1 : 0;
}

static int is_level(const char *s, size_t n)
{
	return (n == 1 && isdigit((unsigned char)s[0])) ||
	       (n == 2 && isdigit((unsigned char)s[0]) && s[1] == 's') ||
	       (n == 5 && !memcmp(s, "early", 5)) || (n == 6 && !memcmp(s, "rootfs", 6)) ||
	       (n == 3 && !memcmp(s, "con", 3));
}

/* p past a run of digits, or NULL when there is none. */
static const char *skip_digits(const char *p)
{
	const char *q = p;

	while (isdigit((unsigned char)*q))
		q++;
	return q > p ? q : NULL;
}

char *clashes_entry_function(const char *label)
{
	const char *fn = NULL;
	size_t n;

	if (strncmp(label, ENTRY_PREFIX, strlen(ENTRY_PREFIX)))
		return NULL;
	/* the IID ends "__COUNTER_LINE_" */
	for (const char *q = strstr(label + strlen(ENTRY_PREFIX), "__"); q && !fn;
	     q = strstr(q + 1, "__")) {
		const char *r = skip_digits(q + 2);

		if (r && *r == '_' && (r = skip_digits(r + 1)) && *r == '_')
			fn = r + 1;
	}
	if (!fn)
		return NULL;
	n = strlen(fn);
	for (size_t cut = 1; cut <= 6 && cut < n; cut++)
		if (is_level(fn + n - cut, cut))
			return xstrndup(fn, n - cut);
	return NULL;
}

struct clashes {
	const struct build *b;
	struct objnames *names;  /* per object; read for c members of big units */
	struct strtab keys;      /* "UNIT\tNAME" */
	size_t *ndefs, cap;      /* objects of the unit defining NAME */
	struct strtab hazards;   /* keys an entry names, defined twice or more */
	FILE *out;
	size_t rows;
};

/* Calls fn for each name object i defines (local or global), each once. */
static void each_name(struct clashes *c, size_t i,
		      void (*fn)(struct clashes *, size_t, const char *))
{
	const struct object *o = &c->b->set.objs[i];
	struct strtab seen;

	strtab_init(&seen);
	for (size_t k = 0; k < c->names[i].nlocals; k++)
		if (strtab_find(&seen, c->names[i].locals[k]) < 0) {
			strtab_intern(&seen, c->names[i].locals[k]);
			fn(c, i, c->names[i].locals[k]);
		}
	for (size_t k = 0; k < o->nsyms; k++) {
		const char *name = strtab_str(&c->b->set.names, o->syms[k].name);

		if (sym_is_def(o->syms[k].bind) &&
		    strtab_find(&seen, name) < 0) {
			strtab_intern(&seen, name);
			fn(c, i, name);
		}
	}
	strtab_free(&seen);
}

static void count_name(struct clashes *c, size_t i, const char *name)
{
	char *key = xasprintf("%s\t%s", c->b->set.objs[i].unit, name);

	bump_count(&c->ndefs, &c->cap, strtab_intern(&c->keys, key));
	free(key);
}

/* The hazards object i's entries make. */
static void mark_hazards(struct clashes *c, size_t i)
{
	for (size_t k = 0; k < c->names[i].nentries; k++) {
		char *fn = clashes_entry_function(c->names[i].entries[k]);
		char *key = fn ? xasprintf("%s\t%s", c->b->set.objs[i].unit, fn) : NULL;
		long id = key ? strtab_find(&c->keys, key) : -1;

		if (id >= 0 && c->ndefs[id] > 1)
			strtab_intern(&c->hazards, key);
		free(key);
		free(fn);
	}
}

/* The label among object i's entries that names fn, else "-". */
static const char *entry_naming(const struct clashes *c, size_t i, const char *name)
{
	for (size_t k = 0; k < c->names[i].nentries; k++) {
		char *fn = clashes_entry_function(c->names[i].entries[k]);
		int same = fn && !strcmp(fn, name);

		free(fn);
		if (same)
			return c->names[i].entries[k];
	}
	return "-";
}

static void print_name(struct clashes *c, size_t i, const char *name)
{
	const struct object *o = &c->b->set.objs[i];
	char *key = xasprintf("%s\t%s", o->unit, name);

	if (strtab_find(&c->hazards, key) >= 0) {
		fprintf(c->out, "%s\t%s\t%s\t%s\n", o->unit, o->name, name,
			entry_naming(c, i, name));
		c->rows++;
	}
	free(key);
}

size_t clashes_print(FILE *out, const struct build *b)
{
	struct clashes c = { .b = b, .out = out };
	unsigned char *member = units_shared_members(b);

	c.names = xcalloc(b->set.count + 1, sizeof(*c.names));
	strtab_init(&c.keys);
	strtab_init(&c.hazards);
	for (size_t i = 0; i < b->set.count; i++)
		if (member[i] && read_names(b, &b->set.objs[i], &c.names[i]) == 0)
			each_name(&c, i, count_name);
	for (size_t i = 0; i < b->set.count; i++)
		if (member[i])
			mark_hazards(&c, i);
	fputs("unit\tobject\tsymbol\tentry\n", out);
	for (size_t i = 0; i < b->set.count; i++)
		if (member[i] && c.hazards.count)
			each_name(&c, i, print_name);
	for (size_t i = 0; i < b->set.count; i++)
		objnames_free(&c.names[i]);
	free(c.names);
	free(c.ndefs);
	strtab_free(&c.keys);
	strtab_free(&c.hazards);
	free(member);
	return c.rows;
}
