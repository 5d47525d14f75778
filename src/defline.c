/* defline.c - definition lines for the report's `line` column. */
#include "defline.h"
#include "buildtree.h"
#include "dwdecl.h"
#include "srcscan.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

static int cmp_row_object(const void *pa, const void *pb)
{
	return strcmp(((const struct row *)pa)->object, ((const struct row *)pb)->object);
}

static int cmp_decl_symbol(const void *key, const void *elem)
{
	return strcmp(key, ((const struct decl *)elem)->symbol);
}

/* From the object's DWARF, when it has any. */
static void lines_from_dwarf(const struct build *b, struct row *v, size_t n)
{
	char *abs = path_join(b->dir, v[0].object);
	struct decl *decls = NULL;
	long nd = 0;

	if (!strchr(v[0].object, '('))         /* archive members: no file */
		nd = dwarf_definitions(abs, &decls);
	for (size_t i = 0; nd > 0 && i < n; i++) {
		const struct decl *d = bsearch(v[i].symbol, decls, (size_t)nd,
					       sizeof(*decls), cmp_decl_symbol);

		if (d && !v[i].site.def_source) {
			v[i].site.def_source = path_relative(d->file, b->srctree);
			v[i].site.def_line = d->line;
		}
	}
	if (nd > 0)
		dwarf_free(decls, (size_t)nd);
	free(abs);
}

/* From the source text: the rows of one object share it, and one walk of
 * its tokens answers all of them. */
static void lines_from_source(const struct build *b, struct row *v, size_t n)
{
	const char **symbols;
	struct row **asked;
	enum locate_result *res;
	unsigned *lines;
	struct srcfile *file;
	size_t nasked = 0, len;
	char *path, *text;

	if (!v[0].site.source)
		return;
	path = path_join(b->srctree, v[0].site.source);
	text = read_file(path, &len);
	free(path);
	if (!text)
		return;
	symbols = xmalloc(n * sizeof(*symbols));
	asked = xmalloc(n * sizeof(*asked));
	res = xmalloc(n * sizeof(*res));
	lines = xmalloc(n * sizeof(*lines));
	for (size_t i = 0; i < n; i++)
		if (!v[i].site.def_source) {
			asked[nasked] = &v[i];
			symbols[nasked++] = v[i].symbol;
		}
	file = srcfile_open(text, len);
	srcfile_locate_each(file, symbols, nasked, res, lines);
	for (size_t k = 0; k < nasked; k++)
		if (res[k] != LOC_NOT_FOUND) {
			asked[k]->site.def_source = xstrdup(asked[k]->site.source);
			asked[k]->site.def_line = lines[k];
		}
	srcfile_close(file);
	free(text);
	free(symbols);
	free(asked);
	free(res);
	free(lines);
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
			lines_from_source(b, rows->v + start, i + 1 - start);
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
