/* SPDX-License-Identifier: GPL-2.0-only */
/* synccheck.h - sources the kernel keeps a copy of under tools/ (objtool's
 * sync-check.sh compares arch/x86/lib/insn.c with tools/arch/x86/lib/insn.c
 * by `diff -I` of lines holding a comment with `__ignore_sync_check__`, and
 * warns on any other difference). A tag in place there makes a build warning;
 * such definitions get a re-declaration carrying that comment. */
#ifndef CROSSYM_SYNCCHECK_H
#define CROSSYM_SYNCCHECK_H

#include <stddef.h>

/* The marker that makes sync-check.sh pass over a line. */
#define SYNC_IGNORE_COMMENT "/* __ignore_sync_check__ */"

/* 1 when srctree/tools/source exists and has the same lines as text (len
 * bytes, source's text), apart from lines holding `__ignore_sync_check__`. */
int synccheck_mirrored(const char *srctree, const char *source, const char *text, size_t len);

/* Whether a and b (alen, blen bytes) have the same lines apart from those
 * holding `__ignore_sync_check__`. */
int synccheck_same(const char *a, size_t alen, const char *b, size_t blen);

#endif
