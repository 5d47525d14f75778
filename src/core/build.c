// SPDX-License-Identifier: GPL-2.0-only
/* build.c - a build's objects by name, its unreadable files, its paths. */
#include "core/build.h"
#include "lib/util.h"

#include <errno.h>
#include <sys/stat.h>
#include <stdlib.h>

struct object *build_find(const struct build *b, const char *name)
{
	long id = strtab_find(&b->objnames, name);

	return id < 0 ? NULL : &b->set.objs[b->objidx[id]];
}

struct object *build_new_object(struct build *b, const char *name)
{
	unsigned id;

	if (build_find(b, name))
		return NULL;
	id = strtab_intern(&b->objnames, name);
	grow_array((void **)&b->objidx, &b->objidx_cap, (size_t)id + 1,
		   sizeof(*b->objidx));
	b->objidx[id] = b->set.count;
	return objset_add(&b->set, name);
}

void build_file_error(struct build *b, const char *path)
{
	error("%s: %s", path, errstr(errno));
	b->nerrors++;
}

char *build_tree_relative(const struct build *b, const char *path)
{
	char *abs = path_join(b->absdir, path);
	char *rel = path_relative(abs, b->built_from);

	if (rel[0] == '/') {
		free(rel);
		rel = path_relative(abs, b->srctree);
	}
	free(abs);
	return rel;
}

char *build_linked_source(const struct build *b, const char *rel)
{
	char *in = path_link_into(b->absdir, rel, b->built_from);

	return in ? in : path_link_into(b->absdir, rel, b->srctree);
}

/* 1 when rel (from the build dir) exists; else 0 with errno set. */
int build_file_exists(const struct build *b, const char *rel)
{
	char *abs = path_join(b->dir, rel);
	struct stat st;
	int exists = stat(abs, &st) == 0, saved = errno;

	free(abs);
	errno = saved;
	return exists;
}

static const char *const list_names[LIST_COUNT] = {
	"asm-refs.tsv", "lto-failed.tsv", "lto-sections.tsv"
};
static const char *const list_headers[LIST_COUNT] = {
	"build\tobject\tsymbol\twhere",
	"build\tobject\tread_from\tcompiler_error",
	"build\tobject\twhy"
};

const char *scan_list_name(enum scan_list_id id)
{
	return list_names[id];
}

const char *scan_list_header(enum scan_list_id id)
{
	return list_headers[id];
}

void scan_list_add(struct scan_lists *lists, enum scan_list_id id, const char *build,
		   const char *a, const char *b, const char *c)
{
	const char *f[SCAN_ROW_FIELDS] = { build, a, a ? b : NULL, a && b ? c : NULL };
	struct scan_row *row;

	if (!lists)
		return;
	grow_array((void **)&lists->l[id].v, &lists->l[id].cap, lists->l[id].n + 1,
		   sizeof(*row));
	row = &lists->l[id].v[lists->l[id].n++];
	for (int k = 0; k < SCAN_ROW_FIELDS; k++)
		row->f[k] = f[k] ? xstrdup(f[k]) : NULL;
}

void scan_lists_free(struct scan_lists *lists)
{
	for (int id = 0; id < LIST_COUNT; id++) {
		for (size_t i = 0; i < lists->l[id].n; i++)
			for (int k = 0; k < SCAN_ROW_FIELDS; k++)
				free(lists->l[id].v[i].f[k]);
		free(lists->l[id].v);
		lists->l[id].v = NULL;
		lists->l[id].n = lists->l[id].cap = 0;
	}
}

char *scan_list_where(const char *list_dir, enum scan_list_id id)
{
	char *path, *said;

	if (!list_dir)
		return xstrdup("--list-dir DIR writes the list");
	path = path_join(list_dir, list_names[id]);
	said = xasprintf("list in %s", path);
	free(path);
	return said;
}
