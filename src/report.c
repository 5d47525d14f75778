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

/* "N  how [MACRO]" lines: the tag rows counted by placement and macro. */
static void report_placement_counts(FILE *out, const struct rows *rows,
				    const struct placement *places, size_t ntags)
{
	char **keys = xcalloc(rows->count, sizeof(*keys));
	size_t n = 0;

	for (size_t i = 0; i < rows->count; i++)
		if (places[i].kind != PLACE_NONE)
			keys[n++] = xasprintf("%s%s%s%s", placement_name(places[i].kind),
					      places[i].kind == PLACE_DECLARER && places[i].why ?
					      " (unchecked)" : "", places[i].macro ? " " : "",
					      places[i].macro ? places[i].macro : "");
	if (n)
		qsort(keys, n, sizeof(*keys), cmp_strptr);
	fprintf(out, "\nWhere the %zu tags go:\n", ntags);
	for (size_t i = 0, run = 1; i < n; i++, run++)
		if (i + 1 == n || strcmp(keys[i], keys[i + 1])) {
			fprintf(out, "  %6zu  %s\n", run, keys[i]);
			run = 0;
		}
	for (size_t i = 0; i < n; i++)
		free(keys[i]);
	free(keys);
}

static void report_not_taggable(FILE *out, const struct rows *rows,
				const struct placement *places)
{
	size_t n = 0;

	for (size_t i = 0; i < rows->count; i++)
		n += places[i].kind >= PLACE_PASTED && places[i].kind < PLACE_NONE;
	if (!n)
		return;
	fprintf(out, "\nNot taggable in place (%zu; annotate.sh re-declares them tagged, "
		"or put the tag into the macro):\n", n);
	for (size_t i = 0; i < rows->count; i++) {
		const struct placement *p = &places[i];

		if (p->kind < PLACE_PASTED || p->kind == PLACE_NONE)
			continue;
		fprintf(out, "  %s  %s  %s%s%s%s%s%s\n", rows->v[i].symbol,
			rows->v[i].source ? rows->v[i].source : rows->v[i].object,
			placement_name(p->kind), p->macro ? " " : "",
			p->macro ? p->macro : "", p->why ? " (" : "", p->why ? p->why : "",
			p->why ? ")" : "");
	}
}

/* Tags put in front of a definer macro call whose definition was not found. */
static void report_unchecked(FILE *out, const struct rows *rows,
			     const struct placement *places)
{
	size_t n = 0;

	for (size_t i = 0; i < rows->count; i++)
		n += places[i].kind == PLACE_DECLARER && places[i].why;
	if (!n)
		return;
	fprintf(out, "\nOn a definer macro not checked against its expansion (%zu; "
		"a build with the tags, or annotate.sh --verify-build, tells):\n", n);
	for (size_t i = 0; i < rows->count; i++)
		if (places[i].kind == PLACE_DECLARER && places[i].why)
			fprintf(out, "  %s  %s  %s (%s)\n", rows->v[i].symbol,
				rows->v[i].source ? rows->v[i].source : rows->v[i].object,
				places[i].macro, places[i].why);
}

void report_text(FILE *out, const struct rows *rows, size_t nobjects,
		 const struct placement *places)
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
	if (places) {
		report_placement_counts(out, rows, places, counts[STATUS_TAG]);
		report_not_taggable(out, rows, places);
		report_unchecked(out, rows, places);
	}
	free(order);
}
