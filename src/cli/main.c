// SPDX-License-Identifier: GPL-2.0-only
/* main.c - crossym: dispatch to a sub-command. */
#include "cli/commands.h"
#include "cli/driver.h"
#include "lib/util.h"
#include "version.h"

#include <stdio.h>
#include <string.h>

/* The commands; one with no summary is annotate.sh's own step, left out of
 * the list (crossym-annotate(1) describes it). */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
} commands[] = {
	{ "report", cmd_report, "the cross-unit definitions of a build (text or TSV)" },
	{ "cocci", cmd_cocci, "write the semantic patches that tag them" },
	{ "check", cmd_check, "compare the tags in the sources with what the build needs" },
	{ "diff", cmd_diff, "what changed between two TSV reports (exit 1: something)" },
	{ "units", cmd_units, "list each unit's objects in link order (TSV)" },
	{ "objects", cmd_objects, "list the objects a build links (input for nm -A)" },
	{ "complete", cmd_complete, NULL },     /* annotate.sh: finish spatch's work */
	{ "verify", cmd_verify, NULL },         /* annotate.sh: the final check */
	{ "cmd", cmd_cmd, NULL },               /* the scripts: what a .cmd file says */
	{ "fallback", cmd_fallback, NULL },     /* verify-build.sh: re-declare instead */
	{ "ownline", cmd_ownline, NULL },       /* series.sh: checkpatch's own-line tags */
	{ "annotate", cmd_annotate, "make, check and apply the patch (runs annotate.sh)" },
	{ "wholeprogram", cmd_wholeprogram, "build the tagged tree as whole-program units, link it" },
};

static void usage(FILE *out)
{
	fputs("usage: crossym COMMAND [OPTIONS] BUILD_DIR...\n"
	      "       crossym annotate OUTDIR SRCTREE [OPTIONS]\n"
	      "       crossym -V | --version\n\n"
	      "Find the global definitions of a kbuild-built C tree that are used from\n"
	      "outside their unit (directory or module), so that each unit can be\n"
	      "compiled -fwhole-program once those definitions carry a tag.\n\n"
	      "Commands:\n", out);
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (commands[i].summary)
			fprintf(out, "  %-12s %s\n", commands[i].name, commands[i].summary);
	fputs("  help         this list, or `crossym help COMMAND`: that command's help\n"
	      "\n`crossym COMMAND --help` describes each command's options.\n"
	      "Exit status: 0 success, 1 a file could not be read or a check failed,\n"
	      "2 bad usage or a result that would be meaningless.\n"
	      "See crossym(1) and crossym-annotate(1).\n\n", out);
	fputs(CROSSYM_VERSION_LINE "\n", out);
}

/* The command named name, or NULL. */
static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(name, commands[i].name))
			return &commands[i];
	return NULL;
}

/* crossym help [COMMAND]: the list (also for help --help), or COMMAND --help. */
static int help(int argc, char **argv)
{
	const struct command *c;
	char *args[] = { argv[1], "--help", NULL };

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return 0;
	}
	c = find_command(argv[1]);
	if (!c || argc > 2) {
		fprintf(stderr, "crossym help: %s '%s'\nTry 'crossym help'\n",
			c ? "one command at a time, not" : "no command", argv[c ? 2 : 1]);
		return 2;
	}
	return c->run(2, args);
}

int main(int argc, char **argv)
{
	const struct command *c;

	if (argc < 2) {
		fputs("usage: crossym COMMAND [OPTIONS] BUILD_DIR...\n"
		      "Try 'crossym help'\n", stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return finish_stdout() ? 2 : 0;
	}
	if (!strcmp(argv[1], "help"))
		return help(argc - 1, argv + 1) || finish_stdout() ? 2 : 0;
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		fputs(CROSSYM_VERSION_LINE "\n"
		      "License GPL-2.0-only: GNU GPL version 2 <https://www.gnu.org/licenses/old-licenses/gpl-2.0.html>.\n"
		      "This is free software: you are free to change and redistribute it.\n"
		      "There is NO WARRANTY, to the extent permitted by law.\n", stdout);
		return finish_stdout() ? 2 : 0;
	}
	c = find_command(argv[1]);
	if (c) {
		int status = c->run(argc - 1, argv + 1);

		/* a report lost to a full disk is no report */
		return finish_stdout() ? 2 : status;
	}
	fprintf(stderr, "crossym: unknown command '%s'\nTry 'crossym help'\n", argv[1]);
	return 2;
}
