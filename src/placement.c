/* placement.c - classify where each definition's tag can go. */
#include "placement.h"
#include "srcscan.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

const char *placement_name(enum place_kind kind)
{
	static const char *const names[] = {
		"in place", "on the definer macro", "pasted by a macro",
		"name not in the source", "source unknown", "-",
	};
	return names[kind];
}

static void classify_one(const char *text, size_t len, const char *symbol,
			 struct placement *p)
{
	char *macro = NULL;
	unsigned line = 0;

	switch (srcscan_locate(text, len, symbol, &line, &macro)) {
	case LOC_DECLARATOR:
		p->kind = PLACE_DECLARATOR;
		p->line = line;
		break;
	case LOC_IN_MACRO:
		p->kind = PLACE_DECLARER;
		p->line = line;
		p->macro = macro;
		break;
	default:
		p->macro = srcscan_paste_macro(text, len, symbol);
		p->kind = p->macro ? PLACE_PASTED : PLACE_NOT_IN_SOURCE;
		break;
	}
}

/* Row indexes ordered by source, so each file is read once. */
static int cmp_by_source(const void *pa, const void *pb, void *ctx)
{
	const struct rows *rows = ctx;
	const char *a = rows->v[*(const size_t *)pa].source;
	const char *b = rows->v[*(const size_t *)pb].source;

	return strcmp(a ? a : "", b ? b : "");
}

void placement_classify(const struct rows *rows, const char *srctree,
			struct placement *out)
{
	size_t *order = xcalloc(rows->count, sizeof(*order));
	const char *loaded = NULL;
	char *text = NULL;
	size_t len = 0;

	memset(out, 0, rows->count * sizeof(*out));
	for (size_t i = 0; i < rows->count; i++)
		order[i] = i;
	if (rows->count)
		qsort_r(order, rows->count, sizeof(*order), cmp_by_source, (void *)rows);
	for (size_t k = 0; k < rows->count; k++) {
		const struct row *r = &rows->v[order[k]];
		struct placement *p = &out[order[k]];

		p->kind = PLACE_NONE;
		if (r->status != STATUS_TAG)
			continue;
		if (r->source && (!loaded || strcmp(loaded, r->source))) {
			char *abs = path_join(srctree, r->source);

			free(text);
			text = read_file(abs, &len);
			loaded = r->source;
			free(abs);
		}
		if (!r->source || !text)
			p->kind = PLACE_NO_SOURCE;
		else
			classify_one(text, len, r->symbol, p);
	}
	free(text);
	free(order);
}

void placement_free(struct placement *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(p[i].macro);
}
