// SPDX-License-Identifier: GPL-2.0-only
/* diff.c - compare two TSV reports: the reviewer's view of a merge. */
#include "report/diff.h"
#include "lib/tsvesc.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define TSV_HEADER "symbol\tunit\tobject\tsource\tstatus\treferenced_from"

struct drow {
	char *symbol, *unit, *object, *status, *refs;   /* into the file's text */
	int paired;
};

struct report_file {
	char *text;
	struct drow *v;
	size_t n, cap;
	int all;                /* has class rows: it lists every definition */
};

static int is_cross(const char *status)
{
	return !strcmp(status, "tag") || !strcmp(status, "exported") || !strcmp(status, "asm") ||
	       !strcmp(status, "excluded");
}

/* Split line into at least six tab-separated fields; -1 when too few, -2 when
 * one has a backslash that starts no escape. The fields stay escaped
 * (tsvesc.h): the escaping is one-to-one, so comparing them escaped compares
 * the names, and printing them so keeps each message on its line. */
static int parse_row(char *line, struct drow *r)
{
	char *field[6];
	int n = 0;

	for (char *p = line; n < 6; n++) {
		field[n] = p;
		p = strchr(p, '\t');
		if (!p) {
			n++;
			break;
		}
		*p++ = '\0';
	}
	if (n < 6)
		return -1;
	if (strchr(field[5], '\t'))
		*strchr(field[5], '\t') = '\0';
	for (int i = 0; i < 6; i++)
		if (!tsv_escaped_ok(field[i]))
			return -2;
	r->symbol = field[0];
	r->unit = field[1];
	r->object = field[2];
	r->status = field[4];
	r->refs = field[5];
	r->paired = 0;
	return 0;
}

static int cmp_drow(const void *pa, const void *pb)
{
	const struct drow *a = pa, *b = pb;
	int c = strcmp(a->symbol, b->symbol);

	if (!c)
		c = strcmp(a->unit, b->unit);
	return c ? c : strcmp(a->object, b->object);
}

static int load_report(const char *path, struct report_file *f)
{
	size_t len, lineno = 0;
	int rc;
	char *line, *next;

	memset(f, 0, sizeof(*f));
	f->text = read_file(path, &len);
	if (!f->text) {
		error("%s: %s", path, errstr(errno));
		return -1;
	}
	if (strncmp(f->text, TSV_HEADER, strlen(TSV_HEADER))) {
		error("%s:1: not a crossym TSV report (its first line is not the "
		      "symbol, unit, object, ... header)", path);
		return -1;
	}
	for (line = f->text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (lineno++ == 0)
			continue;
		grow_array((void **)&f->v, &f->cap, f->n + 1, sizeof(*f->v));
		rc = parse_row(line, &f->v[f->n]);
		if (rc) {
			error("%s:%zu: %s", path, lineno, rc == -1 ? "fewer than six columns" :
			      "a backslash that starts no escape (\\t, \\n, \\r or \\\\)");
			return -1;
		}
		f->all |= !is_cross(f->v[f->n].status);
		f->n++;
	}
	if (f->n > 1)
		qsort(f->v, f->n, sizeof(*f->v), cmp_drow);
	return 0;
}

static void compare_pair(FILE *out, const struct drow *o, const struct drow *n, long *count)
{
	int oc = is_cross(o->status), nc = is_cross(n->status);

	if (strcmp(o->unit, n->unit) || strcmp(o->object, n->object)) {
		fprintf(out, "%s: moved: %s -> %s (%s -> %s)\n", o->symbol, o->unit, n->unit,
			o->object, n->object);
		++*count;
	}
	if (oc && !nc) {
		fprintf(out, "%s: stopped being cross-directory: %s (%s -> %s)\n", n->symbol,
			n->unit, o->status, n->status);
	} else if (!oc && nc) {
		fprintf(out, "%s: became cross-directory: %s (%s -> %s) <- %s\n", n->symbol,
			n->unit, o->status, n->status, n->refs);
	} else if (strcmp(o->status, n->status)) {
		fprintf(out, "%s: changed class: %s: %s -> %s\n", n->symbol, n->unit,
			o->status, n->status);
	} else if (strcmp(o->refs, n->refs)) {
		fprintf(out, "%s: referenced from: %s: %s -> %s\n", n->symbol, n->unit,
			o->refs, n->refs);
	} else {
		return;
	}
	++*count;
}

static void report_unpaired(FILE *out, const struct drow *r, int is_new, int other_all,
			    long *count)
{
	if (is_cross(r->status) && is_new)
		fprintf(out, "%s: became cross-directory: %s (%s) <- %s\n", r->symbol,
			r->unit, r->status, r->refs);
	else if (is_cross(r->status) && !other_all)
		fprintf(out, "%s: stopped being cross-directory: %s (%s)\n", r->symbol,
			r->unit, r->status);
	else
		fprintf(out, "%s: %s: %s (%s)\n", r->symbol,
			is_new ? "new definition" : "definition gone", r->unit, r->status);
	++*count;
}

/* The rows of one symbol: same place first, then the rest pairwise. */
static void compare_symbol(FILE *out, struct drow *o, size_t no, struct drow *n,
			   size_t nn, const struct report_file *of,
			   const struct report_file *nf, long *count)
{
	size_t i, k;

	for (i = 0; i < no; i++)
		for (k = 0; k < nn; k++)
			if (!n[k].paired && !strcmp(o[i].unit, n[k].unit) &&
			    !strcmp(o[i].object, n[k].object)) {
				o[i].paired = n[k].paired = 1;
				compare_pair(out, &o[i], &n[k], count);
				break;
			}
	for (i = 0, k = 0; i < no; i++) {
		if (o[i].paired)
			continue;
		while (k < nn && n[k].paired)
			k++;
		if (k < nn) {
			o[i].paired = n[k].paired = 1;
			compare_pair(out, &o[i], &n[k], count);
		} else {
			report_unpaired(out, &o[i], 0, nf->all, count);
		}
	}
	for (k = 0; k < nn; k++)
		if (!n[k].paired)
			report_unpaired(out, &n[k], 1, of->all, count);
}

long diff_reports(FILE *out, const char *old_path, const char *new_path)
{
	struct report_file of, nf;
	long count = -1;
	size_t i = 0, k = 0;

	memset(&nf, 0, sizeof(nf));
	if (!load_report(old_path, &of) && !load_report(new_path, &nf)) {
		count = 0;
		while (i < of.n || k < nf.n) {
			const char *sym = i < of.n && (k >= nf.n ||
				strcmp(of.v[i].symbol, nf.v[k].symbol) <= 0) ?
				of.v[i].symbol : nf.v[k].symbol;
			size_t i0 = i, k0 = k;

			while (i < of.n && !strcmp(of.v[i].symbol, sym))
				i++;
			while (k < nf.n && !strcmp(nf.v[k].symbol, sym))
				k++;
			compare_symbol(out, of.v + i0, i - i0, nf.v + k0, k - k0, &of, &nf,
				       &count);
		}
	}
	free(nf.text);
	free(nf.v);
	free(of.text);
	free(of.v);
	return count;
}
