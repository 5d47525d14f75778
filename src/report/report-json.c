// SPDX-License-Identifier: GPL-2.0-only
/* report-json.c - the report as one JSON document (schema: README, "JSON"). */
#include "report/report.h"
#include "model/coupling.h"
#include "place/defline.h"
#include "lib/tsvesc.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* A unit list as a JSON array. */
static void json_units(FILE *out, const char *const *units, size_t n)
{
	fputc('[', out);
	for (size_t i = 0; i < n; i++) {
		if (i)
			fputs(", ", out);
		json_put(out, units[i]);
	}
	fputc(']', out);
}

static void json_symbol(FILE *out, const struct row *r)
{
	unsigned line = defline_of(r);

	fputs("    {\"symbol\": ", out);
	json_put(out, r->symbol);
	fputs(", \"unit\": ", out);
	json_put(out, r->unit);
	fputs(", \"object\": ", out);
	json_put(out, r->object);
	fputs(", \"source\": ", out);
	json_put(out, r->site.source);
	fprintf(out, ", \"status\": \"%s\", \"referenced_from\": ", status_name(r->status));
	json_units(out, r->refs, r->nrefs);
	fprintf(out, ", \"kind\": \"%s\", \"bind\": \"%s\", \"line\": ",
		report_kind_name(r->kind), r->weak ? "weak" : "global");
	if (line)
		fprintf(out, "%u}", line);
	else
		fputs("null}", out);
}

static size_t json_symbols(FILE *out, const struct report_view *v, size_t *counts)
{
	size_t n = 0;

	fputs("  \"symbols\": [", out);
	for (size_t i = 0; i < v->rows->count; i++) {
		const struct row *r = &v->rows->v[i];

		if (!report_row_shown(v, r))
			continue;
		fputs(n++ ? ",\n" : "\n", out);
		json_symbol(out, r);
		counts[r->status]++;
	}
	fputs(n ? "\n  ],\n" : "],\n", out);
	return n;
}

static void json_coupling(FILE *out, const struct coupling *c)
{
	fputs("  \"units\": [", out);
	for (size_t i = 0; i < c->nunits; i++) {
		const struct unit_summary *u = &c->units[i];

		fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
		json_put(out, u->name);
		fprintf(out, ", \"provided\": %zu, \"used\": %zu", u->provided, u->used);
		for (unsigned s = STATUS_UNIT_LOCAL; s < STATUS_COUNT; s++)
			fprintf(out, ", \"%s\": %zu", status_name(s), u->classes[s]);
		fputc('}', out);
	}
	fputs(c->nunits ? "\n  ],\n  \"edges\": [" : "],\n  \"edges\": [", out);
	for (size_t i = 0; i < c->nedges; i++) {
		fputs(i ? ",\n    {\"from\": " : "\n    {\"from\": ", out);
		json_put(out, c->edges[i].from);
		fputs(", \"to\": ", out);
		json_put(out, c->edges[i].to);
		fprintf(out, ", \"symbols\": %zu}", c->edges[i].symbols);
	}
	fputs(c->nedges ? "\n  ],\n" : "],\n", out);
}

void report_json(FILE *out, const struct report_view *v)
{
	size_t counts[STATUS_COUNT] = { 0 }, n;
	struct coupling c;

	fputs("{\n  \"format\": \"crossym-report\",\n  \"version\": 1,\n", out);
	n = json_symbols(out, v, counts);
	coupling_build(v->rows, report_keep_unit, v, &c);
	json_coupling(out, &c);
	fprintf(out, "  \"counts\": {\"definitions\": %zu", n);
	for (unsigned s = 0; s < STATUS_COUNT; s++)
		fprintf(out, ", \"%s\": %zu", status_name(s), counts[s]);
	fprintf(out, ", \"units\": %zu, \"edges\": %zu, \"objects\": %zu}\n}\n",
		c.nunits, c.nedges, v->nobjects);
	coupling_free(&c);
}
