// SPDX-License-Identifier: GPL-2.0-only
/* commands.c - option parsing and the work of each sub-command. */
#include "commands.h"
#include "buildtree.h"
#include "classify.h"
#include "cocci.h"
#include "cpprun.h"
#include "db.h"
#include "defline.h"
#include "diff.h"
#include "decide.h"
#include "mismatch.h"
#include "placement.h"
#include "report.h"
#include "srcscan.h"
#include "complete.h"
#include "tagcheck.h"
#include "tagmacro.h"
#include "flatten.h"
#include "clashes.h"
#include "gensrc.h"
#include "ordersec.h"
#include "units.h"
#include "verify.h"
#include "util.h"
#include "version.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_LDS 16
#define MAX_UNITS 64

struct options {
	char *lds[MAX_LDS];     /* --lds, pointed to by scan.lds */
	struct scan_opts scan;
	const char *format;     /* report: "text" or "tsv" */
	const char *outdir;     /* cocci: -o */
	const char *tag;        /* cocci, check: --tag */
	const char *db_file;    /* --db */
	int keep_stale;         /* cocci --keep-stale */
	int tag_macros;         /* cocci, check --tag-macros (tagmacro.h) */
	int all;                /* report --all */
	char *units[MAX_UNITS]; /* --unit DIRs */
	size_t nunits;
	int classify;           /* report: make the class rows (classify.c) */
	int lines;              /* report: find every row's definition line */
	int mismatches;         /* report --mismatches */
	int ordered;            /* units --ordered (ordersec.c) */
	int flatten;            /* units --flatten (flatten.c) */
	int clashes;            /* units --clashes (clashes.c) */
	int generated;          /* units --generated (gensrc.c) */
	struct unit_opts unitopt; /* --exclude, --runs (units.c) */
	char **builds;          /* the BUILD_DIR arguments */
	int nbuilds;
};

enum { OPT_OUTPUT = 'o', OPT_SRCTREE = 256, OPT_NM, OPT_FORMAT, OPT_TAG, OPT_DB,
       OPT_LDS, OPT_KEEP, OPT_ALL, OPT_UNIT, OPT_MISMATCH, OPT_RUN, OPT_EXCLUDE, OPT_RUNS,
       OPT_TAG_MACROS, OPT_ORDERED, OPT_FLATTEN, OPT_TAG_EXPORTS,
       OPT_CLASHES, OPT_GENERATED };

/* One option a command takes: its getopt_long entry and its --help lines. */
struct optdef {
	struct option opt;
	const char *help;
};

#define OPTDEF_SRCTREE { { "srctree", required_argument, NULL, OPT_SRCTREE }, \
	"  --srctree DIR     the source tree (default: BUILD_DIR/source when it is a\n" \
	"                    link, as kbuild makes for O= builds, else BUILD_DIR)\n" }
#define OPTDEF_NM { { "nm", required_argument, NULL, OPT_NM }, \
	"  --nm FILE         read symbols from `nm -A` output instead of the objects\n" \
	"                    (\"-\" for stdin); make it with\n" \
	"                    crossym objects BUILD | (cd BUILD && xargs nm -A) >FILE\n" }
#define OPTDEF_DB { { "db", required_argument, NULL, OPT_DB }, \
	"  --db FILE         keep what the scan read per object file in FILE; the next\n" \
	"                    scan re-reads only files whose size, mtime or inode changed\n" }
#define OPTDEF_LDS { { "lds", required_argument, NULL, OPT_LDS }, \
	"  --lds FILE        a linker script (relative to BUILD_DIR) whose symbol\n" \
	"                    references count as references from outside (repeatable;\n" \
	"                    default: arch/*/kernel/vmlinux.lds when the build has one)\n" }
#define OPTDEF_RUN { { "run-build-commands", no_argument, NULL, OPT_RUN }, \
	"  --run-build-commands  run each C object's own compile command from its\n" \
	"                    .cmd file (by argument vector, never through a shell;\n" \
	"                    shell syntax is refused): with -flto -ffat-lto-objects\n" \
	"                    to find the symbols it names only inside asm strings,\n" \
	"                    and as the preprocessor (-E) to tell names made by\n" \
	"                    top-level asm (no tag needed) from names a macro\n" \
	"                    pasted; without it crossym only reads files and names\n" \
	"                    what it could not tell\n" }
#define OPTDEF_TAG_EXPORTS { { "tag-exports", no_argument, NULL, OPT_TAG_EXPORTS }, \
	"  --tag-exports     the tree's export macro does not carry the tag (stock\n" \
	"                    Linux with --tag __visible): an exported definition\n" \
	"                    another unit of its own image uses needs the tag too\n" \
	"                    (status tag); without it such a row is `exported`\n" }
#define OPTDEF_EXCLUDE { { "exclude", required_argument, NULL, OPT_EXCLUDE }, \
	"  --exclude OBJ     keep object OBJ (relative to BUILD_DIR) out of its unit:\n" \
	"                    a unit of its own, compiled normally, so its definitions\n" \
	"                    need no tag (status excluded); repeatable, @FILE: one\n" \
	"                    per line\n" }
#define OPTDEF_RUNS { { "runs", no_argument, NULL, OPT_RUNS }, \
	"  --runs            a unit per contiguous run of a directory's objects in\n" \
	"                    link order (DIR, DIR@2, ...), as scripts/wholeprogram.sh\n" \
	"                    builds them\n" }
#define OPTDEF_TAG_MACROS { { "tag-macros", no_argument, NULL, OPT_TAG_MACROS }, \
	"  --tag-macros      where every definition a macro pastes together (SYSCALL_DEFINEn)\n" \
	"                    needs the tag, tag the declaration in the macro's #define\n" \
	"                    once instead of re-declaring each; a macro one of whose\n" \
	"                    definitions must stay untagged is not changed (says why)\n" }
#define OPTDEF_ORDERED { { "ordered", no_argument, NULL, OPT_ORDERED }, \
	"  --ordered         instead: the global definitions alone in a section the\n" \
	"                    linker script names one by one (its order only the\n" \
	"                    script fixes), in units with two or more of them in\n" \
	"                    one output section and more than one C object (a\n" \
	"                    whole-program unit may fold comparisons of their\n" \
	"                    addresses): unit, object, symbol, section, script\n" }
#define OPTDEF_FLATTEN { { "flatten", no_argument, NULL, OPT_FLATTEN }, \
	"  --flatten         instead: the functions given GCC's flatten attribute\n" \
	"                    (__flatten) in the sources of units with more than one\n" \
	"                    C object (in a whole-program unit it inlines the unit's\n" \
	"                    whole call tree: lto1 may run out of memory): unit,\n" \
	"                    object, symbol, source, line\n" }
#define OPTDEF_CLASHES { { "clashes", no_argument, NULL, OPT_CLASHES }, \
	"  --clashes         instead: the definitions an initcall entry (top-level asm)\n" \
	"                    names by a name another object of its unit defines too\n" \
	"                    (a whole-program unit renames such statics; the asm\n" \
	"                    keeps the old name): unit, object, symbol, entry\n" }
#define OPTDEF_GENERATED { { "generated", no_argument, NULL, OPT_GENERATED }, \
	"  --generated       instead: the definitions other units use in sources the\n" \
	"                    build generated, in units with more than one C object\n" \
	"                    (no tag can be kept there, and GCC 12 does not honour\n" \
	"                    a re-declaration in another file): unit, object,\n" \
	"                    symbol, source\n" }
#define OPTDEF_END { { NULL, 0, NULL, 0 }, NULL }

/* The help line every command takes. */
static const char help_help[] = "  -h, --help        print this help and exit\n";

static void print_help(FILE *out, const char *help, const struct optdef *defs)
{
	fputs(help, out);
	for (const struct optdef *d = defs; d->opt.name; d++)
		fputs(d->help, out);
	fputs(help_help, out);
	fputs("\n" CROSSYM_VERSION_LINE "\n", out);
}

/* The getopt_long table for defs, with --help; a fresh array. */
static struct option *long_options_of(const struct optdef *defs)
{
	size_t n = 0;
	struct option *v;

	while (defs[n].opt.name)
		n++;
	v = xcalloc(n + 2, sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = defs[i].opt;
	v[n] = (struct option){ "help", no_argument, NULL, 'h' };
	return v;
}

/* The option getopt_long just refused, as the user wrote it. */
static void bad_option(const char *cmd, char **argv, int c)
{
	const char *arg = argv[optind - 1];
	int len = (int)strcspn(arg, "=");

	if (c == ':')
		fprintf(stderr, "crossym %s: option '%s' needs an argument\n", cmd, arg);
	else if (optopt >= 256)
		fprintf(stderr, "crossym %s: option '%.*s' takes no argument\n", cmd, len, arg);
	else if (optopt && !str_has_prefix(arg, "--"))
		fprintf(stderr, "crossym %s: unknown option '-%c'\n", cmd, optopt);
	else
		fprintf(stderr, "crossym %s: unknown option '%.*s'\n", cmd, len, arg);
	fprintf(stderr, "Try 'crossym %s --help'\n", cmd);
}

static void set_option(struct options *opts, int c)
{
	switch (c) {
	case OPT_SRCTREE: opts->scan.srctree = optarg; break;
	case OPT_NM: opts->scan.nm_file = optarg; break;
	case OPT_FORMAT: opts->format = optarg; break;
	case OPT_TAG: opts->tag = optarg; break;
	case OPT_DB: opts->db_file = optarg; break;
	case OPT_KEEP: opts->keep_stale = 1; break;
	case OPT_TAG_MACROS: opts->tag_macros = 1; opts->classify = 1; break;
	case OPT_TAG_EXPORTS: opts->scan.tag_exports = 1; break;
	case OPT_RUN:
		opts->scan.run_build_commands = 1;
		cpp_set_run_commands(1);
		break;
	case OPT_LDS:
		if (opts->scan.nlds < MAX_LDS)
			opts->scan.lds[opts->scan.nlds++] = optarg;
		else
			fatal("more than %d --lds options", MAX_LDS);
		break;
	case OPT_OUTPUT: opts->outdir = optarg; break;
	case OPT_ALL: opts->all = 1; break;
	case OPT_MISMATCH: opts->mismatches = 1; break;
	case OPT_RUNS: opts->unitopt.runs = 1; break;
	case OPT_ORDERED: opts->ordered = 1; break;
	case OPT_FLATTEN: opts->flatten = 1; break;
	case OPT_CLASHES: opts->clashes = 1; break;
	case OPT_GENERATED: opts->generated = 1; break;
	case OPT_EXCLUDE:
		if (units_add_exclude(&opts->unitopt, optarg))
			fatal("--exclude %s: cannot read the list", optarg);
		break;
	case OPT_UNIT:
		if (opts->nunits < MAX_UNITS)
			opts->units[opts->nunits++] = optarg;
		else
			fatal("more than %d --unit options", MAX_UNITS);
		break;
	}
}

/* getopt_long's short-option string for defs: ":" (report a missing argument
 * as ':'), "h", and every option that has a one-letter name. */
static void short_options_of(const struct optdef *defs, char *buf, size_t size)
{
	size_t n = 0;

	buf[n++] = ':';
	buf[n++] = 'h';
	for (const struct optdef *d = defs; d->opt.name && n + 3 < size; d++)
		if (d->opt.val < 256) {
			buf[n++] = (char)d->opt.val;
			if (d->opt.has_arg == required_argument)
				buf[n++] = ':';
		}
	buf[n] = '\0';
}

/* Parse argv for one command, taking the options of defs. Returns 0, or the exit
 * status to end with (help printed: 0 through *done). */
static int parse_options(int argc, char **argv, const struct optdef *defs,
			 const char *help, struct options *opts, int *done)
{
	struct option *longopts = long_options_of(defs);
	char shortopts[32];
	int c, status = 0;

	memset(opts, 0, sizeof(*opts));
	opts->scan.lds = opts->lds;
	opts->format = "text";
	opts->tag = "__global";
	*done = 0;
	short_options_of(defs, shortopts, sizeof(shortopts));
	optind = 1;
	opterr = 0;
	while (!status && (c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if (c == 'h') {
			print_help(stdout, help, defs);
			*done = 1;
		} else if (c == '?' || c == ':') {
			bad_option(argv[0], argv, c);
			status = 2;
		} else {
			set_option(opts, c);
		}
		if (*done)
			break;
	}
	free(longopts);
	if (status || *done)
		return status;
	opts->builds = argv + optind;
	opts->nbuilds = argc - optind;
	if (opts->nbuilds < 1) {
		fprintf(stderr, "crossym %s: no BUILD_DIR given\n", argv[0]);
		print_help(stderr, help, defs);
		return 2;
	}
	if (opts->scan.nm_file && opts->nbuilds > 1) {
		fprintf(stderr, "crossym %s: --nm takes one BUILD_DIR\n", argv[0]);
		return 2;
	}
	return 0;
}

/* Scan every build and decide; the rows of all builds, merged. Returns the
 * number of objects read, or -1 when a build directory is unusable. */
/* What `check` and `cocci` need beyond the rows: every C source compiled and
 * every symbol defined, over all builds. */
struct build_facts {
	struct strtab sources, defined, unlinked;
};

static void collect_facts(const struct build *b, struct build_facts *facts)
{
	for (size_t i = 0; i < b->set.count; i++) {
		const struct object *o = &b->set.objs[i];

		if (o->is_script || !o->machine_ok)
			continue;
		/* an excluded object is compiled outside units: its tags are
		 * neither wanted nor stale, and its source is not read */
		if (o->source && !o->is_asm && !o->generated && !o->excluded)
			strtab_intern(&facts->sources, o->source);
		for (size_t k = 0; k < o->nincluded && !o->is_asm && !o->excluded; k++)
			strtab_intern(&facts->sources, o->included[k]);
		for (size_t k = 0; k < o->nsyms; k++)
			if (o->syms[k].bind == SYM_DEF || o->syms[k].bind == SYM_WEAKDEF)
				strtab_intern(o->linked ? &facts->defined : &facts->unlinked,
					      strtab_str(&b->set.names, o->syms[k].name));
	}
}

/* Nothing to check is no success: a build with no object, or none linked,
 * is an error (an unbuilt, empty or mistyped build directory). */
static int check_something_linked(const struct build *b)
{
	size_t nobjects = 0, nlinked = 0;

	for (size_t i = 0; i < b->set.count; i++) {
		nobjects += !b->set.objs[i].is_script;
		nlinked += !b->set.objs[i].is_script && b->set.objs[i].linked;
	}
	if (!nobjects)
		error("%s: no objects found: not built yet, or not a build directory",
		      b->dir);
	else if (!nlinked)
		error("%s: %zu objects found, but no linked image: none is linked",
		      b->dir, nobjects);
	return nlinked ? 0 : -1;
}

static long scan_builds(const struct options *opts, struct scan_opts *scan,
			struct rows *rows, char **srctree, struct build_facts *facts)
{
	long nobjects = 0;

	for (int i = 0; i < opts->nbuilds; i++) {
		struct build b;
		size_t first;

		if (build_scan(&b, opts->builds[i], scan)) {
			build_free(&b);
			return -1;
		}
		units_assign(&b, &opts->unitopt);
		first = rows->count;
		decide_build(&b, rows);
		if (check_something_linked(&b)) {
			build_free(&b);
			return -1;
		}
		if (!scan->nm_file)
			placement_from_dwarf(&b, rows, first);
		placement_generated(&b, rows, first);
		if (opts->classify)
			classify_build(&b, rows, first);
		if (opts->lines)
			defline_resolve(&b, rows, first, !scan->nm_file);
		if (srctree && !*srctree)
			*srctree = xstrdup(b.srctree);
		if (facts)
			collect_facts(&b, facts);
		nobjects += (long)b.set.count;
		build_free(&b);
	}
	return nobjects;
}

static long scan_and_decide(const struct options *opts, struct rows *rows,
			    char **srctree, struct build_facts *facts)
{
	struct scan_opts scan = opts->scan;
	struct db db;
	long nobjects;

	memset(rows, 0, sizeof(*rows));
	if (facts) {            /* first: the caller frees them on failure too */
		strtab_init(&facts->sources);
		strtab_init(&facts->defined);
		strtab_init(&facts->unlinked);
	}
	/* the .cmd deps lists: for placement, classes and the tag check only */
	scan.need_included = opts->classify || facts != NULL;
	if (opts->db_file) {
		if (db_load(&db, opts->db_file)) {
			db_free(&db);
			return -1;
		}
		scan.db = &db;
	}
	nobjects = scan_builds(opts, &scan, rows, srctree, facts);
	if (opts->db_file) {
		if (nobjects >= 0 && !db_save(&db))
			fprintf(stderr, "crossym: %s: %zu object files read, %zu taken "
				"from the database\n", opts->db_file, db.read, db.reused);
		db_free(&db);
	}
	rows_sort_merge(rows);
	return nobjects;
}

/* Without --run-build-commands: the definitions whose placement running the
 * compile command would have decided (made by top-level asm, needing no tag,
 * or pasted by a macro). */
static void note_unrun_commands(const struct rows *rows, const struct placement *places)
{
	size_t n = 0;

	for (size_t i = 0; i < rows->count; i++) {
		const struct row *r = &rows->v[i];

		if (!r->ctx->cmd_file || !cpp_was_unrun(r->ctx->cmd_file) ||
		    (places[i].kind != PLACE_PASTED &&
		     places[i].kind != PLACE_NOT_IN_SOURCE))
			continue;
		if (n++ < 10)
			fprintf(stderr, "crossym: note: %s (%s): made by top-level asm "
				"or pasted by a macro? --run-build-commands would tell\n",
				r->symbol, r->site.def_source ? r->site.def_source
							       : r->object);
	}
	if (n > 10)
		fprintf(stderr, "crossym: note: %zu such definitions in all\n", n);
	cpp_forget_unrun();
}

static const char report_help[] =
	"usage: crossym report [--format=text|tsv|json|dot] [--all] [--unit DIR]...\n"
	"                      [--mismatches] [--srctree DIR] [--nm FILE] [--db FILE]\n"
	"                      [--lds FILE] BUILD_DIR...\n\n"
	"Print the definitions referenced from outside their unit. With several\n"
	"BUILD_DIRs (configs or architectures of one source tree) the union.\n\n";

#define OPTDEF_UNIT { { "unit", required_argument, NULL, OPT_UNIT }, \
	"  --unit DIR        only units at or below DIR (repeatable)\n" }

static const struct optdef report_options[] = {
	{ { "format", required_argument, NULL, OPT_FORMAT },
	  "  --format=text     grouped by unit, with counts, a per-unit summary and\n"
	  "                    the most coupled pairs of units (default)\n"
	  "  --format=tsv      symbol, unit, object, source, status, referenced_from,\n"
	  "                    kind, bind, line; status is tag, exported, asm or excluded\n"
	  "                    (with --all also unit-local, file-local, unreferenced,\n"
	  "                    multiply-defined)\n"
	  "  --format=json     symbols, units, edges and counts in one JSON document\n"
	  "  --format=dot      the coupling graph of the units (Graphviz: dot -Tsvg)\n" },
	{ { "all", no_argument, NULL, OPT_ALL },
	  "  --all             every global definition, with its class; with several\n"
	  "                    builds a class holds only when it holds in every build\n" },
	OPTDEF_UNIT,
	{ { "mismatches", no_argument, NULL, OPT_MISMATCH },
	  "  --mismatches      compare, through the build's DWARF, the type each object\n"
	  "                    declares for a symbol with the type of its definition;\n"
	  "                    print FILE:LINE: lines, exit 1 when there is any\n" },
	{ { "tag-macros", no_argument, NULL, OPT_TAG_MACROS },
	  "  --tag-macros      (text) a section: per #define that pastes the names it\n"
	  "                    defines together (SYSCALL_DEFINEn), how many of its\n"
	  "                    definitions need the tag (crossym cocci --tag-macros)\n" },
	OPTDEF_EXCLUDE, OPTDEF_RUNS,
	OPTDEF_SRCTREE, OPTDEF_NM, OPTDEF_DB, OPTDEF_LDS, OPTDEF_RUN, OPTDEF_TAG_EXPORTS, OPTDEF_END
};

static const char *const report_formats[] = { "text", "tsv", "json", "dot" };

static int format_index(const char *format)
{
	for (int i = 0; i < 4; i++)
		if (!strcmp(format, report_formats[i]))
			return i;
	return -1;
}

/* Whether --unit selects the source file path (relative to the tree). */
static int source_selected(const struct options *opts, const char *path)
{
	for (size_t i = 0; i < opts->nunits; i++) {
		const char *dir = opts->units[i];
		size_t len = strlen(dir);

		if (!strcmp(dir, ".") || (!strncmp(path, dir, len) && path[len] == '/'))
			return 1;
	}
	return !opts->nunits;
}

/* A mismatch line "DECL:LINE: ... at DEF:LINE" with either file selected. */
static int mismatch_selected(const struct options *opts, const char *line)
{
	const char *at = strrchr(line, ' ');
	char *decl = xstrndup(line, strcspn(line, ":"));
	int keep = source_selected(opts, decl) || (at && source_selected(opts, at + 1));

	free(decl);
	return keep;
}

/* report --mismatches: every build's declarations against its definitions. */
static int report_mismatches(const struct options *opts)
{
	struct strtab found;
	size_t with_dwarf = 0, compared = 0, nlines = 0;
	char **lines;

	if (opts->scan.nm_file) {
		fputs("crossym report: --mismatches reads the objects' DWARF, not --nm\n", stderr);
		return 2;
	}
	strtab_init(&found);
	for (int i = 0; i < opts->nbuilds; i++) {
		struct build b;
		struct rows rows = { 0 };

		if (build_scan(&b, opts->builds[i], &opts->scan)) {
			build_free(&b);
			strtab_free(&found);
			return 2;
		}
		decide_build(&b, &rows);
		with_dwarf += mismatch_scan(&b, &found, &compared);
		rows_free(&rows);
		build_free(&b);
	}
	lines = xcalloc(found.count + 1, sizeof(*lines));
	for (unsigned id = 0; id < found.count; id++)
		if (mismatch_selected(opts, found.strings[id]))
			lines[nlines++] = found.strings[id];
	if (nlines > 1)
		qsort(lines, nlines, sizeof(*lines), cmp_strptr);
	for (size_t i = 0; i < nlines; i++)
		puts(lines[i]);
	fprintf(stderr, "crossym report: %zu inconsistent %s (%zu declarations compared "
		"with their definitions, %zu objects with DWARF)\n", nlines,
		nlines == 1 ? "declaration" : "declarations", compared, with_dwarf);
	free(lines);
	if (!with_dwarf) {
		error("no object has DWARF: build with -g (CONFIG_DEBUG_INFO) to compare types");
		strtab_free(&found);
		return 2;
	}
	strtab_free(&found);
	return diag.status ? diag.status : nlines > 0;
}

/* The text report's --tag-macros section: per #define that pastes names
 * together, how many of its definitions need the tag (tagmacro.h). */
static void report_macros(const struct rows *rows, const struct placement *places,
			  struct srcset *files, const char *tag)
{
	struct tagmacro_plan plan;

	tagmacro_plan(rows, places, files, tag, &plan);
	printf("\nMacros that paste the names they define (--tag-macros: the tag goes "
	       "into a #define\nonly when every definition it makes needs it):\n");
	tagmacro_print(&plan, "  ", stdout);
	if (!plan.n && !plan.nfailed)
		printf("  none\n");
	tagmacro_free(&plan);
}

static void write_report(const struct options *opts, struct rows *rows,
			 const char *srctree, long nobjects)
{
	struct report_view view = { rows, (char **)opts->units, opts->nunits,
				    opts->all, (size_t)nobjects, NULL };
	struct placement *places;
	struct srcset *files;

	switch (format_index(opts->format)) {
	case 1: report_tsv(stdout, &view); return;
	case 2: report_json(stdout, &view); return;
	case 3: report_dot(stdout, &view); return;
	}
	places = xcalloc(rows->count + 1, sizeof(*places));
	files = srcset_new(srctree);
	placement_classify(rows, files, places);
	note_unrun_commands(rows, places);
	view.places = places;
	report_text(stdout, &view);
	if (opts->tag_macros)
		report_macros(rows, places, files, opts->tag);
	placement_free(places, rows->count);
	free(places);
	srcset_free(files);
}

int cmd_report(int argc, char **argv)
{
	struct options opts;
	struct rows rows;
	char *srctree = NULL;
	long nobjects;
	int format, done, status = parse_options(argc, argv, report_options,
						 report_help, &opts, &done);

	if (status || done)
		return status;
	format = format_index(opts.format);
	if (format < 0) {
		fprintf(stderr, "crossym report: --format is text, tsv, json or dot\n");
		return 2;
	}
	if (opts.mismatches)
		return report_mismatches(&opts);
	opts.classify = opts.all || format == 0 || format == 2;
	opts.lines = format == 1 || format == 2;
	nobjects = scan_and_decide(&opts, &rows, &srctree, NULL);
	if (nobjects < 0) {
		free(srctree);
		rows_free(&rows);
		return 2;
	}
	write_report(&opts, &rows, srctree, nobjects);
	free(srctree);
	rows_free(&rows);
	units_opts_free(&opts.unitopt);
	return diag.status;
}

static const char objects_help[] =
	"usage: crossym objects BUILD_DIR\n\n"
	"List the files to give `nm -A` so that `crossym report --nm` reads the same\n"
	"symbols as the ELF scan: linked objects by path, library archives whole.\n\n";

static const struct optdef objects_options[] = { OPTDEF_END };

/* The file to give nm for obj: a library member's archive (so that nm output
 * keeps the link-on-demand rule), else the object. NULL: nothing to print. */
static char *nm_input_of(const struct object *obj)
{
	const char *open = strchr(obj->name, '(');

	if (obj->is_script)
		return NULL;
	if (open)
		return xstrndup(obj->name, (size_t)(open - obj->name));
	if (obj->archive && obj->link == LINK_ON_DEMAND)
		return xstrdup(obj->archive);
	return xstrdup(obj->name);
}

int cmd_objects(int argc, char **argv)
{
	struct options opts;
	struct build b;
	struct strtab printed;
	int done, status = parse_options(argc, argv, objects_options, objects_help, &opts, &done);

	if (status || done)
		return status;
	if (build_scan(&b, opts.builds[0], &opts.scan)) {
		build_free(&b);
		return 2;
	}
	strtab_init(&printed);
	objset_sort(&b.set);
	for (size_t i = 0; i < b.set.count; i++) {
		char *file = nm_input_of(&b.set.objs[i]);

		if (file && strtab_find(&printed, file) < 0) {
			strtab_intern(&printed, file);
			puts(file);
		}
		free(file);
	}
	strtab_free(&printed);
	build_free(&b);
	return diag.status;
}

static const char cocci_help[] =
	"usage: crossym cocci -o OUTDIR [--tag NAME] [--keep-stale] [--srctree DIR] [--nm FILE]\n"
	"                     [--db FILE] [--lds FILE] BUILD_DIR...\n\n"
	"Write into OUTDIR the semantic patches that add the tag to the definitions\n"
	"`crossym report` shows as `tag` and do not have it yet, and remove it from\n"
	"the stale ones (`crossym check`), the list of files to change (with their\n"
	"checksums) and the list of definitions; then run\n"
	"crossym annotate OUTDIR SRCTREE [--apply] to make and check the patch.\n\n";

#define OPTDEF_TAG { { "tag", required_argument, NULL, OPT_TAG }, \
	"  --tag NAME        the tag (default __global; __visible for today's kernel,\n" \
	"                    where an existing __visible counts as a tag)\n" }

static const struct optdef cocci_options[] = {
	{ { "output", required_argument, NULL, OPT_OUTPUT },
	  "  -o, --output DIR  where to write (created)\n" },
	OPTDEF_TAG,
	{ { "keep-stale", no_argument, NULL, OPT_KEEP },
	  "  --keep-stale      do not remove stale tags (for tags crossym did not\n"
	  "                    write, such as the kernel's own __visible)\n" },
	OPTDEF_TAG_MACROS,
	OPTDEF_EXCLUDE, OPTDEF_RUNS,
	OPTDEF_SRCTREE, OPTDEF_NM, OPTDEF_DB, OPTDEF_LDS, OPTDEF_RUN, OPTDEF_TAG_EXPORTS, OPTDEF_END
};

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

/* What check and cocci work from: the rows, where each tag goes (one per
 * row), the sources read once. */
struct checked {
	struct rows rows;
	struct placement *places;
	struct srcset *files;
	char *srctree;
	struct tag_report rep;
	struct tagmacro_plan plan;       /* --tag-macros */
	struct rows vrows;              /* what tagcheck saw (tagmacro_view) */
	struct placement *vplaces;
};

static void checked_free(struct checked *c)
{
	tagcheck_free(&c->rep);
	tagmacro_free(&c->plan);
	free(c->vrows.v);
	free(c->vplaces);
	placement_free(c->places, c->rows.count);
	free(c->places);
	srcset_free(c->files);
	free(c->srctree);
	rows_free(&c->rows);
}

/* Without --tag-exports, says how many exported definitions another unit of
 * their own image uses: they get no tag, which is right only when the tree's
 * export macro carries it. */
static void note_untagged_exports(const struct options *opts, const struct rows *rows)
{
	const char *first = NULL;
	size_t n = 0;

	if (opts->scan.tag_exports)
		return;
	for (size_t i = 0; i < rows->count; i++)
		if (rows->v[i].status == STATUS_EXPORTED && rows->v[i].image_use) {
			first = first ? first : rows->v[i].symbol;
			n++;
		}
	if (n)
		warn("%zu exported definitions are used by other units of their own image "
		     "(%s%s) and get no tag: the export macro is taken to carry it; if it "
		     "does not (stock Linux with --tag __visible), give --tag-exports",
		     n, first, n > 1 ? " and others" : "");
}

/* Scan, decide, place and compare with the tags in the sources. Returns 0, or
 * the exit status to end with (c is then empty). */
static int scan_and_check(const struct options *opts, struct checked *c)
{
	struct build_facts facts;
	struct rows *rows = &c->rows;

	memset(c, 0, sizeof(*c));
	if (scan_and_decide(opts, rows, &c->srctree, &facts) < 0) {
		free(c->srctree);
		rows_free(rows);
		strtab_free(&facts.sources);
		strtab_free(&facts.defined);
		strtab_free(&facts.unlinked);
		return 2;
	}
	for (size_t i = 0; i < rows->count; i++)
		if (rows->v[i].status == STATUS_TAG && !rows->v[i].site.source)
			error("%s: %s: source unknown, cannot tag it", rows->v[i].object,
			      rows->v[i].symbol);
	note_untagged_exports(opts, rows);
	c->files = srcset_new(c->srctree);
	c->places = xcalloc(rows->count, sizeof(*c->places));
	placement_classify(rows, c->files, c->places);
	note_unrun_commands(rows, c->places);
	if (opts->tag_macros) {
		tagmacro_plan(rows, c->places, c->files, opts->tag, &c->plan);
		tagmacro_view(rows, c->places, &c->plan, &c->vrows, &c->vplaces);
		rows = &c->vrows;
	}
	tagcheck_run(rows, opts->tag_macros ? c->vplaces : c->places, &facts.sources,
		     &facts.defined, &facts.unlinked, c->srctree, c->files, opts->tag, &c->rep);
	strtab_free(&facts.sources);
	strtab_free(&facts.defined);
	strtab_free(&facts.unlinked);
	return 0;
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
	marker = path_join(outdir, COMPLETE_MARKER);
	if (unlink(marker) && errno != ENOENT) {
		fprintf(stderr, "crossym cocci: %s: %s\n", marker, strerror(errno));
		rc = -1;
	}
	free(marker);
	return rc;
}

static void write_complete_marker(const char *outdir, size_t nadd, size_t nremove)
{
	char *marker = path_join(outdir, COMPLETE_MARKER);
	char *text = xasprintf("crossym cocci: %zu to add, %zu to remove\n",
			       nadd, nremove);

	if (diag.status)
		fprintf(stderr, "crossym cocci: %s is incomplete (no %s): see the "
			"errors above\n", outdir, COMPLETE_MARKER);
	else if (sync_fs(outdir) || write_file_atomic(marker, text, strlen(text)) ||
		 sync_dir(outdir))
		error("%s: %s", marker, strerror(errno));
	free(text);
	free(marker);
}

int cmd_cocci(int argc, char **argv)
{
	struct options opts;
	struct checked c;
	struct tag_report *rep = &c.rep;
	struct cocci_target *add, *remove;
	struct cocci_opts copts;
	size_t nremove;
	size_t nadd;
	int done, status = parse_options(argc, argv, cocci_options, cocci_help, &opts, &done);

	if (status || done)
		return status;
	if (!opts.outdir) {
		fputs("crossym cocci: -o OUTDIR is required\n", stderr);
		return 2;
	}
	if (forget_complete_marker(opts.outdir))
		return 2;
	status = scan_and_check(&opts, &c);
	if (status)
		return status;
	add = xcalloc(rep->nmissing + c.plan.n + 1, sizeof(*add));
	remove = xcalloc(rep->nstale, sizeof(*remove));
	to_targets(rep->missing, rep->nmissing, add);
	nadd = rep->nmissing + macro_targets(&c.plan, add + rep->nmissing);
	to_targets(rep->stale, rep->nstale, remove);
	copts.outdir = opts.outdir;
	copts.tag = opts.tag;
	copts.srctree = c.srctree;
	copts.files = c.files;
	nremove = opts.keep_stale ? 0 : rep->nstale;
	cocci_write(&copts, add, nadd, remove, nremove);
	if (opts.tag_macros) {
		tagmacro_print(&c.plan, "crossym cocci: ", stderr);
		if (tagmacro_write(&c.plan, opts.outdir))
			error("%s/macros.tsv: %s", opts.outdir, strerror(errno));
	}
	fprintf(stderr, "crossym cocci: %zu tags to add, %zu to remove, %zu in place "
		"already%s\n", rep->nmissing, nremove, rep->nexact,
		nremove < rep->nstale ? " (stale tags kept)" : "");
	write_complete_marker(opts.outdir, rep->nmissing, nremove);
	free(add);
	free(remove);
	checked_free(&c);
	units_opts_free(&opts.unitopt);
	return diag.status;
}

static const char check_help[] =
	"usage: crossym check [--tag NAME] [--srctree DIR] [--nm FILE] [--db FILE] [--lds FILE]\n"
	"                     BUILD_DIR...\n\n"
	"Compare the tags in the sources with what the builds need. Prints each\n"
	"missing tag (needed, absent) and each stale tag (present on a definition no\n"
	"longer referenced from outside its unit, or on a symbol the builds do not\n"
	"define) as `FILE:LINE: missing|stale tag: SYMBOL: why`. Exit 1 when there\n"
	"is any, 0 when the tree is exact.\n\n";

static const struct optdef check_options[] = {
	OPTDEF_TAG, OPTDEF_TAG_MACROS, OPTDEF_UNIT, OPTDEF_EXCLUDE, OPTDEF_RUNS,
	OPTDEF_SRCTREE, OPTDEF_NM, OPTDEF_DB, OPTDEF_LDS, OPTDEF_RUN, OPTDEF_TAG_EXPORTS, OPTDEF_END
};

/* "FILE:LINE: missing tag: SYMBOL: why", the compiler's format; line 1 and
 * "(line unknown)" when the definition's line is not known. */
static void print_issue(const char *what, const struct tag_issue *t)
{
	printf("%s:%u: %s tag: %s: %s%s\n", t->source, t->line ? t->line : 1, what,
	       t->symbol, t->why, t->line ? "" : " (line unknown)");
}

/* A #define --tag-macros would tag that has no tag yet: missing; one with a
 * tag that a definition it makes must not have: stale. */
static void print_macro_issues(const struct options *opts, const struct tagmacro_plan *p,
			       size_t *missing, size_t *stale)
{
	for (size_t k = 0; k < p->n; k++)
		if (p->v[k].change == TM_TAG && source_selected(opts, p->v[k].source)) {
			printf("%s:%u: missing tag: %s: every definition it makes (%zu) is "
			       "referenced from outside its unit\n", p->v[k].source, p->v[k].line,
			       p->v[k].macro, p->v[k].made);
			(*missing)++;
		} else if (p->v[k].change == TM_ALREADY && p->v[k].why &&
			   source_selected(opts, p->v[k].source)) {
			printf("%s:%u: stale tag: %s: only %zu of the %zu definitions it makes "
			       "need it (%s)\n", p->v[k].source, p->v[k].line, p->v[k].macro,
			       p->v[k].need, p->v[k].made, p->v[k].why);
			(*stale)++;
		}
}

int cmd_check(int argc, char **argv)
{
	struct options opts;
	struct checked c;
	const struct tag_report *rep = &c.rep;
	size_t shown_missing = 0, shown_stale = 0;
	int done, status = parse_options(argc, argv, check_options, check_help, &opts, &done);

	if (status || done)
		return status;
	status = scan_and_check(&opts, &c);
	if (status)
		return status;
	if (opts.tag_macros) {
		tagmacro_print(&c.plan, "crossym check: ", stderr);
		print_macro_issues(&opts, &c.plan, &shown_missing, &shown_stale);
	}
	for (size_t i = 0; i < rep->nmissing; i++)
		if (source_selected(&opts, rep->missing[i].source)) {
			print_issue("missing", &rep->missing[i]);
			shown_missing++;
		}
	for (size_t i = 0; i < rep->nstale; i++)
		if (source_selected(&opts, rep->stale[i].source)) {
			print_issue("stale", &rep->stale[i]);
			shown_stale++;
		}
	fprintf(stderr, "crossym check: %zu missing, %zu stale, %zu exact\n",
		shown_missing, shown_stale, rep->nexact);
	status = diag.status ? diag.status : (shown_missing || shown_stale);
	checked_free(&c);
	units_opts_free(&opts.unitopt);
	return status;
}

static const char verify_help[] =
	"usage: crossym verify OUTDIR ORIG_TREE NEW_TREE\n\n"
	"The final check of scripts/annotate.sh: for every file of OUTDIR/files.tsv\n"
	"(written by crossym cocci), compare ORIG_TREE/FILE with NEW_TREE/FILE. Each\n"
	"changed line must be the original with the tag inserted or removed, the only\n"
	"other changes re-declarations `extern __typeof__(S) S TAG;` of stale\n"
	"symbols deleted and of wanted ones appended at the end; every wanted\n"
	"definition must be tagged and no stale tag left. Prints `FILE: problem`\n"
	"lines; exit 1 when there is any, 2 when a file cannot be read.\n\n";

static const struct optdef verify_options[] = { OPTDEF_END };

int cmd_verify(int argc, char **argv)
{
	struct options opts;
	long bad;
	int done = 0, status = 2;

	if (argc > 1)
		status = parse_options(argc, argv, verify_options, verify_help, &opts, &done);
	if (done || (status && argc > 1))
		return status;
	if (argc == 1 || opts.nbuilds != 3) {
		fputs("crossym verify: give OUTDIR ORIG_TREE NEW_TREE\n"
		      "Try 'crossym verify --help'\n", stderr);
		return 2;
	}
	bad = verify_outdir(opts.builds[0], opts.builds[1], opts.builds[2], stdout);
	if (bad < 0)
		return 2;
	return bad ? 1 : diag.status;
}

static const char complete_help[] =
	"usage: crossym complete OUTDIR ORIG_TREE SPATCH_TREE NEW_TREE [FAILED_LIST]\n\n"
	"annotate.sh's middle step: for every file of OUTDIR/files.tsv, keep what\n"
	"spatch did in SPATCH_TREE/FILE when it only inserted wanted tags and removed\n"
	"stale ones (else, or when FAILED_LIST names the file, drop it), remove the\n"
	"stale tags spatch left, re-declare the wanted definitions it did not tag,\n"
	"and write NEW_TREE/FILE. Prints one line per finding: F (form of a\n"
	"definition), W (spatch's result discarded) or E (a check failed).\n\n";

static const struct optdef complete_options[] = { OPTDEF_END };

int cmd_complete(int argc, char **argv)
{
	struct options opts;
	int done = 0, status = 2;

	if (argc > 1)
		status = parse_options(argc, argv, complete_options, complete_help, &opts, &done);
	if (done || (status && argc > 1))
		return status;
	if (argc == 1 || opts.nbuilds < 4 || opts.nbuilds > 5) {
		fputs("crossym complete: give OUTDIR ORIG_TREE SPATCH_TREE NEW_TREE [FAILED_LIST]\n"
		      "Try 'crossym complete --help'\n", stderr);
		return 2;
	}
	if (complete_outdir(opts.builds[0], opts.builds[1], opts.builds[2], opts.builds[3],
			    opts.nbuilds == 5 ? opts.builds[4] : NULL, stdout))
		return 2;
	return diag.status;
}

static const char diff_help[] =
	"usage: crossym diff OLD.tsv NEW.tsv\n\n"
	"Compare two `crossym report --format=tsv` outputs (with or without --all),\n"
	"for instance before and after a merge: definitions that became or stopped\n"
	"being used from outside their unit, moved to another unit, changed class or\n"
	"referencing units. One `SYMBOL: what` line per change, sorted by symbol.\n"
	"Exit 1 when anything changed, 0 when nothing did, 2 on bad input.\n";

int cmd_diff(int argc, char **argv)
{
	long changes;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(diff_help, stdout);
		return 0;
	}
	if (argc != 3) {
		fputs(diff_help, stderr);
		return 2;
	}
	changes = diff_reports(stdout, argv[1], argv[2]);
	if (changes < 0)
		return 2;
	fprintf(stderr, "crossym diff: %ld %s\n", changes, changes == 1 ? "change" : "changes");
	return changes > 0;
}

static const char units_cmd_help[] =
	"usage: crossym units [--exclude OBJ]... [--runs] [--ordered | --flatten |\n"
	"                     --clashes | --generated] [--srctree DIR] [--nm FILE] BUILD_DIR\n\n"
	"List the linked objects of the build in link order with the unit each\n"
	"belongs to, as TSV: unit, object, file, role (c, asm or excluded) and the\n"
	"library archive a member is linked from (- when always linked). The units\n"
	"are the decision's: report, cocci and check take the same options.\n\n";

static const struct optdef units_options[] = {
	OPTDEF_EXCLUDE, OPTDEF_RUNS, OPTDEF_SRCTREE, OPTDEF_NM, OPTDEF_ORDERED, OPTDEF_FLATTEN,
	OPTDEF_CLASHES, OPTDEF_GENERATED, OPTDEF_END
};

int cmd_units(int argc, char **argv)
{
	struct options opts;
	struct build b;
	struct rows rows = { 0 };
	int done, status = parse_options(argc, argv, units_options, units_cmd_help, &opts, &done);

	if (!status && !done && opts.nbuilds != 1) {
		fputs("crossym units: one BUILD_DIR\n", stderr);
		status = 2;
	}
	if (!status && !done && opts.ordered + opts.flatten + opts.clashes + opts.generated > 1) {
		fputs("crossym units: --ordered, --flatten, --clashes and --generated exclude "
		      "each other\n", stderr);
		status = 2;
	}
	if (status || done) {
		units_opts_free(&opts.unitopt);
		return status;
	}
	if (build_scan(&b, opts.builds[0], &opts.scan)) {
		build_free(&b);
		units_opts_free(&opts.unitopt);
		return 2;
	}
	units_assign(&b, &opts.unitopt);
	decide_build(&b, &rows);        /* which objects the link takes */
	if (opts.ordered)
		ordered_print(stdout, &b);
	else if (opts.flatten)
		flatten_print(stdout, &b);
	else if (opts.clashes)
		clashes_print(stdout, &b);
	else if (opts.generated)
		gensrc_print(stdout, &b, &rows);
	else
		units_print(stdout, &b);
	rows_free(&rows);
	build_free(&b);
	units_opts_free(&opts.unitopt);
	return diag.status;
}
