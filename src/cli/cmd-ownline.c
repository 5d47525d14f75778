// SPDX-License-Identifier: GPL-2.0-only
/* cmd-ownline.c - crossym ownline: series.sh --checkpatch's rewrite of the
 * patch, the tag on a line of its own where the tagged line broke
 * checkpatch.pl (src/patch/ownline.c; the tag's places: tagtext.c). */
#include "cli/commands.h"
#include "cli/options.h"
#include "patch/ownline.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char ownline_help[] =
	"usage: crossym ownline TAG ERRLINES PATCH COUNT\n\n"
	"series.sh --checkpatch's step: print PATCH with each `-ORIG` `+TAGGED` pair\n"
	"whose + line (its number in PATCH the first word of a line of ERRLINES) is\n"
	"ORIG with TAG put first, or put in a line that starts a declaration, made\n"
	"`+TAG` (indented as ORIG) and ` ORIG`, every hunk header recounted; write\n"
	"how many pairs were rewritten into COUNT. Exit 2 when a file cannot be read\n"
	"or written.\n\n";

/* The first number of each line of text. */
static long *line_numbers(const char *text, size_t *n)
{
	long *v = NULL;
	size_t cap = 0;

	*n = 0;
	for (const char *p = text; p && *p;) {
		char *end;
		long no = strtol(p, &end, 10);

		if (end != p) {
			grow_array((void **)&v, &cap, *n + 1, sizeof(*v));
			v[(*n)++] = no;
		}
		p = strchr(p, '\n');
		p += p != NULL;
	}
	return v;
}

/* The text of path, or NULL when it cannot be read (said). */
static char *read_or_say(const char *path)
{
	char *text = read_file(path, NULL);

	if (!text)
		error("%s: cannot be read: %s", path, errstr(errno));
	return text;
}

int cmd_ownline(int argc, char **argv)
{
	struct operands ops;
	char *errtext, *patch;
	long *errs = NULL;
	size_t nerrs = 0, count;
	FILE *cf;
	int done, status = cmdline_operands(argc, argv, ownline_help,
		"TAG ERRLINES PATCH COUNT", 4, 4, &ops, &done);

	if (status || done)
		return status;
	errtext = read_or_say(ops.v[1]);
	patch = errtext ? read_or_say(ops.v[2]) : NULL;
	if (!patch) {
		free(errtext);
		return 2;
	}
	errs = line_numbers(errtext, &nerrs);
	count = ownline_patch(patch, errs, nerrs, ops.v[0], stdout);
	cf = fopen(ops.v[3], "w");
	if (!cf || fprintf(cf, "%zu\n", count) < 0 || fclose(cf)) {
		error("%s: cannot be written: %s", ops.v[3], errstr(errno));
		status = 2;
	}
	free(errs);
	free(errtext);
	free(patch);
	return finish_stdout() ? 2 : status;
}
