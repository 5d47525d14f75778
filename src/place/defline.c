// SPDX-License-Identifier: GPL-2.0-only
/* defline.c - definition lines for the report's `line` column. */
#include "place/defline.h"
#include "kbuild/buildtree.h"
#include "kbuild/db.h"
#include "kbuild/objdecls.h"
#include "source/srcscan.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void lines_from_source(const struct build *b, struct row *v, size_t n);

/* By object, then source (an object made from several has several). */
static int cmp_row_object(const void *pa, const void *pb)
{
	const struct row *a = pa, *b = pb;
	int c = strcmp(a->object, b->object);

	if (!c && a->site.source != b->site.source)
		c = !a->site.source ? -1 : !b->site.source ? 1 :
		    strcmp(a->site.source, b->site.source);
	return c;
}

/* One row of v[0..n) after another, each run of one source at a time. */
static void lines_from_sources(const struct build *b, struct row *v, size_t n)
{
	size_t start = 0;

	for (size_t i = 0; i < n; i++) {
		const char *s = v[i].site.source, *next = i + 1 < n ? v[i + 1].site.source : NULL;

		if (i + 1 < n && (s == next || (s && next && !strcmp(s, next))))
			continue;
		lines_from_source(b, v + start, i + 1 - start);
		start = i + 1;
	}
}

static int cmp_decl_symbol(const void *key, const void *elem)
{
	return strcmp(key, ((const struct decl *)elem)->symbol);
}

/* From the object's DWARF, when it has any. */
static void lines_from_dwarf(const struct build *b, struct row *v, size_t n)
{
	struct object *obj = build_find(b, v[0].object);
	const struct decl *decls = NULL;
	size_t nd = obj ? object_decls(b, obj, &decls) : 0;

	for (size_t i = 0; nd > 0 && i < n; i++) {
		const struct decl *d = bsearch(v[i].symbol, decls, nd,
					       sizeof(*decls), cmp_decl_symbol);

		if (d && !v[i].site.def_source) {
			v[i].site.def_source = path_relative(d->file, b->srctree);
			v[i].site.def_line = d->line;
		}
	}
}

static void set_line(struct row *r, enum locate_result res, unsigned line)
{
	if (res != LOC_NOT_FOUND) {
		r->site.def_source = xstrdup(r->site.source);
		r->site.def_line = line;
	}
}

/* The rows asked[0..n) the db's record of their source answers: set, and
 * taken out of asked; the count left. */
static size_t lines_from_db(struct db_source *rec, struct row **asked, size_t n)
{
	size_t left = 0;

	for (size_t k = 0; k < n; k++) {
		int res;
		unsigned line;

		if (rec && db_source_get(rec, row_source_name(asked[k]), &res, &line))
			set_line(asked[k], (enum locate_result)res, line);
		else
			asked[left++] = asked[k];
	}
	return left;
}

/* The source text at path answers asked[0..n) in one walk of its tokens
 * (kept in the db's record rec when there is one). */
static void lines_from_text(struct db *db, struct db_source *rec, const char *path,
			    struct row **asked, size_t n)
{
	const char **symbols;
	enum locate_result *res;
	unsigned *lines;
	struct srcfile *file;
	size_t len;
	char *text = read_file(path, &len);

	if (!text)
		return;
	symbols = xmalloc(n * sizeof(*symbols));
	res = xmalloc(n * sizeof(*res));
	lines = xmalloc(n * sizeof(*lines));
	for (size_t k = 0; k < n; k++)
		symbols[k] = row_source_name(asked[k]);
	file = srcfile_open(text, len);
	srcfile_locate_each(file, symbols, n, res, lines);
	for (size_t k = 0; k < n; k++) {
		set_line(asked[k], res[k], lines[k]);
		if (rec)
			db_source_put(db, rec, symbols[k], res[k],
				      res[k] == LOC_NOT_FOUND ? 0 : lines[k]);
	}
	srcfile_close(file);
	free(text);
	free(symbols);
	free(res);
	free(lines);
}

/* From the source text: the rows of one object share it, and one walk of
 * its tokens answers all of them; with --db, a source whose stamp has not
 * changed answers from the db. */
static void lines_from_source(const struct build *b, struct row *v, size_t n)
{
	struct db_source *rec = NULL;
	struct row **asked;
	size_t nasked = 0;
	struct stat st;
	char *path;

	if (!v[0].site.source)
		return;
	path = path_join(b->srctree, v[0].site.source);
	if (b->db && stat(path, &st) == 0 && S_ISREG(st.st_mode))
		rec = db_source(b->db, path, &st);
	asked = xmalloc(n * sizeof(*asked));
	for (size_t i = 0; i < n; i++)
		if (!v[i].site.def_source)
			asked[nasked++] = &v[i];
	nasked = lines_from_db(rec, asked, nasked);
	if (nasked)
		lines_from_text(b->db, rec, path, asked, nasked);
	free(asked);
	free(path);
}

void defline_resolve(const struct build *b, struct rows *rows, size_t first,
		     int use_dwarf)
{
	size_t n = rows->count - first, start = first;

	if (!n)
		return;
	qsort(rows->v + first, n, sizeof(*rows->v), cmp_row_object);
	for (size_t i = first; i < rows->count; i++) {
		int wanted = 0;

		if (i + 1 < rows->count && !strcmp(rows->v[i].object, rows->v[i + 1].object))
			continue;
		for (size_t k = start; k <= i; k++)
			wanted |= !rows->v[k].site.def_source;
		if (wanted && use_dwarf)
			lines_from_dwarf(b, rows->v + start, i + 1 - start);
		if (wanted)
			lines_from_sources(b, rows->v + start, i + 1 - start);
		start = i + 1;
	}
}

unsigned defline_of(const struct row *r)
{
	const struct defsite *at = &r->site;

	if (!at->def_source || !at->source || strcmp(at->def_source, at->source))
		return 0;
	return at->def_line;
}
