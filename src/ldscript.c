/* ldscript.c - symbol references of a linker script, by a small lexer. */
#include "ldscript.h"
#include "util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct lexer {
	const char *p;
	char **names;
	size_t count, cap;
};

static int ident_start(int c)
{
	return isalpha(c) || c == '_' || c == '.' || c == '$';
}

static int ident_char(int c)
{
	return isalnum(c) || c == '_' || c == '.' || c == '$';
}

/* Skip blanks, comments and strings. */
static void skip_space(struct lexer *lx)
{
	for (;;) {
		while (isspace((unsigned char)*lx->p))
			lx->p++;
		if (lx->p[0] == '/' && lx->p[1] == '*') {
			const char *end = strstr(lx->p + 2, "*/");

			lx->p = end ? end + 2 : lx->p + strlen(lx->p);
		} else if (lx->p[0] == '"') {
			const char *end = strchr(lx->p + 1, '"');

			lx->p = end ? end + 1 : lx->p + strlen(lx->p);
		} else {
			return;
		}
	}
}

static void push(struct lexer *lx, const char *s, size_t len)
{
	grow_array((void **)&lx->names, &lx->cap, lx->count + 1, sizeof(char *));
	lx->names[lx->count++] = xstrndup(s, len);
}

/* An identifier starting at lx->p; returns its length (0 when none). */
static size_t ident_len(const char *p)
{
	size_t n = 0;

	if (!ident_start((unsigned char)p[0]))
		return 0;
	while (ident_char((unsigned char)p[n]))
		n++;
	return n;
}

/* The expression after '=' up to ';' or an unmatched ')': its identifiers that
 * are not function names (followed by '('), section names or DEFINED()'s args. */
static void scan_expression(struct lexer *lx)
{
	int depth = 0, skip_depth = -1;

	for (;;) {
		size_t n;

		skip_space(lx);
		if (!*lx->p || *lx->p == ';' || *lx->p == '}' || (*lx->p == ')' && !depth))
			return;
		n = ident_len(lx->p);
		if (n) {
			const char *after = lx->p + n;

			while (isspace((unsigned char)*after))
				after++;
			if (*after == '(' && n == 7 && !strncmp(lx->p, "DEFINED", 7))
				skip_depth = depth;
			else if (*after != '(' && lx->p[0] != '.' && skip_depth < 0)
				push(lx, lx->p, n);
			lx->p += n;
			continue;
		}
		if (isdigit((unsigned char)*lx->p)) {   /* a number: 0x10, 4K */
			while (isalnum((unsigned char)*lx->p))
				lx->p++;
			continue;
		}
		if (*lx->p == '(')
			depth++;
		else if (*lx->p == ')' && --depth == skip_depth)
			skip_depth = -1;
		lx->p++;
	}
}

char **lds_references(const char *text, size_t *count)
{
	struct lexer lx = { text, NULL, 0, 0 };

	for (;;) {
		size_t n;

		skip_space(&lx);
		if (!*lx.p)
			break;
		n = ident_len(lx.p);
		if (n == 5 && !strncmp(lx.p, "ENTRY", 5)) {
			lx.p += n;
			skip_space(&lx);
			if (*lx.p == '(') {
				lx.p++;
				skip_space(&lx);
				n = ident_len(lx.p);
				if (n)
					push(&lx, lx.p, n);
				lx.p += n;
			}
		} else if (n == 6 && !strncmp(lx.p, "ASSERT", 6)) {
			lx.p += n;
			skip_space(&lx);
			if (*lx.p == '(') {
				lx.p++;
				scan_expression(&lx);
			}
		} else if (n) {
			lx.p += n;
		} else if (lx.p[0] == '=' && lx.p[1] != '=') {
			lx.p++;
			scan_expression(&lx);
		} else if (strchr("!<>=+-*/&|", lx.p[0]) && lx.p[1] == '=') {
			lx.p += 2;      /* comparison or compound assignment */
			scan_expression(&lx);
		} else {
			lx.p++;
		}
	}
	*count = lx.count;
	return lx.names;
}

void lds_free(char **names, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
}
