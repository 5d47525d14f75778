/* SPDX-License-Identifier: GPL-2.0-only */
/* units.h - the units of a build, as the decision and the whole-program build
 * both see them (doc/CONTRACT.md, "Units").
 *
 * A unit is a directory's C objects; --exclude takes an object out of its
 * unit (it becomes a unit of its own), --runs makes each contiguous run of a
 * directory's objects in link order a unit of its own (the second run of DIR
 * is DIR@2, ...). units_assign() runs right after the scan, before the
 * decision, so that `crossym units` and the rows can never disagree. */
#ifndef CROSSYM_UNITS_H
#define CROSSYM_UNITS_H

#include <stdio.h>
#include "kbuild/buildtree.h"

struct strtab;

struct unit_opts {
	const char **exclude;   /* object names (relative to the build dir), each
				 * once, in the order given: excluded's strings */
	const char **origin;    /* where each was given ("FILE:LINE" of a .crossym
				 * or an @FILE list; NULL: the command line),
				 * origins' strings */
	size_t nexclude, exclude_cap, origin_cap;
	struct strtab *excluded; /* the names (NULL: none yet) */
	struct strtab *origins;  /* the origins (NULL: none yet) */
	int runs;               /* --runs */
};

/* Add one --exclude argument: an object name, or @FILE naming one object per
 * line (blank lines and # comments ignored). -1 when FILE cannot be read. */
int units_add_exclude(struct unit_opts *uo, const char *arg);
/* Add one object name given at origin ("FILE:LINE"; NULL: the command line),
 * which the error for a name no object has names first. */
void units_add_exclude_from(struct unit_opts *uo, const char *name, const char *origin);
void units_opts_free(struct unit_opts *uo);
/* 1 when name (normalised) is one of uo's --exclude objects. */
int units_has_exclude(const struct unit_opts *uo, const char *name);
/* Apply the options to the units of b's objects; an --exclude naming no
 * object of b is an error. */
void units_assign(struct build *b, const struct unit_opts *uo);
/* The linked objects in link order, one TSV row each (after decide_build). */
void units_print(FILE *out, const struct build *b);
/* The file kbuild compiled o as, relative to the build dir ("DIR/m.o" for
 * "DIR/lib.a(m.o)"), allocated. */
char *units_object_file(const struct object *o);
/* A C object a whole-program unit compiles as one with its unit's others
 * (linked; not asm, excluded or a module's NAME.mod.o). */
int units_c_member(const struct object *o);
/* shared[i] (allocated, one per object of b): object i is a C member of a
 * unit with more than one C member. */
unsigned char *units_shared_members(const struct build *b);

/* The --unit DIR selection (report, check): the one rule for which unit names
 * a DIR selects. DIR selects the unit DIR, its runs DIR@N (--runs), its
 * assembly DIR#asm and every unit below it (DIR/sub, an excluded DIR/x.o, a
 * module DIR/NAME.ko); "." selects all. --unit DIR@N or --unit DIR#asm selects
 * that one unit. No DIR given: every unit. A DIR that selects no unit of
 * any build is an error (a mistyped DIR must not give an empty, exit-0 answer). */
struct unit_sel {
	char **dirs;            /* normalised copies: no ./, no trailing or double / */
	unsigned char *seen;    /* dirs[i] selected a unit of some build */
	size_t n, cap;
};
/* Add DIR as people type it (`mm`, `mm/`, `./mm`, `.//mm/`); one that leaves
 * the tree (`..`, an absolute path) or is empty is fatal (usage, exit 2). */
void unitsel_add(struct unit_sel *s, const char *dir);
void unitsel_free(struct unit_sel *s);
/* Note which selections unit (a unit of a scanned build) answers. */
void unitsel_mark(struct unit_sel *s, const char *unit);
/* Each DIR that selected no unit of any build, said as an error; returns
 * how many. */
size_t unitsel_unmatched(const struct unit_sel *s);
/* Whether unit name unit is selected (s NULL: all). */
int units_selected(const struct unit_sel *s, const char *unit);
/* The same for something in file path (relative to the tree): by its unit
 * when it has one, else by the file's directory taken as a unit name
 * (check: a stale tag, a #define). */
int units_file_selected(const struct unit_sel *s, const char *unit, const char *path);

#endif
