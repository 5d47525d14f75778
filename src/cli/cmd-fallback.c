// SPDX-License-Identifier: GPL-2.0-only
/* cmd-fallback.c - crossym fallback: verify-build.sh's step from an in-place
 * tag the compiler objects to to a re-declaration (src/patch/fallback.c). */
#include "cli/commands.h"
#include "patch/fallback.h"
#include "patch/tagstyle.h"
#include "cli/options.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static const char fallback_help[] =
	"usage: crossym fallback TAG SRC ORIG CHANGED WANTED_TSV DIAGS FALLBACKS\n\n"
	"annotate.sh --verify-build's fallback for source file SRC: print CHANGED\n"
	"(SRC tagged; ORIG the original) with each line that has a diagnostic in\n"
	"DIAGS (`SRC:LINE: what` lines) and is an original line with tags inserted\n"
	"back to the original, and a re-declaration of each wanted symbol S\n"
	"(WANTED_TSV's rows for SRC) named on such a line, right behind its\n"
	"definition, in its #if arm (a function's `extern __typeof__(S) S TAG;`, a\n"
	"variable's `__typeof__(S) S TAG;`), else `extern` at the end; append a\n"
	"`SRC<TAB>S<TAB>what` line per S to FALLBACKS. The tag-style file beside\n"
	"WANTED_TSV says whether re-declarations silence -Wredundant-decls. Exit 2\n"
	"when a file cannot be read or written.\n\n";

/* The symbols (column 2) of the rows of wanted.tsv for src; *kinds their
 * kinds (column 3). */
static char **wanted_of(const char *path, const char *src, size_t *n, char ***kinds)
{
	char **cells, **v = NULL;
	size_t cap = 0, nk = 0, kcap = 0;
	long rows = read_tsv(path, 3, &cells);

	*n = 0;
	*kinds = NULL;
	for (long r = 0; r < rows; r++)
		if (!strcmp(cells[3 * r], src)) {
			strv_push(&v, n, &cap, cells[3 * r + 1]);
			strv_push(kinds, &nk, &kcap, cells[3 * r + 2]);
		}
	if (rows > 0)
		free_tsv(cells, rows, 3);
	return v;
}

int cmd_fallback(int argc, char **argv)
{
	struct operands ops;
	char *orig, *changed, *diags, **wanted, **kinds;
	size_t nwanted;
	FILE *fb;
	int done, status = cmdline_operands(argc, argv, fallback_help,
		"TAG SRC ORIG CHANGED WANTED_TSV DIAGS FALLBACKS", 7, 7, &ops, &done);

	if (status || done)
		return status;
	orig = read_file(ops.v[2], NULL);
	changed = read_file(ops.v[3], NULL);
	diags = read_file(ops.v[5], NULL);
	fb = fopen(ops.v[6], "a");
	wanted = wanted_of(ops.v[4], ops.v[1], &nwanted, &kinds);
	if (orig && changed && diags && fb) {
		struct fallback_in in = { ops.v[1], ops.v[0], orig, changed, diags, wanted,
					  kinds, nwanted, 0 };
		char *scope = path_dirname(ops.v[4]);
		struct tagstyle style;

		if (tagstyle_read(scope, &style) == 0)
			in.quiet = style.quiet;
		tagstyle_free(&style);
		free(scope);
		fallback_file(&in, stdout, fb);
	} else {
		error("fallback: %s, %s, %s or %s cannot be read", ops.v[2], ops.v[3],
		      ops.v[5], ops.v[6]);
		status = 2;
	}
	if (fb && fclose(fb))
		status = 2;
	strv_free(wanted, nwanted);
	strv_free(kinds, nwanted);
	free(orig);
	free(changed);
	free(diags);
	return status ? status : diag.status;
}
