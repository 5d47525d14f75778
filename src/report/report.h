/* SPDX-License-Identifier: GPL-2.0-only */
/* report.h - the audit report: text for people, TSV for scripts (report.c),
 * JSON (report-json.c) and the coupling graph as DOT (report-dot.c). */
#ifndef CROSSYM_REPORT_H
#define CROSSYM_REPORT_H

#include <stdio.h>
#include "model/decide.h"
#include "place/placement.h"
#include "model/units.h"

/* What a report shows of the rows. */
struct report_view {
	const struct rows *rows;
	const struct unit_sel *units; /* --unit (units.h; none: every unit) */
	int all;                /* --all: the class rows too */
	size_t nobjects;        /* objects read */
	const struct placement *places; /* text: one per row, or NULL */
};

/* The coupling filter of every format (coupling.h; view: the report_view):
 * the --unit selection, units_selected(). */
int report_keep_unit(const void *view, const char *unit);
/* Whether the report lists row r. */
int report_row_shown(const struct report_view *v, const struct row *r);
/* The names of the TSV and JSON fields. */
const char *report_kind_name(unsigned kind);

void report_tsv(FILE *out, const struct report_view *v);
/* Grouped by unit, with summary counts, per-unit summary, the most coupled
 * pairs of units, then where the tags go (per definer macro) and the
 * definitions not taggable in place. */
void report_text(FILE *out, const struct report_view *v);
void report_json(FILE *out, const struct report_view *v);
void report_dot(FILE *out, const struct report_view *v);

#endif
