/* SPDX-License-Identifier: GPL-2.0-only */
/* build.h - one build as the scan fills it: its directories, its objects by
 * name, its linker scripts and how many of its files could not be read.
 * The scan (buildtree.h) and its modules fill it; everything after reads it. */
#ifndef CROSSYM_BUILD_H
#define CROSSYM_BUILD_H

#include "core/objects.h"

struct db;

/* What a scan finds per object or per symbol, kept for a list file instead
 * of a line each on stderr (stderr gets one line with the count): the rows
 * of DIR/NAME (scan_list_name), written by the command (pipeline.c) when the
 * run ends. Each row's first field is the build directory. */
enum scan_list_id {
	LIST_ASM_REFS,          /* asm-refs.tsv: build, object, symbol, where */
	LIST_LTO_FAILED,        /* lto-failed.tsv: build, object, read_from,
				 * compiler_error (its -flto compile failed) */
	LIST_LTO_SECTIONS,      /* lto-sections.tsv: build, object, why (a slim
				 * LTO object whose sections stay unknown) */
	LIST_COUNT
};
#define SCAN_ROW_FIELDS 4
struct scan_row {
	char *f[SCAN_ROW_FIELDS];       /* NULL: the row has fewer */
};
struct scan_lists {
	struct {
		struct scan_row *v;
		size_t n, cap;
	} l[LIST_COUNT];
};

/* The list's file name ("asm-refs.tsv") and its header line (no newline). */
const char *scan_list_name(enum scan_list_id id);
const char *scan_list_header(enum scan_list_id id);
/* A row of list id: the build directory and up to three fields (NULL ends
 * them), copied. Nothing when lists is NULL (the command keeps none). */
void scan_list_add(struct scan_lists *lists, enum scan_list_id id, const char *build,
		   const char *a, const char *b, const char *c);
void scan_lists_free(struct scan_lists *lists);
/* Where the list is, for the line on stderr: "list in DIR/NAME", or, with no
 * list directory, "--list-dir DIR writes the list". A fresh string. */
char *scan_list_where(const char *list_dir, enum scan_list_id id);

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
	int tag_exports;        /* --tag-exports: the tree's export macro does not
				 * carry the tag (decide.h) */
	struct scan_lists *lists; /* the per-item findings, or NULL */
	const char *list_dir;   /* where the command writes them (cocci: OUTDIR;
				 * report, check: --list-dir), or NULL */
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
	struct strtab checked; /* ld -r aggregates whose inputs were checked
				 * against their symbols (once each) */
	struct strtab stale_syms; /* their symbols no input defines (said once) */
	char **image_scripts;   /* linker scripts the final link names (-T) */
	size_t nimage_scripts, image_scripts_cap;
	unsigned nerrors;       /* files that could not be read */
	struct db *db;          /* borrowed from the scan options */
	int tag_exports;        /* from the scan options (decide_build) */
	struct scan_lists *lists; /* borrowed from the scan options */
	const char *list_dir;   /* the same */
	int quiet;              /* the objects --nm input must cover: a file that
				 * cannot be read is not reported (its objects
				 * get no symbols and lose machine_ok) */
};

/* The object with that name, or NULL. */
struct object *build_find(const struct build *b, const char *name);
/* A new object, indexed by name; NULL when it is known already. */
struct object *build_new_object(struct build *b, const char *name);
/* "crossym: path: strerror(errno)", counted as a file that could not be read. */
void build_file_error(struct build *b, const char *path);
/* A path a .cmd file or line marker writes, relative to the tree the build was
 * made from (or to --srctree) when it lies inside; relative paths are from the
 * build directory. A fresh string. */
char *build_tree_relative(const struct build *b, const char *path);
/* A source rel (relative to the build directory) that is a symbolic link
 * there into the tree the build was made from (or --srctree): the file it
 * links to, relative to that tree, which is the one to tag; else NULL. */
char *build_linked_source(const struct build *b, const char *rel);
/* 1 when rel (from the build dir) exists; else 0 with errno set. */
int build_file_exists(const struct build *b, const char *rel);

#endif
