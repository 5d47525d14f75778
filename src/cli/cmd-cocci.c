// SPDX-License-Identifier: GPL-2.0-only
/* cmd-cocci.c - crossym cocci: the semantic patches that add the missing tags
 * and remove the stale ones, into OUTDIR for annotate.sh. */
#include "cli/commands.h"
#include "patch/cocci.h"
#include "kbuild/cpprun.h"
#include "kbuild/kbuild.h"
#include "cli/pipeline.h"
#include "patch/staticedit.h"
#include "patch/tagdef.h"
#include "patch/tagstyle.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct cocci_cmd_opts {
	struct scan_args a;     /* with --tag, --keep-stale, --tag-macros (a.conf) */
	const char *outdir;     /* -o */
	int define_tag;         /* --define-tag[=HEADER] */
	const char *define_header; /* its HEADER, or NULL */
	const char *tag_position; /* --tag-position */
	int make_static;        /* --static */
};

static const char cocci_help[] =
	"usage: crossym cocci -o OUTDIR [--tag NAME]\n"
	"                     [--define-tag | --define-tag=HEADER]\n"
	"                     [--tag-position=first|name] [--keep-stale] [--tag-macros]\n"
	"                     [--static]\n"
	"                     [--exclude OBJ]... [--runs] [--srctree DIR] [--nm FILE] [--db FILE]\n"
	"                     [--lds FILE]... [--run-build-commands] [--tag-exports]\n"
	"                     [--no-config] [-q] BUILD_DIR...\n\n"
	"Write into OUTDIR the semantic patches that add the tag to the definitions\n"
	"`crossym report` shows as `tag` and do not have it yet, and remove it from\n"
	"the stale ones (`crossym check`), the list of files to change (with their\n"
	"checksums) and the list of definitions; then run\n"
	"crossym annotate OUTDIR SRCTREE [--apply] to make and check the patch.\n"
	"OUTDIR/crossym.conf records the options (those of SRCTREE/.crossym, which\n"
	"this command reads, with the command line's over them); annotate --apply\n"
	"installs it as SRCTREE/.crossym, for every later command. With\n"
	"--run-build-commands, OUTDIR/asm-refs.tsv, lto-failed.tsv and\n"
	"lto-sections.tsv list what it found per object or symbol (stderr: the counts).\n\n";

static const struct optdef opt_output = { { "output", required_argument, NULL, OPT_OUTPUT },
	"  -o, --output DIR  where to write (created)\n" };

static const struct optdef opt_define_tag = { { "define-tag", optional_argument, NULL,
	OPT_DEFINE_TAG },
	"  --define-tag      add `#define TAG __attribute__((externally_visible, used))`\n"
	"                    (under #ifndef TAG) to each file tagged; without it, a\n"
	"                    tag some object to tag reaches no #define of is refused\n"
	"  --define-tag=HEADER  add it to HEADER (relative to the source tree), which\n"
	"                    every object to tag must include\n" };
static const struct optdef opt_tag_position = { { "tag-position", required_argument, NULL,
	OPT_TAG_POSITION },
	"  --tag-position=first  the tag before the return type of a function\n"
	"                    definition (`asmlinkage TAG void f(void)`)\n"
	"  --tag-position=name  just before its name (`void __init TAG f(void)`);\n"
	"                    default: the majority of the tag's uses on function\n"
	"                    definitions in the sources, else name\n" };

static const struct optdef opt_static = { { "static", no_argument, NULL, OPT_STATIC },
	"  --static          instead of tags: make static the definitions that are\n"
	"                    file-local in every build given, and delete their header\n"
	"                    declarations, where the whole source tree agrees (no other\n"
	"                    file names them, no #if arm hides a use); OUTDIR/static.tsv\n"
	"                    says why each other one is kept\n" };

static const struct optdef *const cocci_options[] = {
	&opt_output, &optdef_tag, &opt_define_tag, &opt_tag_position, &opt_static,
	&optdef_keep_stale,
	&optdef_tag_macros,
	&optdef_exclude, &optdef_runs, &optdef_srctree, &optdef_nm, &optdef_db,
	&optdef_lds, &optdef_run, &optdef_tag_exports, &optdef_no_config, NULL
};

static void cocci_set(void *opts, int id, const char *arg)
{
	struct cocci_cmd_opts *o = opts;

	switch (id) {
	case OPT_OUTPUT: o->outdir = arg; break;
	case OPT_DEFINE_TAG: o->define_tag = 1; o->define_header = arg; break;
	case OPT_TAG_POSITION: o->tag_position = arg; break;
	case OPT_STATIC: o->make_static = 1; break;
	default: scan_args_set(&o->a, id, arg); break;
	}
}

static void to_targets(const struct tag_issue *v, size_t n, struct cocci_target *t)
{
	for (size_t i = 0; i < n; i++) {
		t[i].source = v[i].source;
		t[i].symbol = v[i].symbol;
		t[i].kind = v[i].several ? DEF_SEVERAL :
			    v[i].kind == KIND_FUNC ? DEF_FUNC : DEF_VAR;
		t[i].line = v[i].line;
		t[i].macro = v[i].place ? v[i].place->macro : NULL;
		t[i].place = v[i].place ? placement_token(v[i].place->kind) : NULL;
		t[i].table = v[i].table;
	}
}

/* The #defines --tag-macros changes, as targets of their files (DEF_MACRO). */
static size_t macro_targets(const struct tagmacro_plan *p, struct cocci_target *t)
{
	size_t n = 0;

	for (size_t k = 0; k < p->n; k++)
		if (p->v[k].change == TM_TAG) {
			t[n].source = p->v[k].source;
			t[n].symbol = p->v[k].macro;
			t[n].kind = DEF_MACRO;
			t[n++].line = p->v[k].line;
		}
	return n;
}

/* OUTDIR/.complete is written last, when the whole job was written with no
 * error: annotate.sh takes no OUTDIR without it. */
#define COMPLETE_MARKER ".complete"

/* -o names a directory (or nothing yet); an earlier run's marker goes first,
 * so that a run that fails half-way leaves no complete-looking OUTDIR. */
static int forget_complete_marker(const char *outdir)
{
	struct stat st;
	char *marker;
	int rc = 0;

	if (stat(outdir, &st) == 0 && !S_ISDIR(st.st_mode)) {
		fprintf(stderr, "crossym cocci: -o %s: not a directory (OUTDIR is a "
			"directory crossym creates and fills)\n", outdir);
		return -1;
	}
	if (lstat(outdir, &st) == 0 && S_ISLNK(st.st_mode) && stat(outdir, &st) != 0) {
		fprintf(stderr, "crossym cocci: -o %s: a symbolic link to nothing (%s): "
			"create its target, or name another OUTDIR\n", outdir, errstr(errno));
		return -1;
	}
	if (!cocci_outdir_usable(outdir)) {
		fprintf(stderr, "crossym: %s: exists and is no OUTDIR crossym wrote (no "
			"%s/tag), so its files would be replaced: give a new or empty "
			"directory\n", outdir, outdir);
		return -1;
	}
	marker = path_join(outdir, COMPLETE_MARKER);
	if (unlink(marker) && errno != ENOENT) {
		fprintf(stderr, "crossym cocci: %s: %s\n", marker, errstr(errno));
		rc = -1;
	}
	free(marker);
	return rc;
}

static void write_complete_marker(const char *outdir, size_t nadd, size_t nremove,
				  size_t nunplaced)
{
	char *marker = path_join(outdir, COMPLETE_MARKER);
	char *text = xasprintf("crossym cocci: %zu to add, %zu to remove%s\n", nadd, nremove,
			       nunplaced ? ", some cannot be placed (unplaced.tsv)" : "");

	if (diag.status)
		fprintf(stderr, "crossym cocci: %s is incomplete (no %s): see the "
			"errors above\n", outdir, COMPLETE_MARKER);
	else if (sync_fs(outdir) || write_file_atomic(marker, text, strlen(text)) ||
		 sync_dir(outdir))
		error("%s: %s", marker, errstr(errno));
	free(text);
	free(marker);
}

/* OUTDIR/crossym.conf: the options of this run, which annotate --apply
 * installs as SRCTREE/.crossym. */
static void write_conf(const struct cocci_cmd_opts *o)
{
	char *path = path_join(o->outdir, TREECONF_OUTDIR_FILE);
	char *text = treeconf_text(&o->a.conf);

	if (write_file_atomic(path, text, strlen(text)))
		error("%s: %s", path, errstr(errno));
	free(text);
	free(path);
}

/* OUTDIR/builds: each build directory, absolute, a line each; annotate
 * --apply records there the files it tagged (fresh.h). */
static void write_builds(const struct cocci_cmd_opts *o)
{
	struct sbuf sb = { 0 };
	char *path = path_join(o->outdir, "builds"), *text;

	for (int i = 0; i < o->a.builds.n && !o->a.scan.nm_file; i++) {
		char *abs = realpath(o->a.builds.v[i], NULL);

		if (abs && !abs[strcspn(abs, "\n")])
			sbuf_add(&sb, abs), sbuf_add(&sb, "\n");
		free(abs);
	}
	text = sbuf_take(&sb);
	if (write_file_atomic(path, text, strlen(text)))
		error("%s: %s", path, errstr(errno));
	free(text);
	free(path);
}

static int cmp_ptr(const void *a, const void *b)
{
	const void *x = *(const void *const *)a, *y = *(const void *const *)b;

	return (x > y) - (x < y);
}

/* Whether a compile of the objects to tag warns on redundant declarations
 * (Xen: -Werror -Wredundant-decls), which every re-declaration is: then they
 * are made quiet (tagstyle.h). Each object's .cmd file is read once. */
static int warns_redundant(const struct pipeline *p)
{
	const struct objctx **ctx = xcalloc(p->rows.count + 1, sizeof(*ctx));
	size_t n = 0;
	int warns = 0;

	for (size_t i = 0; i < p->rows.count; i++)
		if (p->rows.v[i].status == STATUS_TAG && p->rows.v[i].ctx->cmd_file)
			ctx[n++] = p->rows.v[i].ctx;
	qsort(ctx, n, sizeof(*ctx), cmp_ptr);
	for (size_t i = 0; i < n && !warns; i++)
		warns = (i == 0 || ctx[i] != ctx[i - 1]) &&
			kbuild_cmd_warns(ctx[i]->cmd_file, "redundant-decls");
	free(ctx);
	return warns;
}

/* The style of the tag (tagstyle.h), said on stderr. */
static void choose_style(const struct cocci_cmd_opts *o, const struct pipeline *p,
			 struct tagstyle *style)
{
	const char *tag = treeconf_tag(&o->a.conf);
	char *said;

	tagstyle_choose(style, p->rep.npos, o->tag_position,
			!o->define_tag ? NULL : o->define_header ? o->define_header : ".");
	style->quiet = warns_redundant(p);
	said = tagstyle_describe(style, tag);
	inform("crossym cocci: tag position: %s\n", said);
	if (style->quiet)
		inform("crossym cocci: the build warns on redundant declarations "
		       "(-Wredundant-decls): re-declarations silence it with _Pragma\n");
	if (o->define_tag)
		inform("crossym cocci: --define-tag: #define %s goes into %s\n",
		       tag, o->define_header ? o->define_header : "each file tagged");
	free(said);
}

/* s into sb, a TSV field: tabs and newlines made spaces. */
static void tsv_field(struct sbuf *sb, const char *s, const char *end)
{
	for (; *s; s++)
		sbuf_addn(sb, *s == '\t' || *s == '\n' ? " " : s, 1);
	sbuf_add(sb, end);
}

/* OUTDIR/unplaced.tsv: the tag rows no source is known for (symbol, object,
 * reason), a header only when there are none; annotate names each. */
static void write_unplaced(const struct cocci_cmd_opts *o, const struct pipeline *p)
{
	struct sbuf sb = { 0 };
	char *text;

	sbuf_add(&sb, "symbol\tobject\treason\n");
	for (size_t i = 0; i < p->nunplaced; i++) {
		const struct row *r = &p->rows.v[p->unplaced[i]];

		tsv_field(&sb, r->symbol, "\t");
		tsv_field(&sb, r->object, "\t");
		tsv_field(&sb, r->site.why ? r->site.why : "source unknown", "\n");
	}
	text = sbuf_take(&sb);
	cocci_write_text(o->outdir, "unplaced.tsv", text);
	free(text);
}

/* The patches of what p found, into OUTDIR. */
static void write_outdir(const struct cocci_cmd_opts *o, const struct pipeline *p)
{
	const struct tag_report *rep = &p->rep;
	struct cocci_target *add = xcalloc(rep->nmissing + p->plan.n + 2, sizeof(*add));
	struct cocci_target *remove = xcalloc(rep->nstale, sizeof(*remove));
	const struct treeconf *c = &o->a.conf;
	struct tagstyle style;
	struct cocci_opts copts = { o->outdir, treeconf_tag(c), p->srctree, p->files, &style };
	size_t nadd, nremove = c->flag[TC_KEEP_STALE] ? 0 : rep->nstale;

	choose_style(o, p, &style);
	to_targets(rep->missing, rep->nmissing, add);
	nadd = rep->nmissing + macro_targets(&p->plan, add + rep->nmissing);
	if (o->define_header && rep->nmissing)  /* in files.tsv, with no rule */
		add[nadd++] = (struct cocci_target){ o->define_header, treeconf_tag(c),
						     DEF_MACRO, 0, NULL, NULL, 0 };
	to_targets(rep->stale, rep->nstale, remove);
	cocci_write(&copts, add, nadd, remove, nremove);
	tagstyle_free(&style);
	write_conf(o);
	write_builds(o);
	if (c->flag[TC_TAG_MACROS]) {
		if (!diag.quiet)
			tagmacro_print(&p->plan, "crossym cocci: ", stderr);
		if (tagmacro_write(&p->plan, o->outdir))
			error("%s/macros.tsv: %s", o->outdir, errstr(errno));
	}
	write_unplaced(o, p);
	inform("crossym cocci: %zu tags to add, %zu to remove, %zu in place "
	       "already%s", rep->nmissing, nremove, rep->nexact,
		nremove < rep->nstale ? " (stale tags kept)" : "");
	if (p->nunplaced)
		inform(", %zu cannot be placed (%s/unplaced.tsv)", p->nunplaced, o->outdir);
	inform("\n");
	write_complete_marker(o->outdir, rep->nmissing, nremove, p->nunplaced);
	free(add);
	free(remove);
}

/* Is the tag's #define reached by the objects to tag (tagdef.h)? -1 when
 * not (said). --define-tag alone puts one into each file tagged: nothing to
 * check then. */
static int check_tag(const struct cocci_cmd_opts *o, const struct pipeline *p)
{
	struct tagdef_opts t = { treeconf_tag(&o->a.conf), o->define_header, p->srctree,
				 "crossym cocci" };

	if (o->define_tag && !o->define_header)
		return 0;
	return tagdef_check(&t, &p->rep);
}

static int bad_style_options(const struct cocci_cmd_opts *o)
{
	if (o->tag_position && strcmp(o->tag_position, "first") &&
	    strcmp(o->tag_position, "name")) {
		fprintf(stderr, "crossym cocci: --tag-position=%s: not first or name\n",
			o->tag_position);
		return 1;
	}
	if (o->define_header && !*o->define_header) {
		fputs("crossym cocci: --define-tag=: no header named\n", stderr);
		return 1;
	}
	return 0;
}

/* Each definition --static keeps global, with why, and the count. */
static void say_static(const struct static_plan *plan)
{
	for (size_t k = 0; k < plan->n && !diag.quiet; k++)
		if (plan->v[k].why)
			fprintf(stderr, "crossym cocci: %s%s%.0u: %s stays global: %s\n",
				plan->v[k].source, plan->v[k].line ? ":" : "", plan->v[k].line,
				plan->v[k].symbol, plan->v[k].why);
	inform("crossym cocci: --static: %zu of %zu file-local definitions become static, "
	       "%zu kept (%zu files read)\n", plan->nstatic, plan->n,
	       plan->n - plan->nstatic, plan->m.nread);
}

/* --static: the classes of every build, then the verdicts. */
static int run_static(const struct cocci_cmd_opts *o)
{
	struct pipeline p;
	struct static_plan plan;
	struct cpp_runner run;
	int status = 2;

	pipeline_init(&p, &o->a, PH_ROWS | PH(PH_CLASSES));
	p.scan.list_dir = o->outdir;
	cpp_runner_init(&run, o->a.scan.run_build_commands);
	if (!pipeline_run(&p) && !staticize_plan(&p.rows, p.srctree, p.builds.v,
						 (size_t)p.builds.n, &run, &plan)) {
		if (staticedit_write(o->outdir, p.srctree, &plan) == 0)
			write_complete_marker(o->outdir, plan.nstatic, 0, 0);
		say_static(&plan);
		staticize_free(&plan);
		status = diag.status;
	}
	cpp_runner_say(&run);
	cpp_runner_free(&run);
	pipeline_free(&p);
	return status;
}

static int run_cocci(const struct cocci_cmd_opts *o)
{
	struct pipeline p;
	int status = 2;
	int tag_macros = o->a.conf.flag[TC_TAG_MACROS];

	if (!o->outdir) {
		fputs("crossym cocci: -o OUTDIR is required\n", stderr);
		return 2;
	}
	if (bad_style_options(o) || forget_complete_marker(o->outdir))
		return 2;
	if (o->make_static)
		return run_static(o);
	pipeline_init(&p, &o->a, PH_TAGCHECK | (tag_macros ? PH(PH_CLASSES) : 0));
	p.tag = treeconf_tag(&o->a.conf);
	p.scan.list_dir = o->outdir;
	p.tag_macros = tag_macros;
	p.list_unplaced = 1;
	if (!pipeline_run(&p) && !check_tag(o, &p)) {
		write_outdir(o, &p);
		status = diag.status ? diag.status : p.nunplaced > 0;
	}
	pipeline_free(&p);
	return status;
}

int cmd_cocci(int argc, char **argv)
{
	struct cocci_cmd_opts o = { .outdir = NULL };
	struct cmdline cl = { cocci_help, cocci_options, cocci_set, &o };
	int done, status = cmdline_parse(argc, argv, &cl, &o.a.builds, &done);

	if (!status && !done)
		status = scan_args_check(&o.a, argv[0]);
	if (!status && !done)
		status = scan_args_settle(&o.a, argv[0], TC_ALL, 0);
	if (!status && !done)
		status = run_cocci(&o);
	scan_args_free(&o.a);
	return status;
}
