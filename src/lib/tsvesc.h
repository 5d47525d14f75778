/* SPDX-License-Identifier: GPL-2.0-only */
/* tsvesc.h - the escaping of a TSV field and of a JSON string. A symbol,
 * path or unit name may hold a TAB, a newline or a backslash (nothing in ELF
 * forbids it); in TSV written as \t, \n, \r and \\, every field stays in
 * its column and every row on its line. */
#ifndef CROSSYM_TSVESC_H
#define CROSSYM_TSVESC_H

#include <stdio.h>

/* Write s to out as a JSON string, quotes included (null when s is NULL). */
void json_put(FILE *out, const char *s);
/* Write s to out, escaped. */
void tsv_put(FILE *out, const char *s);
/* Undo tsv_put in place; -1 (s unchanged) when s has a backslash that starts
 * no escape: not a field tsv_put wrote. */
int tsv_unescape(char *s);
/* 1 when every backslash in s starts an escape (s is a field tsv_put wrote). */
int tsv_escaped_ok(const char *s);

#endif
