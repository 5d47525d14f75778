/* SPDX-License-Identifier: GPL-2.0-only */
/* complete.h - annotate.sh's middle step: look at what spatch did to each
 * file, finish the job and say what was done.
 *
 * For each file of OUTDIR/files.tsv, the original (ORIG/FILE) and spatch's
 * result (SPATCHED/FILE) give the final text (NEW/FILE):
 *  - spatch's changes are kept when every changed line is the original with
 *    tags inserted for wanted symbols or removed from stale ones, and no
 *    symbol got more than one tag through a macro call outside #if arms;
 *    otherwise (or when spatch failed on the file) they are dropped;
 *  - stale tags spatch did not remove (re-declarations, `TAG MACRO(sym)`,
 *    `TAG sym`, `sym TAG`) are removed as text;
 *  - a wanted definition not tagged in place and not tagged already gets a
 *    re-declaration right behind its definition, inside its #if arm (a
 *    function's `extern __typeof__(S) S TAG;`, a variable's `__typeof__(S) S
 *    TAG;`), or, where no definition is found, `extern` at the end of the
 *    file (tagtext_redecls; place `synced`: followed by the comment objtool's
 *    sync check passes over).
 * The text must pass crossym verify's test (verify_file): a wanted definition
 * it does not see tagged is re-declared instead (its in-place tag taken
 * back: spatch and the scanner disagree), then spatch's result is dropped;
 * what fails even so is left and reported `failed`. No single definition
 * costs the file (or the tree) its patch.
 * Report lines on out, one per finding:
 *   F<TAB>src<TAB>sym<TAB>form<TAB>reason   form inplace, already, redeclared
 *       (reason ?WHY, or !WHY when spatch failed: several definitions ...,
 *       name not in source, macro-made, not matched, its tag is not on a
 *       definition crossym sees), removed or failed (reason: stale tag not
 *       found, ...);
 *   W<TAB>src: spatch result discarded, ...  (spatch's changes dropped)
 *   E<TAB>src: ...                           (a check failed: macros.tsv). */
#ifndef CROSSYM_COMPLETE_H
#define CROSSYM_COMPLETE_H

#include <stddef.h>
#include <stdio.h>

struct complete_in {
	const char *src, *tag;
	const char *a, *b;      /* original, spatch's result (NUL-terminated) */
	size_t alen, blen;
	int failed;             /* spatch failed on the file: b is not used */
	const char *const *wanted, *const *kinds;  /* wanted.tsv order */
	const unsigned *lines;  /* wanted.tsv's line of each (0: unknown), or NULL */
	const char *const *places;  /* wanted.tsv's place of each, or NULL */
	size_t nwanted;
	const char *const *stale;
	size_t nstale;
	int quiet;              /* re-declarations silence the warnings (tag-style) */
};

/* The final text of one file (a fresh string, *len its size); findings on out. */
char *complete_file(const struct complete_in *in, size_t *len, FILE *out);

/* complete_file() for every file of OUTDIR/files.tsv; failed_list names the
 * files spatch failed on (one per line; NULL: none). Returns 0, or -1 when a
 * file could not be read or written (error() said which). */
int complete_outdir(const char *outdir, const char *orig, const char *spatched,
		    const char *dest, const char *failed_list, FILE *out);

#endif
