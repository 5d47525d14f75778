/* SPDX-License-Identifier: GPL-2.0-only */
/* staticize.h - which file-local global definitions may become static
 * (crossym cocci --static): the rows' class over every build given, then the
 * source tree's text (mentions.h), so that no configuration the builds did
 * not cover loses a symbol it uses. */
#ifndef CROSSYM_STATICIZE_H
#define CROSSYM_STATICIZE_H

#include <stddef.h>
#include "model/decide.h"
#include "source/mentions.h"

/* A header declaration that goes with the definition's extern linkage:
 * lines line..end_line of file, deleted. */
struct static_undecl {
	const char *file;       /* relative to the tree (the mentions' copy) */
	unsigned line, end_line;
};

struct static_item {
	const char *symbol, *unit, *source; /* source: the file of the definition */
	unsigned char kind;     /* enum sym_kind */
	unsigned line, col;     /* its declaration's first token (line 0: not found) */
	char *why;              /* NULL: it becomes static; else why it is kept */
	const struct objctx *ctx; /* its object's (the first build's) */
	unsigned char need_cpp; /* no relocation uses it: its preprocessed
				 * source must show a use */
	struct static_undecl *undecl;
	size_t nundecl, undecl_cap;
};

struct static_plan {
	struct static_item *v;  /* sorted by source, then symbol */
	size_t n, cap, nstatic;
	struct mentions m;
	size_t ncandidates;     /* file-local rows looked at */
};

/* The plan for rows (merged over every build; the classes of --all among
 * them): each definition of a C source file-local in some build, with its
 * verdict.
 * build_dirs: the builds (their include/config/auto.conf says which CONFIG_
 * options some build set). Returns 0, -1 when the tree cannot be read. */
struct cpp_runner;
/* run (cpprun.h) preprocesses the objects of definitions no relocation
 * uses (a call GCC inlined leaves none): without --run-build-commands
 * those stay global. */
int staticize_plan(const struct rows *rows, const char *srctree,
		   char *const *build_dirs, size_t nbuilds, struct cpp_runner *run,
		   struct static_plan *out);
void staticize_free(struct static_plan *p);

/* 1 when row r is, by its class alone, a definition that could be static:
 * file-local in every build, not weak, in a C source (report --all). */
int staticize_row_candidate(const struct row *r);

#endif
