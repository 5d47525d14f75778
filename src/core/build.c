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
