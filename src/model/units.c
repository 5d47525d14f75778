// SPDX-License-Identifier: GPL-2.0-only
/* units.c - --exclude and --runs applied to the units of a build, and the
 * `crossym units` listing (link order). */
#include "model/units.h"
#include "kbuild/unitname.h"
#include "lib/strtab.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* (a name given twice is kept once: a .crossym of 80,000 excludes was
 * quadratic when each was looked for in a list) */
static struct strtab *strtab_new(void)
{
	struct strtab *t = xmalloc(sizeof(*t));

	strtab_init(t);
	return t;
}

/* (the first origin of a name given twice is kept) */
static void push_exclude(struct unit_opts *uo, const char *name, size_t len,
			 const char *origin)
{
	char *raw = xstrndup(name, len), *norm = path_normalize(raw);

	free(raw);
	if (!uo->excluded)
		uo->excluded = strtab_new();
	if (origin && !uo->origins)
		uo->origins = strtab_new();
	if (strtab_find(uo->excluded, norm) < 0) {
		grow_array((void **)&uo->exclude, &uo->exclude_cap, uo->nexclude + 1,
			   sizeof(*uo->exclude));
		grow_array((void **)&uo->origin, &uo->origin_cap, uo->nexclude + 1,
			   sizeof(*uo->origin));
		uo->origin[uo->nexclude] =
			origin ? strtab_str(uo->origins, strtab_intern(uo->origins, origin)) : NULL;
		uo->exclude[uo->nexclude++] =
			strtab_str(uo->excluded, strtab_intern(uo->excluded, norm));
	}
	free(norm);
}

void units_add_exclude_from(struct unit_opts *uo, const char *name, const char *origin)
{
	push_exclude(uo, name, strlen(name), origin);
}

int units_has_exclude(const struct unit_opts *uo, const char *name)
{
	char *norm = path_normalize(name);
	int found = uo->excluded && strtab_find(uo->excluded, norm) >= 0;

	free(norm);
	return found;
}

int units_add_exclude(struct unit_opts *uo, const char *arg)
{
	char *text, *line, *save = NULL;

	unsigned lineno = 0;

	if (arg[0] != '@') {
		push_exclude(uo, arg, strlen(arg), NULL);
		return 0;
	}
	text = read_file(arg + 1, NULL);
	if (!text) {
		error("%s: %s", arg + 1, errstr(errno));
		return -1;
	}
	for (line = text; line; line = save) {
		size_t len;

		save = strchr(line, '\n');
		if (save)
			*save++ = '\0';
		lineno++;
		line += strspn(line, " \t");
		len = strcspn(line, " \t#");
		if (len) {
			char *where = xasprintf("%s:%u", arg + 1, lineno);

			push_exclude(uo, line, len, where);
			free(where);
		}
	}
	free(text);
	return 0;
}

void units_opts_free(struct unit_opts *uo)
{
	free(uo->exclude);
	if (uo->excluded)
		strtab_free(uo->excluded);
	free(uo->excluded);
	if (uo->origins)
		strtab_free(uo->origins);
	free(uo->origins);
	free(uo->origin);
	memset(uo, 0, sizeof(*uo));
}

static int takes_part(const struct object *o)
{
	return !o->is_script && o->machine_ok;
}

static void apply_excludes(struct build *b, const struct unit_opts *uo)
{
	for (size_t i = 0; i < uo->nexclude; i++) {
		struct object *o = build_find(b, uo->exclude[i]);

		if (!o || !takes_part(o)) {
			if (uo->origin[i])
				error("%s: exclude %s: no such object in the build %s",
				      uo->origin[i], uo->exclude[i], b->dir);
			else
				error("%s: --exclude %s: no such object in the build", b->dir,
				      uo->exclude[i]);
			continue;
		}
		free(o->unit);
		o->unit = xstrdup(o->name);
		o->excluded = 1;
	}
}

/* The library archive an on-demand member is linked from, else "". */
static char *library_of(const struct object *o)
{
	const char *open = strchr(o->name, '(');

	if (o->link != LINK_ON_DEMAND)
		return xstrdup("");
	if (open)
		return xstrndup(o->name, (size_t)(open - o->name));
	return xstrdup(o->archive ? o->archive : "");
}

/* One run: consecutive objects (in scan = link order) of one directory and one
 * library (or none); an excluded object or another directory ends it. */
static void split_runs(struct build *b)
{
	struct strtab dirs;
	unsigned *nruns = NULL, run = 0;
	size_t cap = 0;
	char *prev = NULL;

	strtab_init(&dirs);
	for (size_t i = 0; i < b->set.count; i++) {
		struct object *o = &b->set.objs[i];
		char *dir, *lib, *key;
		unsigned id;

		if (!takes_part(o) || o->module)
			continue;
		if (o->excluded) {
			free(prev);
			prev = NULL;
			continue;
		}
		dir = unitname_base(o->unit);
		lib = library_of(o);
		key = xasprintf("%s\t%s", dir, lib);
		id = strtab_intern(&dirs, dir);
		if (id >= cap) {
			size_t old = cap;

			grow_array((void **)&nruns, &cap, (size_t)id + 1, sizeof(*nruns));
			memset(nruns + old, 0, (cap - old) * sizeof(*nruns));
		}
		if (!prev || strcmp(prev, key))
			run = ++nruns[id];
		if (!o->is_asm && run > 1) {
			free(o->unit);
			o->unit = unitname_run(dir, run);
		}
		free(prev);
		prev = key;
		free(dir);
		free(lib);
	}
	free(prev);
	free(nruns);
	strtab_free(&dirs);
}

void units_assign(struct build *b, const struct unit_opts *uo)
{
	apply_excludes(b, uo);
	if (uo->runs)
		split_runs(b);
}

/* The file kbuild compiled: "DIR/lib.a(m.o)" was built as "DIR/m.o". */
char *units_object_file(const struct object *o)
{
	const char *open = strchr(o->name, '(');
	char *archive, *dir, *member, *file;

	if (!open)
		return xstrdup(o->name);
	archive = xstrndup(o->name, (size_t)(open - o->name));
	member = xstrndup(open + 1, strlen(open + 1) - 1);
	dir = path_dirname(archive);
	file = path_join(dir, member);
	free(archive);
	free(member);
	free(dir);
	return file;
}

void units_print(FILE *out, const struct build *b)
{
	fputs("unit\tobject\tfile\trole\tarchive\tunitfile\n", out);
	for (size_t i = 0; i < b->set.count; i++) {
		const struct object *o = &b->set.objs[i];
		char *file, *lib, *ufile;

		if (!takes_part(o) || !o->linked)
			continue;
		file = units_object_file(o);
		lib = library_of(o);
		ufile = o->excluded || o->is_asm ? xstrdup("-") : unitname_file(o->unit);
		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\n", o->unit, o->name, file,
			o->excluded ? "excluded" : o->is_asm ? "asm" : "c",
			*lib ? lib : "-", ufile);
		free(ufile);
		free(file);
		free(lib);
	}
}

int units_c_member(const struct object *o)
{
	return !o->is_script && !o->is_asm && o->machine_ok && o->linked &&
	       !o->excluded && !o->module_stub && o->unit;
}

unsigned char *units_shared_members(const struct build *b)
{
	struct strtab units;
	size_t *nobjs = NULL, cap = 0;
	unsigned char *shared = xcalloc(b->set.count + 1, 1);

	strtab_init(&units);
	for (size_t i = 0; i < b->set.count; i++)
		if (units_c_member(&b->set.objs[i]))
			bump_count(&nobjs, &cap, strtab_intern(&units, b->set.objs[i].unit));
	for (size_t i = 0; i < b->set.count; i++)
		shared[i] = units_c_member(&b->set.objs[i]) &&
			    nobjs[strtab_find(&units, b->set.objs[i].unit)] > 1;
	strtab_free(&units);
	free(nobjs);
	return shared;
}

/* dir as a unit name: `./` and empty components dropped, no trailing /;
 * "." for the top. NULL when it names nothing below the top. */
static char *unitsel_normalise(const char *dir)
{
	char *out = xmalloc(strlen(dir) + 2), *o = out;
	const char *p = dir;

	if (*p == '/')
		goto bad;
	while (*p) {
		size_t len = strcspn(p, "/");

		if (len == 2 && !strncmp(p, "..", 2))
			goto bad;
		if (len && !(len == 1 && *p == '.')) {
			if (o != out)
				*o++ = '/';
			memcpy(o, p, len);
			o += len;
		}
		p += len + (p[len] == '/');
	}
	if (o == out) {
		if (!*dir)
			goto bad;
		*o++ = '.';
	}
	*o = '\0';
	return out;
bad:
	free(out);
	return NULL;
}

void unitsel_add(struct unit_sel *s, const char *dir)
{
	char *name = unitsel_normalise(dir);

	if (!name)
		fatal("--unit %s: not a directory of the build (a path relative to "
		      "BUILD_DIR, as the report names units)", *dir ? dir : "''");
	grow_array((void **)&s->dirs, &s->cap, s->n + 1, sizeof(*s->dirs));
	s->seen = xrealloc(s->seen, s->cap);
	s->seen[s->n] = 0;
	s->dirs[s->n++] = name;
}

void unitsel_free(struct unit_sel *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->dirs[i]);
	free(s->dirs);
	free(s->seen);
	memset(s, 0, sizeof(*s));
}

void unitsel_mark(struct unit_sel *s, const char *unit)
{
	for (size_t i = 0; unit && i < s->n; i++) {
		struct unit_sel one = { &s->dirs[i], NULL, 1, 1 };

		if (!s->seen[i] && units_selected(&one, unit))
			s->seen[i] = 1;
	}
}

size_t unitsel_unmatched(const struct unit_sel *s)
{
	size_t n = 0;

	for (size_t i = 0; i < s->n; i++)
		if (!s->seen[i]) {
			error("--unit %s: no unit of the build is %s or below it "
			      "(`crossym units BUILD_DIR` lists them)", s->dirs[i], s->dirs[i]);
			n++;
		}
	return n;
}

int units_selected(const struct unit_sel *s, const char *unit)
{
	if (!s || !s->n)
		return 1;
	for (size_t i = 0; i < s->n; i++) {
		const char *dir = s->dirs[i];
		size_t len = strlen(dir);

		if (!strcmp(dir, "."))
			return 1;
		if (len && !strncmp(unit, dir, len) && (!unit[len] || unit[len] == '/' ||
		    unit[len] == '@' || unit[len] == '#'))
			return 1;
	}
	return 0;
}

int units_file_selected(const struct unit_sel *s, const char *unit, const char *path)
{
	char *dir;
	int keep;

	if (unit || !s || !s->n)
		return units_selected(s, unit);
	dir = path_dirname(path);
	keep = units_selected(s, dir);
	free(dir);
	return keep;
}
