// SPDX-License-Identifier: GPL-2.0-only
/* report-dot.c - the directory coupling graph in Graphviz DOT: one node per
 * unit that uses or provides a symbol across units, one edge per ordered pair
 * (referencing unit -> defining unit) labelled with the number of symbols. */
#include "report/report.h"
#include "lib/tsvesc.h"
#include "model/coupling.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* s inside a DOT string: '"' and '\\' escaped; a control character or a
 * byte that is not UTF-8 (Graphviz reads UTF-8) shown as \\xNN. */
static void dot_text(FILE *out, const char *s)
{
	size_t n = strlen(s), len;

	for (size_t i = 0; i < n; i += len) {
		enum char_class k = char_class(s + i, n - i, &len);

		if (k == CH_CONTROL || k == CH_STRAY) {
			fprintf(out, "\\\\x%02x", (unsigned char)s[i]);
			continue;
		}
		if (s[i] == '"' || s[i] == '\\')
			fputc('\\', out);
		fwrite(s + i, 1, len, out);
	}
}

static void dot_id(FILE *out, const char *s)
{
	fputc('"', out);
	dot_text(out, s);
	fputc('"', out);
}

/* 1 + floor(log2(n)): heavier edges drawn thicker, readable at any scale. */
static unsigned pen_width(size_t n)
{
	unsigned w = 1;

	while (n > 1) {
		n /= 2;
		w++;
	}
	return w;
}

static int on_an_edge(const struct coupling *c, const char *unit)
{
	for (size_t i = 0; i < c->nedges; i++)
		if (!strcmp(c->edges[i].from, unit) || !strcmp(c->edges[i].to, unit))
			return 1;
	return 0;
}

void report_dot(FILE *out, const struct report_view *v)
{
	struct coupling c;

	coupling_build(v->rows, report_keep_unit, v, &c);
	fputs("digraph crossym {\n"
	      "\tgraph [rankdir=LR, fontname=\"Helvetica\", label=\"unit -> unit: "
	      "symbols the first uses from the second\", labelloc=t];\n"
	      "\tnode [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
	      "\tedge [fontname=\"Helvetica\", fontsize=10];\n", out);
	for (size_t i = 0; i < c.nunits; i++) {
		const struct unit_summary *u = &c.units[i];

		if (!on_an_edge(&c, u->name))
			continue;
		fputc('\t', out);
		dot_id(out, u->name);
		fputs(" [label=\"", out);
		dot_text(out, u->name);
		fprintf(out, "\\nprovides %zu, uses %zu\"%s];\n", u->provided, u->used,
			strchr(u->name, '#') ? ", style=dashed" : "");
	}
	for (size_t i = 0; i < c.nedges; i++) {
		const struct coupling_edge *e = &c.edges[i];

		fputc('\t', out);
		dot_id(out, e->from);
		fputs(" -> ", out);
		dot_id(out, e->to);
		fprintf(out, " [label=\"%zu\", penwidth=%u];\n", e->symbols,
			pen_width(e->symbols));
	}
	fputs("}\n", out);
	coupling_free(&c);
}
