// SPDX-License-Identifier: GPL-2.0-only
/* cmd-cmd.c - crossym cmd: what the scripts need of kbuild's .cmd files, so
 * that they never read one or split a command themselves: --argv, the words
 * of a command (verify-build.sh, wholeprogram.sh), which they then never
 * eval; --lto, the -flto compile of each object of a unit (wholeprogram.sh). */
#include "kbuild/cmdline.h"
#include "cli/commands.h"
#include "kbuild/kbuild.h"
#include "kbuild/ltocompile.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char cmd_help[] =
	"usage: crossym cmd --argv [-z] FILE\n"
	"       crossym cmd --words FILE\n"
	"       crossym cmd --lto [-C DIR] [--srctree-from OLD --srctree-to NEW] [--refused FILE]\n\n"
	"Print the words of the command kbuild recorded for FILE (an object: the\n"
	".NAME.o.cmd beside it; or a .cmd file), as sh would split them, one per\n"
	"line (-z: each ended by a NUL byte), for a script to run by argument\n"
	"vector. A command that needs a shell ($ ` ( ) < > * ? [ ] { } ~ ! outside\n"
	"quotes, $ or ` inside double quotes, unterminated quotes, VAR=value before\n"
	"it), or without -z a word with a newline, is refused: a message on stderr,\n"
	"exit 1. Only the first command of the line counts (up to ; | & newline).\n\n"
	"--words: every word of every command of the line (the commands split at\n"
	"; | & and newlines outside quotes), one a line, nothing refused: to see what\n"
	"a command reads and writes, not to run it.\n\n"
	"--lto: for each line `OBJ[<TAB>UNIT_FILE]` of stdin (a C object of a\n"
	"whole-program unit, relative to DIR, and its unit's file), print\n"
	"`OBJ<TAB>LTO<TAB>SOURCE<TAB>COMMAND<TAB>UNIT_FLAGS<TAB>OBJTOOL`: LTO is\n"
	"OBJ.lto.o, SOURCE the source_ of its .cmd file when absolute (else empty),\n"
	"COMMAND its kbuild command up to the first ; (for sh) writing LTO, with\n"
	"-flto; UNIT_FLAGS its compiler and flags for the unit link; OBJTOOL the\n"
	"objtool step after the ; run on UNIT_FILE (empty when none). --srctree-from\n"
	"and --srctree-to: every OLD/ in the command and the source becomes NEW/.\n"
	"An object compiled by clang (said once), one whose command compiles\n"
	"nothing or has no -o OBJ, or no command, is named on stderr; exit 1.\n"
	"--refused FILE: such an object (clang aside) is written to FILE instead,\n"
	"`OBJ<TAB>WHY` a line, and is no error: wholeprogram keeps it out of its unit.\n";

/* crossym cmd --lto's options. */
struct lto_opts {
	FILE *refused;          /* --refused: objects that cannot join a unit */
	const char *dir;                /* -C: the objects are relative to it */
	char *old, *new;                /* --srctree-from/to, with a / each */
	int said_clang;                 /* the clang refusal was said */
};

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

/* The text of a .cmd file with every OLD/ made NEW/ (or as it is). */
static char *srctree_moved(char *text, const struct lto_opts *o)
{
	char *moved;

	if (!text || !o->old || !strcmp(o->old, o->new))
		return text;
	moved = str_replace_all(text, o->old, o->new);
	free(text);
	return moved;
}

/* Say why obj cannot join its unit, by its .cmd file cmdfile. */
static void lto_refused(enum lto_refusal r, const char *obj, const char *cmdfile,
			struct lto_opts *o)
{
	if (o->refused && r != LTO_CLANG) {
		fprintf(o->refused, "%s\t%s\n", obj,
			r == LTO_NO_COMPILE ? "made from another object (its command compiles nothing)" :
			r == LTO_NO_OUTPUT ? "no -o in its command" : "no command in its .cmd file");
		return;
	}
	if (r == LTO_NO_COMMAND)
		error("%s: no command in %s", obj, cmdfile);
	else if (r == LTO_CLANG && !o->said_clang++)
		error("%s: compiled by clang, and the whole-program recipe (-fwhole-program, "
		      "-flto-partition=one, a -r link) is GCC 12's: build the tree with GCC "
		      "(CC=gcc, for Linux without LLVM=1) for the whole-program build", obj);
	else if (r == LTO_NO_COMPILE)
		error("%s: its command (%s) compiles nothing: an object made from another "
		      "object cannot join a unit; --exclude %s (and give crossym cocci the "
		      "same, so that the decision agrees)", obj, cmdfile, obj);
	else if (r == LTO_NO_OUTPUT)
		error("%s: no -o in its command", obj);
	diag.status = 1;
}

/* cmd with each word `from` made `to` (a word: between blanks); cmd freed. */
static char *word_replaced(char *cmd, const char *from, const char *to)
{
	struct sbuf out = { 0 };
	size_t lf = strlen(from);
	const char *p = cmd;

	for (const char *hit; (hit = strstr(p, from)); p = hit + lf) {
		int word = (hit == cmd || hit[-1] == ' ') && (hit[lf] == ' ' || !hit[lf]);

		sbuf_addn(&out, p, (size_t)(hit - p));
		sbuf_add(&out, word ? to : from);
	}
	sbuf_add(&out, p);
	free(cmd);
	return sbuf_take(&out);
}

/* The source of a .cmd file, src (as written there), when the build dir
 * links it into OLD (Xen's arch/x86/efi/boot.c): *cmd compiles it from NEW,
 * and the source becomes that file (absolute). */
static void linked_source_moved(char **src, char **cmd, const struct lto_opts *o)
{
	char *old = o->old ? xstrndup(o->old, strlen(o->old) - 1) : NULL;
	char *in = old && *src && **src != '/' ? path_link_into(o->dir, *src, old) : NULL;

	if (in && *cmd) {
		char *moved = xasprintf("%s%s", o->new, in);

		*cmd = word_replaced(*cmd, *src, moved);
		free(*src);
		*src = moved;
	}
	free(in);
	free(old);
}

/* One object's line, or its refusal on stderr. */
static void lto_object(const char *obj, const char *unit, struct lto_opts *o)
{
	char *cmdfile = kbuild_cmd_path(obj), *path = path_join(o->dir, cmdfile);
	char *text = srctree_moved(kbuild_cmd_read_head(path), o);
	char *cmd = text ? kbuild_cmd_command(text) : NULL;
	char *src = text ? kbuild_cmd_source(text) : NULL, *lto = lto_object_name(obj);
	struct lto_compile c;
	enum lto_refusal r;

	linked_source_moved(&src, &cmd, o);
	r = lto_compile_make(cmd ? cmd : "", obj, lto, unit, &c);

	if (r == LTO_OK && strpbrk(c.command, "\t\n"))
		error("%s: a tab in its command (%s)", obj, cmdfile);
	else if (r == LTO_OK)
		printf("%s\t%s\t%s\t%s\t%s\t%s\n", obj, lto, src && src[0] == '/' ? src : "",
		       c.command, c.unit_flags, c.objtool ? c.objtool : "");
	else
		lto_refused(r, obj, cmdfile, o);
	lto_compile_free(&c);
	free(lto);
	free(src);
	free(cmd);
	free(text);
	free(path);
	free(cmdfile);
}

/* crossym cmd --lto [-C DIR] [--srctree-from OLD --srctree-to NEW]. */
static int cmd_lto(int argc, char **argv)
{
	struct lto_opts o = { .dir = "." };
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int i;

	for (i = 2; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "-C"))
			o.dir = argv[i + 1];
		else if (!strcmp(argv[i], "--srctree-from") && !o.old)
			o.old = xasprintf("%s/", argv[i + 1]);
		else if (!strcmp(argv[i], "--srctree-to") && !o.new)
			o.new = xasprintf("%s/", argv[i + 1]);
		else if (!strcmp(argv[i], "--refused") && !o.refused) {
			o.refused = fopen(argv[i + 1], "w");
			if (!o.refused)
				fatal("%s: %s", argv[i + 1], errstr(errno));
		}
		else
			break;
	}
	if (i != argc || !o.old != !o.new) {
		fputs(cmd_help, stderr);
		free(o.old);
		free(o.new);
		return 2;
	}
	while ((len = getline(&line, &cap, stdin)) > 0) {
		char *tab;

		line[len - (line[len - 1] == '\n')] = '\0';
		tab = strchr(line, '\t');
		if (tab)
			*tab++ = '\0';
		if (*line)
			lto_object(line, tab && *tab ? tab : line, &o);
	}
	free(line);
	free(o.old);
	free(o.new);
	if (o.refused && fclose(o.refused))
		error("--refused: %s", errstr(errno));
	return finish_stdout() ? 2 : diag.status;
}

/* The .cmd file FILE names: itself, or an object's .NAME.o.cmd. */
static char *cmd_file_of(const char *file)
{
	return str_has_suffix(file, ".cmd") ? xstrdup(file) : kbuild_cmd_path(file);
}

/* crossym cmd --words FILE: every word of every command of its line. */
static int cmd_words(const char *file)
{
	char *path = cmd_file_of(file);
	char *text = kbuild_cmd_read(path), *cmd = text ? kbuild_cmd_command(text) : NULL;
	const char *p = cmd, *why = NULL;
	int status = 0;

	if (!cmd) {
		fprintf(stderr, "crossym: %s: no command\n", path);
		status = 1;
	}
	while (p && *p) {
		const char *end = cmdline_unquoted(p, ";|&\n");
		char *one = xstrndup(p, (size_t)(end - p));
		size_t n = 0;
		char **w = cmdline_words(one, CMDLINE_READ, &n, &why);

		for (size_t i = 0; w && i < n; i++)
			puts(w[i]);
		cmdline_free(w);
		free(one);
		p = *end ? end + 1 : end;
	}
	free(cmd);
	free(text);
	free(path);
	return finish_stdout() ? 2 : status;
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
	if (argc >= 2 && !strcmp(argv[1], "--lto"))
		return cmd_lto(argc, argv);
	if (argc == 3 && !strcmp(argv[1], "--words"))
		return cmd_words(argv[2]);
	if (argc != 3 + z || strcmp(argv[1], "--argv")) {
		fputs(cmd_help, stderr);
		return 2;
	}
	path = cmd_file_of(file);
	w = kbuild_cmd_file_words(path, &n, &why);
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
