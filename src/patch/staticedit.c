// SPDX-License-Identifier: GPL-2.0-only
/* staticedit.c - crossym cocci --static's OUTDIR and annotate's steps on it
 * (staticedit.h). edits.tsv is `FILE<TAB>op<TAB>LINE<TAB>ARG<TAB>SYMBOL`,
 * sorted by file and line: op `static` puts "static " at column ARG
 * (0-based) of LINE; op `undecl` deletes lines LINE..ARG. */
#include "patch/staticedit.h"
#include "patch/cocci.h"
#include "core/objects.h"
#include "lib/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "templates.h"

#define STATIC_WORD "static "

enum edit_op { EDIT_STATIC, EDIT_UNDECL };

struct edit {
	const char *file, *symbol;
	unsigned char op, func;
	unsigned line, arg;
};

static int cmp_edit(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	if (c)
		return c;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return strcmp(x->symbol, y->symbol);
}

/* The edits of the plan's static items, sorted. */
static struct edit *plan_edits(const struct static_plan *p, size_t *n)
{
	struct edit *e = NULL;
	size_t cap = 0;

	*n = 0;
	for (size_t k = 0; k < p->n; k++) {
		const struct static_item *it = &p->v[k];
		unsigned char func = it->kind == KIND_FUNC;

		if (it->why)
			continue;
		grow_array((void **)&e, &cap, *n + 1 + it->nundecl, sizeof(*e));
		e[(*n)++] = (struct edit){ it->source, it->symbol, EDIT_STATIC, func,
					   it->line, it->col };
		for (size_t d = 0; d < it->nundecl; d++)
			e[(*n)++] = (struct edit){ it->undecl[d].file, it->symbol, EDIT_UNDECL,
						   func, it->undecl[d].line,
						   it->undecl[d].end_line };
	}
	if (*n)
		qsort(e, *n, sizeof(*e), cmp_edit);
	return e;
}

/* "a, b" of the symbols of e[0..n) with op and func, NULL when none. */
static char *symbol_list(const struct edit *e, size_t n, int op, int func)
{
	struct sbuf list = { 0 };

	for (size_t k = 0; k < n; k++) {
		if (e[k].op != op || e[k].func != func)
			continue;
		if (list.len)
			sbuf_add(&list, ", ");
		sbuf_add(&list, e[k].symbol);
	}
	return list.s;
}

/* The rule of tmpl for list (nothing when list is NULL) appended to *text. */
static void add_rule(struct sbuf *text, const char *tmpl, const char *key, char *list)
{
	const char *keys[1] = { key };
	const char *vals[1] = { list };
	char *rule;

	if (!list)
		return;
	rule = cocci_subst(tmpl, keys, vals, 1);
	if (text->len)
		sbuf_add(text, "\n");
	sbuf_add(text, rule);
	free(rule);
	free(list);
}

/* The semantic patch of one file, whose edits are e[0..n). */
static char *file_patch(const struct edit *e, size_t n)
{
	struct sbuf text = { 0 };

	add_rule(&text, tmpl_static_func, "FUNCS", symbol_list(e, n, EDIT_STATIC, 1));
	add_rule(&text, tmpl_static_var, "VARS", symbol_list(e, n, EDIT_STATIC, 0));
	add_rule(&text, tmpl_undeclare_func, "FUNCS", symbol_list(e, n, EDIT_UNDECL, 1));
	add_rule(&text, tmpl_undeclare_var, "VARS", symbol_list(e, n, EDIT_UNDECL, 0));
	return sbuf_take(&text);
}

/* text with the edits e[0..n) of its file made: NULL, with *why, when one
 * does not fit (its line is not there, its column starts no word, the
 * definition is static already). */
static char *apply_edits(const char *text, size_t len, const struct edit *e, size_t n,
			 size_t *outlen, char **why)
{
	char *out = xmalloc(len + n * sizeof(STATIC_WORD) + 1);
	size_t o = 0, k = 0, i = 0;

	*why = NULL;
	for (unsigned line = 1; i < len || k < n; line++) {
		size_t end = i;

		while (end < len && text[end] != '\n')
			end++;
		end += end < len;
		if (i >= len && k < n) {
			*why = xasprintf("%s: line %u of %s: past the end of the file",
					 e[k].symbol, e[k].line, e[k].file);
			break;
		}
		while (k < n && e[k].op == EDIT_UNDECL && e[k].arg < line)
			k++;
		if (k < n && e[k].op == EDIT_UNDECL && e[k].line <= line) {
			i = end;
			continue;
		}
		if (k < n && e[k].op == EDIT_STATIC && e[k].line == line) {
			size_t at = i + e[k].arg;

			if (at >= end || !(text[at] == '_' || isalpha((unsigned char)text[at])) ||
			    !strncmp(text + at, STATIC_WORD, strlen(STATIC_WORD))) {
				*why = xasprintf("%s: %s:%u:%u: no declaration starts there",
						 e[k].symbol, e[k].file, line, e[k].arg + 1);
				break;
			}
			memcpy(out + o, text + i, e[k].arg);
			o += e[k].arg;
			memcpy(out + o, STATIC_WORD, strlen(STATIC_WORD));
			o += strlen(STATIC_WORD);
			i = at;
			k++;
		}
		memcpy(out + o, text + i, end - i);
		o += end - i;
		i = end;
	}
	if (*why) {
		free(out);
		return NULL;
	}
	out[o] = '\0';
	*outlen = o;
	return out;
}

/* Write sb's text as OUTDIR/rel and free it. */
static void write_sbuf(struct sbuf *sb, const char *outdir, const char *rel)
{
	char *text = sbuf_take(sb);

	cocci_write_text(outdir, rel, text);
	free(text);
}

static void write_static_tsv(const char *outdir, const struct static_plan *p)
{
	struct sbuf t = { 0 };

	for (size_t k = 0; k < p->n; k++) {
		const struct static_item *it = &p->v[k];

		sbuf_printf(&t, "%s\t%s\t%u\t%s\t%s\t%s\n", it->source, it->symbol, it->line,
			it->why ? "kept" : "static", it->why ? it->why : "-", it->unit);
	}
	write_sbuf(&t, outdir, "static.tsv");
}

/* The semantic patch of the file of e[0..n) and its files.tsv line; 1 when
 * the file cannot be read. */
static int write_file_patch(const char *outdir, const char *srctree, const struct edit *e,
			    size_t n, struct sbuf *files)
{
	char *path = path_join(srctree, e[0].file), *rel, *patch, *src;
	size_t len;

	src = read_file(path, &len);
	if (!src) {
		error("%s: %s", path, errstr(errno));
		free(path);
		return 1;
	}
	rel = xasprintf("cocci/%s.cocci", e[0].file);
	patch = file_patch(e, n);
	cocci_write_text(outdir, rel, patch);
	sbuf_printf(files, "%s\t%lu\t%zu\t%s\n", e[0].file,
		posix_cksum((const unsigned char *)src, len), len, rel);
	free(patch);
	free(rel);
	free(src);
	free(path);
	return 0;
}

/* edits.tsv, the semantic patch of each file, files.tsv; returns the
 * number of files that cannot be read. */
static int write_edits(const char *outdir, const char *srctree, const struct edit *e,
		       size_t n)
{
	struct sbuf edits = { 0 }, files = { 0 };
	int errors = 0;

	for (size_t i = 0, j; i < n; i = j) {
		for (j = i; j < n && !strcmp(e[j].file, e[i].file); j++)
			sbuf_printf(&edits, "%s\t%s\t%u\t%u\t%s\n", e[j].file,
				e[j].op == EDIT_STATIC ? "static" : "undecl",
				e[j].line, e[j].arg, e[j].symbol);
		errors += write_file_patch(outdir, srctree, e + i, j - i, &files);
	}
	write_sbuf(&edits, outdir, "edits.tsv");
	write_sbuf(&files, outdir, "files.tsv");
	return errors;
}

int staticedit_write(const char *outdir, const char *srctree, const struct static_plan *p)
{
	size_t n;
	struct edit *e = plan_edits(p, &n);
	int errors;

	cocci_prepare_outdir(outdir, "static");
	cocci_write_text(outdir, "mode", "static\n");
	cocci_write_text(outdir, "wanted.tsv", "");
	cocci_write_text(outdir, "stale.tsv", "");
	write_static_tsv(outdir, p);
	errors = write_edits(outdir, srctree, e, n);
	free(e);
	return errors;
}

int staticedit_is_static(const char *outdir)
{
	char *path = path_join(outdir, "mode");
	size_t len;
	char *text = read_file(path, &len);
	int yes = text && !strcmp(text, "static\n");

	free(text);
	free(path);
	return yes;
}

/* What annotate's steps read from OUTDIR. */
struct outdir_edits {
	char **cells, **files;
	long ncells, nfiles;
	struct edit *e;
	size_t n;
};

static int load_edits(const char *outdir, struct outdir_edits *d)
{
	char *epath = path_join(outdir, "edits.tsv"), *fpath = path_join(outdir, "files.tsv");

	memset(d, 0, sizeof(*d));
	d->ncells = read_tsv(epath, 5, &d->cells);
	d->nfiles = d->ncells < 0 ? -1 : read_tsv(fpath, 1, &d->files);
	free(epath);
	free(fpath);
	if (d->ncells < 0 || d->nfiles < 0)
		return -1;
	d->e = xcalloc((size_t)d->ncells + 1, sizeof(*d->e));
	for (long r = 0; r < d->ncells; r++) {
		char **c = d->cells + r * 5;

		d->e[d->n++] = (struct edit){ c[0], c[4], strcmp(c[1], "static") ? EDIT_UNDECL :
					      EDIT_STATIC, 0, (unsigned)strtoul(c[2], NULL, 10),
					      (unsigned)strtoul(c[3], NULL, 10) };
	}
	return 0;
}

static void free_edits(struct outdir_edits *d)
{
	if (d->ncells > 0)
		free_tsv(d->cells, d->ncells, 5);
	if (d->nfiles > 0)
		free_tsv(d->files, d->nfiles, 1);
	free(d->e);
}

/* The edits of file: *n of them from the returned one. */
static const struct edit *edits_of(const struct outdir_edits *d, const char *file, size_t *n)
{
	size_t k = 0;

	while (k < d->n && strcmp(d->e[k].file, file))
		k++;
	for (*n = 0; k + *n < d->n && !strcmp(d->e[k + *n].file, file); (*n)++)
		;
	return d->e + k;
}

static char *read_in(const char *tree, const char *file, size_t *len)
{
	char *path = path_join(tree, file), *text = read_file(path, len);

	free(path);
	return text;
}

static int listed(char **list, long n, const char *file)
{
	for (long k = 0; k < n; k++)
		if (!strcmp(list[k], file))
			return 1;
	return 0;
}

/* complete for one file: its F lines (or E), NEW_TREE/file written. */
static void complete_one(const struct outdir_edits *d, const char *file, const char *orig,
			 const char *spatched, const char *result, int failed, FILE *out)
{
	size_t n, alen, blen = 0, xlen = 0;
	const struct edit *e = edits_of(d, file, &n);
	char *a = read_in(orig, file, &alen), *b = NULL, *want = NULL, *why = NULL;
	int took;

	if (a)
		want = apply_edits(a, alen, e, n, &xlen, &why);
	if (!want) {
		fprintf(out, "E\t%s: %s\n", file, why ? why : "cannot read it");
		cocci_write_text(result, file, a ? a : "");
		free(why);
		free(a);
		return;
	}
	b = failed ? NULL : read_in(spatched, file, &blen);
	took = b && blen == xlen && !memcmp(b, want, xlen);
	if (!took)
		fprintf(out, "W\t%s: spatch %s: the edits made as text\n", file,
			failed ? "failed on it" : "did not make exactly the edits");
	for (size_t k = 0; k < n; k++)
		fprintf(out, "F\t%s\t%s\t%s\t%s\n", file, e[k].symbol,
			e[k].op == EDIT_STATIC ? "static" : "undeclared", took ? "-" : "text");
	cocci_write_text(result, file, want);
	free(want);
	free(b);
	free(a);
}

int staticedit_complete(const char *outdir, const char *orig, const char *spatched,
			const char *result, const char *failed_list, FILE *out)
{
	struct outdir_edits d;
	char **failed = NULL;
	long nfailed = 0;

	if (load_edits(outdir, &d)) {
		free_edits(&d);
		return -1;
	}
	if (failed_list)
		nfailed = read_tsv(failed_list, 1, &failed);
	for (long f = 0; f < d.nfiles; f++)
		complete_one(&d, d.files[f], orig, spatched, result,
			     listed(failed, nfailed, d.files[f]), out);
	if (nfailed > 0)
		free_tsv(failed, nfailed, 1);
	free_edits(&d);
	return 0;
}

/* In the changed text of file: is each edit's effect there (the definition
 * static, the declaration gone)? The problems as E lines; their count. */
static long check_effect(const char *file, const char *text, size_t len,
			 const struct edit *e, size_t n, FILE *out)
{
	struct strtab names;
	struct mentions m;
	long bad = 0;

	strtab_init(&names);
	mentions_init(&m);
	for (size_t k = 0; k < n; k++)
		strtab_intern(&names, e[k].symbol);
	mentions_scan_text(file, text, len, &names, &m);
	for (size_t k = 0; k < n; k++) {
		unsigned id = (unsigned)strtab_find(&names, e[k].symbol);
		int nstatic = 0, left = 0;

		for (size_t x = 0; x < m.count; x++) {
			const struct mention *w = &m.v[x];
			int def = w->decl == MD_FUNC_DEF || w->decl == MD_VAR_DEF;

			if (w->name != id || w->decl == MD_NONE)
				continue;
			if (e[k].op == EDIT_STATIC && def)
				(w->flags & MF_STATIC) ? nstatic++ : left++;
			else if (e[k].op == EDIT_UNDECL && !(w->flags & MF_STATIC))
				left++;
		}
		if (left || (e[k].op == EDIT_STATIC && nstatic != 1)) {
			fprintf(out, "E\t%s: %s: %s\n", file, e[k].symbol,
				e[k].op == EDIT_STATIC ? "its definition is not static" :
				"still declared there");
			bad++;
		}
	}
	mentions_free(&m);
	strtab_free(&names);
	return bad;
}

static long verify_one(const struct outdir_edits *d, const char *file, const char *orig,
		       const char *changed, FILE *out)
{
	size_t n, alen, clen, xlen = 0;
	const struct edit *e = edits_of(d, file, &n);
	char *a = read_in(orig, file, &alen), *c = read_in(changed, file, &clen);
	char *want = NULL, *why = NULL;
	long bad = 0;

	if (a && c)
		want = apply_edits(a, alen, e, n, &xlen, &why);
	if (!want) {
		fprintf(out, "E\t%s: %s\n", file, why ? why : "cannot read it");
		bad = 1;
	} else if (clen != xlen || memcmp(c, want, xlen)) {
		fprintf(out, "E\t%s: not the original with exactly the edits of edits.tsv\n", file);
		bad = 1;
	} else {
		bad = check_effect(file, c, clen, e, n, out);
	}
	free(why);
	free(want);
	free(c);
	free(a);
	return bad;
}

long staticedit_verify(const char *outdir, const char *orig, const char *changed, FILE *out)
{
	struct outdir_edits d;
	long bad = 0;

	if (load_edits(outdir, &d)) {
		free_edits(&d);
		return -1;
	}
	for (long f = 0; f < d.nfiles; f++)
		bad += verify_one(&d, d.files[f], orig, changed, out);
	free_edits(&d);
	return bad;
}
