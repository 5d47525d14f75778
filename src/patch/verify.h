/* SPDX-License-Identifier: GPL-2.0-only */
/* verify.h - the final check of annotate.sh: the changed copy of each source
 * file against the original, with OUTDIR's lists (doc/CONTRACT.md).
 *
 * Allowed, and nothing else: a line that is the original with the tag
 * inserted or removed (`TAG ` before a word, ` TAG` before a non-word
 * character or the end of the line, or the tag as a whole new line), an
 * original line that is a re-declaration `[extern ]__typeof__(S) S TAG;` of a
 * stale symbol S deleted, and re-declarations of wanted symbols added: an
 * `extern` one anywhere, one without `extern` (a tentative definition) only
 * right behind a definition of S, in its #if arm (srcfile_def_ends; only
 * other re-declarations between them).  Besides, every wanted definition must carry a tag in
 * the changed file (one the scanner sees, or its re-declaration) and no tag of
 * a stale one may be left. */
#ifndef CROSSYM_VERIFY_H
#define CROSSYM_VERIFY_H

#include <stddef.h>
#include <stdio.h>

struct verify_lists {
	const char *tag;
	const char *const *wanted;      /* the wanted symbols of the file */
	size_t nwanted;
	const char *const *stale;       /* the stale symbols of the file */
	size_t nstale;
	unsigned char *wanted_bad;      /* when not NULL: [k] set when wanted[k] is not
					 * tagged (nwanted entries) */
	unsigned char *stale_bad;       /* the same: stale[k]'s tag is still there */
	const unsigned *wanted_lines;   /* when not NULL: wanted.tsv's line of each (0:
					 * unknown), a hint where a definition is */
};

/* Compare the original text a with the changed text c of source src; print
 * each problem as "src: what" on out. Returns the number of problems. */
size_t verify_file(const char *src, const char *a, size_t alen, const char *c,
		   size_t clen, const struct verify_lists *lists, FILE *out);

/* verify_file() for every file of OUTDIR/files.tsv: originals under orig, the
 * changed copies under changed. Returns the number of problems, or -1 when
 * OUTDIR or a file cannot be read (error() said which). */
long verify_outdir(const char *outdir, const char *orig, const char *changed, FILE *out);

#endif
