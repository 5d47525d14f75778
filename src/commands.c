/* commands.c - option parsing and the work of each sub-command. */
#include "commands.h"
#include "buildtree.h"
#include "cocci.h"
#include "db.h"
#include "graph.h"
#include "placement.h"
#include "report.h"
#include "tagcheck.h"
#include "units.h"
#include "util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LDS 16

struct options {
	char *lds[MAX_LDS];     /* --lds, pointed to by scan.lds */
	struct scan_opts scan;
	const char *format;     /* report: "text" or "tsv" */
	const char *outdir;     /* cocci: -o */
	const char *tag;        /* cocci: --tag */
	const char *db_file;    /* --db */
	int keep_stale;         /* cocci --keep-stale */
	struct unit_opts units; /* --exclude, --runs */
	char **builds;          /* the BUILD_DIR arguments */
	int nbuilds;
};

enum { OPT_SRCTREE = 256, OPT_NM, OPT_FORMAT, OPT_TAG, OPT_DB, OPT_LDS, OPT_KEEP,
       OPT_EXCLUDE, OPT_RUNS };

static const struct option long_options[] = {
	{ "srctree", required_argument, NULL, OPT_SRCTREE },
	{ "nm", required_argument, NULL, OPT_NM },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "tag", required_argument, NULL, OPT_TAG },
	{ "db", required_argument, NULL, OPT_DB },
	{ "lds", required_argument, NULL, OPT_LDS },
	{ "keep-stale", no_argument, NULL, OPT_KEEP },
	{ "exclude", required_argument, NULL, OPT_EXCLUDE },
	{ "runs", no_argument, NULL, OPT_RUNS },
	{ "output", required_argument, NULL, 'o' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static const char scan_help[] =
	"  --srctree DIR   the source tree (default: BUILD_DIR/source when it is a\n"
	"                  link, as kbuild makes for O= builds, else BUILD_DIR)\n"
	"  --nm FILE       read symbols from `nm -A` output instead of the objects\n"
	"                  (\"-\" for stdin); make it with\n"
	"                  crossym objects BUILD | (cd BUILD && xargs nm -A) >FILE\n"
	"  --db FILE       keep what the scan read per object file in FILE; the next\n"
	"                  scan re-reads only files whose size, mtime or inode changed\n"
	"  --lds FILE      a linker script (relative to BUILD_DIR) whose symbol\n"
	"                  references count as references from outside (repeatable;\n"
	"                  default: arch/*/kernel/vmlinux.lds when the build has one)\n";

static const char units_help[] =
	"  --exclude OBJ   keep object OBJ (relative to BUILD_DIR) out of its unit:\n"
	"                  a unit of its own (repeatable; @FILE: one per line)\n"
	"  --runs          a unit per contiguous run of a directory's objects in\n"
	"                  link order (DIR, DIR@2, ...), as scripts/wholeprogram.sh\n"
	"                  builds them\n";

static void print_help(FILE *out, const char *help, const char *allowed)
{
	fputs(help, out);
	if (strchr(allowed, 'd'))
		fputs(scan_help, out);
	if (strchr(allowed, 'u'))
		fputs(units_help, out);
}

/* The letter naming option c in a command's `allowed` list. */
static char option_letter(int c)
{
	switch (c) {
	case OPT_SRCTREE: return 's';
	case OPT_NM: return 'n';
	case OPT_FORMAT: return 'f';
	case OPT_TAG: return 't';
	case OPT_DB: return 'd';
	case OPT_LDS: return 'd';
	case OPT_KEEP: return 'k';
	case OPT_EXCLUDE: return 'u';
	case OPT_RUNS: return 'u';
	default: return (char)c;
	}
}

/* Parse argv for one command; allowed lists the options it takes. Returns 0, or
 * the exit status to end with (help printed: 0 through *done). */
static int parse_options(int argc, char **argv, const char *allowed,
			 const char *help, struct options *opts, int *done)
{
	int c;

	memset(opts, 0, sizeof(*opts));
	opts->scan.lds = opts->lds;
	opts->format = "text";
	opts->tag = "__global";
	*done = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:h", long_options, NULL)) != -1) {
		if (c == 'h') {
			print_help(stdout, help, allowed);
			*done = 1;
			return 0;
		}
		if (c == '?' || !strchr(allowed, option_letter(c))) {
			if (c != '?')
				fprintf(stderr, "crossym %s: option not taken here\n", argv[0]);
			print_help(stderr, help, allowed);
			return 2;
		}
		switch (c) {
		case OPT_SRCTREE: opts->scan.srctree = optarg; break;
		case OPT_NM: opts->scan.nm_file = optarg; break;
		case OPT_FORMAT: opts->format = optarg; break;
		case OPT_TAG: opts->tag = optarg; break;
		case OPT_DB: opts->db_file = optarg; break;
		case OPT_KEEP: opts->keep_stale = 1; break;
		case OPT_RUNS: opts->units.runs = 1; break;
		case OPT_EXCLUDE:
			if (units_add_exclude(&opts->units, optarg))
				return 2;
			break;
		case OPT_LDS:
			if (opts->scan.nlds < MAX_LDS)
				opts->scan.lds[opts->scan.nlds++] = optarg;
			break;
		case 'o': opts->outdir = optarg; break;
		}
	}
	opts->builds = argv + optind;
	opts->nbuilds = argc - optind;
	if (opts->nbuilds < 1) {
		fprintf(stderr, "crossym %s: no BUILD_DIR given\n", argv[0]);
		print_help(stderr, help, allowed);
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
		if (o->source && !o->is_asm && !o->generated)
			strtab_intern(&facts->sources, o->source);
		for (size_t k = 0; k < o->nincluded && !o->is_asm; k++)
			strtab_intern(&facts->sources, o->included[k]);
		for (size_t k = 0; k < o->nsyms; k++)
			if (o->syms[k].bind == SYM_DEF || o->syms[k].bind == SYM_WEAKDEF)
				strtab_intern(o->linked ? &facts->defined : &facts->unlinked,
					      strtab_str(&b->set.names, o->syms[k].name));
	}
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
		units_assign(&b, &opts->units);
		first = rows->count;
		graph_decide(&b, rows);
		if (!scan->nm_file)
			placement_from_dwarf(&b, rows, first);
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
	if (opts->db_file) {
		if (db_load(&db, opts->db_file)) {
			db_free(&db);
			return -1;
		}
		scan.db = &db;
	}
	if (facts) {
		strtab_init(&facts->sources);
		strtab_init(&facts->defined);
		strtab_init(&facts->unlinked);
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

static const char report_help[] =
	"usage: crossym report [--format=text|tsv] [--srctree DIR] [--nm FILE] BUILD_DIR...\n\n"
	"Print the definitions referenced from outside their unit. With several\n"
	"BUILD_DIRs (configs or architectures of one source tree) the union.\n\n"
	"  --format=text   grouped by unit, with counts (default)\n"
	"  --format=tsv    symbol, unit, object, source, status, referenced_from;\n"
	"                  status is tag, exported or asm\n";

int cmd_report(int argc, char **argv)
{
	struct options opts;
	struct rows rows;
	char *srctree = NULL;
	long nobjects;
	int done, status = parse_options(argc, argv, "snfdu",
					 report_help, &opts,
					 &done);

	if (status || done)
		return status;
	if (strcmp(opts.format, "text") && strcmp(opts.format, "tsv")) {
		fprintf(stderr, "crossym report: --format is text or tsv\n");
		return 2;
	}
	nobjects = scan_and_decide(&opts, &rows, &srctree, NULL);
	if (nobjects < 0) {
		free(srctree);
		return 2;
	}
	if (!strcmp(opts.format, "tsv")) {
		report_tsv(stdout, &rows);
	} else {
		struct placement *places = xcalloc(rows.count, sizeof(*places));

		placement_classify(&rows, srctree, places);
		report_text(stdout, &rows, (size_t)nobjects, places);
		placement_free(places, rows.count);
		free(places);
	}
	free(srctree);
	rows_free(&rows);
	units_opts_free(&opts.units);
	return diag.status;
}

static const char objects_help[] =
	"usage: crossym objects BUILD_DIR\n\n"
	"List the files to give `nm -A` so that `crossym report --nm` reads the same\n"
	"symbols as the ELF scan: linked objects by path, library archives whole.\n";

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
	int done, status = parse_options(argc, argv, "", objects_help, &opts, &done);

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
	"usage: crossym cocci -o OUTDIR [--tag NAME] [--srctree DIR] [--nm FILE] BUILD_DIR...\n\n"
	"Write into OUTDIR the semantic patches that add the tag to the definitions\n"
	"`crossym report` shows as `tag` and do not have it yet, and remove it from\n"
	"the stale ones (`crossym check`), the list of files to change (with their\n"
	"checksums) and the list of definitions; then run\n"
	"scripts/annotate.sh OUTDIR SRCTREE [--apply] to make and check the patch.\n\n"
	"  -o, --output DIR  where to write (created)\n"
	"  --tag NAME        the tag (default __global; __visible for today's kernel,\n"
	"                    where an existing __visible counts as a tag)\n"
	"  --keep-stale      do not remove stale tags (for tags crossym did not\n"
	"                    write, such as the kernel's own __visible)\n";

static void to_targets(const struct tag_issue *v, size_t n, struct cocci_target *t)
{
	for (size_t i = 0; i < n; i++) {
		t[i].source = v[i].source;
		t[i].symbol = v[i].symbol;
		t[i].kind = v[i].several ? DEF_SEVERAL :
			    v[i].kind == KIND_FUNC ? DEF_FUNC : DEF_VAR;
		t[i].line = v[i].line;
	}
}

/* Where each tag row's definition text is (its def_source). */
static void resolve_definitions(struct rows *rows, const char *srctree)
{
	struct placement *places = xcalloc(rows->count, sizeof(*places));

	placement_classify(rows, srctree, places);
	placement_free(places, rows->count);
	free(places);
}

/* Scan, decide and compare with the tags in the sources. Returns 0, or the
 * exit status to end with. */
static int scan_and_check(const struct options *opts, struct rows *rows,
			  char **srctree, struct tag_report *rep)
{
	struct build_facts facts;

	*srctree = NULL;
	if (scan_and_decide(opts, rows, srctree, &facts) < 0) {
		free(*srctree);
		return 2;
	}
	for (size_t i = 0; i < rows->count; i++)
		if (rows->v[i].status == STATUS_TAG && !rows->v[i].source)
			error("%s: %s: source unknown, cannot tag it", rows->v[i].object,
			      rows->v[i].symbol);
	resolve_definitions(rows, *srctree);
	tagcheck_run(rows, &facts.sources, &facts.defined, &facts.unlinked, *srctree,
		     opts->tag, rep);
	strtab_free(&facts.sources);
	strtab_free(&facts.defined);
	strtab_free(&facts.unlinked);
	return 0;
}

int cmd_cocci(int argc, char **argv)
{
	struct options opts;
	struct rows rows;
	struct tag_report rep;
	struct cocci_target *add, *remove;
	struct cocci_opts copts;
	char *srctree;
	size_t nremove;
	int done, status = parse_options(argc, argv, "snotdku", cocci_help, &opts, &done);

	if (status || done)
		return status;
	if (!opts.outdir) {
		fputs("crossym cocci: -o OUTDIR is required\n", stderr);
		return 2;
	}
	status = scan_and_check(&opts, &rows, &srctree, &rep);
	if (status)
		return status;
	add = xcalloc(rep.nmissing, sizeof(*add));
	remove = xcalloc(rep.nstale, sizeof(*remove));
	to_targets(rep.missing, rep.nmissing, add);
	to_targets(rep.stale, rep.nstale, remove);
	copts.outdir = opts.outdir;
	copts.tag = opts.tag;
	copts.srctree = srctree;
	nremove = opts.keep_stale ? 0 : rep.nstale;
	cocci_write(&copts, add, rep.nmissing, remove, nremove);
	fprintf(stderr, "crossym cocci: %zu tags to add, %zu to remove, %zu in place "
		"already%s\n", rep.nmissing, nremove, rep.nexact,
		nremove < rep.nstale ? " (stale tags kept)" : "");
	free(add);
	free(remove);
	tagcheck_free(&rep);
	free(srctree);
	rows_free(&rows);
	units_opts_free(&opts.units);
	return diag.status;
}

static const char check_help[] =
	"usage: crossym check [--tag NAME] [--srctree DIR] [--nm FILE] [--db FILE] BUILD_DIR...\n\n"
	"Compare the tags in the sources with what the builds need. Prints each\n"
	"missing tag (needed, absent) and each stale tag (present on a definition no\n"
	"longer referenced from outside its unit, or on a symbol the builds do not\n"
	"define) as `missing|stale FILE:LINE: SYMBOL: why`. Exit 1 when there is any,\n"
	"0 when the tree is exact.\n\n"
	"  --tag NAME        the tag (default __global)\n";

/* "missing FILE:LINE: SYMBOL: why" (no LINE when it is not known). */
static void print_issue(const char *what, const struct tag_issue *t)
{
	if (t->line)
		printf("%s %s:%u: %s: %s\n", what, t->source, t->line, t->symbol, t->why);
	else
		printf("%s %s: %s: %s\n", what, t->source, t->symbol, t->why);
}

int cmd_check(int argc, char **argv)
{
	struct options opts;
	struct rows rows;
	struct tag_report rep;
	char *srctree;
	int done, status = parse_options(argc, argv, "sntdu", check_help, &opts, &done);

	if (status || done)
		return status;
	status = scan_and_check(&opts, &rows, &srctree, &rep);
	if (status)
		return status;
	for (size_t i = 0; i < rep.nmissing; i++)
		print_issue("missing", &rep.missing[i]);
	for (size_t i = 0; i < rep.nstale; i++)
		print_issue("stale", &rep.stale[i]);
	fprintf(stderr, "crossym check: %zu missing, %zu stale, %zu exact\n",
		rep.nmissing, rep.nstale, rep.nexact);
	status = diag.status ? diag.status : (rep.nmissing || rep.nstale);
	tagcheck_free(&rep);
	free(srctree);
	rows_free(&rows);
	units_opts_free(&opts.units);
	return status;
}

static const char units_cmd_help[] =
	"usage: crossym units [--exclude OBJ]... [--runs] [--srctree DIR] [--nm FILE] BUILD_DIR\n\n"
	"List the linked objects of the build in link order with the unit each\n"
	"belongs to, as TSV: unit, object, file, role (c, asm or excluded) and the\n"
	"library archive a member is linked from (- when always linked). The units\n"
	"are the decision's (report, cocci and check take the same options).\n";

int cmd_units(int argc, char **argv)
{
	struct options opts;
	struct build b;
	struct rows rows = { 0 };
	int done, status = parse_options(argc, argv, "snu", units_cmd_help, &opts, &done);

	if (status || done) {
		units_opts_free(&opts.units);
		return status;
	}
	if (opts.nbuilds != 1) {
		fputs("crossym units: one BUILD_DIR\n", stderr);
		units_opts_free(&opts.units);
		return 2;
	}
	if (build_scan(&b, opts.builds[0], &opts.scan)) {
		build_free(&b);
		units_opts_free(&opts.units);
		return 2;
	}
	units_assign(&b, &opts.units);
	graph_decide(&b, &rows);        /* which objects the link takes */
	units_print(stdout, &b);
	rows_free(&rows);
	build_free(&b);
	units_opts_free(&opts.units);
	return diag.status;
}
