/* SPDX-License-Identifier: GPL-2.0-only */
/* tagtext.h - the tag's text in a source line, written once: a line that is
 * another with the tag inserted, and the re-declaration
 * `extern __typeof__(S) S TAG;` (its format and its match), and the tag on
 * a line of its own. complete.c, verify.c, verify-build.sh (through
 * `crossym fallback`) and series.sh (through `crossym ownline`) use these. */
#ifndef CROSSYM_TAGTEXT_H
#define CROSSYM_TAGTEXT_H

#include <stddef.h>

/* The number of places where b is a with the tag inserted (each "TAG "
 * before a word, or " TAG" before a non-word character or the end, or b is
 * the tag alone and a is empty), 0 when b is not a with insertions only.
 * With at (room for lb + 1 entries): where each inserted tag starts in b. */
size_t tagtext_insertions(const char *a, size_t la, const char *b, size_t lb,
			  const char *tag, size_t *at);

/* The line that carries the tag alone when tagged is orig with the tag put
 * first ("TAG " after orig's indentation: the indentation and TAG), or put
 * as " TAG" into orig, a line at column 0 that starts a declaration (prev,
 * the line before it, is empty or unknown, ends in ; } or a comment's end, or
 * is a preprocessor line: TAG); NULL otherwise. checkpatch's own-line tags
 * (series.sh --checkpatch, src/patch/ownline.c). */
char *tagtext_own_line(const char *orig, const char *tagged, const char *prev,
		       const char *tag);

/* `extern __typeof__(S) S TAG;` for S = sym; synced (a file objtool's sync
 * check compares with a copy): followed by " " SYNC_IGNORE_COMMENT. */
char *tagtext_redecl(const char *sym, const char *tag, int synced);

/* 1 when line (len bytes; blanks around it ignored) is tagtext_redecl's text
 * for sym and tag, either form. */
int tagtext_is_redecl(const char *line, size_t len, const char *sym, const char *tag);

#endif
