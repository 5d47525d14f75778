// SPDX-License-Identifier: GPL-2.0-only
/* complete.c - what spatch did to each file, the stale tags and the
 * re-declarations it left to us (see complete.h). Positions are 1-based, as
 * in the awk program this replaces, so that its results stay byte for byte. */
#include "patch/complete.h"
#include "source/srcscan.h"
#include "place/tagmacro.h"
#include "patch/tagstyle.h"
#include "patch/tagtext.h"
#include "lib/util.h"
#include "patch/verify.h"

#include <errno.h>
#include <limits.h>
#include <unistd.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int isw(char c)
{
	return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9');
}

/* awk's substr(s, m, n) == w. */
static int sub_is(const char *s, long m, long n, const char *w)
{
	long len = (long)strlen(s), from = m < 1 ? 1 : m, to = m + n - 1 > len ? len : m + n - 1;
	long k = to >= from ? to - from + 1 : 0;

	return (long)strlen(w) == k && !memcmp(s + from - 1, w, (size_t)k);
}

/* awk's substr(s, m, 1) is a word character. */
static int isw_at(const char *s, long m)
{
	return m >= 1 && m <= (long)strlen(s) && isw(s[m - 1]);
}

/* Position of w as a whole word in s at or after from, 0 when none. */
static long wordat(const char *s, const char *w, long from)
{
	long len = (long)strlen(s), wl = (long)strlen(w);

	while (from <= len) {
		const char *p = strstr(s + from - 1, w);
		long q;

		if (!p)
			return 0;
		q = p - s + 1;
		if ((q == 1 || !isw(s[q - 2])) && !isw_at(s, q + wl))
			return q;
		from = q + 1;
	}
	return 0;
}

static char *trim(const char *s)
{
	size_t n;

	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return xstrndup(s, n);
}

/* ---- one file ---- */

struct lines {
	char **v;
	long n, cap;
};

static void split(const char *text, size_t len, struct lines *L)
{
	size_t at = 0, cap = 0;

	memset(L, 0, sizeof(*L));
	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) : len;

		grow_array((void **)&L->v, &cap, (size_t)L->n + 1, sizeof(*L->v));
		L->v[L->n++] = xstrndup(text + at, end - at);
		at = end + 1;
	}
}

static void free_lines(struct lines *L)
{
	for (long i = 0; i < L->n; i++)
		free(L->v[i]);
	free(L->v);
}

struct job {
	const struct complete_in *in;
	FILE *out;
	long L;                 /* the tag's length */
	char *tag_sp, *sp_tag;  /* "TAG ", " TAG" */
	struct lines A, B;      /* B[] is 1-based through at(): v[i - 1] */
	long *ins, nins;        /* insertions(): positions in b */
	size_t *at;             /* the same, 0-based (tagtext_insertions) */
	/* per wanted / stale symbol */
	long *inplace, *viamacro, *gone;
	long **lines, *nlines;  /* the B lines each wanted symbol was tagged on */
	char *probs;            /* spatch problems, "\nW\t  src:msg" each */
	long nprob;
	FILE *notes;            /* W lines, kept over the tries */
	/* what the tries found (NULL or all 0 at first; see complete_file) */
	unsigned char *forced;  /* wanted: spatch's in-place tag not seen: re-declare */
	unsigned char *fail_w, *fail_s;  /* wanted, stale: failed, left as they are */
	int fail_all;           /* the file fails whatever is done: left unchanged */
};

/* 1 when b is a with the tag inserted in nins places (ins[]: where in b,
 * 1-based). */
static int insertions(struct job *J, const char *a, const char *b)
{
	J->nins = (long)tagtext_insertions(a, strlen(a), b, strlen(b), J->in->tag, J->at);
	for (long k = 0; k < J->nins; k++)
		J->ins[k] = (long)J->at[k] + 1;
	return J->nins > 0;
}

static int doubled(const struct job *J, const char *b)
{
	for (long k = 0; k < J->nins; k++)
		if (sub_is(b, J->ins[k] - J->L - 1, J->L + 1, J->tag_sp) ||
		    sub_is(b, J->ins[k] + J->L + 1, J->L + 1, J->tag_sp))
			return 1;
	return 0;
}

/* Whether a is a re-declaration of a wanted symbol (spatch may take
 * `__typeof__(S) S TAG;` for a definition of S and tag it again). */
static int redecl_of_wanted(const struct job *J, const char *a)
{
	for (size_t k = 0; k < J->in->nwanted; k++)
		if (tagtext_is_redecl(a, strlen(a), J->in->wanted[k], J->in->tag))
			return 1;
	return 0;
}

static long wanted_id(const struct job *J, const char *sym, size_t n)
{
	for (size_t k = 0; k < J->in->nwanted; k++)
		if (strlen(J->in->wanted[k]) == n && !strncmp(J->in->wanted[k], sym, n))
			return (long)k;
	return -1;
}

/* The symbol of list[0..n) named first in s (skip: kinds to pass over). */
static long first_named(const char *s, const char *const *list, size_t n,
			const char *const *kinds, const char *skip)
{
	long best = -1, bp = 0;

	for (size_t k = 0; k < n; k++) {
		long p;

		if (skip && !strcmp(kinds[k], skip))
			continue;
		p = wordat(s, list[k], 1);
		if (p && (!bp || p < bp)) {
			bp = p;
			best = (long)k;
		}
	}
	return best;
}

/* The one wanted symbol whose placement (wanted.tsv's line) is line i, or -1. */
static long placed_on(const struct job *J, long i)
{
	long found = -1;

	for (size_t k = 0; J->in->lines && k < J->in->nwanted; k++)
		if ((long)J->in->lines[k] == i) {
			if (found >= 0)
				return -1;
			found = (long)k;
		}
	return found;
}

/* The wanted symbol a tag inserted at q of B line i belongs to, or -1: the
 * word after it, else (before a call: a definer macro) the one placed on that
 * line, else the first wanted name within three lines, objects first. */
static long owner_add(const struct job *J, long i, long q)
{
	const struct complete_in *in = J->in;
	const char *rest = J->B.v[i - 1] + (q + J->L <= (long)strlen(J->B.v[i - 1]) ? q + J->L : (long)strlen(J->B.v[i - 1]));
	size_t w = 0;

	while (isw(rest[w]) && (w || !(rest[0] >= '0' && rest[0] <= '9')))
		w++;
	if (w && wanted_id(J, rest, w) >= 0)
		return wanted_id(J, rest, w);
	if (!w || rest[strspn(rest + w, " \t") + w] != '(')
		return -1;
	if (placed_on(J, i) >= 0)
		return placed_on(J, i);
	for (int pass = 1; pass <= 2; pass++)
		for (long j = i; j <= J->B.n && j <= i + 3; j++) {
			const char *s = j == i ? rest : J->B.v[j - 1];
			long best = first_named(s, in->wanted, in->nwanted, in->kinds,
						pass == 1 ? "func" : NULL);

			if (best >= 0)
				return best;
			if (strchr(s, ';'))
				break;
		}
	return -1;
}

/* The stale symbol named after position q of A line i (or on the next three). */
static long owner_rm(const struct job *J, long i, long q)
{
	for (long j = i; j <= J->A.n && j <= i + 3; j++) {
		const char *s = j == i ? J->A.v[i - 1] + q - 1 : J->A.v[j - 1];
		long best = first_named(s, J->in->stale, J->in->nstale, NULL, NULL);

		if (best >= 0)
			return best;
	}
	return -1;
}

static int is_cond(const char *line)
{
	static const char *const words[] = { "if", "ifdef", "ifndef", "else", "elif", "endif" };

	line += strspn(line, " \t");
	if (*line++ != '#')
		return 0;
	line += strspn(line, " \t");
	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (!strncmp(line, words[k], strlen(words[k])))
			return 1;
	return 0;
}

/* The lines symbol w was tagged on are separated by #if/#else/#endif lines. */
static int in_arms(const struct job *J, long w)
{
	for (long k = 1; k < J->nlines[w]; k++) {
		int ok = 0;

		for (long j = J->lines[w][k - 1] + 1; j < J->lines[w][k]; j++)
			ok |= is_cond(J->A.v[j - 1]);
		if (!ok)
			return 0;
	}
	return 1;
}

static void problem(struct job *J, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void problem(struct job *J, const char *fmt, ...)
{
	va_list ap;
	char *msg, *all;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		fatal("out of memory");
	va_end(ap);
	all = xasprintf("%s\nW\t  %s:%s", J->probs ? J->probs : "", J->in->src, msg);
	free(J->probs);
	free(msg);
	J->probs = all;
	J->nprob++;
}

static void tagged_at(struct job *J, long i, long w, long q)
{
	size_t cap = (size_t)J->nlines[w];

	J->inplace[w]++;
	grow_array((void **)&J->lines[w], &cap, (size_t)J->nlines[w] + 1, sizeof(long));
	J->lines[w][J->nlines[w]++] = i;
	if (!sub_is(J->B.v[i - 1], q + J->L + 1, (long)strlen(J->in->wanted[w]), J->in->wanted[w]))
		J->viamacro[w]++;
}

/* One changed line i: tags inserted, tags removed, or a problem. */
static void changed_line(struct job *J, long i)
{
	char *a = J->A.v[i - 1], *b = J->B.v[i - 1];

	if (insertions(J, a, b) && (doubled(J, b) || redecl_of_wanted(J, a))) {
		free(J->B.v[i - 1]);
		J->B.v[i - 1] = xstrdup(a);     /* a tag next to the same tag, or on
						 * a re-declaration (tagged already) */
	} else if (insertions(J, a, b)) {
		for (long k = 0; k < J->nins; k++) {
			long w = owner_add(J, i, J->ins[k]);

			if (w < 0)
				problem(J, "%ld: a tag for no wanted symbol: %s", i, b);
			else
				tagged_at(J, i, w, J->ins[k]);
		}
	} else if (insertions(J, b, a)) {
		for (long k = 0; k < J->nins; k++) {
			long s = owner_rm(J, i, J->ins[k]);

			if (s < 0)
				problem(J, "%ld: a tag removed from no stale symbol: %s", i, a);
			else
				J->gone[s]++;
		}
	} else {
		problem(J, "%ld: changed beyond the tag: %s", i, b);
	}
}

static void spatch_changes(struct job *J)
{
	const struct complete_in *in = J->in;

	J->nprob = 0;
	free(J->probs);
	J->probs = NULL;
	for (size_t w = 0; w < in->nwanted; w++) {
		J->inplace[w] = J->viamacro[w] = J->nlines[w] = 0;
		free(J->lines[w]);
		J->lines[w] = NULL;
	}
	memset(J->gone, 0, in->nstale * sizeof(*J->gone));
	if (J->A.n != J->B.n) {
		problem(J, " the number of lines changed");
		return;
	}
	for (long i = 1; i <= J->A.n; i++)
		if (strcmp(J->A.v[i - 1], J->B.v[i - 1]))
			changed_line(J, i);
	/* several tags only on declarators of the name itself, or across #if arms */
	for (size_t w = 0; w < in->nwanted; w++)
		if (J->inplace[w] > 1 && J->viamacro[w] && !in_arms(J, (long)w))
			problem(J, " %s: tagged %ld times", in->wanted[w], J->inplace[w]);
}

/* Whether line is a re-declaration of sym (either form). */
static int is_redecl(const struct job *J, const char *line, const char *sym)
{
	return tagtext_is_redecl(line, strlen(line), sym, J->in->tag);
}

static void form(const struct job *J, const char *sym, const char *f, const char *why)
{
	fprintf(J->out, "F\t%s\t%s\t%s\t%s\n", J->in->src, sym, f, why);
}

/* Whether t ends in `)` and `;` (blanks between): a prototype. */
static int ends_proto(const char *t)
{
	size_t e = strlen(t);

	if (!e || t[e - 1] != ';')
		return 0;
	e--;
	while (e && (t[e - 1] == ' ' || t[e - 1] == '\t'))
		e--;
	return e && t[e - 1] == ')';
}

/* Whether A tags sym already (a line with both, not a prototype or extern). */
/* Whether 1-based line of the original is where the scanner sees the
 * definition of sym (an `extern` definition: `extern int TAG f(x) int x; {`). */
static int defined_on(const struct job *J, const char *sym, long line)
{
	struct srcfile *f = srcfile_open(J->in->a, J->in->alen);
	unsigned at = 0;
	int yes = srcfile_locate(f, sym, 0, &at, NULL) == LOC_DECLARATOR && (long)at == line;

	srcfile_close(f);
	return yes;
}

static int already(const struct job *J, size_t w)
{
	const char *sym = J->in->wanted[w];
	int found = 0;

	for (long i = 0; i < J->A.n && !found; i++) {
		char *t;

		if (!wordat(J->A.v[i], J->in->tag, 1) || !wordat(J->A.v[i], sym, 1))
			continue;
		t = trim(J->A.v[i]);
		if (is_redecl(J, t, sym))
			found = 1;
		else if (!strncmp(t, "extern", 6) && (t[6] == ' ' || t[6] == '\t'))
			found = defined_on(J, sym, i + 1);
		else if (!strcmp(J->in->kinds[w], "func") && ends_proto(t))
			;
		else
			found = 1;
		free(t);
	}
	return found;
}

/* Why spatch left sym untagged: a definition the scanner sees (spatch did not
 * match it: a parse error, or a shape no rule has, `T (*f(...))(...) {`), a
 * name only macros make, or a name the text does not have. */
static const char *why_not(struct srcfile *f, const char *sym)
{
	unsigned line;

	if (srcfile_locate(f, sym, 0, &line, NULL) == LOC_DECLARATOR)
		return "not matched";
	switch (srcfile_name_use(f, sym)) {
	case USE_FREE:
		return "not matched";
	case USE_IN_MACROS:
		return "macro-made";
	default:
		return "name not in source";
	}
}

/* Remove n characters at 1-based position q of *line. */
static void cut(char **line, long q, long n)
{
	memmove(*line + q - 1, *line + q - 1 + n, strlen(*line + q - 1 + n) + 1);
}

/* `TAG sym`, or `TAG MACRO(... sym ...)` at the start of the line. */
static int tag_before(const struct job *J, const char *c, long q, const char *sym)
{
	const char *rest = c + q + J->L, *p;
	size_t sl = strlen(sym);

	if (!strncmp(rest, sym, sl) && !isw(rest[sl]))
		return 1;
	p = c + strspn(c, " \t");
	if (strncmp(p, J->tag_sp, (size_t)J->L + 1))
		return 0;
	p += J->L + 1;
	if (!(*p == '_' || (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')))
		return 0;
	while (isw(*p))
		p++;
	p += strspn(p, " \t");
	return *p == '(' && wordat(c, sym, 1);
}

/* Stale tags spatch cannot reach: earlier re-declarations (deleted, del[]),
 * `TAG MACRO(sym)`, `TAG sym` in declarators spatch missed, `sym TAG`. */
static void remove_stale(struct job *J, char *del)
{
	const struct complete_in *in = J->in;

	for (size_t s = 0; s < in->nstale; s++) {
		const char *sym = in->stale[s];
		long by_spatch = J->gone[s], sl = (long)strlen(sym), q;

		for (long i = 0; i < J->B.n; i++) {
			if (is_redecl(J, J->B.v[i], sym)) {
				del[i] = 1;
				J->gone[s]++;
				continue;
			}
			if (by_spatch)
				continue;
			if ((q = wordat(J->B.v[i], in->tag, 1)) && J->B.v[i][q + J->L - 1] == ' ' &&
			    tag_before(J, J->B.v[i], q, sym)) {
				cut(&J->B.v[i], q, J->L + 1);
				J->gone[s]++;
			} else if ((q = wordat(J->B.v[i], sym, 1)) &&
				   sub_is(J->B.v[i], q + sl, J->L + 1, J->sp_tag) &&
				   !isw_at(J->B.v[i], q + sl + J->L + 1)) {
				cut(&J->B.v[i], q + sl, J->L + 1);
				J->gone[s]++;
			}
		}
		if (J->fail_s[s])
			form(J, sym, "failed", "stale tag still there after removing it");
		else if (J->gone[s])
			form(J, sym, "removed", "-");
		else
			form(J, sym, "failed", "stale tag not found");
	}
}

/* The re-declarations to write, each with the line it goes after. */
struct adds {
	struct tagtext_redecl_at *v;
	size_t n, cap;
};

/* Whether an addition goes after line i or later. */
static int adds_from(const struct adds *add, long i)
{
	for (size_t k = 0; k < add->n; k++)
		if ((long)add->v[k].after >= i || add->v[k].after == UINT_MAX)
			return 1;
	return 0;
}

/* The additions that go after line i (any past the last line: at the end). */
static void put_adds(FILE *f, const struct adds *add, long i, long nlines)
{
	for (size_t k = 0; k < add->n; k++)
		if (i < nlines ? add->v[k].after == (unsigned)i :
				 add->v[k].after >= (unsigned)nlines)
			fprintf(f, "%s\n", add->v[k].text);
}

/* The text: B less the deleted lines, the re-declarations each behind the
 * line it goes after (in its definition's #if arm), or at the end. */
static char *final_text(const struct job *J, const char *del, const struct adds *add,
			size_t *len)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&buf, &size);
	long last = J->B.n;
	int nonl = J->in->alen && J->in->a[J->in->alen - 1] != '\n';

	if (!f)
		fatal("out of memory");
	while (last > 0 && del[last - 1])
		last--;
	for (long i = 1; i <= J->B.n; i++) {
		if (!del[i - 1])
			fprintf(f, "%s%s", J->B.v[i - 1],
				i == last && nonl && !adds_from(add, i) ? "" : "\n");
		put_adds(f, add, i, J->B.n);
	}
	if (!J->B.n)
		put_adds(f, add, 0, 0);
	if (fclose(f))
		fatal("out of memory");
	*len = size;
	return buf;
}

/* The re-declarations of wanted symbol w (tagtext_redecls on the original
 * text), added to add. */
static void redecl(const struct job *J, struct srcfile *f, size_t w, struct adds *add)
{
	struct tagtext_redecl_at *r;
	size_t n = tagtext_redecls(f, J->in->wanted[w], J->in->lines ? J->in->lines[w] : 0,
				   J->in->tag, J->in->kinds[w],
				   J->in->places ? J->in->places[w] : NULL, J->in->quiet, &r);

	grow_array((void **)&add->v, &add->cap, add->n + n, sizeof(*add->v));
	memcpy(add->v + add->n, r, n * sizeof(*r));
	add->n += n;
	free(r);
}

/* The wanted definitions, in the order of wanted.tsv: their form. */
static void wanted_forms(struct job *J, int failed, struct adds *add)
{
	const struct complete_in *in = J->in;
	struct srcfile *f = srcfile_open(in->a, in->alen);

	for (size_t w = 0; w < in->nwanted; w++) {
		const char *sym = in->wanted[w];
		char *why;

		if (J->fail_w[w]) {
			form(J, sym, "failed", "not tagged after re-declaring it");
			continue;
		} else if (J->forced[w]) {
			form(J, sym, "redeclared", "?its tag is not on a definition crossym sees");
		} else if (J->inplace[w] && !strcmp(in->kinds[w], "several")) {
			form(J, sym, "redeclared", "?several definitions (#if arms), tagged in place too");
		} else if (J->inplace[w]) {
			form(J, sym, "inplace", "-");
			continue;
		} else if (already(J, w)) {
			form(J, sym, "already", "-");
			continue;
		} else {
			why = xasprintf("%c%s", failed ? '!' : '?', why_not(f, sym));
			form(J, sym, "redeclared", why);
			free(why);
		}
		redecl(J, f, w, add);
	}
	srcfile_close(f);
}
/* B from spatch's result, or (failed) from the original; what it changed. */
static void restart(struct job *J, int failed)
{
	const struct complete_in *in = J->in;

	free_lines(&J->B);
	split(failed ? in->a : in->b, failed ? in->alen : in->blen, &J->B);
	spatch_changes(J);
}

/* Put back the original of every line spatch tagged a forced symbol on. */
static int revert_forced(struct job *J)
{
	int n = 0;

	for (size_t w = 0; w < J->in->nwanted; w++)
		for (long k = 0; J->forced[w] && k < J->nlines[w]; k++) {
			long i = J->lines[w][k];

			free(J->B.v[i - 1]);
			J->B.v[i - 1] = xstrdup(J->A.v[i - 1]);
			n++;
		}
	return n;
}

/* The file left as it was: every wanted and stale symbol failed. */
static char *unchanged(struct job *J, size_t *len)
{
	const struct complete_in *in = J->in;

	for (size_t w = 0; w < in->nwanted; w++)
		form(J, in->wanted[w], "failed", "the file fails crossym verify: left unchanged");
	for (size_t s = 0; s < in->nstale; s++)
		form(J, in->stale[s], "failed", "the file fails crossym verify: left unchanged");
	*len = in->alen;
	return xstrndup(in->a, in->alen);
}

/* One try at the text: spatch's result (else the original) less the lines of
 * the forced symbols, stale tags removed, re-declarations appended; F lines
 * on J->out. *failed is set when spatch's result had to be dropped. */
static char *attempt(struct job *J, int *failed, size_t *len)
{
	struct adds add = { 0 };
	char *del, *text;

	if (J->fail_all)
		return unchanged(J, len);
	restart(J, *failed);
	if (!*failed && J->nprob) {
		fprintf(J->notes, "W\t%s: spatch result discarded, re-declaring instead:%s\n",
			J->in->src, J->probs);
		*failed = 1;
		restart(J, 1);
	} else if (!*failed && revert_forced(J)) {
		spatch_changes(J);
	}
	del = xcalloc((size_t)J->B.n + 1, 1);
	remove_stale(J, del);
	wanted_forms(J, *failed, &add);
	text = final_text(J, del, &add, len);
	tagtext_redecls_free(add.v, add.n);
	free(del);
	return text;
}

/* crossym verify's judgement of text: the number of problems; wbad/sbad
 * mark the symbols it names, *nsym counts them. */
static size_t check(const struct job *J, const char *text, size_t len, unsigned char *wbad,
		    unsigned char *sbad, size_t *nsym)
{
	const struct complete_in *in = J->in;
	struct verify_lists v = { in->tag, in->wanted, in->nwanted, in->stale, in->nstale,
				  wbad, sbad, in->lines };
	char *buf = NULL;
	size_t size = 0, bad;
	FILE *sink = open_memstream(&buf, &size);

	if (!sink)
		fatal("out of memory");
	memset(wbad, 0, in->nwanted);
	memset(sbad, 0, in->nstale);
	bad = verify_file(in->src, in->a, in->alen, text, len, &v, sink);
	if (fclose(sink))
		fatal("out of memory");
	free(buf);
	*nsym = 0;
	for (size_t k = 0; k < in->nwanted; k++)
		*nsym += wbad[k];
	for (size_t k = 0; k < in->nstale; k++)
		*nsym += sbad[k];
	return bad;
}

/* What to try next after a try crossym verify rejects: re-declare the
 * symbols spatch tagged where the scanner does not see it, else drop
 * spatch's result, else fail the symbols named (or the whole file). 0 when
 * nothing is left to try but the final text with its failures. */
static int next_try(struct job *J, int *failed, const unsigned char *wbad,
		    const unsigned char *sbad, size_t bad, size_t nsym)
{
	const struct complete_in *in = J->in;
	int more = 0;

	for (size_t w = 0; w < in->nwanted; w++)
		if (wbad[w] && !J->forced[w])
			more = J->forced[w] = 1;
	if (more)
		return 1;
	if (!*failed && bad > nsym) {
		fprintf(J->notes, "W\t%s: spatch result discarded, re-declaring instead:\n"
			"W\t  %s: it does not pass crossym verify\n", in->src, in->src);
		*failed = 1;
		return 1;
	}
	J->fail_all = bad > nsym;
	memcpy(J->fail_w, wbad, in->nwanted);
	memcpy(J->fail_s, sbad, in->nstale);
	return 0;
}

static void free_job(struct job *J, size_t nw)
{
	for (size_t w = 0; w < nw; w++)
		free(J->lines[w]);
	free(J->lines);
	free(J->nlines);
	free(J->viamacro);
	free(J->inplace);
	free(J->gone);
	free(J->ins);
	free(J->at);
	free(J->probs);
	free(J->tag_sp);
	free(J->sp_tag);
	free(J->forced);
	free(J->fail_w);
	free(J->fail_s);
	free_lines(&J->A);
	free_lines(&J->B);
}

/* Try until crossym verify takes the text (each try's F lines in a buffer,
 * the last one's printed): no single definition costs the file its patch. */
char *complete_file(const struct complete_in *in, size_t *len, FILE *out)
{
	struct job J = { .in = in, .L = (long)strlen(in->tag),
			 .tag_sp = xasprintf("%s ", in->tag), .sp_tag = xasprintf(" %s", in->tag) };
	int failed = in->failed, marked = 0;
	size_t nw = in->nwanted ? in->nwanted : 1, bad, nsym, nnotes = 0, nforms = 0;
	char *text = NULL, *notes = NULL, *forms = NULL;
	unsigned char *wbad = xcalloc(nw, 1), *sbad = xcalloc(in->nstale + 1, 1);

	split(in->a, in->alen, &J.A);
	J.ins = xcalloc(in->blen + in->alen + 2, sizeof(*J.ins));
	J.at = xcalloc(in->blen + in->alen + 2, sizeof(*J.at));
	J.inplace = xcalloc(nw, sizeof(long));
	J.viamacro = xcalloc(nw, sizeof(long));
	J.nlines = xcalloc(nw, sizeof(long));
	J.lines = xcalloc(nw, sizeof(long *));
	J.gone = xcalloc(in->nstale + 1, sizeof(long));
	J.forced = xcalloc(nw, 1);
	J.fail_w = xcalloc(nw, 1);
	J.fail_s = xcalloc(in->nstale + 1, 1);
	if (!(J.notes = open_memstream(&notes, &nnotes)))
		fatal("out of memory");
	for (;;) {
		free(text);
		free(forms);
		if (!(J.out = open_memstream(&forms, &nforms)))
			fatal("out of memory");
		text = attempt(&J, &failed, len);
		if (fclose(J.out))
			fatal("out of memory");
		bad = check(&J, text, *len, wbad, sbad, &nsym);
		if (!bad || J.fail_all || marked)
			break;
		marked = !next_try(&J, &failed, wbad, sbad, bad, nsym);
	}
	if (fclose(J.notes))
		fatal("out of memory");
	fputs(notes, out);
	fputs(forms, out);
	free(notes);
	free(forms);
	free(wbad);
	free(sbad);
	free_job(&J, nw);
	return text;
}

/* ---- OUTDIR ---- */

static void mkdirs_for(const char *path)
{
	char *p = xstrdup(path);

	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) && errno != EEXIST)
			fatal("%s: %s", p, errstr(errno));
		*s = '/';
	}
	free(p);
}

static int write_text(const char *path, const char *text, size_t len)
{
	FILE *f;

	mkdirs_for(path);
	f = fopen(path, "w");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f)) {
		error("%s: %s", path, errstr(errno));
		return -1;
	}
	return 0;
}

struct tables {
	char **files, **wanted, **stale, **failed, *tag;
	long nfiles, nwanted, nstale, nfailed;
	struct tagmacro_edit *macros;   /* OUTDIR/macros.tsv (--tag-macros) */
	long nmacros;
	struct tagstyle style;   /* OUTDIR/tag-style */
	char **tables;           /* OUTDIR/tables.tsv: source, symbol */
	long ntables;
};

/* wanted.tsv's kind of symbol sym of src, or "table" for a variable of
 * tables.tsv (its re-declaration keeps its alignment: tagtext_redecl). */
static const char *wanted_kind(const struct tables *T, const char *src, const char *sym,
			       const char *kind)
{
	for (long i = 0; i < T->ntables; i++)
		if (!strcmp(T->tables[2 * i], src) && !strcmp(T->tables[2 * i + 1], sym))
			return "table";
	return kind;
}

static int is_failed(const struct tables *T, const char *src)
{
	for (long i = 0; i < T->nfailed; i++)
		if (!strcmp(T->failed[i], src))
			return 1;
	return 0;
}

/* The #defines of src that --tag-macros tags (macros.tsv): "TAG " where each
 * says, an `F src MACRO macro ...` line each; an edit that does not fit the
 * text is an E line (the file keeps the rest). */
static char *tag_defines(const struct tables *T, const char *src, char *c, size_t *lc,
			 FILE *out)
{
	size_t n = T->nmacros > 0 ? (size_t)T->nmacros : 0;
	char *tagged = tagmacro_apply(T->macros, n, src, c, lc, T->tag);

	if (!tagged) {
		fprintf(out, "E\t%s: a #define of macros.tsv is not where it was scanned\n", src);
		return c;
	}
	for (size_t k = 0; k < n; k++)
		if (!strcmp(T->macros[k].source, src))
			fprintf(out, "F\t%s\t%s\tmacro\tits #define carries the tag\n", src,
				T->macros[k].macro);
	free(c);
	return tagged;
}

/* Whether src gets --define-tag's #define: each file that gets a tag (its
 * text changed, and it has wanted definitions or #defines to tag), or the
 * header named. */
static int wants_define(const struct tables *T, const char *src, size_t nw,
			const char *a, size_t la, const char *c, size_t lc)
{
	const char *d = T->style.define;
	int macros = 0;

	if (!d)
		return 0;
	if (strcmp(d, "."))
		return !strcmp(d, src);
	for (long k = 0; k < T->nmacros; k++)
		macros |= !strcmp(T->macros[k].source, src);
	return (nw || macros) && (la != lc || memcmp(a, c, la));
}

static int complete_one(const struct tables *T, const char *src, const char *orig,
			const char *spatched, const char *dest, FILE *out)
{
	char *pa = path_join(orig, src), *pb = path_join(spatched, src), *pc = path_join(dest, src);
	size_t la = 0, lb = 0, lc, nw = 0, ns = 0;
	char *a = read_file(pa, &la), *b = a ? read_file(pb, &lb) : NULL, *c;
	const char **w = xcalloc((size_t)T->nwanted + 1, sizeof(*w));
	const char **k = xcalloc((size_t)T->nwanted + 1, sizeof(*k));
	unsigned *lines = xcalloc((size_t)T->nwanted + 1, sizeof(*lines));
	const char **pl = xcalloc((size_t)T->nwanted + 1, sizeof(*pl));
	const char **s = xcalloc((size_t)T->nstale + 1, sizeof(*s));
	int rc = -1;

	for (long i = 0; i < T->nwanted; i++)
		if (!strcmp(T->wanted[6 * i], src)) {
			w[nw] = T->wanted[6 * i + 1];
			lines[nw] = (unsigned)strtoul(T->wanted[6 * i + 3], NULL, 10);
			pl[nw] = T->wanted[6 * i + 5];
			k[nw] = wanted_kind(T, src, w[nw], T->wanted[6 * i + 2]);
			nw++;
		}
	for (long i = 0; i < T->nstale; i++)
		if (!strcmp(T->stale[2 * i], src))
			s[ns++] = T->stale[2 * i + 1];
	if (!a || !b) {
		error("%s: %s", a ? pb : pa, errstr(errno));
	} else {
		struct complete_in in = { src, T->tag, a, b, la, lb, is_failed(T, src),
					  w, k, lines, pl, nw, s, ns, T->style.quiet };

		c = complete_file(&in, &lc, out);
		c = tag_defines(T, src, c, &lc, out);
		c = tagstyle_apply(&T->style, T->tag, w, nw, wants_define(T, src, nw, a, la, c, lc),
				   c, &lc);
		rc = write_text(pc, c, lc);
		free(c);
	}
	free(w);
	free(k);
	free(lines);
	free(pl);
	free(s);
	free(a);
	free(b);
	free(pa);
	free(pb);
	free(pc);
	return rc;
}

int complete_outdir(const char *outdir, const char *orig, const char *spatched,
		    const char *dest, const char *failed_list, FILE *out)
{
	struct tables T = { 0 };
	char *p, **tagcell = NULL;
	long ntag;
	int rc = 0;

	p = path_join(outdir, "tag");
	ntag = read_tsv(p, 1, &tagcell);
	free(p);
	p = path_join(outdir, "files.tsv");
	T.nfiles = read_tsv(p, 1, &T.files);
	free(p);
	p = path_join(outdir, "wanted.tsv");
	T.nwanted = read_tsv(p, 6, &T.wanted);
	free(p);
	p = path_join(outdir, "stale.tsv");
	T.nstale = read_tsv(p, 2, &T.stale);
	free(p);
	p = path_join(outdir, "tables.tsv");    /* (none from an older cocci) */
	T.ntables = access(p, F_OK) && errno == ENOENT ? 0 : read_tsv(p, 2, &T.tables);
	free(p);
	T.nfailed = failed_list ? read_tsv(failed_list, 1, &T.failed) : 0;
	if (ntag < 1 || T.nfiles < 0 || T.nwanted < 0 || T.nstale < 0 || T.nfailed < 0 ||
	    T.ntables < 0 ||
	    (T.nmacros = tagmacro_read(outdir, &T.macros)) < 0 || tagstyle_read(outdir, &T.style))
		rc = -1;
	T.tag = ntag > 0 ? tagcell[0] : NULL;
	for (long i = 0; !rc && i < T.nfiles; i++)
		rc = complete_one(&T, T.files[i], orig, spatched, dest, out);
	free_tsv(tagcell, ntag, 1);
	free_tsv(T.files, T.nfiles, 1);
	free_tsv(T.wanted, T.nwanted, 6);
	free_tsv(T.stale, T.nstale, 2);
	free_tsv(T.tables, T.ntables, 2);
	free_tsv(T.failed, T.nfailed, 1);
	tagmacro_edits_free(T.macros, T.nmacros > 0 ? (size_t)T.nmacros : 0);
	tagstyle_free(&T.style);
	return rc;
}
