// SPDX-License-Identifier: GPL-2.0-only
/* options.c - the options several commands share, the parser every command
 * uses, and the scan options. */
#include "cli/options.h"
#include "lib/util.h"
#include "version.h"

#include <stdlib.h>
#include <string.h>

const struct optdef optdef_srctree = { { "srctree", required_argument, NULL, OPT_SRCTREE },
	"  --srctree DIR     the source tree (default: BUILD_DIR/source when it is a\n"
	"                    link, as kbuild makes for O= builds, else BUILD_DIR)\n" };
const struct optdef optdef_nm = { { "nm", required_argument, NULL, OPT_NM },
	"  --nm FILE         read symbols from `nm -A` output instead of the objects\n"
	"                    (\"-\" for stdin); make it with\n"
	"                    crossym objects BUILD | (cd BUILD && xargs nm -A) >FILE\n" };
const struct optdef optdef_db = { { "db", required_argument, NULL, OPT_DB },
	"  --db FILE         keep what the scan read per object file in FILE; the next\n"
	"                    scan re-reads only files whose size, mtime, inode or ctime\n"
	"                    changed\n" };
const struct optdef optdef_lds = { { "lds", required_argument, NULL, OPT_LDS },
	"  --lds FILE        a linker script (relative to BUILD_DIR) whose symbol\n"
	"                    references count as references from outside (repeatable;\n"
	"                    default: arch/*/kernel/vmlinux.lds when the build has one)\n" };
const struct optdef optdef_run = { { "run-build-commands", no_argument, NULL, OPT_RUN },
	"  --run-build-commands  run each C object's own compile command from its\n"
	"                    .cmd file (by argument vector, never through a shell;\n"
	"                    shell syntax is refused): with -flto -ffat-lto-objects\n"
	"                    to find the symbols it names only inside asm strings,\n"
	"                    and as the preprocessor (-E) to tell names made by\n"
	"                    top-level asm (no tag needed) from names a macro\n"
	"                    pasted; a slim LTO object's with -fno-lto, for the\n"
	"                    sections a linker script KEEPs; without it crossym\n"
	"                    only reads files and names what it could not tell\n" };
const struct optdef optdef_list_dir = { { "list-dir", required_argument, NULL, OPT_LIST_DIR },
	"  --list-dir DIR    with --run-build-commands: write the lists of what was\n"
	"                    found per object or symbol into DIR (asm-refs.tsv,\n"
	"                    lto-failed.tsv, lto-sections.tsv; crossym cocci writes\n"
	"                    them into OUTDIR); stderr has one line with each count\n" };
const struct optdef optdef_tag_exports = { { "tag-exports", no_argument, NULL, OPT_TAG_EXPORTS },
	"  --tag-exports     the tree's export macro does not carry the tag (stock\n"
	"                    Linux with --tag __visible): an exported definition\n"
	"                    another unit of its own image uses needs the tag too\n"
	"                    (status tag); without it such a row is `exported`\n" };
const struct optdef optdef_exclude = { { "exclude", required_argument, NULL, OPT_EXCLUDE },
	"  --exclude OBJ     keep object OBJ (relative to BUILD_DIR) out of its unit:\n"
	"                    a unit of its own, compiled normally, so its definitions\n"
	"                    need no tag (status excluded); repeatable, @FILE: one\n"
	"                    per line\n" };
const struct optdef optdef_runs = { { "runs", no_argument, NULL, OPT_RUNS },
	"  --runs            a unit per contiguous run of a directory's objects in\n"
	"                    link order (DIR, DIR@2, ...), as scripts/wholeprogram.sh\n"
	"                    builds them\n" };
const struct optdef optdef_tag_macros = { { "tag-macros", no_argument, NULL, OPT_TAG_MACROS },
	"  --tag-macros      where every definition a macro pastes together (SYSCALL_DEFINEn)\n"
	"                    needs the tag, tag the declaration in the macro's #define\n"
	"                    once instead of re-declaring each; a macro one of whose\n"
	"                    definitions must stay untagged is not changed (says why)\n" };
const struct optdef optdef_unit = { { "unit", required_argument, NULL, OPT_UNIT },
	"  --unit DIR        only units at or below DIR (repeatable)\n" };
const struct optdef optdef_tag = { { "tag", required_argument, NULL, OPT_TAG },
	"  --tag NAME        the tag (default __global; __visible for today's kernel,\n"
	"                    where an existing __visible counts as a tag)\n" };
const struct optdef optdef_keep_stale = { { "keep-stale", no_argument, NULL, OPT_KEEP },
	"  --keep-stale      do not remove stale tags (cocci), do not count them\n"
	"                    (check): for tags crossym did not write, such as the\n"
	"                    kernel's own __visible\n" };
const struct optdef optdef_no_config = { { "no-config", no_argument, NULL, OPT_NO_CONFIG },
	"  --no-config       do not read SRCTREE/.crossym, the options the tree was\n"
	"                    tagged with (crossym annotate --apply installs it; every\n"
	"                    command reads it, an option given here overrides it)\n" };

/* The help lines every command takes. */
static const char help_help[] =
	"  -q, --quiet       leave out the notes, summaries and warnings that repeat on\n"
	"                    every run: errors and the output asked for stay\n"
	"  -h, --help        print this help and exit\n";

void cmdline_help(FILE *out, const struct cmdline *cl)
{
	fputs(cl->help, out);
	for (const struct optdef *const *d = cl->defs; *d; d++)
		fputs((*d)->help, out);
	fputs(help_help, out);
	fputs("\n" CROSSYM_VERSION_LINE "\n", out);
}

/* The getopt_long table of cl, with --help and --quiet; a fresh array. */
static struct option *long_options_of(const struct cmdline *cl)
{
	size_t n = 0;
	struct option *v;

	while (cl->defs[n])
		n++;
	v = xcalloc(n + 3, sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = cl->defs[i]->opt;
	v[n] = (struct option){ "help", no_argument, NULL, 'h' };
	v[n + 1] = (struct option){ "quiet", no_argument, NULL, 'q' };
	return v;
}

/* getopt_long's short-option string: ":" (report a missing argument as ':'),
 * "h", "q", and every option that has a one-letter name; a fresh string. */
static char *short_options_of(const struct cmdline *cl)
{
	size_t n = 0, count = 0;
	char *buf;

	while (cl->defs[count])
		count++;
	buf = xmalloc(2 * count + 4);
	buf[n++] = ':';
	buf[n++] = 'h';
	buf[n++] = 'q';
	for (const struct optdef *const *d = cl->defs; *d; d++)
		if ((*d)->opt.val < 256) {
			buf[n++] = (char)(*d)->opt.val;
			if ((*d)->opt.has_arg == required_argument)
				buf[n++] = ':';
		}
	buf[n] = '\0';
	return buf;
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

/* The options of argv: 0, or the exit status to end with (*done: --help). */
static int parse_options(int argc, char **argv, const struct cmdline *cl, int *done)
{
	struct option *longopts = long_options_of(cl);
	char *shortopts = short_options_of(cl);
	int c, status = 0;

	optind = 1;
	opterr = 0;
	while (!status && !*done &&
	       (c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		if (c == 'h') {
			cmdline_help(stdout, cl);
			*done = 1;
		} else if (c == 'q') {
			diag.quiet = 1;
		} else if (c == '?' || c == ':') {
			bad_option(argv[0], argv, c);
			status = 2;
		} else {
			cl->set(cl->opts, c, optarg);
		}
	}
	free(longopts);
	free(shortopts);
	return status;
}

/* The usage lines at the head of a command's help, as one line on out:
 * what comes before the first option, "[OPTIONS]", then the operands after
 * the last one ("usage: crossym cocci -o OUTDIR [OPTIONS] BUILD_DIR..."). */
static void usage_line(FILE *out, const char *help)
{
	const char *end = strstr(help, "\n\n"), *open, *close, *ops;

	if (!end)
		end = help + strlen(help);
	open = memchr(help, '[', (size_t)(end - help));
	close = open ? open : help;
	for (const char *s = close; s < end; s++)
		if (*s == ']')
			close = s;
	if (!open || close == open) {
		fprintf(out, "%.*s\n", (int)strcspn(help, "\n"), help);
		return;
	}
	for (ops = close + 1; ops < end && (*ops == ' ' || *ops == '\n'); ops++)
		;
	fprintf(out, "%.*s[OPTIONS] %.*s\n", (int)(open - help), help, (int)(end - ops), ops);
}

int cmdline_parse(int argc, char **argv, const struct cmdline *cl,
		  struct operands *ops, int *done)
{
	int status;

	*done = 0;
	ops->v = NULL;
	ops->n = 0;
	status = parse_options(argc, argv, cl, done);
	if (status || *done)
		return status;
	ops->v = argv + optind;
	ops->n = argc - optind;
	if (ops->n < 1) {
		/* one usage line, as coreutils does: the help is a --help away */
		fprintf(stderr, "crossym %s: no BUILD_DIR given\n", argv[0]);
		usage_line(stderr, cl->help);
		fprintf(stderr, "Try 'crossym %s --help'\n", argv[0]);
		return 2;
	}
	return 0;
}

static const struct optdef *const no_options[] = { NULL };

static void no_set(void *opts, int id, const char *arg)
{
	(void)opts;
	(void)id;
	(void)arg;
}

int cmdline_operands(int argc, char **argv, const char *help, const char *usage,
		     int min, int max, struct operands *ops, int *done)
{
	struct cmdline cl = { help, no_options, no_set, NULL };
	int status = 2;

	*done = 0;
	if (argc > 1)
		status = cmdline_parse(argc, argv, &cl, ops, done);
	if (*done || (status && argc > 1))
		return status;
	if (argc == 1 || ops->n < min || ops->n > max) {
		fprintf(stderr, "crossym %s: give %s\nTry 'crossym %s --help'\n",
			argv[0], usage, argv[0]);
		return 2;
	}
	return 0;
}

int scan_args_set(struct scan_args *a, int id, const char *arg)
{
	switch (id) {
	case OPT_SRCTREE: a->scan.srctree = arg; break;
	case OPT_NM: a->scan.nm_file = arg; break;
	case OPT_DB: a->db_file = arg; break;
	case OPT_LIST_DIR: a->scan.list_dir = arg; break;
	case OPT_NO_CONFIG: a->no_config = 1; break;
	case OPT_TAG: treeconf_set(&a->conf, TC_TAG, arg); break;
	case OPT_TAG_EXPORTS: treeconf_set(&a->conf, TC_TAG_EXPORTS, arg); break;
	case OPT_KEEP: treeconf_set(&a->conf, TC_KEEP_STALE, arg); break;
	case OPT_TAG_MACROS: treeconf_set(&a->conf, TC_TAG_MACROS, arg); break;
	case OPT_RUNS: treeconf_set(&a->conf, TC_RUNS, arg); break;
	case OPT_RUN: treeconf_set(&a->conf, TC_RUN_BUILD_COMMANDS, arg); break;
	case OPT_EXCLUDE: treeconf_set(&a->conf, TC_EXCLUDE, arg); break;
	case OPT_LDS:
		grow_array((void **)&a->scan.lds, &a->lds_cap, a->scan.nlds + 1,
			   sizeof(*a->scan.lds));
		a->scan.lds[a->scan.nlds++] = (char *)arg;
		break;
	default:
		return 0;
	}
	return 1;
}

int scan_args_check(const struct scan_args *a, const char *cmd)
{
	if (a->scan.nm_file && a->builds.n > 1) {
		fprintf(stderr, "crossym %s: --nm takes one BUILD_DIR\n", cmd);
		return 2;
	}
	return 0;
}

int scan_args_settle(struct scan_args *a, const char *cmd, unsigned keys, int strict)
{
	const struct treeconf *c = &a->conf;

	if (!a->no_config && a->builds.n > 0 &&
	    treeconf_apply(&a->conf, a->builds.v[0], a->scan.srctree, keys, strict, cmd))
		return 2;
	a->scan.tag_exports = c->flag[TC_TAG_EXPORTS];
	a->scan.run_build_commands = c->flag[TC_RUN_BUILD_COMMANDS];
	a->units.runs = c->flag[TC_RUNS];
	for (size_t i = 0; i < c->excl.nexclude; i++)
		units_add_exclude_from(&a->units, c->excl.exclude[i], c->excl.origin[i]);
	return 0;
}

void scan_args_free(struct scan_args *a)
{
	free(a->scan.lds);
	units_opts_free(&a->units);
	treeconf_free(&a->conf);
	memset(a, 0, sizeof(*a));
}
