// SPDX-License-Identifier: GPL-2.0-only
/* aggregate.c - from aggregates (ld -r objects, archives) to objects. */
#include "kbuild/aggregate.h"
#include "objfile/ar.h"
#include "kbuild/db.h"
#include "objfile/elfread.h"
#include "kbuild/cmdline.h"
#include "kbuild/kbuild.h"
#include "kbuild/objload.h"
#include "kbuild/objsource.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_NESTING 16

/* Whole aggregates are linked entire; other archives are libraries. */
enum obj_link aggregate_link_mode(const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;

	if (!strcmp(base, "built-in.a") || !strcmp(base, "built-in.o") ||
	    !strcmp(base, "built_in.o") || !strcmp(base, "vmlinux.a"))
		return LINK_ALWAYS;
	return LINK_ON_DEMAND;
}

/* Inputs of an `ld -r` command: .o and .a words, and the words of @files.
 * Returns how many it found. */
static size_t add_link_inputs(struct build *b, char **words, size_t n,
			      enum obj_link link, int depth)
{
	size_t inputs = 0;

	for (size_t i = 1; i < n; i++) {
		const char *w = words[i];

		if (!strcmp(w, "-o") || !strcmp(w, "-m") || !strcmp(w, "-T")) {
			i++;
		} else if (w[0] == '@') {
			char *resp = path_join(b->dir, w + 1);
			char *text = read_file(resp, NULL);
			const char *why;
			size_t nresp;
			char **rw;

			inputs++;
			if (!text) {
				error("%s: %s", resp, errstr(errno));
			} else {
				for (char *c = text; *c; c++)
					if (*c == '\n')
						*c = ' ';
				rw = cmdline_words(text, CMDLINE_READ, &nresp, &why);
				/* word 0 is skipped by the loop: prepend a dummy */
				rw = xrealloc(rw, (nresp + 1) * sizeof(*rw));
				memmove(rw + 1, rw, nresp * sizeof(*rw));
				rw[0] = xstrdup("@");
				inputs += add_link_inputs(b, rw, nresp + 1, link, depth);
				strv_free(rw, nresp + 1);
			}
			free(text);
			free(resp);
		} else if (w[0] != '-' && str_has_suffix(w, ".o")) {
			aggregate_add_object(b, w, link, depth + 1);
			inputs++;
		} else if (w[0] != '-' && str_has_suffix(w, ".a")) {
			aggregate_add_archive(b, w, link, depth + 1);
			inputs++;
		}
	}
	return inputs;
}

/* Add to names the global definitions of the objects set->objs[first..]. */
static void defined_names(const struct objset *set, size_t first, struct strtab *names)
{
	for (size_t i = first; i < set->count; i++) {
		const struct object *o = &set->objs[i];

		for (size_t k = 0; k < o->nsyms; k++)
			if (sym_is_def(o->syms[k].bind))
				strtab_intern(names, strtab_str(&set->names, o->syms[k].name));
	}
}

/* How many global definitions of agg are in neither have nor said (the
 * ones an inner aggregate's check named); *example one of them; with
 * record, they go into said. */
static size_t count_undefined_in(const struct objset *agg, const struct strtab *have,
				 struct strtab *said, int record, const char **example)
{
	const struct object *ao = &agg->objs[0];
	size_t missing = 0;

	for (size_t k = 0; k < ao->nsyms; k++) {
		const char *name = strtab_str(&agg->names, ao->syms[k].name);

		if (sym_is_def(ao->syms[k].bind) &&
		    strtab_find(have, name) < 0 && strtab_find(said, name) < 0) {
			if (!missing++)
				*example = name;
			if (record)
				strtab_intern(said, name);
		}
	}
	return missing;
}

/* A stale .cmd names fewer inputs than its `ld -r` output holds: each global
 * definition of the aggregate path must come from an object read for it (the
 * set's objects from first on; one read before counts too). An aggregate that
 * is gone or not ELF is not checked: its inputs are what the build has. */
static void check_relocatable_inputs(struct build *b, const char *path,
				     const char *cmdrel, size_t first)
{
	char *abs = path_join(b->dir, path), msg[256];
	size_t len = 0, missing = 0;
	unsigned char *buf = (unsigned char *)read_file(abs, &len);
	const char *example = NULL;
	struct strtab have;
	struct objset agg;

	free(abs);
	if (!buf || !elf_is_elf(buf, len)) {
		free(buf);
		return;
	}
	objset_init(&agg);
	strtab_init(&have);
	if (!elf_read_symbols(&agg, objset_add(&agg, path), buf, len, msg, sizeof(msg))) {
		defined_names(&b->set, first, &have);
		if (first && count_undefined_in(&agg, &have, &b->stale_syms, 0, &example))
			defined_names(&b->set, 0, &have);   /* an input read earlier */
		missing = count_undefined_in(&agg, &have, &b->stale_syms, 1, &example);
	}
	if (missing) {
		error("%s: %zu of its global symbols (%s%s) come from no input that %s "
		      "names: the .cmd file is stale or incomplete (rebuild %s)", path,
		      missing, example, missing == 1 ? "" : ", ...", cmdrel, path);
		b->nerrors++;
	}
	strtab_free(&have);
	objset_free(&agg);
	free(buf);
}

/* When the .cmd head says its object was made by `ld -r`, add the inputs
 * instead of it and return 1. */
static int expand_relocatable_link(struct build *b, const char *path,
				   const char *cmdrel, const char *cmdhead,
				   enum obj_link link, int depth)
{
	char *cmd = cmdhead ? kbuild_cmd_command(cmdhead) : NULL;
	char **words = NULL;
	const char *why;
	size_t n = 0;
	int expanded = 0;

	if (cmd && cmdline_is_relocatable_link(cmd))
		words = cmdline_words(cmd, CMDLINE_READ, &n, &why);
	if (n && kbuild_relink_symbol_option(words, n)) {
		/* its symbols are not its inputs': read it (origin.c) */
		strv_free(words, n);
		words = NULL;
		n = 0;
	}
	if (n) {
		size_t first = b->set.count;
		unsigned errors = b->nerrors;

		expanded = add_link_inputs(b, words, n, link, depth) > 0;
		/* once each; not when an input failed (that one is named) */
		if (expanded && b->nerrors == errors && !b->quiet &&
		    strtab_find(&b->checked, path) < 0) {
			strtab_intern(&b->checked, path);
			check_relocatable_inputs(b, path, cmdrel, first);
		}
		if (!expanded) {
			error("%s: its `ld -r` command names no inputs; reading %s itself",
			      cmdrel, path);
			b->nerrors++;
		}
	}
	strv_free(words, n);
	free(cmd);
	return expanded;
}

/* A built-in.o without a .cmd naming its inputs: the objects beside it (its
 * sub-directories' built-in.o are aggregates of their own). */
static void add_sibling_objects(struct build *b, const char *builtin, int depth)
{
	char *dir = path_dirname(builtin), *abs = path_join(b->dir, dir);
	char **objs = NULL;
	size_t nobjs = 0, cap = 0;
	DIR *d = opendir(abs);
	struct dirent *de;

	warn("%s: no .cmd file names its inputs; taking the objects beside it", builtin);
	while (d && (de = readdir(d)) != NULL)
		if (str_has_suffix(de->d_name, ".o") && strcmp(de->d_name, "built-in.o") &&
		    !str_has_suffix(de->d_name, ".mod.o"))
			strv_push(&objs, &nobjs, &cap, de->d_name);
	if (d)
		closedir(d);
	if (nobjs)
		qsort(objs, nobjs, sizeof(char *), cmp_strptr);
	for (size_t i = 0; i < nobjs; i++) {
		char *path = path_join(dir, objs[i]);

		aggregate_add_object(b, path, LINK_ALWAYS, depth + 1);
		free(path);
	}
	strv_free(objs, nobjs);
	free(abs);
	free(dir);
}

/* Remember which thin archive brought the member in (for `crossym objects`). */
static void note_thin_archive(struct build *b, const char *member, const char *archive)
{
	char *name = path_normalize(member);
	struct object *obj = build_find(b, name);

	if (obj && !obj->archive)
		obj->archive = xstrdup(archive);
	free(name);
}

/* The members of a thin archive, opened by path. */
static void add_thin_members(struct build *b, const char *path,
			     const struct ar_archive *ar, enum obj_link link,
			     int depth)
{
	char *dir = path_dirname(path);

	for (size_t i = 0; i < ar->count; i++) {
		const struct ar_member *m = &ar->members[i];
		/* kbuild stores member paths relative to the build root when
		 * they do not exist relative to the archive's directory (at
		 * the top the two are one: no need to look) */
		char *rel = path_join(dir, m->name);

		if (!build_file_exists(b, rel) && m->name[0] != '/' &&
		    build_file_exists(b, m->name)) {
			free(rel);
			rel = xstrdup(m->name);
		}
		if (!build_file_exists(b, rel)) {
			error("%s: member %s (stored as %s): %s", path, rel,
			      m->name, errstr(errno));
			b->nerrors++;
		} else {
			aggregate_add_object(b, rel, link, depth + 1);
			note_thin_archive(b, rel, path);
		}
		free(rel);
	}
	free(dir);
}

/* Read an archive's members, or an object's symbols, from the file name. */
static void load_path(struct build *b, const char *name, enum obj_link link,
		      int depth)
{
	char *abs = path_join(b->dir, name), *key = path_join(b->absdir, name);
	size_t first = b->set.count, len = 0;
	unsigned char *buf = NULL;
	struct ar_archive ar;
	struct stat st;
	int cacheable = 0;

	if (b->db && stat(abs, &st) == 0 && objload_from_db(b, key, &st, link)) {
		free(abs);
		free(key);
		return;
	}
	buf = (unsigned char *)read_file(abs, &len);
	if (!buf) {
		build_file_error(b, name);
	} else if (ar_is_archive(buf, len)) {
		const char *why = ar_parse(buf, len, &ar);

		if (why) {
			error("%s: %s", name, why);
			b->nerrors++;
		}
		if (ar.thin)
			add_thin_members(b, name, &ar, link, depth);
		else
			objload_members(b, name, &ar, link);
		cacheable = !why && !ar.thin;
		ar_free(&ar);
	} else if (!elf_is_elf(buf, len)) {
		error("%s: not an ELF object or ar archive", name);
		b->nerrors++;
	} else if (!strcmp(name, "built-in.o") || str_has_suffix(name, "/built-in.o")) {
		add_sibling_objects(b, name, depth);
	} else {
		cacheable = objload_object(b, name, buf, len, link) == 0;
	}
	if (cacheable && b->db)
		db_put(b->db, key, &st, &b->set, first);
	free(buf);
	free(abs);
	free(key);
}

/* An object file: the inputs of an `ld -r`, else its symbols and, from the
 * same read of its .cmd file, its source. */
void aggregate_add_object(struct build *b, const char *path, enum obj_link link,
			  int depth)
{
	char *name = path_normalize(path);
	struct object *obj = build_find(b, name);

	if (obj) {
		if (link == LINK_ALWAYS)
			obj->link = LINK_ALWAYS;
	} else if (depth > MAX_NESTING) {
		error("%s: objects nested too deep", name);
	} else {
		char *cmdrel = kbuild_cmd_path(name), *cmdabs = path_join(b->dir, cmdrel);
		char *head = kbuild_cmd_read_head(cmdabs);

		if (!head && errno != ENOENT)
			build_file_error(b, cmdrel);
		if (!expand_relocatable_link(b, name, cmdrel, head, link, depth)) {
			load_path(b, name, link, depth);
			obj = build_find(b, name);
			if (obj && head)
				objsource_from_cmd_head(b, obj, cmdrel, head);
		}
		free(head);
		free(cmdabs);
		free(cmdrel);
	}
	free(name);
}

void aggregate_add_archive(struct build *b, const char *path, enum obj_link link,
			   int depth)
{
	char *name = path_normalize(path);

	if (aggregate_link_mode(name) == LINK_ON_DEMAND)
		link = LINK_ON_DEMAND;
	if (depth > MAX_NESTING)
		error("%s: archives nested too deep", name);
	else
		load_path(b, name, link, depth);
	free(name);
}
