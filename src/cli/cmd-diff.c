// SPDX-License-Identifier: GPL-2.0-only
/* cmd-diff.c - crossym diff: what changed between two TSV reports. */
#include "cli/commands.h"
#include "report/diff.h"

#include <stdio.h>
#include <string.h>

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
