/* SPDX-License-Identifier: GPL-2.0-only */
/* placement.h - where the tag of each `tag` definition can go, found by
 * reading its source file: on the declarator, on a definer macro call
 * (`__global DEFINE_PER_CPU(...)`), or nowhere in place because a macro pasted
 * the name together (SYSCALL_DEFINEn) or the name is not in the file at all;
 * those get a tagged re-declaration, and the maintainer may put the tag into
 * the macro itself. */
#ifndef CROSSYM_PLACEMENT_H
#define CROSSYM_PLACEMENT_H

#include "model/decide.h"

enum place_kind {
	PLACE_DECLARATOR,       /* in place, before the declarator name */
	PLACE_DECLARER,         /* in front of the definer macro call */
	PLACE_PASTED,           /* the name is pasted by macro */
	PLACE_MACRO_STATIC,     /* a definer macro whose expansion begins with a
				 * static (or typedef) declaration */
	PLACE_MACRO_OTHER,      /* ... that declares another name first */
	PLACE_MACRO_ARMS,       /* ... defined differently in #if arms */
	PLACE_GENERATED,        /* defined in a source the build generated: a
				 * re-declaration in another source of the unit */
	PLACE_SYNCED,           /* in a file objtool's sync check keeps equal to
				 * its copy under tools/ (synccheck.h) */
	PLACE_NOT_IN_SOURCE,    /* the name is nowhere in the source file */
	PLACE_NO_SOURCE,        /* the source file is unknown or unreadable */
	PLACE_ASM_ALIAS,        /* made by top-level asm in C: needs no tag */
	PLACE_NONE,             /* not a `tag` row */
};

struct placement {
	unsigned char kind;     /* enum place_kind */
	unsigned line;          /* 0 when unknown */
	char *macro;            /* PLACE_DECLARER, PLACE_PASTED, PLACE_MACRO_*: the macro */
	char *why;              /* PLACE_MACRO_*: what its expansion shows;
				 * PLACE_DECLARER: set when the expansion was not
				 * checked (its definition was not found) */
};

struct srcset;
struct cpp_runner;

/* One placement per row (out has rows->count entries), the sources read from
 * files (each once). A definition the object's source does not show is looked for in
 * the .c files it #includes; each tag row's def_source/def_line say where its
 * text was found (def_source stays NULL when the source is unreadable).
 * run runs the objects' compile commands as the preprocessor (cpprun.h). */
void placement_classify(struct rows *rows, struct srcset *files, struct cpp_runner *run,
			struct placement *out);
void placement_free(struct placement *p, size_t n);

struct build;
/* Where the build's debug info (DWARF decl_file/decl_line) says the tag rows
 * rows->v[first..] were defined: sets their def_source/def_line when the
 * object is on disk and has debug info. */
void placement_from_dwarf(const struct build *b, struct rows *rows, size_t first);
/* Tag rows rows->v[first..] whose object's source the build generated (it
 * lives in the build dir: a tag there is lost at the next build): their
 * def_source becomes a C source of the same unit whose build declares the
 * symbol `extern`, where the tagged re-declaration goes; left as they are
 * when no such source exists. */
void placement_generated(const struct build *b, struct rows *rows, size_t first);
const char *placement_name(enum place_kind kind);
/* The one-word name of kind, for OUTDIR/wanted.tsv (doc/CONTRACT.md). */
const char *placement_token(enum place_kind kind);

#endif
