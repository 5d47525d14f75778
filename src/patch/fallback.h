/* SPDX-License-Identifier: GPL-2.0-only */
/* fallback.h - annotate.sh --verify-build's fallback: an in-place tag on a
 * line where the compiler now says something new becomes a re-declaration. */
#ifndef CROSSYM_FALLBACK_H
#define CROSSYM_FALLBACK_H

#include <stddef.h>
#include <stdio.h>

struct fallback_in {
	const char *src;        /* the source file, as the diagnostics name it */
	const char *tag;
	const char *orig;       /* its original text */
	const char *changed;    /* its tagged text */
	const char *diags;      /* the new diagnostics: `SRC:LINE: what` lines */
	char *const *wanted;    /* the wanted symbols of src (wanted.tsv order) */
	char *const *kinds;     /* their kinds (func, var, ...), or NULL */
	size_t nwanted;
	int quiet;              /* re-declarations silence the warnings (tag-style) */
};

/* The tagged text with each line that has a new diagnostic, and is an
 * original line with tags inserted (not a re-declaration), back to the
 * original, and a re-declaration for each wanted symbol named on such a
 * line, once (tagtext_redecls: right behind its definition, else at the
 * end): the text to out, one `SRC\tSYMBOL\tWHAT` line per symbol to fb. */
void fallback_file(const struct fallback_in *in, FILE *out, FILE *fb);

#endif
