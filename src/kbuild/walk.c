// SPDX-License-Identifier: GPL-2.0-only
/* walk.c - find the aggregates and objects of a build directory. */
#include "walk.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* built-in.o (old kbuild), built_in.o (kbuild forks: a hypervisor's, made by
 * `ld -r` and nested), and archives. */
static int is_aggregate_name(const char *base)
{
	return !strcmp(base, "built-in.o") || !strcmp(base, "built_in.o") ||
	       str_has_suffix(base, ".a");
}

/* An object or aggregate file the walk met (st: what it is). */
static void add_found(struct build *b, const char *rel, const struct stat *st,
		      struct found *found)
{
	const char *base = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;

	if (!S_ISREG(st->st_mode)) {
		if (!S_ISDIR(st->st_mode)) {
			error("%s: not a regular file", rel);
			b->nerrors++;
		}
	} else if (is_aggregate_name(base)) {
		strv_push(&found->roots, &found->nroots, &found->roots_cap, rel);
	} else {
		strv_push(&found->objects, &found->nobjects, &found->objects_cap, rel);
	}
}

static void check_linked_object(struct build *b, const char *rel, const char *abs,
				struct found *found)
{
	struct stat st;

	if (stat(abs, &st) != 0) {
		error("%s: %s (a symbolic link to nothing)", rel, strerror(errno));
		b->nerrors++;
	} else {
		add_found(b, rel, &st, found);
	}
}

static void walk(struct build *b, const char *rel, struct found *found, int depth)
{
	char *abs = *rel ? path_join(b->dir, rel) : xstrdup(b->dir);
	DIR *d = opendir(abs);
	struct dirent *de;

	if (!d) {
		error("%s: %s", abs, strerror(errno));
		free(abs);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		const char *n = de->d_name;
		char *child, *child_abs;
		struct stat st;

		if (!strcmp(n, ".") || !strcmp(n, "..") || !strcmp(n, ".git"))
			continue;
		child = *rel ? path_join(rel, n) : xstrdup(n);
		child_abs = path_join(b->dir, child);
		if (lstat(child_abs, &st) == 0) {
			int is_obj = is_aggregate_name(n) || str_has_suffix(n, ".o");

			if (S_ISDIR(st.st_mode) && depth < 64)
				walk(b, child, found, depth + 1);
			else if (S_ISLNK(st.st_mode) && is_obj)
				/* `cp -as` trees: a link to an object is the object;
				 * links to directories are not followed (`source`) */
				check_linked_object(b, child, child_abs, found);
			else if (is_obj)
				add_found(b, child, &st, found);
		}
		free(child);
		free(child_abs);
	}
	closedir(d);
	free(abs);
}

/* The image's own aggregate first (vmlinux.a, then the top directory's), so
 * that objects are added in link order (`crossym units`); then by path. */
static int root_rank(const char *path)
{
	return !strcmp(path, "vmlinux.a") ? 0 : strchr(path, '/') ? 2 : 1;
}

static int cmp_root(const void *a, const void *b)
{
	int ra = root_rank(*(char *const *)a), rb = root_rank(*(char *const *)b);

	return ra != rb ? ra - rb : cmp_strptr(a, b);
}

void walk_build(struct build *b, struct found *found)
{
	walk(b, "", found, 0);
	if (found->nroots)
		qsort(found->roots, found->nroots, sizeof(char *), cmp_root);
	if (found->nobjects)
		qsort(found->objects, found->nobjects, sizeof(char *), cmp_strptr);
}

void found_free(struct found *found)
{
	strv_free(found->roots, found->nroots);
	strv_free(found->objects, found->nobjects);
	memset(found, 0, sizeof(*found));
}
