/* SPDX-License-Identifier: GPL-2.0-only */
/* options.h - what every command's option parsing shares: one option's
 * getopt_long entry with its --help lines (struct optdef), the options several
 * commands take (their help text written once), the parser, and the scan
 * options (struct scan_args) that report, cocci, check, units and objects
 * share. Each command has its own option struct and setter (cmd-*.c). */
#ifndef CROSSYM_OPTIONS_H
#define CROSSYM_OPTIONS_H

#include <getopt.h>
#include "core/build.h"
#include "cli/treeconf.h"
#include "model/units.h"

/* The getopt_long values: a short option's letter, else >= 256 (bad_option
 * tells "takes no argument" by that). */
enum opt_id {
	OPT_OUTPUT = 'o', OPT_SRCTREE = 256, OPT_NM, OPT_FORMAT, OPT_TAG, OPT_DB,
	OPT_LDS, OPT_KEEP, OPT_ALL, OPT_UNIT, OPT_MISMATCH, OPT_RUN, OPT_EXCLUDE,
	OPT_RUNS, OPT_TAG_MACROS, OPT_ORDERED, OPT_FLATTEN, OPT_TAG_EXPORTS,
	OPT_CLASHES, OPT_GENERATED, OPT_NO_CONFIG, OPT_DEFINE_TAG, OPT_TAG_POSITION,
	OPT_STATIC, OPT_LIST_DIR
};

/* One option a command takes: its getopt_long entry and its --help lines. */
struct optdef {
	struct option opt;
	const char *help;
};

/* The options more than one command takes (options.c). */
extern const struct optdef optdef_srctree, optdef_nm, optdef_db, optdef_lds,
	optdef_run, optdef_tag_exports, optdef_exclude, optdef_runs,
	optdef_tag_macros, optdef_unit, optdef_tag, optdef_keep_stale, optdef_no_config,
	optdef_list_dir;

/* How to parse one command's options: help is the text before the option
 * lines, defs the options in --help order (NULL-terminated), set(opts, id,
 * arg) stores one (it may call fatal()). */
struct cmdline {
	const char *help;
	const struct optdef *const *defs;
	void (*set)(void *opts, int id, const char *arg);
	void *opts;
};

/* The operands after the options (BUILD_DIR..., or the files of verify). */
struct operands {
	char **v;
	int n;
};

/* Parse argv (argv[0] the command's name) with cl; at least one operand is
 * required. Returns 0, or the exit status to end with; *done is set when
 * --help was printed (status 0). */
int cmdline_parse(int argc, char **argv, const struct cmdline *cl,
		  struct operands *ops, int *done);
void cmdline_help(FILE *out, const struct cmdline *cl);
/* The operands of a command that takes no option but --help (verify,
 * complete), between min and max of them (usage names them): 0, or the exit
 * status to end with (*done: --help printed). */
int cmdline_operands(int argc, char **argv, const char *help, const char *usage,
		     int min, int max, struct operands *ops, int *done);

/* The scan options: --srctree, --nm, --db, --lds; the options a tree is tagged
 * with (treeconf.h): --tag, --tag-exports, --keep-stale, --tag-macros, --runs,
 * --run-build-commands, --exclude, and --no-config; and the BUILD_DIRs. */
struct scan_args {
	struct scan_opts scan;  /* scan.lds: the --lds arguments (growable) */
	size_t lds_cap;
	const char *db_file;    /* --db */
	struct treeconf conf;   /* the command line; after scan_args_settle with
				 * SRCTREE/.crossym folded in */
	int no_config;          /* --no-config */
	struct unit_opts units; /* from conf after scan_args_settle: --exclude, --runs */
	struct operands builds;
};

/* Store scan option id; 0 when id is not one. */
int scan_args_set(struct scan_args *a, int id, const char *arg);
/* After the parse: 0, or 2 when --nm comes with several BUILD_DIRs (said). */
int scan_args_check(const struct scan_args *a, const char *cmd);
/* After scan_args_check: read SRCTREE/.crossym (unless --no-config) into
 * a->conf for the keys (TC() bits) the command takes (strict: check, where an
 * option that differs from the file is an error), then set what the scan reads
 * from it (scan.tag_exports, scan.run_build_commands, units). 0, or 2 (said). */
int scan_args_settle(struct scan_args *a, const char *cmd, unsigned keys, int strict);
void scan_args_free(struct scan_args *a);

#endif
