// SPDX-License-Identifier: GPL-2.0-only
/* report.c - the report as TSV or as text, and what every format shares. */
#include "report/report.h"
#include "model/coupling.h"
#include "place/defline.h"
#include "lib/tsvesc.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

int report_keep_unit(const void *view, const char *unit)
{
	const struct report_view *v = view;

	return units_selected(v->units, unit);
}

int report_row_shown(const struct report_view *v, const struct row *r)
{
	return (v->all || row_is_cross(r)) && units_selected(v->units, r->unit);
}

const char *report_kind_name(unsigned kind)
{
	static const char *const names[] = { "func", "object", "tls", "common" };

	return kind < sizeof(names) / sizeof(names[0]) ? names[kind] : "object";
}

/* r's referencing units, comma-separated; none when it has none. */
static void print_refs(FILE *out, const struct row *r, const char *none)
{
	if (!r->nrefs)
		fputs(none, out);
	for (size_t i = 0; i < r->nrefs; i++)
		fprintf(out, "%s%s", i ? "," : "", r->refs[i]);
}

/* The fields of one TSV row after the header, escaped (tsvesc.h). */
static void tsv_row(FILE *out, const struct row *r, unsigned line)
{
	const char *fields[] = { r->symbol, r->unit, r->object,
				 r->site.source ? r->site.source : "-" };

	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		tsv_put(out, fields[i]);
		putc('\t', out);
	}
	fprintf(out, "%s\t", status_name(r->status));
	if (!r->nrefs)
		putc('-', out);
	for (size_t i = 0; i < r->nrefs; i++) {
		if (i)
			putc(',', out);
		tsv_put(out, r->refs[i]);
	}
	fprintf(out, "\t%s\t%s\t", report_kind_name(r->kind), r->weak ? "weak" : "global");
	if (line)
		fprintf(out, "%u\n", line);
	else
		fputs("-\n", out);
}

void report_tsv(FILE *out, const struct report_view *v)
{
	fputs("symbol\tunit\tobject\tsource\tstatus\treferenced_from\tkind\tbind\tline\n", out);
	for (size_t i = 0; i < v->rows->count; i++) {
		const struct row *r = &v->rows->v[i];

		if (report_row_shown(v, r))
			tsv_row(out, r, defline_of(r));
	}
}

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* Row indexes ordered by unit, symbol, then object (a total order). */
static int cmp_by_unit(const void *pa, const void *pb, void *ctx)
{
	const struct rows *rows = ctx;
	const struct row *a = &rows->v[*(const size_t *)pa];
	const struct row *b = &rows->v[*(const size_t *)pb];
	int c = strcmp(a->unit, b->unit);

	if (!c)
		c = strcmp(a->symbol, b->symbol);
	return c ? c : strcmp(a->object, b->object);
}

/* "N  how [MACRO]" lines: the tag rows counted by placement and macro. */
static void report_placement_counts(FILE *out, const struct report_view *v,
				    const struct placement *places, size_t ntags)
{
	const struct rows *rows = v->rows;
	char **keys = xcalloc(rows->count, sizeof(*keys));
	size_t n = 0;

	for (size_t i = 0; i < rows->count; i++)
		if (places[i].kind != PLACE_NONE && report_row_shown(v, &rows->v[i]))
			keys[n++] = xasprintf("%s%s%s%s", placement_name(places[i].kind),
					      places[i].kind == PLACE_DECLARER && places[i].why ?
					      " (unchecked)" : "", places[i].macro ? " " : "",
					      places[i].macro ? places[i].macro : "");
	if (n)
		qsort(keys, n, sizeof(*keys), cmp_strptr);
	fprintf(out, "\nWhere the %zu %s:\n", ntags, plural(ntags, "tag goes", "tags go"));
	for (size_t i = 0, run = 1; i < n; i++, run++)
		if (i + 1 == n || strcmp(keys[i], keys[i + 1])) {
			fprintf(out, "  %6zu  %s\n", run, keys[i]);
			run = 0;
		}
	for (size_t i = 0; i < n; i++)
		free(keys[i]);
	free(keys);
}

static void report_not_taggable(FILE *out, const struct report_view *v,
				const struct placement *places)
{
	const struct rows *rows = v->rows;
	size_t n = 0;

	for (size_t i = 0; i < rows->count; i++)
		n += places[i].kind >= PLACE_PASTED && places[i].kind < PLACE_NONE &&
		     report_row_shown(v, &rows->v[i]);
	if (!n)
		return;
	fprintf(out, "\nNot taggable in place (%zu; annotate.sh re-declares them tagged, "
		"or put the tag into the macro):\n", n);
	for (size_t i = 0; i < rows->count; i++) {
		const struct placement *p = &places[i];
		const struct row *r = &rows->v[i];

		if (p->kind < PLACE_PASTED || p->kind == PLACE_NONE ||
		    !report_row_shown(v, r))
			continue;
		fprintf(out, "  %s  %s  %s%s%s%s%s%s\n", r->symbol,
			r->site.source ? r->site.source : r->object,
			placement_name(p->kind), p->macro ? " " : "",
			p->macro ? p->macro : "", p->why ? " (" : "", p->why ? p->why : "",
			p->why ? ")" : "");
	}
}

/* Tags put in front of a definer macro call whose definition was not found. */
static void report_unchecked(FILE *out, const struct report_view *v,
			     const struct placement *places)
{
	const struct rows *rows = v->rows;
	size_t n = 0;

	for (size_t i = 0; i < rows->count; i++)
		n += places[i].kind == PLACE_DECLARER && places[i].why &&
		     report_row_shown(v, &rows->v[i]);
	if (!n)
		return;
	fprintf(out, "\nOn a definer macro not checked against its expansion (%zu; "
		"a build with the tags, or annotate.sh --verify-build, tells):\n", n);
	for (size_t i = 0; i < rows->count; i++)
		if (places[i].kind == PLACE_DECLARER && places[i].why &&
		    report_row_shown(v, &rows->v[i]))
			fprintf(out, "  %s  %s  %s (%s)\n", rows->v[i].symbol,
				rows->v[i].site.source ? rows->v[i].site.source
						       : rows->v[i].object,
				places[i].macro, places[i].why);
}

/* The shown rows of one kind (cross or not), by unit then symbol. */
static size_t *rows_by_unit(const struct report_view *v, int cross, size_t *n)
{
	size_t *order = xcalloc(v->rows->count + 1, sizeof(*order));

	*n = 0;
	for (size_t i = 0; i < v->rows->count; i++)
		if (report_row_shown(v, &v->rows->v[i]) &&
		    row_is_cross(&v->rows->v[i]) == cross)
			order[(*n)++] = i;
	if (*n > 1)
		qsort_r(order, *n, sizeof(*order), cmp_by_unit, (void *)v->rows);
	return order;
}

/* Each unit's rows under a "UNIT: N what" heading; the number of units. */
static size_t list_by_unit(FILE *out, const struct rows *rows, const size_t *order,
			   size_t n, const char *what, int lead)
{
	int width = lead ? 16 : 8;      /* "multiply-defined", "exported" */
	size_t nunits = 0;

	for (size_t i = 0; i < n; i++) {
		const struct row *r = &rows->v[order[i]];

		if (!i || strcmp(r->unit, rows->v[order[i - 1]].unit)) {
			size_t k = i;

			while (k < n && !strcmp(rows->v[order[k]].unit, r->unit))
				k++;
			fprintf(out, "%s%s: %zu %s%s\n", i || lead ? "\n" : "", r->unit, k - i,
				plural(k - i, "definition", "definitions"), what);
			nunits++;
		}
		fprintf(out, "  %-*s %s%s  (%s, %s)", width, status_name(r->status),
			r->symbol, r->weak ? " [weak]" : "",
			r->object, r->site.source ? r->site.source : "source unknown");
		if (r->nrefs) {
			fputs("  <- ", out);
			print_refs(out, r, "");
		}
		fputc('\n', out);
	}
	return nunits;
}

/* One line per unit: what it provides to and uses from the others, and
 * (with --all) its unit-local and file-local definitions. */
static void report_units(FILE *out, const struct coupling *c, int all)
{
	int width = 4;

	if (!c->nunits)
		return;
	for (size_t i = 0; i < c->nunits; i++)
		if ((int)strlen(c->units[i].name) > width)
			width = (int)strlen(c->units[i].name);
	fprintf(out, "\nPer unit (%zu %s):\n  %-*s  %8s  %8s  %10s  %10s", c->nunits,
		plural(c->nunits, "unit", "units"), width, "unit", "provided", "used",
		"unit-local", "file-local");
	fputs(all ? "  could be static\n" : "\n", out);
	for (size_t i = 0; i < c->nunits; i++) {
		const struct unit_summary *u = &c->units[i];

		fprintf(out, "  %-*s  %8zu  %8zu  %10zu  %10zu", width, u->name,
			u->provided, u->used, u->classes[STATUS_UNIT_LOCAL],
			u->classes[STATUS_FILE_LOCAL]);
		if (all)
			fprintf(out, "  %15zu", u->could_static);
		fputc('\n', out);
	}
	if (all)
		fputs("  (could be static: file-local in every build, not weak, in a C source;\n"
		      "  crossym cocci --static checks the source tree and makes them so)\n", out);
}

/* The 10 heaviest edges (referencing unit -> defining unit). */
static void report_pairs(FILE *out, const struct coupling *c)
{
	size_t *order, n = c->nedges < 10 ? c->nedges : 10;

	if (!n)
		return;
	order = coupling_by_weight(c);
	if (n < c->nedges)
		fprintf(out, "\nThe %zu most coupled pairs of units (of %zu):\n", n, c->nedges);
	else
		fprintf(out, "\nCoupled %s of units (%zu):\n", plural(n, "pair", "pairs"), n);
	for (size_t i = 0; i < n; i++) {
		const struct coupling_edge *e = &c->edges[order[i]];

		fprintf(out, "  %s uses %zu %s of %s\n", e->from, e->symbols,
			plural(e->symbols, "symbol", "symbols"), e->to);
	}
	free(order);
}

static void report_text_raw(FILE *out, const struct report_view *v);

/* The text report for people: its names shown, never obeyed (text_put). */
void report_text(FILE *out, const struct report_view *v)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		fatal("out of memory");
	report_text_raw(mem, v);
	if (fclose(mem))
		fatal("out of memory");
	text_put(out, text, len);
	free(text);
}

static void report_text_raw(FILE *out, const struct report_view *v)
{
	const struct rows *rows = v->rows;
	size_t counts[STATUS_COUNT] = { 0 }, ncross, nother, nunits;
	size_t *cross = rows_by_unit(v, 1, &ncross), *other = rows_by_unit(v, 0, &nother);
	struct coupling c;

	for (size_t i = 0; i < ncross; i++)
		counts[rows->v[cross[i]].status]++;
	nunits = list_by_unit(out, rows, cross, ncross, " used from outside", 0);
	fprintf(out, "%s%zu %s in %zu %s used from outside: %zu to tag, %zu exported, "
		"%zu in assembly", ncross ? "\n" : "", ncross,
		plural(ncross, "definition", "definitions"), nunits,
		plural(nunits, "unit", "units"), counts[STATUS_TAG],
		counts[STATUS_EXPORTED], counts[STATUS_ASM]);
	if (counts[STATUS_EXCLUDED])    /* only where --exclude is given */
		fprintf(out, ", %zu in excluded objects", counts[STATUS_EXCLUDED]);
	fprintf(out, " (%zu %s read)\n", v->nobjects, plural(v->nobjects, "object", "objects"));
	if (v->all && nother) {
		size_t classes[STATUS_COUNT] = { 0 };

		list_by_unit(out, rows, other, nother, " not used from outside", 1);
		for (size_t i = 0; i < nother; i++)
			classes[rows->v[other[i]].status]++;
		fprintf(out, "\n%zu other global %s: %zu exported, %zu unit-local, "
			"%zu file-local, %zu unreferenced, %zu multiply-defined\n", nother,
			plural(nother, "definition", "definitions"), classes[STATUS_EXPORTED],
			classes[STATUS_UNIT_LOCAL], classes[STATUS_FILE_LOCAL],
			classes[STATUS_UNREFERENCED], classes[STATUS_MULTIPLY]);
	}
	coupling_build(rows, report_keep_unit, v, &c);
	report_units(out, &c, v->all);
	report_pairs(out, &c);
	coupling_free(&c);
	if (v->places && counts[STATUS_TAG]) {
		report_placement_counts(out, v, v->places, counts[STATUS_TAG]);
		report_not_taggable(out, v, v->places);
		report_unchecked(out, v, v->places);
	}
	free(cross);
	free(other);
}
