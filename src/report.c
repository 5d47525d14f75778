/* report.c - write the cross-unit definitions as TSV or as text. */
#include "report.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

void report_tsv(FILE *out, const struct rows *rows)
{
	fputs("symbol\tunit\tobject\tsource\tstatus\treferenced_from\n", out);
	for (size_t i = 0; i < rows->count; i++) {
		const struct row *r = &rows->v[i];

		fprintf(out, "%s\t%s\t%s\t%s\t%s\t%s\n", r->symbol, r->unit,
			r->object, r->source ? r->source : "-",
			status_name(r->status), r->refs);
	}
}

/* Row indexes ordered by unit, then symbol. */
static int cmp_by_unit(const void *pa, const void *pb, void *ctx)
{
	const struct rows *rows = ctx;
	const struct row *a = &rows->v[*(const size_t *)pa];
	const struct row *b = &rows->v[*(const size_t *)pb];
	int c = strcmp(a->unit, b->unit);

	return c ? c : strcmp(a->symbol, b->symbol);
}

void report_text(FILE *out, const struct rows *rows, size_t nobjects)
{
	size_t *order = xcalloc(rows->count, sizeof(*order));
	size_t counts[3] = { 0 }, nunits = 0;

	for (size_t i = 0; i < rows->count; i++) {
		order[i] = i;
		counts[rows->v[i].status]++;
	}
	if (rows->count)
		qsort_r(order, rows->count, sizeof(*order), cmp_by_unit, (void *)rows);
	for (size_t i = 0; i < rows->count; i++) {
		const struct row *r = &rows->v[order[i]];
		size_t n = 0;

		if (!i || strcmp(r->unit, rows->v[order[i - 1]].unit)) {
			for (size_t k = i; k < rows->count &&
			     !strcmp(rows->v[order[k]].unit, r->unit); k++)
				n++;
			fprintf(out, "%s%s: %zu definition%s used from outside\n",
				i ? "\n" : "", r->unit, n, n == 1 ? "" : "s");
			nunits++;
		}
		fprintf(out, "  %-8s %s%s  (%s, %s)  <- %s\n", status_name(r->status),
			r->symbol, r->weak ? " [weak]" : "",
			r->object, r->source ? r->source : "source unknown", r->refs);
	}
	fprintf(out, "%s%zu definitions in %zu units used from outside: %zu to tag, "
		"%zu exported, %zu in assembly (%zu objects read)\n",
		rows->count ? "\n" : "", rows->count, nunits, counts[STATUS_TAG],
		counts[STATUS_EXPORTED], counts[STATUS_ASM], nobjects);
	free(order);
}
