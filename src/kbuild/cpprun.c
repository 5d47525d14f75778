// SPDX-License-Identifier: GPL-2.0-only
/* cpprun.c - run a kbuild compile command as the preprocessor, only when the
 * user asked (--run-build-commands), and never through a shell: the command
 * is split into words by cmdline.c and run by run.c. */
#include "cpprun.h"
#include "cmdline.h"
#include "run.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

void cpp_runner_init(struct cpp_runner *r, int run_build_commands)
{
	r->run_build_commands = run_build_commands;
	strtab_init(&r->unrun);
}

void cpp_runner_free(struct cpp_runner *r)
{
	strtab_free(&r->unrun);
}

int cpp_was_unrun(const struct cpp_runner *r, const char *cmd_file)
{
	return strtab_find(&r->unrun, cmd_file) >= 0;
}

char *cpp_preprocess(struct cpp_runner *r, const char *build_dir, const char *cmd_file,
		     size_t *len)
{
	static const char *const to_stdout[] = { "-E", NULL };
	char **words, **argv = NULL, *out = NULL;
	const char *why = NULL;
	size_t n = 0;

	if (!r->run_build_commands) {
		strtab_intern(&r->unrun, cmd_file);     /* reads files only */
		return NULL;
	}
	words = cmdline_cmd_file_words(cmd_file, &n, &why);
	if (words)
		argv = cmdline_rewrite_compile(words, n, to_stdout, "-", &why);
	if (!argv)
		warn("%s: compile command not run: %s", cmd_file, why);
	else if (run_argv(build_dir, argv, &out, len) || !*len) {
		free(out);
		out = NULL;
	}
	cmdline_free(words);
	cmdline_free(argv);
	return out;
}

/* Skip a literal starting at p (quote q); returns the character after it. */
static const char *skip_literal(const char *p, const char *end, char q)
{
	for (p++; p < end && *p != q && *p != '\n'; p++)
		if (*p == '\\' && p + 1 < end)
			p++;
	return p < end ? p + 1 : end;
}

int cpp_has_identifier(const char *text, size_t len, const char *name)
{
	const char *p = text, *end = text + len;
	size_t nlen = strlen(name);
	int line_start = 1;

	while (p < end) {
		if (line_start && *p == '#') {          /* a line marker */
			const char *nl = memchr(p, '\n', (size_t)(end - p));

			p = nl ? nl + 1 : end;
			continue;
		}
		line_start = *p == '\n';
		if (*p == '"' || *p == '\'') {
			p = skip_literal(p, end, *p);
		} else if (isalpha((unsigned char)*p) || *p == '_') {
			const char *s = p;

			while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
				p++;
			if ((size_t)(p - s) == nlen && !memcmp(s, name, nlen))
				return 1;
		} else {
			p++;
		}
	}
	return 0;
}
