/* SPDX-License-Identifier: GPL-2.0-only */
/* staticedit.h - the OUTDIR of crossym cocci --static and its edits: write
 * it (semantic patches, static.tsv, edits.tsv), and annotate.sh's middle and
 * final steps on it (crossym complete and verify, when OUTDIR/mode says
 * static). The edits are the text's truth: "static " before the first token
 * of a definition, a header's declaration lines deleted; spatch's result is
 * taken when it is exactly that, else the edit is made as text (said). */
#ifndef CROSSYM_STATICEDIT_H
#define CROSSYM_STATICEDIT_H

#include <stdio.h>
#include "model/staticize.h"

/* Write OUTDIR for the plan: tag, mode, static.tsv, edits.tsv, files.tsv,
 * cocci/FILE.cocci, an empty wanted.tsv and stale.tsv. Returns the number
 * of files that could not be read (said). */
int staticedit_write(const char *outdir, const char *srctree, const struct static_plan *p);

/* 1 when OUTDIR was written by staticedit_write (OUTDIR/mode). */
int staticedit_is_static(const char *outdir);

/* crossym complete on a static OUTDIR: NEW_TREE/FILE for each file of
 * files.tsv, from ORIG_TREE and spatch's SPATCH_TREE; F, W and E lines as
 * complete_outdir prints. Returns -1 when OUTDIR cannot be read. */
int staticedit_complete(const char *outdir, const char *orig, const char *spatched,
			const char *result, const char *failed_list, FILE *out);

/* crossym verify on a static OUTDIR: every file of NEW_TREE is its ORIG_TREE
 * text with exactly the edits, each definition now static, each header
 * declaration gone. Returns the number of problems (E lines), -1 when
 * OUTDIR cannot be read. */
long staticedit_verify(const char *outdir, const char *orig, const char *changed, FILE *out);

#endif
