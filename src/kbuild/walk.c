// SPDX-License-Identifier: GPL-2.0-only
/* walk.c - find the aggregates and objects of a build directory. */
#include "kbuild/walk.h"
#include "kbuild/ltocompile.h"
#include "lib/util.h"

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

/* What crossym wholeprogram writes into a build directory besides its unit
 * files (refused by their marker: elfread.c): BUILD/.wp (its work, a tagged
 * copy of the sources among it) and the -flto object of each object
 * (lto_object_name). Neither is the normal build's. */
static int is_wholeprogram_own(const char *rel, const char *name)
{
	return (!*rel && !strcmp(name, ".wp")) || lto_is_object_name(name);
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
		error("%s: %s (a symbolic link to nothing)", rel, errstr(errno));
		b->nerrors++;
	} else {
		add_found(b, rel, &st, found);
	}
}

/* No build nests its objects this deep; a tree that does is said to. */
#define WALK_MAX_DEPTH 255

/* One walk: where it goes, what it found, the linked directories it
 * followed (their device and inode: a link met twice is followed once). */
struct walk {
	struct build *b;
	struct found *found;
	char *real_dir;         /* realpath of b->dir */
	struct stat *followed;
	size_t nfollowed, followed_cap;
};

static void walk_dir(struct walk *w, const char *rel, int depth);

/* A symbolic link to a directory: followed unless it is kbuild's `source`
 * (the source tree of an O= build), points into the build directory (its
 * objects are met under their own names) or was followed already. */
static void walk_linked_dir(struct walk *w, const char *rel, const char *abs,
			    const struct stat *target, int depth)
{
	char *real;
	size_t n;

	if (!strcmp(rel, "source"))
		return;
	for (size_t i = 0; i < w->nfollowed; i++)
		if (w->followed[i].st_dev == target->st_dev &&
		    w->followed[i].st_ino == target->st_ino)
			return;
	real = realpath(abs, NULL);
	n = w->real_dir ? strlen(w->real_dir) : 0;
	if (real && w->real_dir && !strncmp(real, w->real_dir, n) &&
	    (real[n] == '/' || !real[n])) {
		free(real);
		return;
	}
	free(real);
	grow_array((void **)&w->followed, &w->followed_cap, w->nfollowed + 1,
		   sizeof(*w->followed));
	w->followed[w->nfollowed++] = *target;
	walk_dir(w, rel, depth + 1);
}

/* One entry of directory rel: an object, an aggregate, a directory. */
static void walk_entry(struct walk *w, const char *rel, const char *name, int depth)
{
	char *child = *rel ? path_join(rel, name) : xstrdup(name);
	char *child_abs = path_join(w->b->dir, child);
	int is_obj = is_aggregate_name(name) || str_has_suffix(name, ".o");
	struct stat st, target;

	if (lstat(child_abs, &st) != 0) {
		/* gone since readdir: nothing to read */
	} else if (S_ISDIR(st.st_mode) && depth >= WALK_MAX_DEPTH) {
		error("%s: more than %d directories deep: not read", child, WALK_MAX_DEPTH);
		w->b->nerrors++;
	} else if (S_ISDIR(st.st_mode)) {
		walk_dir(w, child, depth + 1);
	} else if (S_ISLNK(st.st_mode) && is_obj) {
		/* `cp -as` trees: a link to an object is the object */
		check_linked_object(w->b, child, child_abs, w->found);
	} else if (S_ISLNK(st.st_mode) && stat(child_abs, &target) == 0 &&
		   S_ISDIR(target.st_mode) && depth < WALK_MAX_DEPTH) {
		walk_linked_dir(w, child, child_abs, &target, depth);
	} else if (is_obj) {
		add_found(w->b, child, &st, w->found);
	}
	free(child);
	free(child_abs);
}

static void walk_dir(struct walk *w, const char *rel, int depth)
{
	char *abs = *rel ? path_join(w->b->dir, rel) : xstrdup(w->b->dir);
	DIR *d = opendir(abs);
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, cap = 0;

	if (!d) {
		error("%s: %s", abs, errstr(errno));
		free(abs);
		return;
	}
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..") &&
		    strcmp(de->d_name, ".git") && !is_wholeprogram_own(rel, de->d_name))
			strv_push(&names, &n, &cap, de->d_name);
	closedir(d);
	/* by name: which of two links to one directory is followed does not
	 * depend on the file system's order */
	if (n)
		qsort(names, n, sizeof(*names), cmp_strptr);
	for (size_t i = 0; i < n; i++) {
		walk_entry(w, rel, names[i], depth);
		free(names[i]);
	}
	free(names);
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
	struct walk w = { b, found, realpath(b->dir, NULL), NULL, 0, 0 };

	walk_dir(&w, "", 0);
	free(w.real_dir);
	free(w.followed);
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
