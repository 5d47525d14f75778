// SPDX-License-Identifier: GPL-2.0-only
/* cmd-report.c - crossym report: the cross-unit definitions as text, TSV,
 * JSON or DOT; --mismatches: declarations against definitions. */
#include "cli/commands.h"
#include "report/mismatch.h"
#include "cli/pipeline.h"
#include "report/report.h"
#include "place/defline.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct report_opts {
	struct scan_args a;
	const char *format;     /* --format */
	int all;                /* --all */
	int mismatches;         /* --mismatches */
	int tag_macros;         /* --tag-macros: the text report's macro section */
	struct unit_sel units;  /* --unit */
};

static const char report_help[] =
	"usage: crossym report [--format=text|tsv|json|dot] [--all] [--unit DIR]... [--mismatches]\n"
	"                      [--tag-macros] [--exclude OBJ]... [--runs] [--srctree DIR]\n"
	"                      [--nm FILE] [--db FILE] [--lds FILE]... [--run-build-commands]\n"
	"                      [--list-dir DIR] [--tag-exports] [--no-config] [-q] BUILD_DIR...\n\n"
	"Print the definitions referenced from outside their unit. With several\n"
	"BUILD_DIRs (configs or architectures of one source tree) the union.\n\n";

static const struct optdef opt_format = { { "format", required_argument, NULL, OPT_FORMAT },
	"  --format=text     grouped by unit, with counts, a per-unit summary and\n"
	"                    the most coupled pairs of units (default)\n"
	"  --format=tsv      symbol, unit, object, source, status, referenced_from,\n"
	"                    kind, bind, line; status is tag, exported, asm or excluded\n"
	"                    (with --all also unit-local, file-local, unreferenced,\n"
	"                    multiply-defined)\n"
	"  --format=json     symbols, units, edges and counts in one JSON document\n"
	"  --format=dot      the coupling graph of the units (Graphviz: dot -Tsvg)\n" };
static const struct optdef opt_all = { { "all", no_argument, NULL, OPT_ALL },
	"  --all             every global definition, with its class; with several\n"
	"                    builds a class holds only when it holds in every build\n" };
static const struct optdef opt_mismatches = { { "mismatches", no_argument, NULL, OPT_MISMATCH },
	"  --mismatches      compare, through the build's DWARF, the type each object\n"
	"                    declares for a symbol with the type of its definition;\n"
	"                    print FILE:LINE: lines, exit 1 when there is any\n" };
static const struct optdef opt_tag_macros = { { "tag-macros", no_argument, NULL, OPT_TAG_MACROS },
	"  --tag-macros      (text) a section: per #define that pastes the names it\n"
	"                    defines together (SYSCALL_DEFINEn), how many of its\n"
	"                    definitions need the tag (crossym cocci --tag-macros)\n" };

static const struct optdef *const report_options[] = {
	&opt_format, &opt_all, &optdef_unit, &opt_mismatches, &opt_tag_macros,
	&optdef_exclude, &optdef_runs, &optdef_srctree, &optdef_nm, &optdef_db,
	&optdef_lds, &optdef_run, &optdef_list_dir, &optdef_tag_exports, &optdef_no_config,
	NULL
};

static void report_set(void *opts, int id, const char *arg)
{
	struct report_opts *o = opts;

	switch (id) {
	case OPT_FORMAT: o->format = arg; break;
	case OPT_ALL: o->all = 1; break;
	case OPT_MISMATCH: o->mismatches = 1; break;
	case OPT_TAG_MACROS: o->tag_macros = 1; break;
	case OPT_UNIT: unitsel_add(&o->units, arg); break;
	default: scan_args_set(&o->a, id, arg); break;
	}
}

enum report_format { FORMAT_TEXT, FORMAT_TSV, FORMAT_JSON, FORMAT_DOT };

static int format_index(const char *format)
{
	static const char *const names[] = { "text", "tsv", "json", "dot" };

	for (int i = 0; i < 4; i++)
		if (!strcmp(format, names[i]))
			return i;
	return -1;
}

/* report --mismatches: what every build's objects found, and how much. */
struct mismatches {
	struct strtab found;
	size_t with_dwarf, compared;
};

static void mismatch_each(struct pipeline *p, struct build *b)
{
	struct mismatches *m = p->ctx;

	m->with_dwarf += mismatch_scan(b, &m->found, &m->compared);
}

/* A mismatch line "DECL:LINE: ... at DEF:LINE" with either file selected. */
static int mismatch_selected(const struct unit_sel *units, const char *line)
{
	const char *at = strrchr(line, ' ');
	char *decl = xstrndup(line, strcspn(line, ":"));
	int keep = units_file_selected(units, NULL, decl) ||
		   (at && units_file_selected(units, NULL, at + 1));

	free(decl);
	return keep;
}

/* The selected lines of m, sorted, on stdout; their number. */
static size_t print_mismatches(const struct report_opts *o, const struct mismatches *m)
{
	char **lines = xcalloc(m->found.count + 1, sizeof(*lines));
	size_t nlines = 0;

	for (unsigned id = 0; id < m->found.count; id++)
		if (mismatch_selected(&o->units, m->found.strings[id]))
			lines[nlines++] = m->found.strings[id];
	if (nlines > 1)
		qsort(lines, nlines, sizeof(*lines), cmp_strptr);
	for (size_t i = 0; i < nlines; i++)
		puts(lines[i]);
	free(lines);
	return nlines;
}

/* report --mismatches: every build's declarations against its definitions. */
static int report_mismatches(const struct report_opts *o)
{
	struct mismatches m = { .with_dwarf = 0 };
	struct pipeline p;
	size_t nlines;
	int failed;

	if (o->a.scan.nm_file) {
		fputs("crossym report: --mismatches reads the objects' DWARF, not --nm\n", stderr);
		return 2;
	}
	strtab_init(&m.found);
	pipeline_init(&p, &o->a, PH(PH_SCAN) | PH(PH_DECIDE) | PH(PH_EACH));
	p.each = mismatch_each;
	p.ctx = &m;
	failed = pipeline_run(&p);
	pipeline_free(&p);
	if (failed) {
		strtab_free(&m.found);
		return 2;
	}
	nlines = print_mismatches(o, &m);
	strtab_free(&m.found);
	inform("crossym report: %zu inconsistent %s (%zu declarations compared "
	       "with their definitions, %zu objects with DWARF)\n", nlines,
	       nlines == 1 ? "declaration" : "declarations", m.compared, m.with_dwarf);
	if (!m.with_dwarf) {
		error("no object has DWARF: build with -g (CONFIG_DEBUG_INFO) to compare types");
		return 2;
	}
	return diag.status ? diag.status : nlines > 0;
}

/* The text report's --tag-macros section: per #define that pastes names
 * together, how many of its definitions need the tag (tagmacro.h). */
static void report_macros(const struct pipeline *p)
{
	struct tagmacro_plan plan;

	tagmacro_plan(&p->rows, p->places, p->files, p->tag, &plan);
	printf("\nMacros that paste the names they define (--tag-macros: the tag goes "
	       "into a #define\nonly when every definition it makes needs it):\n");
	tagmacro_print(&plan, "  ", stdout);
	if (!plan.n && !plan.nfailed)
		printf("  none\n");
	tagmacro_free(&plan);
}

static void write_report(const struct report_opts *o, int format, const struct pipeline *p)
{
	struct report_view view = { &p->rows, &o->units, o->all,
				    (size_t)p->nobjects, p->places };

	switch (format) {
	case FORMAT_TSV: report_tsv(stdout, &view); return;
	case FORMAT_JSON: report_json(stdout, &view); return;
	case FORMAT_DOT: report_dot(stdout, &view); return;
	}
	report_text(stdout, &view);
	if (o->tag_macros)
		report_macros(p);
}

/* The phases a report in format needs. */
static unsigned report_phases(const struct report_opts *o, int format)
{
	unsigned phases = PH_ROWS;

	if (o->all || format == FORMAT_TEXT || format == FORMAT_JSON)
		phases |= PH(PH_CLASSES);
	if (format == FORMAT_TSV || format == FORMAT_JSON)
		phases |= PH(PH_LINES);
	if (format == FORMAT_TEXT)
		phases |= PH(PH_SITES);
	return phases;
}

/* The rows shown (all: the classes of --all too) whose source (or, with
 * lines, whose line) is unknown: printed
 * as `-`, said in one note; the answer is complete all the same. */
static void note_unknown_sites(const struct rows *rows, int all, int lines)
{
	const struct row *first = NULL;
	size_t nsource = 0, nline = 0;

	for (size_t i = 0; i < rows->count; i++) {
		const struct row *r = &rows->v[i];

		if (!all && r->status > STATUS_EXCLUDED)        /* a class of --all */
			continue;
		if (!r->site.source && !nsource++)
			first = r;
		nline += lines && r->site.source && r->status == STATUS_TAG &&
			 !defline_of(r);
	}
	if (nsource && nline)
		note("%zu %s with no source known and %zu tag %s with no line (`-`); "
		     "the first: %s in %s: %s", nsource, nsource == 1 ? "definition" : "definitions",
		     nline, nline == 1 ? "row" : "rows", first->symbol, first->object,
		     first->site.why ? first->site.why : "its object names no source");
	else if (nsource)
		note("%zu %s with no source known (`-`); the first: %s in %s: %s", nsource,
		     nsource == 1 ? "definition" : "definitions", first->symbol, first->object,
		     first->site.why ? first->site.why : "its object names no source");
	else if (nline)
		note("%zu tag %s with no line known (`-`)", nline, nline == 1 ? "row" : "rows");
}

static int run_report(struct report_opts *o)
{
	struct pipeline p;
	int format = format_index(o->format), status = 2;

	if (format < 0) {
		fprintf(stderr, "crossym report: --format is text, tsv, json or dot\n");
		return 2;
	}
	if (o->mismatches)
		return report_mismatches(o);
	pipeline_init(&p, &o->a, report_phases(o, format));
	p.select = &o->units;
	if (!pipeline_run(&p)) {
		write_report(o, format, &p);
		note_unknown_sites(&p.rows, o->all, format == FORMAT_TSV || format == FORMAT_JSON);
		status = diag.status;
	}
	pipeline_free(&p);
	return status;
}

int cmd_report(int argc, char **argv)
{
	struct report_opts o = { .format = "text" };
	struct cmdline cl = { report_help, report_options, report_set, &o };
	int done, status = cmdline_parse(argc, argv, &cl, &o.a.builds, &done);

	if (!status && !done)
		status = scan_args_check(&o.a, argv[0]);
	if (!status && !done)
		status = scan_args_settle(&o.a, argv[0], TC_DECISION, 0);
	if (!status && !done)
		status = run_report(&o);
	unitsel_free(&o.units);
	scan_args_free(&o.a);
	return status;
}
