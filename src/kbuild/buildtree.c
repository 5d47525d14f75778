// SPDX-License-Identifier: GPL-2.0-only
/* buildtree.c - the scan of a build (which modules find its objects, in what
 * order) and the lifecycle of struct build. */
#include "kbuild/buildtree.h"
#include "kbuild/ltosec.h"
#include "kbuild/aggregate.h"
#include "kbuild/asmrefs.h"
#include "kbuild/dotsyms.h"
#include "kbuild/imageinputs.h"
#include "kbuild/kbuild.h"
#include "kbuild/linkscripts.h"
#include "kbuild/machine.h"
#include "kbuild/modules.h"
#include "kbuild/nmscan.h"
#include "kbuild/objsource.h"
#include "lib/util.h"
#include "kbuild/walk.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void scan_elf(struct build *b)
{
	struct found found = { 0 };

	if (!imageinputs_add_kernel_link(b))
		walk_build(b, &found);
	for (size_t i = 0; i < found.nroots; i++) {
		const char *root = found.roots[i];

		if (str_has_suffix(root, ".o"))         /* built-in.o */
			aggregate_add_object(b, root, LINK_ALWAYS, 0);
		else
			aggregate_add_archive(b, root, aggregate_link_mode(root), 0);
	}
	imageinputs_add_links(b, 1);
	imageinputs_add_loose_objects(b);
	modules_add(b);
	if (!found.nroots)      /* a plain tree of objects */
		for (size_t i = 0; i < found.nobjects; i++)
			if (!str_has_suffix(found.objects[i], ".mod.o"))
				aggregate_add_object(b, found.objects[i], LINK_ALWAYS, 0);
	found_free(&found);
}

/* --nm text made from fewer files than the build has (before a rebuild, or by
 * hand) gives an answer without their references: every object of b's
 * directory that has symbols (nm prints nothing for one without), or that
 * cannot be read to tell, must be in it. */
static void nm_check_coverage(struct build *b, const char *nm_file)
{
	const char *label = strcmp(nm_file, "-") ? nm_file : "<stdin>";
	struct build ref;
	unsigned missing = 0;

	memset(&ref, 0, sizeof(ref));
	objset_init(&ref.set);
	strtab_init(&ref.objnames);
	strtab_init(&ref.checked);
	strtab_init(&ref.stale_syms);
	ref.dir = xstrdup(b->dir);
	ref.absdir = xstrdup(b->absdir);
	ref.srctree = xstrdup(b->srctree);
	ref.built_from = xstrdup(b->built_from);
	ref.db = b->db;
	ref.quiet = 1;
	scan_elf(&ref);
	for (size_t i = 0; i < ref.set.count; i++) {
		const struct object *o = &ref.set.objs[i];

		if (o->is_script || build_find(b, o->name) || (o->machine_ok && !o->nsyms))
			continue;
		if (missing++ < 10)
			error("%s: %s: not in the nm text, but in the build (%s)", label, o->name,
			      o->machine_ok ? "made before the build changed, or from fewer "
			      "files than `crossym objects` lists?" : "and not readable here");
	}
	if (missing > 10)
		error("%s: %u objects of the build are not in it", label, missing);
	b->nerrors += missing + ref.nerrors;
	build_free(&ref);
}

/* The tree dir was built from: the `source` link of an O= build (where it
 * points, even when that tree is gone or moved: *gone set, the paths the
 * build recorded still start there), the Makefile's KERNELSRC, else dir. */
static char *default_srctree(const char *dir, const char *absdir, int *gone)
{
	char *link = path_join(dir, "source");
	struct stat st;
	char *src;

	*gone = 0;
	if (lstat(link, &st) == 0 && S_ISLNK(st.st_mode)) {
		if (stat(link, &st) == 0 && S_ISDIR(st.st_mode)) {
			src = realpath(link, NULL);
		} else {
			char *target = read_link(link);

			src = target && target[0] != '/' ? path_join(absdir, target) : target;
			if (src != target)
				free(target);
			*gone = src != NULL;
		}
		free(link);
		if (!src)
			fatal("out of memory");
		return src;
	}
	free(link);
	src = kbuild_makefile_srctree(dir);
	if (!src)
		src = realpath(dir, NULL);
	return src ? src : xstrdup(dir);
}

char *build_srctree(const char *dir, const char *srctree)
{
	struct stat st;
	char *absdir, *src;
	int gone;

	if (srctree)
		return realpath(srctree, NULL);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || !(absdir = realpath(dir, NULL)))
		return NULL;
	src = default_srctree(dir, absdir, &gone);
	free(absdir);
	if (gone) {
		/* a tree that is not there holds no .crossym */
		free(src);
		return NULL;
	}
	return src;
}

int build_scan(struct build *b, const char *dir, const struct scan_opts *opts)
{
	struct stat st;
	int gone;

	memset(b, 0, sizeof(*b));
	objset_init(&b->set);
	strtab_init(&b->objnames);
	strtab_init(&b->checked);
	strtab_init(&b->stale_syms);
	b->dir = xstrdup(dir);
	b->db = opts->db;
	b->tag_exports = opts->tag_exports;
	b->lists = opts->lists;
	b->list_dir = opts->list_dir;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) ||
	    !(b->absdir = realpath(dir, NULL))) {
		error("%s: not a build directory", dir);
		return -1;
	}
	b->built_from = default_srctree(dir, b->absdir, &gone);
	if (gone && !opts->srctree)
		warn("%s: built from %s (its `source` link), which is not there: its "
		     "sources cannot be read; give --srctree DIR, where that tree is now "
		     "(the paths the build recorded under %s are read there)", dir,
		     b->built_from, b->built_from);
	if (opts->srctree) {
		b->srctree = realpath(opts->srctree, NULL);
		if (!b->srctree) {
			error("%s: source tree: %s", opts->srctree, errstr(errno));
			return -1;
		}
	} else {
		b->srctree = xstrdup(b->built_from);
	}
	if (opts->nm_file) {
		if (nmscan_read(b, opts->nm_file))
			return -1;
		nm_check_coverage(b, opts->nm_file);
		modules_assign_nm(b);
		imageinputs_add_links(b, 0);  /* its linker scripts */
	} else {
		scan_elf(b);
		machine_check(b);
		if (opts->run_build_commands)
			ltosec_fill(b);   /* before the KEEP rules need them */
	}
	linkscripts_add(b, opts);
	dotsyms_fold(b);
	for (size_t i = 0; i < b->set.count; i++) {
		objsource_assign(b, &b->set.objs[i]);
		if (opts->need_included)
			objsource_read_included(b, &b->set.objs[i]);
	}
	if (opts->run_build_commands && !opts->nm_file)
		asmrefs_find(b);
	else
		asmrefs_warn_unchecked(b);
	return 0;
}

void build_free(struct build *b)
{
	strv_free(b->image_scripts, b->nimage_scripts);
	objset_free(&b->set);
	strtab_free(&b->objnames);
	strtab_free(&b->checked);
	strtab_free(&b->stale_syms);
	free(b->objidx);
	free(b->dir);
	free(b->absdir);
	free(b->srctree);
	free(b->built_from);
	memset(b, 0, sizeof(*b));
}
