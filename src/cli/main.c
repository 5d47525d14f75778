// SPDX-License-Identifier: GPL-2.0-only
/* main.c - crossym: dispatch to a sub-command. */
#include "commands.h"
#include "driver.h"
#include "util.h"
#include "version.h"

#include <stdio.h>
#include <string.h>

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
	{ "complete", cmd_complete, "annotate.sh: finish what spatch did to each file" },
	{ "verify", cmd_verify, "check annotate.sh's changed copy against the original" },
	{ "annotate", cmd_annotate, "make, check and apply the patch (runs annotate.sh)" },
};

static void usage(FILE *out)
{
	fputs("usage: crossym COMMAND [OPTIONS] BUILD_DIR...\n"
	      "       crossym annotate OUTDIR SRCTREE [OPTIONS]\n"
	      "       crossym --version\n\n"
	      "Find the global definitions of a kbuild-built C tree that are used from\n"
	      "outside their unit (directory or module), so that each unit can be\n"
	      "compiled -fwhole-program once those definitions carry a tag.\n\n"
	      "Commands:\n", out);
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fputs("\n`crossym COMMAND --help` describes each command's options.\n"
	      "Exit status: 0 success, 1 a file could not be read or a check failed,\n"
	      "2 bad usage or a result that would be meaningless.\n"
	      "See crossym(1) and crossym-annotate(1).\n\n", out);
	fputs(CROSSYM_VERSION_LINE "\n", out);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		fputs(CROSSYM_VERSION_LINE "\n"
		      "License GPL-2.0-only: GNU GPL version 2 <https://www.gnu.org/licenses/old-licenses/gpl-2.0.html>.\n"
		      "This is free software: you are free to change and redistribute it.\n"
		      "There is NO WARRANTY, to the extent permitted by law.\n", stdout);
		return 0;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name)) {
			int status = commands[i].run(argc - 1, argv + 1);

			/* a report lost to a full disk is no report */
			return finish_stdout() ? 2 : status;
		}
	fprintf(stderr, "crossym: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
