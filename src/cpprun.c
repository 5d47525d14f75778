/* cpprun.c - run a kbuild compile command as the preprocessor. */
#include "cpprun.h"
#include "kbuild.h"
#include "util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Drop the word starting at p (up to the next blank) from s. */
static void drop_word(char *p)
{
	size_t n = strcspn(p, " \t");

	memmove(p, p + n, strlen(p + n) + 1);
}

/* The compile command turned into a preprocessor run on stdout: the first
 * command only, -c -> -E, -o X -> -o -, no dependency-file side effects. */
static char *preprocess_command(const char *cmd)
{
	char *c = xasprintf(" %s ", cmd), *p;

	p = strpbrk(c, ";&|");
	if (p)
		*p = '\0';
	while ((p = strstr(c, " -Wp,-M")) != NULL)
		drop_word(p + 1);
	p = strstr(c, " -c ");
	if (!p || !(strstr(c, " -o "))) {
		free(c);
		return NULL;
	}
	p[2] = 'E';
	p = strstr(c, " -o ");
	drop_word(p + 4);
	memmove(p + 4 + 1, p + 4, strlen(p + 4) + 1);
	p[4] = '-';
	return c;
}

char *cpp_preprocess(const char *build_dir, const char *cmd_file, size_t *len)
{
	char *text = read_file(cmd_file, NULL), *cmd = NULL, *pp = NULL, *shell;
	char *out = NULL;
	size_t cap = 0, used = 0, n;
	FILE *pipe;

	if (text)
		cmd = kbuild_cmd_command(text);
	if (cmd)
		pp = preprocess_command(cmd);
	free(text);
	free(cmd);
	if (!pp)
		return NULL;
	shell = xasprintf("cd '%s' && %s 2>/dev/null", build_dir, pp);
	free(pp);
	pipe = popen(shell, "r");
	free(shell);
	if (!pipe)
		return NULL;
	do {
		grow_array((void **)&out, &cap, used + 65536 + 1, 1);
		n = fread(out + used, 1, cap - used - 1, pipe);
		used += n;
	} while (n > 0);
	if (pclose(pipe) != 0 || !used) {
		free(out);
		return NULL;
	}
	out[used] = '\0';
	*len = used;
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
