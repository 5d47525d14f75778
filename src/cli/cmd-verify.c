// SPDX-License-Identifier: GPL-2.0-only
/* cmd-verify.c - crossym verify: annotate.sh's final check of the changed
 * copy against the original. */
#include "cli/commands.h"
#include "cli/options.h"
#include "patch/staticedit.h"
#include "lib/util.h"
#include "patch/verify.h"

static const char verify_help[] =
	"usage: crossym verify OUTDIR ORIG_TREE NEW_TREE\n\n"
	"The final check of scripts/annotate.sh: for every file of OUTDIR/files.tsv\n"
	"(written by crossym cocci), compare ORIG_TREE/FILE with NEW_TREE/FILE. Each\n"
	"changed line must be the original with the tag inserted or removed, the only\n"
	"other changes re-declarations `[extern ]__typeof__(S) S TAG;` of stale\n"
	"symbols deleted and of wanted ones added (one without extern only right\n"
	"behind a definition of S, in its #if arm); every wanted definition must\n"
	"be tagged and no stale tag left. Prints `FILE: problem`\n"
	"lines; exit 1 when there is any, 2 when a file cannot be read.\n"
	"On an OUTDIR of crossym cocci --static: each file is the original with\n"
	"exactly the edits of OUTDIR/edits.tsv, each definition listed there is\n"
	"static and each header declaration listed is gone.\n\n";

int cmd_verify(int argc, char **argv)
{
	struct operands ops;
	long bad;
	int done, status = cmdline_operands(argc, argv, verify_help, "OUTDIR ORIG_TREE NEW_TREE",
					    3, 3, &ops, &done);

	if (status || done)
		return status;
	bad = staticedit_is_static(ops.v[0]) ?
	      staticedit_verify(ops.v[0], ops.v[1], ops.v[2], stdout) :
	      verify_outdir(ops.v[0], ops.v[1], ops.v[2], stdout);
	if (bad < 0)
		return 2;
	return bad ? 1 : diag.status;
}
