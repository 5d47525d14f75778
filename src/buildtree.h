/* buildtree.h - find the objects a kbuild-style build links, and for each its
 * unit and its source file.
 *
 * Layouts: per-directory built-in.o made with `ld -r` (inputs from its .cmd file),
 * thin built-in.a archives (members opened by path), regular library archives
 * (DIR/lib.a, members linked on demand), composite objects made with `ld -r`,
 * and plain trees of .o files when there is no aggregate at all. */
#ifndef CROSSYM_BUILDTREE_H
#define CROSSYM_BUILDTREE_H

#include "objects.h"

struct db;

struct scan_opts {
	const char *srctree;    /* --srctree, or NULL */
	const char *nm_file;    /* --nm: read symbols from nm -A text ("-": stdin) */
	struct db *db;          /* --db: what earlier scans read, or NULL */
	char **lds;             /* --lds: linker scripts whose references count */
	size_t nlds;
	int need_included;      /* fill object.included from the .cmd deps_ lists
				 * (placement needs them; the decision does not,
				 * and without this only each .cmd's head is read) */
	int run_build_commands; /* --run-build-commands: find asm-string references */
};

struct build {
	char *dir;              /* the build directory as given */
	char *absdir;           /* the same, absolute (keys of the db) */
	char *srctree;          /* where sources are read (--srctree) */
	char *built_from;       /* the tree the build was made from (its .cmd
				 * paths point there): the `source` link, the
				 * Makefile's KERNELSRC, or the build dir */
	struct objset set;      /* every object found (linked or on demand) */
	struct strtab objnames; /* object name -> id; objidx[id] = index in set */
	size_t *objidx;
	size_t objidx_cap;
	char **image_scripts;   /* linker scripts the final link names (-T) */
	size_t nimage_scripts, image_scripts_cap;
	unsigned nerrors;       /* files that could not be read */
	struct db *db;          /* borrowed from the scan options */
};

/* Find and read the objects of the build in dir. Problems with single files are
 * reported with error() and the file is left out; returns -1 only when the build
 * directory itself is unusable. */
int build_scan(struct build *b, const char *dir, const struct scan_opts *opts);
void build_free(struct build *b);
/* The object with that name, or NULL. */
struct object *build_find(const struct build *b, const char *name);

#endif
