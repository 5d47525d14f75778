// SPDX-License-Identifier: GPL-2.0-only
/* fallback.c - --verify-build's fallback to re-declarations, line by line as
 * annotate.sh's awk did it (the same output, byte for byte). */
#include "patch/fallback.h"
#include "lib/strtab.h"
#include "patch/tagtext.h"
#include "source/srcscan.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct text_lines {
	char **v;
	size_t n;
};

/* The lines of text (a last line without newline counts), fresh strings. */
static void lines_of(const char *text, struct text_lines *L)
{
	size_t cap = 0;

	memset(L, 0, sizeof(*L));
	while (text && *text) {
		size_t len = strcspn(text, "\n");

		grow_array((void **)&L->v, &cap, L->n + 1, sizeof(*L->v));
		L->v[L->n++] = xstrndup(text, len);
		text += len + (text[len] == '\n');
	}
}

static int isw(char c)
{
	return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9');
}

/* Whether w is in s as a whole word. */
static int names(const char *s, const char *w)
{
	char *u = xasprintf(" %s ", s);
	const char *p = u, *q;
	size_t wl = strlen(w);
	int found = 0;

	while (wl && !found && (q = strstr(p, w))) {
		found = !(q > u && isw(q[-1])) && !isw(q[wl]);
		p = q + wl;
	}
	free(u);
	return found;
}

/* line with every "TAG " taken out (left to right). */
static char *untagged(const char *line, const char *tag)
{
	char *sp = xasprintf("%s ", tag), *out = xstrdup(line), *p = out, *q;
	size_t n = strlen(sp);

	while ((q = strstr(p, sp))) {
		memmove(q, q + n, strlen(q + n) + 1);
		p = q;
	}
	free(sp);
	return out;
}

/* `[extern ]__typeof__(...TAG;`, quiet or not: a re-declaration already. */
static int redeclares(const char *line, const char *tag)
{
	size_t tl = strlen(tag), len = strlen(line);

	line = tagtext_unquieted(line, &len);
	if (len > 7 && str_has_prefix(line, "extern ")) {
		line += 7;
		len -= 7;
	}
	return str_has_prefix(line, "__typeof__(") && len >= 11 + tl + 1 &&
	       !memcmp(line + len - tl - 1, tag, tl) && line[len - 1] == ';';
}

/* why[i - 1]: what the first diagnostic on line i of src says (`SRC:I: `
 * taken off), or NULL. */
static void diagnostics(const struct fallback_in *in, char **why, size_t n)
{
	struct text_lines D;
	size_t sl = strlen(in->src);

	lines_of(in->diags, &D);
	for (size_t k = 0; k < D.n && !strchr(in->src, ':'); k++) {
		const char *d = D.v[k], *num = d + sl + 1, *end = num + strspn(num, "0123456789");
		unsigned long i = strtoul(num, NULL, 10);

		/* the awk's why[d[2]]: only a plain line number meets `i in why` */
		if (strncmp(d, in->src, sl) || d[sl] != ':' || end == num || *num == '0' ||
		    (*end && *end != ':') || end - num > 9 || i > n || why[i - 1])
			continue;
		why[i - 1] = xstrdup(end[0] == ':' && end[1] == ' ' ? end + 2 : d);
	}
	strv_free(D.v, D.n);
}

/* The wanted symbols named on line, not re-declared yet: each picked (its
 * index in pick[]), said (fb), marked done. */
static void redeclare(const struct fallback_in *in, const char *line, const char *why,
		      unsigned char *done, size_t *pick, size_t *npick, FILE *fb)
{
	for (size_t k = 0; k < in->nwanted; k++) {
		if (done[k] || !names(line, in->wanted[k]))
			continue;
		for (size_t j = k; j < in->nwanted; j++)
			done[j] |= !strcmp(in->wanted[j], in->wanted[k]);
		pick[(*npick)++] = k;
		fprintf(fb, "%s\t%s\t%s\n", in->src, in->wanted[k], why);
	}
}

/* C's lines to out, with the re-declarations of the picked symbols each
 * behind its definition (tagtext_redecls on C's text), or at the end. */
static void write_with(const struct fallback_in *in, const struct text_lines *C,
		       const size_t *pick, size_t npick, FILE *out)
{
	char *text = NULL;
	size_t size = 0, nr = 0, cap = 0, n;
	FILE *m = open_memstream(&text, &size);
	struct tagtext_redecl_at *all = NULL, *r;
	struct srcfile *f;

	if (!m)
		fatal("out of memory");
	for (size_t i = 0; i < C->n; i++)
		fprintf(m, "%s\n", C->v[i]);
	if (fclose(m))
		fatal("out of memory");
	f = srcfile_open(text, size);
	for (size_t k = 0; k < npick; k++) {
		n = tagtext_redecls(f, in->wanted[pick[k]], 0, in->tag,
				    in->kinds ? in->kinds[pick[k]] : NULL, NULL, in->quiet, &r);
		grow_array((void **)&all, &cap, nr + n, sizeof(*all));
		memcpy(all + nr, r, n * sizeof(*r));
		nr += n;
		free(r);
	}
	for (size_t i = 0; i <= C->n; i++) {
		if (i)
			fprintf(out, "%s\n", C->v[i - 1]);
		for (size_t k = 0; k < nr; k++)
			if (i < C->n ? all[k].after == i : all[k].after >= i)
				fprintf(out, "%s\n", all[k].text);
	}
	tagtext_redecls_free(all, nr);
	srcfile_close(f);
	free(text);
}

void fallback_file(const struct fallback_in *in, FILE *out, FILE *fb)
{
	struct text_lines A, C;
	struct strtab orig;
	char **why;
	size_t npick = 0, *pick = xcalloc(in->nwanted + 1, sizeof(*pick));
	unsigned char *done = xcalloc(in->nwanted + 1, 1);

	lines_of(in->orig, &A);
	lines_of(in->changed, &C);
	strtab_init(&orig);
	for (size_t i = 0; i < A.n; i++)
		strtab_intern(&orig, A.v[i]);
	why = xcalloc(C.n + 1, sizeof(*why));
	diagnostics(in, why, C.n);
	for (size_t i = 0; i < C.n; i++) {
		char *s;

		if (!why[i] || redeclares(C.v[i], in->tag))
			continue;
		s = untagged(C.v[i], in->tag);
		if (strtab_find(&orig, s) < 0) {
			free(s);
			continue;
		}
		redeclare(in, C.v[i], why[i], done, pick, &npick, fb);
		free(C.v[i]);
		C.v[i] = s;
	}
	write_with(in, &C, pick, npick, out);
	strv_free(why, C.n);
	strv_free(A.v, A.n);
	strv_free(C.v, C.n);
	strtab_free(&orig);
	free(pick);
	free(done);
}
