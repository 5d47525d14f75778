// SPDX-License-Identifier: GPL-2.0-only
/* cmd-check.c - crossym check: the tags in the sources against what the
 * builds need, as compiler-style lines. */
#include "commands.h"
#include "pipeline.h"
#include "util.h"

struct check_opts {
	struct scan_args a;
	const char *tag;        /* --tag */
	int tag_macros;         /* --tag-macros */
	struct unit_sel units;  /* --unit */
};

static const char check_help[] =
	"usage: crossym check [--tag NAME] [--srctree DIR] [--nm FILE] [--db FILE] [--lds FILE]\n"
	"                     BUILD_DIR...\n\n"
	"Compare the tags in the sources with what the builds need. Prints each\n"
	"missing tag (needed, absent) and each stale tag (present on a definition no\n"
	"longer referenced from outside its unit, or on a symbol the builds do not\n"
	"define) as `FILE:LINE: missing|stale tag: SYMBOL: why`. Exit 1 when there\n"
	"is any, 0 when the tree is exact.\n\n";

static const struct optdef *const check_options[] = {
	&optdef_tag, &optdef_tag_macros, &optdef_unit, &optdef_exclude, &optdef_runs,
	&optdef_srctree, &optdef_nm, &optdef_db, &optdef_lds, &optdef_run,
	&optdef_tag_exports, NULL
};

static void check_set(void *opts, int id, const char *arg)
{
	struct check_opts *o = opts;

	switch (id) {
	case OPT_TAG: o->tag = arg; break;
	case OPT_TAG_MACROS: o->tag_macros = 1; break;
	case OPT_UNIT: unitsel_add(&o->units, arg); break;
	default: scan_args_set(&o->a, id, arg); break;
	}
}

/* "FILE:LINE: missing tag: SYMBOL: why", the compiler's format; line 1 and
 * "(line unknown)" when the definition's line is not known. */
static void print_issue(const char *what, const struct tag_issue *t)
{
	printf("%s:%u: %s tag: %s: %s%s\n", t->source, t->line ? t->line : 1, what,
	       t->symbol, t->why, t->line ? "" : " (line unknown)");
}

/* A #define --tag-macros would tag that has no tag yet: missing; one with a
 * tag that a definition it makes must not have: stale. */
static void print_macro_issues(const struct check_opts *o, const struct tagmacro_plan *p,
			       size_t *missing, size_t *stale)
{
	for (size_t k = 0; k < p->n; k++) {
		const struct tagmacro_site *s = &p->v[k];

		if (!units_file_selected(&o->units, NULL, s->source))
			continue;
		if (s->change == TM_TAG) {
			printf("%s:%u: missing tag: %s: every definition it makes (%zu) is "
			       "referenced from outside its unit\n", s->source, s->line,
			       s->macro, s->made);
			(*missing)++;
		} else if (s->change == TM_ALREADY && s->why) {
			printf("%s:%u: stale tag: %s: only %zu of the %zu definitions it makes "
			       "need it (%s)\n", s->source, s->line, s->macro, s->need,
			       s->made, s->why);
			(*stale)++;
		}
	}
}

/* The issues of v[0..n) --unit selects, printed; their number. */
static size_t print_issues(const struct check_opts *o, const char *what,
			   const struct tag_issue *v, size_t n)
{
	size_t shown = 0;

	for (size_t i = 0; i < n; i++)
		if (units_file_selected(&o->units, v[i].unit, v[i].source)) {
			print_issue(what, &v[i]);
			shown++;
		}
	return shown;
}

static int run_check(struct check_opts *o)
{
	struct pipeline p;
	const struct tag_report *rep = &p.rep;
	size_t missing = 0, stale = 0;
	int status;

	pipeline_init(&p, &o->a, PH_TAGCHECK | (o->tag_macros ? PH(PH_CLASSES) : 0));
	p.select = &o->units;
	p.tag = o->tag;
	p.tag_macros = o->tag_macros;
	if (pipeline_run(&p)) {
		pipeline_free(&p);
		return 2;
	}
	if (o->tag_macros) {
		tagmacro_print(&p.plan, "crossym check: ", stderr);
		print_macro_issues(o, &p.plan, &missing, &stale);
	}
	missing += print_issues(o, "missing", rep->missing, rep->nmissing);
	stale += print_issues(o, "stale", rep->stale, rep->nstale);
	fprintf(stderr, "crossym check: %zu missing, %zu stale, %zu exact\n",
		missing, stale, rep->nexact);
	status = diag.status ? diag.status : (missing || stale);
	pipeline_free(&p);
	return status;
}

int cmd_check(int argc, char **argv)
{
	struct check_opts o = { .tag = "__global" };
	struct cmdline cl = { check_help, check_options, check_set, &o };
	int done, status = cmdline_parse(argc, argv, &cl, &o.a.builds, &done);

	if (!status && !done)
		status = scan_args_check(&o.a, argv[0]);
	if (!status && !done)
		status = run_check(&o);
	unitsel_free(&o.units);
	scan_args_free(&o.a);
	return status;
}
