// SPDX-License-Identifier: GPL-2.0-only
/* verify.c - the final check of annotate.sh, line by line and by the
 * scanner's view of the tags. */
#include "patch/verify.h"
#include "source/srcscan.h"
#include "place/tagmacro.h"
#include "patch/tagstyle.h"
#include "patch/tagtext.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- lines ---- */

struct lines {
	const char **s;
	size_t *len;
	size_t n;
};

static void split_lines(const char *text, size_t len, struct lines *L)
{
	size_t cap = 0, at = 0;

	memset(L, 0, sizeof(*L));
	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) : len;

		if (L->n == cap) {
			size_t c2 = cap;

			grow_array((void **)&L->s, &cap, L->n + 1, sizeof(*L->s));
			grow_array((void **)&L->len, &c2, L->n + 1, sizeof(*L->len));
		}
		L->s[L->n] = text + at;
		L->len[L->n++] = end - at;
		at = end + 1;
	}
}

static void free_lines(struct lines *L)
{
	free(L->s);
	free(L->len);
}

/* 1 + the index of the symbol of syms[0..n) line re-declares, or 0. */
static size_t redecl_in(const char *line, size_t len, const char *const *syms, size_t n,
			const char *tag)
{
	for (size_t i = 0; i < n; i++)
		if (tagtext_is_redecl(line, len, syms[i], tag))
			return i + 1;
	return 0;
}

/* Whether C's line j (0-based), a re-declaration of wanted symbol w added
 * where the walk stands before A's line i (0-based), is `extern` (it defines
 * nothing, wherever it is) or stands right behind a definition of the
 * symbol in A, in its #if arm: only deleted re-declarations between them
 * (a tentative definition elsewhere could define it where the definition's
 * #if arm is left out). */
static int placed_well(const struct lines *A, size_t i, const struct lines *C, size_t j,
		       size_t w, const struct verify_lists *v, struct srcfile *fa)
{
	const char *s = C->s[j];
	size_t len = C->len[j], blank = strspn(s, " \t"), n;
	unsigned *ends;
	int ok = 0;

	if (len > blank + 7 && !memcmp(s + blank, "extern", 6) &&
	    (s[blank + 6] == ' ' || s[blank + 6] == '\t'))
		return 1;
	n = srcfile_def_ends(fa, v->wanted[w], v->wanted_lines ? v->wanted_lines[w] : 0, &ends);
	for (size_t k = 0; k < n && !ok; k++) {
		size_t e = ends[k] == UINT_MAX ? A->n : ends[k];   /* 1-based */

		if (!e || e > i)
			continue;
		ok = 1;
		for (size_t q = e; q < i && ok; q++)
			ok = redecl_in(A->s[q], A->len[q], v->stale, v->nstale, v->tag) != 0;
	}
	free(ends);
	return ok;
}

static int same_or_tagged(const struct lines *A, size_t i, const struct lines *C, size_t j,
			  const char *tag)
{
	return (A->len[i] == C->len[j] && !memcmp(A->s[i], C->s[j], A->len[i])) ||
	       tagtext_insertions(A->s[i], A->len[i], C->s[j], C->len[j], tag, NULL) ||
	       tagtext_insertions(C->s[j], C->len[j], A->s[i], A->len[i], tag, NULL);
}

/* The line-by-line walk: changed lines, deleted and added re-declarations. */
static size_t check_lines(const char *src, const struct lines *A, const struct lines *C,
			  const struct verify_lists *v, struct srcfile *fa, FILE *out)
{
	size_t i = 0, j = 0, bad = 0, w;

	while (i < A->n || j < C->n) {
		if (i < A->n && j < C->n && same_or_tagged(A, i, C, j, v->tag)) {
			i++;
			j++;
		} else if (i < A->n && redecl_in(A->s[i], A->len[i], v->stale, v->nstale, v->tag)) {
			i++;
		} else if (j < C->n && (w = redecl_in(C->s[j], C->len[j], v->wanted, v->nwanted,
						      v->tag))) {
			if (!placed_well(A, i, C, j, w - 1, v, fa)) {
				fprintf(out, "%s:%zu: re-declaration without extern not right "
					"behind a definition of %s (in its #if arm)\n", src, j + 1,
					v->wanted[w - 1]);
				bad++;
			}
			j++;
		} else if (i < A->n) {
			fprintf(out, "%s:%zu: changed beyond the tag: %.*s\n", src, i + 1,
				(int)(j < C->n ? C->len[j] : A->len[i]),
				j < C->n ? C->s[j] : A->s[i]);
			bad++;
			i++;
			j += j < C->n;
		} else {
			fprintf(out, "%s:%zu: line added: %.*s\n", src, j + 1, (int)C->len[j],
				C->s[j]);
			bad++;
			j++;
		}
	}
	return bad;
}

/* Whether the changed text tags sym: a tag the scanner gives to sym, or a
 * re-declaration line. */
static int tagged(const struct src_tag *tags, size_t ntags, const struct lines *C,
		  const char *sym, const char *tag)
{
	for (size_t k = 0; k < ntags; k++)
		if (!strcmp(tags[k].symbol, sym))
			return 1;
	for (size_t k = 0; k < C->n; k++)
		if (tagtext_is_redecl(C->s[k], C->len[k], sym, tag))
			return 1;
	return 0;
}

size_t verify_file(const char *src, const char *a, size_t alen, const char *c,
		   size_t clen, const struct verify_lists *v, FILE *out)
{
	struct lines A, C;
	struct src_tag *tags;
	struct srcfile *f = srcfile_open(c, clen);
	struct srcfile *fa;
	size_t ntags = srcfile_tags(f, v->tag, &tags), bad;

	split_lines(a, alen, &A);
	split_lines(c, clen, &C);
	fa = srcfile_open(a, alen);
	bad = check_lines(src, &A, &C, v, fa, out);
	srcfile_close(fa);
	for (size_t k = 0; k < v->nwanted; k++)
		if (!tagged(tags, ntags, &C, v->wanted[k], v->tag)) {
			if (v->wanted_bad)
				v->wanted_bad[k] = 1;
			fprintf(out, "%s: %s: wanted definition not tagged\n", src, v->wanted[k]);
			bad++;
		}
	for (size_t k = 0; k < v->nstale; k++)
		if (tagged(tags, ntags, &C, v->stale[k], v->tag)) {
			if (v->stale_bad)
				v->stale_bad[k] = 1;
			fprintf(out, "%s: %s: stale tag still there\n", src, v->stale[k]);
			bad++;
		}
	srcscan_free(tags, ntags);
	srcfile_close(f);
	free_lines(&A);
	free_lines(&C);
	return bad;
}

/* ---- OUTDIR ---- */

/* The (source, symbol) pairs of a TSV file of OUTDIR: its first two columns
 * (of PAIR_COLS read; wanted.tsv's 4th is the line). */
#define PAIR_COLS 4
struct pairs {
	char **cells;
	long n;
};

static int read_pairs(const char *outdir, const char *name, struct pairs *p)
{
	char *path = path_join(outdir, name);

	p->n = read_tsv(path, PAIR_COLS, &p->cells);
	free(path);
	return p->n < 0 ? -1 : 0;
}

/* The symbols of p whose source is src (pointers into p); lines (when not
 * NULL) their 4th column as a number. */
static size_t symbols_of(const struct pairs *p, const char *src, const char **out,
			 unsigned *lines)
{
	size_t n = 0;

	for (long i = 0; i < p->n; i++)
		if (!strcmp(p->cells[PAIR_COLS * i], src)) {
			if (lines)
				lines[n] = (unsigned)strtoul(p->cells[PAIR_COLS * i + 3], NULL, 10);
			out[n++] = p->cells[PAIR_COLS * i + 1];
		}
	return n;
}

static char *read_tag(const char *outdir)
{
	char *path = path_join(outdir, "tag"), *text;
	size_t len;

	text = read_file(path, &len);
	if (!text)
		error("%s: %s", path, errstr(errno));
	else
		text[strcspn(text, "\n")] = '\0';
	free(path);
	return text;
}

static long verify_one(const char *src, const char *orig, const char *changed,
		       const struct verify_lists *v, const struct tagmacro_edit *e,
		       size_t ne, const char *define, FILE *out)
{
	char *pa = path_join(orig, src), *pc = path_join(changed, src), *a, *c;
	size_t la, lc;
	long bad = -1;

	a = read_file(pa, &la);
	c = a ? read_file(pc, &lc) : NULL;
	if (a && c && define && (!strcmp(define, ".") || !strcmp(define, src)))
		tagstyle_strip_define(v->tag, a, la, c, &lc);
	if (!a || !c)
		error("%s: %s", a ? pc : pa, errstr(errno));
	else if (la != lc || memcmp(a, c, la) || v->nwanted || v->nstale || ne)
		bad = (long)(verify_file(src, a, la, c, lc, v, out) +
			     tagmacro_verify(e, ne, src, a, la, c, lc, v->tag, out));
	else
		bad = 0;
	free(a);
	free(c);
	free(pa);
	free(pc);
	return bad;
}

long verify_outdir(const char *outdir, const char *orig, const char *changed, FILE *out)
{
	struct pairs files, wanted, stale;
	char *tag = read_tag(outdir);
	struct tagmacro_edit *edits;
	long nedits = tagmacro_read(outdir, &edits);
	struct tagstyle style;
	int style_ok = !tagstyle_read(outdir, &style);
	long bad = 0;
	int ok = tag != NULL;

	ok = !read_pairs(outdir, "files.tsv", &files) && ok;
	ok = !read_pairs(outdir, "wanted.tsv", &wanted) && ok;
	ok = !read_pairs(outdir, "stale.tsv", &stale) && ok;
	ok = nedits >= 0 && style_ok && ok;
	for (long i = 0; ok && i < files.n && bad >= 0; i++) {
		const char **w = xcalloc((size_t)wanted.n + 1, sizeof(*w));
		const char **s = xcalloc((size_t)stale.n + 1, sizeof(*s));
		unsigned *wl = xcalloc((size_t)wanted.n + 1, sizeof(*wl));
		const char *src = files.cells[PAIR_COLS * i];
		struct verify_lists v = { tag, w, symbols_of(&wanted, src, w, wl),
					  s, symbols_of(&stale, src, s, NULL), NULL, NULL, wl };
		long r = verify_one(src, orig, changed, &v, edits,
				    nedits > 0 ? (size_t)nedits : 0, style.define, out);

		bad = r < 0 ? -1 : bad + r;
		free(w);
		free(wl);
		free(s);
	}
	free_tsv(files.cells, files.n, PAIR_COLS);
	free_tsv(wanted.cells, wanted.n, PAIR_COLS);
	free_tsv(stale.cells, stale.n, PAIR_COLS);
	tagmacro_edits_free(edits, nedits > 0 ? (size_t)nedits : 0);
	tagstyle_free(&style);
	if (!ok)
		bad = -1;
	free(tag);
	return bad;
}
