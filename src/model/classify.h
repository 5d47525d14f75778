/* SPDX-License-Identifier: GPL-2.0-only */
/* classify.h - the class of every global definition that is not referenced
 * from outside its unit (`crossym report --all`, README "Classes"). */
#ifndef CROSSYM_CLASSIFY_H
#define CROSSYM_CLASSIFY_H

#include <stddef.h>
#include "model/decide.h"

/* Append a row for every definition in a linked object of b that has no row
 * among rows->v[first..] (the cross-unit rows decide_build made for b):
 *   exported          the build exports it (no other unit uses it);
 *   multiply-defined  another linked object of the same image defines it;
 *   unit-local        other objects of its unit reference it;
 *   file-local        only its own object does: a relocation, or its source
 *                     (or a .c file it includes) names it more than once,
 *                     an EXPORT_*() argument not counted;
 *   unreferenced      nothing references it and its source names it once.
 * refs is NULL on these rows; refclass and multi keep what a merge of several
 * builds needs (a class holds only when it holds in every build). */
void classify_build(const struct build *b, struct rows *rows, size_t first);

/* Whole-identifier occurrences of name in C (or assembler) text, outside
 * comments and string or character literals, not counting the argument of
 * an EXPORT_*(name) macro. */
size_t classify_count_word(const char *text, size_t len, const char *name);

#endif
