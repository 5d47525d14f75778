// SPDX-License-Identifier: GPL-2.0-only
/* cmd-cmd.c - crossym cmd --argv: the words of an object's kbuild compile
 * command, for the scripts (verify-build.sh), which then never eval it. */
#include "cmdline.h"
#include "commands.h"
#include "kbuild.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char cmd_help[] =
	"usage: crossym cmd --argv [-z] FILE\n\n"
	"Print the words of the command kbuild recorded for FILE (an object: the\n"
	".NAME.o.cmd beside it; or a .cmd file), as sh would split them, one per\n"
	"line (-z: each ended by a NUL byte), for a script to run by argument\n"
	"vector. A command that needs a shell ($ ` ( ) < > * ? [ ] { } ~ ! outside\n"
	"quotes, $ or ` inside double quotes, unterminated quotes, VAR=value before\n"
	"it), or without -z a word with a newline, is refused: a message on stderr,\n"
	"exit 1. Only the first command of the line counts (up to ; | & newline).\n";

/* Print words, each ended by end; -1 when one holds end itself (a newline:
 * a NUL cannot be in a word). */
static int print_words(char **w, size_t n, char end)
{
	for (size_t i = 0; end && i < n; i++)
		if (strchr(w[i], end))
			return -1;
	for (size_t i = 0; i < n; i++) {
		fputs(w[i], stdout);
		putchar(end);
	}
	return 0;
}

int cmd_cmd(int argc, char **argv)
{
	int z = argc == 4 && !strcmp(argv[2], "-z");
	const char *file = argv[argc - 1], *why = NULL;
	char *path, **w;
	size_t n = 0;
	int status = 0;

	if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		fputs(cmd_help, stdout);
		return 0;
	}
	if (argc != 3 + z || strcmp(argv[1], "--argv")) {
		fputs(cmd_help, stderr);
		return 2;
	}
	path = str_has_suffix(file, ".cmd") ? xstrdup(file) : kbuild_cmd_path(file);
	w = cmdline_cmd_file_words(path, &n, &why);
	if (w && print_words(w, n, z ? '\0' : '\n'))
		why = "a word with a newline (use -z)";
	if (!w || why) {
		fprintf(stderr, "crossym: %s: command not run: %s\n", path, why);
		status = 1;
	}
	cmdline_free(w);
	free(path);
	return status;
}
