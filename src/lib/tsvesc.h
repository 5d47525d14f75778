/* SPDX-License-Identifier: GPL-2.0-only */
/* tsvesc.h - the escaping of a TSV field, of a JSON string and of text for a
 * terminal. A symbol, path or unit name may hold a TAB, a newline or a
 * backslash (nothing in ELF forbids it); in TSV written as \t, \n, \r and
 * \\, every field stays in its column and every row on its line. */
#ifndef CROSSYM_TSVESC_H
#define CROSSYM_TSVESC_H

#include <stddef.h>
#include <stdio.h>

/* Write s to out as a JSON string, quotes included (null when s is NULL);
 * a byte that is not part of UTF-8 becomes U+FFFD (JSON text is UTF-8). */
void json_put(FILE *out, const char *s);
/* Write s[0..n) for a terminal: each control character but newline and TAB
 * (C0, DEL, the 8-bit C1) and each byte that is not part of UTF-8 as \xNN,
 * so that a name from an object cannot move the cursor, recolour or retitle
 * the terminal. */
void text_put(FILE *out, const char *s, size_t n);
/* What the character s[0..n) begins with is, its length in *len: text, a
 * control character (C0 or DEL, one byte), one of the 8-bit controls
 * U+0080..U+009F (CSI among them: two bytes), or a byte that is not part of
 * UTF-8 (one). Each writer above and DOT's choose what to escape by it. */
enum char_class { CH_TEXT, CH_CONTROL, CH_C1, CH_STRAY };
enum char_class char_class(const char *s, size_t n, size_t *len);
/* Write s to out, escaped. */
void tsv_put(FILE *out, const char *s);
/* Undo tsv_put in place; -1 (s unchanged) when s has a backslash that starts
 * no escape: not a field tsv_put wrote. */
int tsv_unescape(char *s);
/* 1 when every backslash in s starts an escape (s is a field tsv_put wrote). */
int tsv_escaped_ok(const char *s);

#endif
