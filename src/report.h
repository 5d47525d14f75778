/* report.h - the audit report: text for people, TSV for scripts. */
#ifndef CROSSYM_REPORT_H
#define CROSSYM_REPORT_H

#include <stdio.h>
#include "graph.h"
#include "placement.h"

void report_tsv(FILE *out, const struct rows *rows);
/* Grouped by unit, with summary counts, then where the tags go (per definer
 * macro) and the definitions not taggable in place; places has one entry per
 * row, or is NULL. */
void report_text(FILE *out, const struct rows *rows, size_t nobjects,
		 const struct placement *places);

#endif
