/* SPDX-License-Identifier: GPL-2.0-only */
/* tsvesc.h - the escaping of a TSV field, of a JSON string and of text for a
 * terminal. A symbol,
 * path or unit name may hold a TAB, a newline or a backslash (nothing in ELF
 * forbids it); in TSV written as \t, \n, \r and \\, every field stays in
 * its column and every row on its line. */
#ifndef CROSSYM_TSVESC_H
#define CROSSYM_TSVESC_H

#include <stdio.h>

#include <stddef.h>

/* Write s to out as a JSON string, quotes included (null when s is NULL);
 * a byte that is not part of UTF-8 becomes U+FFFD (JSON text is UTF-8). */
void json_put(FILE *out, const char *s);
/* Write s[0..n) for a terminal: each control character but newline and TAB
 * (C0, DEL, the 8-bit C1) and each byte that is not part of UTF-8 as \xNN,
 * so that a name from an object cannot move the cursor, recolour or retitle
 * the terminal. */
void text_put(FILE *out, const char *s, size_t n);
/* The length of the UTF-8 sequence s[0..n) begins with, 0 when none. */
size_t utf8_len(const unsigned char *s, size_t n);
/* Write s to out, escaped. */
void tsv_put(FILE *out, const char *s);
/* Undo tsv_put in place; -1 (s unchanged) when s has a backslash that starts
 * no escape: not a field tsv_put wrote. */
int tsv_unescape(char *s);
/* 1 when every backslash in s starts an escape (s is a field tsv_put wrote). */
int tsv_escaped_ok(const char *s);

#endif
