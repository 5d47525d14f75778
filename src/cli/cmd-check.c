// SPDX-License-Identifier: GPL-2.0-only
/* cmd-check.c - crossym check: the tags in the sources against what the
 * builds need, as compiler-style lines, TSV or JSON. */
#include "cli/commands.h"
#include "cli/pipeline.h"
#include "lib/tsvesc.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

enum check_format { CHECK_TEXT, CHECK_TSV, CHECK_JSON };

struct check_opts {
	struct scan_args a;     /* with --tag, --tag-macros, --keep-stale (a.conf) */
	enum check_format format; /* --format */
	struct unit_sel units;  /* --unit */
};

static const char check_help[] =
	"usage: crossym check [--tag NAME] [--keep-stale] [--tag-macros] [--format FORMAT]\n"
	"                     [--unit DIR]... [--exclude OBJ]... [--runs] [--srctree DIR]\n"
	"                     [--nm FILE] [--db FILE] [--lds FILE]... [--run-build-commands]\n"
	"                     [--list-dir DIR] [--tag-exports] [--no-config] [-q] BUILD_DIR...\n\n"
	"Compare the tags in the sources with what the builds need. Prints each\n"
	"missing tag (needed, absent) and each stale tag (present on a definition no\n"
	"longer referenced from outside its unit, or on a symbol the builds do not\n"
	"define) as `FILE:LINE: missing|stale tag: SYMBOL: why`. Exit 1 when there\n"
	"is any, 0 when the tree is exact, 3 when the answer is incomplete (a file\n"
	"could not be read or was not understood: named). The options the tree was\n"
	"tagged with are read from SRCTREE/.crossym (crossym annotate --apply\n"
	"installs it): an option that differs from it is an error.\n\n";

static const struct optdef opt_check_format = { { "format", required_argument, NULL, OPT_FORMAT },
	"  --format FORMAT   text (default: FILE:LINE: lines), tsv (file, line,\n"
	"                    issue, symbol, unit, why; a header line) or json\n" };

static const struct optdef *const check_options[] = {
	&optdef_tag, &optdef_keep_stale, &optdef_tag_macros, &opt_check_format,
	&optdef_unit, &optdef_exclude, &optdef_runs, &optdef_srctree, &optdef_nm,
	&optdef_db, &optdef_lds, &optdef_run, &optdef_list_dir, &optdef_tag_exports,
	&optdef_no_config, NULL
};

static enum check_format check_format_of(const char *name)
{
	static const char *const names[] = { "text", "tsv", "json" };

	for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i]))
			return (enum check_format)i;
	fatal("check: --format %s: not a format (text, tsv or json)", name);
}

static void check_set(void *opts, int id, const char *arg)
{
	struct check_opts *o = opts;

	switch (id) {
	case OPT_FORMAT: o->format = check_format_of(arg); break;
	case OPT_UNIT: unitsel_add(&o->units, arg); break;
	default: scan_args_set(&o->a, id, arg); break;
	}
}

/* One missing or stale tag, as every format prints it. */
struct check_issue {
	const char *file;
	unsigned line;          /* 0 when unknown */
	const char *issue;      /* "missing" or "stale" */
	const char *symbol;     /* the definition's, or the #define's name */
	const char *unit;       /* NULL when not known */
	const char *why;
};

/* The issues printed so far, in the format chosen. */
struct check_out {
	enum check_format format;
	size_t shown;
};

static void print_issue(struct check_out *out, const struct check_issue *c)
{
	switch (out->format) {
	case CHECK_TEXT:
		/* the compiler's format: line 1 when the line is not known */
		printf("%s:%u: %s tag: %s: %s%s\n", c->file, c->line ? c->line : 1, c->issue,
		       c->symbol, c->why, c->line ? "" : " (line unknown)");
		break;
	case CHECK_TSV:
		tsv_put(stdout, c->file);
		if (c->line)
			printf("\t%u", c->line);
		else
			fputs("\t-", stdout);
		printf("\t%s\t", c->issue);
		tsv_put(stdout, c->symbol);
		putchar('\t');
		tsv_put(stdout, c->unit ? c->unit : "-");
		putchar('\t');
		tsv_put(stdout, c->why);
		putchar('\n');
		break;
	case CHECK_JSON:
		printf("%s\n    {\"file\": ", out->shown ? "," : "");
		json_put(stdout, c->file);
		printf(c->line ? ", \"line\": %u" : ", \"line\": null", c->line);
		printf(", \"issue\": \"%s\", \"symbol\": ", c->issue);
		json_put(stdout, c->symbol);
		fputs(", \"unit\": ", stdout);
		json_put(stdout, c->unit);
		fputs(", \"why\": ", stdout);
		json_put(stdout, c->why);
		putchar('}');
		break;
	}
	out->shown++;
}

/* A #define --tag-macros would tag that has no tag yet: missing; one with a
 * tag that a definition it makes must not have: stale (not with --keep-stale). */
static void print_macro_issues(const struct check_opts *o, const struct tagmacro_plan *p,
			       struct check_out *out, size_t *missing, size_t *stale)
{
	for (size_t k = 0; k < p->n; k++) {
		const struct tagmacro_site *s = &p->v[k];
		struct check_issue c = { s->source, s->line, NULL, s->macro, NULL, NULL };
		char *why = NULL;

		if (!units_file_selected(&o->units, NULL, s->source))
			continue;
		if (s->change == TM_TAG) {
			why = xasprintf("every definition it makes (%zu) is referenced from "
					"outside its unit", s->made);
			c.issue = "missing";
			(*missing)++;
		} else if (s->change == TM_ALREADY && s->why && !o->a.conf.flag[TC_KEEP_STALE]) {
			why = xasprintf("only %zu of the %zu definitions it makes need it (%s)",
					s->need, s->made, s->why);
			c.issue = "stale";
			(*stale)++;
		}
		if (!why)
			continue;
		c.why = why;
		print_issue(out, &c);
		free(why);
	}
}

/* The issues of v[0..n) --unit selects, printed; their number. */
static size_t print_issues(const struct check_opts *o, struct check_out *out,
			   const char *issue, const struct tag_issue *v, size_t n)
{
	size_t shown = 0;

	for (size_t i = 0; i < n; i++)
		if (units_file_selected(&o->units, v[i].unit, v[i].source)) {
			struct check_issue c = { v[i].source, v[i].line, issue, v[i].symbol,
						 v[i].unit, v[i].why };

			print_issue(out, &c);
			shown++;
		}
	return shown;
}

static void print_head(const struct check_out *out)
{
	if (out->format == CHECK_TSV)
		fputs("file\tline\tissue\tsymbol\tunit\twhy\n", stdout);
	else if (out->format == CHECK_JSON)
		fputs("{\n  \"format\": \"crossym-check\",\n  \"version\": 1,\n  \"issues\": [",
		      stdout);
}

static void print_tail(const struct check_out *out, size_t missing, size_t stale,
		       size_t exact)
{
	if (out->format == CHECK_JSON)
		printf("%s],\n  \"counts\": {\"missing\": %zu, \"stale\": %zu, \"exact\": %zu}\n}\n",
		       out->shown ? "\n  " : "", missing, stale, exact);
}

/* The summary line on stderr (not with -q); with --keep-stale how many stale
 * tags it kept. */
static void print_summary(const struct check_opts *o, const struct tag_report *rep,
			  size_t missing, size_t stale)
{
	if (o->a.conf.flag[TC_KEEP_STALE] && rep->nstale)
		inform("crossym check: %zu missing, %zu stale, %zu exact (%zu stale tags "
		       "kept: --keep-stale)\n", missing, stale, rep->nexact, rep->nstale);
	else
		inform("crossym check: %zu missing, %zu stale, %zu exact\n", missing, stale,
		       rep->nexact);
}

/* check's exit status for an answer that is not complete (beside 0 exact, 1
 * tags wrong, 2 usage or a meaningless result) */
enum { CHECK_INCOMPLETE = 3 };

static int run_check(struct check_opts *o)
{
	const struct treeconf *c = &o->a.conf;
	struct pipeline p;
	const struct tag_report *rep = &p.rep;
	struct check_out out = { o->format, 0 };
	size_t missing = 0, stale = 0;
	int status, tag_macros = c->flag[TC_TAG_MACROS];

	pipeline_init(&p, &o->a, PH_TAGCHECK | PH(PH_FRESH) | (tag_macros ? PH(PH_CLASSES) : 0));
	p.select = &o->units;
	p.tag = treeconf_tag(c);
	p.tag_macros = tag_macros;
	if (pipeline_run(&p)) {
		pipeline_free(&p);
		return 2;
	}
	if (tag_macros && !diag.quiet)
		tagmacro_print(&p.plan, "crossym check: ", stderr);
	print_head(&out);
	if (tag_macros)
		print_macro_issues(o, &p.plan, &out, &missing, &stale);
	missing += print_issues(o, &out, "missing", rep->missing, rep->nmissing);
	if (!c->flag[TC_KEEP_STALE])
		stale += print_issues(o, &out, "stale", rep->stale, rep->nstale);
	print_tail(&out, missing, stale, rep->nexact);
	print_summary(o, rep, missing, stale);
	/* 1: the answer is complete and some tags are wrong; 3: it is not (a
	 * file could not be read or was not understood: named above), whatever
	 * it found */
	status = diag.status ? CHECK_INCOMPLETE : (missing || stale);
	pipeline_free(&p);
	return status;
}

int cmd_check(int argc, char **argv)
{
	struct check_opts o = { .format = CHECK_TEXT };
	struct cmdline cl = { check_help, check_options, check_set, &o };
	int done, status = cmdline_parse(argc, argv, &cl, &o.a.builds, &done);

	if (!status && !done)
		status = scan_args_check(&o.a, argv[0]);
	if (!status && !done)
		status = scan_args_settle(&o.a, argv[0], TC_ALL, 1);
	if (!status && !done)
		status = run_check(&o);
	unitsel_free(&o.units);
	scan_args_free(&o.a);
	return status;
}
