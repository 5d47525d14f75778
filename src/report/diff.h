/* SPDX-License-Identifier: GPL-2.0-only */
/* diff.h - what changed between two `crossym report --format=tsv` outputs. */
#ifndef CROSSYM_DIFF_H
#define CROSSYM_DIFF_H

#include <stdio.h>

/* Compare the reports in old_path and new_path (six or more columns; --all
 * or not) and print one line per change, sorted by symbol:
 *   SYMBOL: became cross-directory: UNIT (STATUS) <- REFS
 *   SYMBOL: stopped being cross-directory: UNIT (STATUS [-> CLASS])
 *   SYMBOL: moved: OLD_UNIT -> NEW_UNIT (OLD_OBJECT -> NEW_OBJECT)
 *   SYMBOL: changed class: UNIT: OLD -> NEW
 *   SYMBOL: referenced from: UNIT: OLD_REFS -> NEW_REFS
 *   SYMBOL: new definition: UNIT (CLASS) / definition gone: UNIT (CLASS)
 * Returns the number of lines printed, or -1 after error() when a file is
 * not a crossym TSV report. */
long diff_reports(FILE *out, const char *old_path, const char *new_path);

#endif
