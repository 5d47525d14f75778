// SPDX-License-Identifier: GPL-2.0-only
/* ownline.c - series.sh --checkpatch's rewrite of the patch: where a tagged
 * line broke checkpatch.pl, "-ORIG" "+TAGGED" becomes "+TAG" " ORIG" (the tag
 * on a line of its own, in the order the tag-first style has; the original
 * line kept as context), the hunk headers recounted. What a tagged line is
 * and what its tag line is: tagtext_own_line(). */
#include "patch/ownline.h"
#include "patch/tagtext.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* One hunk being read: its header's numbers and its lines. */
struct hunk {
	char *old;              /* "START,COUNT" of the old side, as written */
	char *tail;             /* what follows " @@" */
	long newstart, newcount;
	long left;              /* lines still to come (old and new counted) */
	const char **lines;     /* each line (without its newline) */
	long *no;               /* its number in the patch */
	size_t n, cap, nocap;
};

struct rewrite {
	const long *errs;
	size_t nerrs;
	const char *tag;
	FILE *out;
	long shift;             /* new lines added so far in this file */
	size_t rewritten;
};

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return (x > y) - (x < y);
}

static int has_error(const struct rewrite *r, long no)
{
	return r->nerrs && bsearch(&no, r->errs, r->nerrs, sizeof(*r->errs), cmp_long);
}

/* A header's count (after the ',' of field f, up to a blank), 1 without one. */
static long field_count(const char *f)
{
	size_t len = strcspn(f, " \t");
	const char *comma = memchr(f, ',', len);

	return comma ? strtol(comma + 1, NULL, 10) : 1;
}

/* `@@ -OLD +NEW @@TAIL` read into h. */
static void hunk_start(struct hunk *h, const char *line)
{
	const char *f2 = line + 3 + strspn(line + 3, " \t"), *f3, *rest = line + 3;
	const char *at = strstr(rest, " @@");
	size_t l2 = strcspn(f2, " \t");

	f3 = f2 + l2 + strspn(f2 + l2, " \t");
	free(h->old);
	free(h->tail);
	h->old = xstrndup(f2 + (*f2 != '\0'), l2 ? l2 - 1 : 0);
	h->newstart = strtol(f3 + (*f3 != '\0'), NULL, 10);
	h->newcount = field_count(f3);
	h->tail = xstrdup(at ? at + 3 : rest + (strlen(rest) >= 2 ? 2 : strlen(rest)));
	h->left = field_count(f2) + h->newcount;
	h->n = 0;
}

/* The line without its first character ("" for an empty line). */
static const char *body(const char *line)
{
	return *line ? line + 1 : line;
}

/* The tag line for the pair at i, i + 1 of h, or NULL. */
static char *pair_tag_line(const struct hunk *h, size_t i, const struct rewrite *r)
{
	if (h->lines[i][0] != '-' || i + 1 >= h->n || h->lines[i + 1][0] != '+' ||
	    !has_error(r, h->no[i + 1]))
		return NULL;
	return tagtext_own_line(body(h->lines[i]), body(h->lines[i + 1]),
				i ? body(h->lines[i - 1]) : "", r->tag);
}

/* Write hunk h, its pairs rewritten, under its header recounted. */
static void hunk_flush(struct hunk *h, struct rewrite *r)
{
	char **tagline = xcalloc(h->n + 1, sizeof(*tagline));
	long add = 0;

	for (size_t i = 0; i < h->n; i++)
		if ((tagline[i] = pair_tag_line(h, i, r)) != NULL) {
			add++;
			i++;
		}
	fprintf(r->out, "@@ -%s +%ld,%ld @@%s\n", h->old, h->newstart + r->shift,
		h->newcount + add, h->tail);
	for (size_t i = 0; i < h->n; i++) {
		if (tagline[i]) {
			fprintf(r->out, "+%s\n %s\n", tagline[i], body(h->lines[i]));
			free(tagline[i]);
			i++;
		} else {
			fprintf(r->out, "%s\n", h->lines[i]);
		}
	}
	free(tagline);
	r->shift += add;
	r->rewritten += (size_t)add;
	h->n = 0;
}

/* One line of the patch (numbered no). */
static void patch_line(struct hunk *h, struct rewrite *r, const char *line, long no)
{
	if (h->left == 0 && str_has_prefix(line, "@@ ")) {
		hunk_start(h, line);
	} else if (h->left > 0) {
		grow_array((void **)&h->lines, &h->cap, h->n + 1, sizeof(*h->lines));
		grow_array((void **)&h->no, &h->nocap, h->n + 1, sizeof(*h->no));
		h->lines[h->n] = line;
		h->no[h->n++] = no;
		if (line[0] != '\\')
			h->left -= line[0] == ' ' ? 2 : 1;
		if (h->left == 0)
			hunk_flush(h, r);
	} else {
		if (str_has_prefix(line, "--- "))
			r->shift = 0;
		fprintf(r->out, "%s\n", line);
	}
}

size_t ownline_patch(const char *patch, const long *errs, size_t nerrs, const char *tag,
		     FILE *out)
{
	long *sorted = xmalloc((nerrs + 1) * sizeof(*sorted)), no = 0;
	char *text = xstrdup(patch), *p = text;
	struct rewrite r = { sorted, nerrs, tag, out, 0, 0 };
	struct hunk h = { 0 };

	if (nerrs)
		memcpy(sorted, errs, nerrs * sizeof(*sorted));
	qsort(sorted, nerrs, sizeof(*sorted), cmp_long);
	while (*p) {
		char *eol = strchr(p, '\n');

		if (eol)
			*eol = '\0';
		patch_line(&h, &r, p, ++no);
		p = eol ? eol + 1 : p + strlen(p);
	}
	free(h.old);
	free(h.tail);
	free(h.lines);
	free(h.no);
	free(text);
	free(sorted);
	return r.rewritten;
}
