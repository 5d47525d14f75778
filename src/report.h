/* report.h - the audit report: text for people, TSV for scripts. */
#ifndef CROSSYM_REPORT_H
#define CROSSYM_REPORT_H

#include <stdio.h>
#include "graph.h"

void report_tsv(FILE *out, const struct rows *rows);
/* Grouped by unit, with summary counts; nobjects/nunits describe the scan. */
void report_text(FILE *out, const struct rows *rows, size_t nobjects);

#endif
