// SPDX-License-Identifier: GPL-2.0-only
/* cmd-complete.c - crossym complete: annotate.sh's middle step, finishing what
 * spatch did to each file. */
#include "cli/commands.h"
#include "patch/complete.h"
#include "cli/options.h"
#include "patch/staticedit.h"
#include "lib/util.h"

static const char complete_help[] =
	"usage: crossym complete OUTDIR ORIG_TREE SPATCH_TREE NEW_TREE [FAILED_LIST]\n\n"
	"annotate.sh's middle step: for every file of OUTDIR/files.tsv, keep what\n"
	"spatch did in SPATCH_TREE/FILE when it only inserted wanted tags and removed\n"
	"stale ones (else, or when FAILED_LIST names the file, drop it), remove the\n"
	"stale tags spatch left, re-declare the wanted definitions it did not tag,\n"
	"and write NEW_TREE/FILE. Prints one line per finding: F (form of a\n"
	"definition), W (spatch's result discarded) or E (a check failed).\n"
	"On an OUTDIR of crossym cocci --static: NEW_TREE/FILE is ORIG_TREE/FILE with\n"
	"the edits of OUTDIR/edits.tsv, spatch's result when it is exactly that.\n\n";

int cmd_complete(int argc, char **argv)
{
	struct operands ops;
	int done, status = cmdline_operands(argc, argv, complete_help,
					    "OUTDIR ORIG_TREE SPATCH_TREE NEW_TREE [FAILED_LIST]",
					    4, 5, &ops, &done);

	if (status || done)
		return status;
	if (staticedit_is_static(ops.v[0])) {
		if (staticedit_complete(ops.v[0], ops.v[1], ops.v[2], ops.v[3],
					ops.n == 5 ? ops.v[4] : NULL, stdout))
			return 2;
	} else if (complete_outdir(ops.v[0], ops.v[1], ops.v[2], ops.v[3],
				   ops.n == 5 ? ops.v[4] : NULL, stdout)) {
		return 2;
	}
	return diag.status;
}
