/* SPDX-License-Identifier: GPL-2.0-only */
/* coupling.h - the directory coupling of a report: per unit what it provides
 * to and uses from the others, and one edge per ordered pair of units
 * (referencing unit -> defining unit) weighted by the number of symbols. */
#ifndef CROSSYM_COUPLING_H
#define CROSSYM_COUPLING_H

#include <stddef.h>
#include "model/decide.h"

#include "lib/strtab.h"

struct unit_summary {
	const char *name;               /* points into coupling.names */
	size_t provided;                /* its definitions used from other units */
	size_t used;                    /* definitions of other units it uses */
	size_t classes[STATUS_COUNT];   /* its rows by status */
	size_t could_static;            /* file-local ones that could be static
					 * by their class (staticize.h) */
};

struct coupling_edge {
	const char *from, *to;          /* point into coupling.names */
	size_t symbols;
};

struct coupling {
	struct strtab names;            /* every unit named by a row */
	struct unit_summary *units;     /* sorted by name */
	size_t nunits;
	struct coupling_edge *edges;    /* sorted by from, then to */
	size_t nedges;
};

/* A row referenced from outside its unit (refs set), as opposed to a class
 * row of --all. */
int row_is_cross(const struct row *r);
/* The coupling of rows; keep (NULL: every unit) selects the units kept, and
 * the edges with at least one end kept. */
void coupling_build(const struct rows *rows, int (*keep)(const void *ctx, const char *unit),
		    const void *ctx, struct coupling *c);
void coupling_free(struct coupling *c);
/* Indexes of c's edges, heaviest first (then from, to); n entries, allocated. */
size_t *coupling_by_weight(const struct coupling *c);

#endif
