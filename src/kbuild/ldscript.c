// SPDX-License-Identifier: GPL-2.0-only
/* ldscript.c - symbol references of a linker script, by a small lexer. */
#include "kbuild/ldscript.h"
#include "lib/util.h"

#include <ctype.h>
#include <fnmatch.h>
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

/* A pattern word: anything up to a blank or a parenthesis. */
static size_t pattern_len(const char *p)
{
	return strcspn(p, " \t\n\r()");
}

static int is_sort_keyword(const char *p, size_t n)
{
	return (n >= 4 && !strncmp(p, "SORT", 4)) ||
	       (n == 19 && !strncmp(p, "REVERSE", 7));
}

static void push_keep(struct lds_keep **v, size_t *n, size_t *cap,
		      const char *file, size_t flen, const char *sec, size_t slen)
{
	grow_array((void **)v, cap, *n + 1, sizeof(**v));
	(*v)[*n].file = xstrndup(file, flen);
	(*v)[*n].section = xstrndup(sec, slen);
	(*v)[*n].output = NULL;
	(*n)++;
}

/* The section patterns of one KEEP( ... ) (file_depth 1: its words at depth 1
 * are file patterns) or of one input-section description FILE( ... )
 * (file_depth 0: the file pattern is file): lx->p is at the '('.
 * Returns the end of the KEEP or description. */
static const char *parse_keep(struct lexer *lx, struct lds_keep **v, size_t *n,
			      size_t *cap, const char *file, size_t flen, int file_depth)
{
	int depth = 0, exclude_depth = -1;

	for (;;) {
		size_t len;

		skip_space(lx);
		if (!*lx->p)
			return lx->p;
		if (*lx->p == '(') {
			depth++;
			lx->p++;
			continue;
		}
		if (*lx->p == ')') {
			lx->p++;
			if (--depth == exclude_depth)
				exclude_depth = -1;
			if (depth <= 0)
				return lx->p;
			continue;
		}
		len = pattern_len(lx->p);
		if (!len) {
			lx->p++;
			continue;
		}
		if (len == 12 && !strncmp(lx->p, "EXCLUDE_FILE", 12))
			exclude_depth = depth;
		else if (exclude_depth >= 0 || is_sort_keyword(lx->p, len))
			;       /* excluded files, SORT(...) wrappers */
		else if (depth == file_depth) {
			file = lx->p;   /* the file pattern, before its '(' */
			flen = len;
		} else {
			push_keep(v, n, cap, file, flen, lx->p, len);
		}
		lx->p += len;
	}
}

struct lds_keep *lds_keep_patterns(const char *text, size_t *count)
{
	struct lexer lx = { text, NULL, 0, 0 };
	struct lds_keep *v = NULL;
	size_t n = 0, cap = 0;

	for (;;) {
		size_t len;

		skip_space(&lx);
		if (!*lx.p)
			break;
		len = ident_len(lx.p);
		if (len == 4 && !strncmp(lx.p, "KEEP", 4)) {
			lx.p += len;
			skip_space(&lx);
			if (*lx.p == '(')
				parse_keep(&lx, &v, &n, &cap, "*", 1, 1);
		} else {
			lx.p += len ? len : 1;
		}
	}
	*count = n;
	return v;
}

/* 1 when the word is the file pattern of an input-section description: it
 * has a wildcard or names an object or archive ("*", "*crtbegin.o", "x.a"). */
static int file_pattern(const char *p, size_t n)
{
	return memchr(p, '*', n) || memchr(p, '?', n) ||
	       (n > 2 && p[n - 2] == '.' && (p[n - 1] == 'o' || p[n - 1] == 'a'));
}

struct lds_keep *lds_input_sections(const char *text, size_t *count)
{
	struct lexer lx = { text, NULL, 0, 0 };
	struct lds_keep *v = NULL;
	size_t n = 0, cap = 0;
	int depth = 0;
	const char *name = NULL, *output = NULL;        /* in the text */
	size_t namelen = 0, outlen = 0;

	for (;;) {
		const char *after;
		size_t len, first = n;

		skip_space(&lx);
		if (!*lx.p)
			break;
		if (*lx.p == '{' || *lx.p == '}') {
			depth += *lx.p++ == '{' ? 1 : -1;
			if (depth == 2 && lx.p[-1] == '{' && name) {
				output = name;  /* `NAME ... : ... {` inside SECTIONS */
				outlen = namelen;
			} else if (depth < 2) {
				output = name = NULL;
			}
			continue;
		}
		len = strcspn(lx.p, " \t\n\r(){}:;,=");
		after = lx.p + len;
		while (isspace((unsigned char)*after))
			after++;
		if (len && *after == '(' && file_pattern(lx.p, len)) {
			const char *file = lx.p;

			lx.p = after;
			parse_keep(&lx, &v, &n, &cap, file, len, 0);
			for (size_t k = first; k < n; k++)
				v[k].output = output ? xstrndup(output, outlen) : NULL;
			continue;
		}
		if (len && depth == 1 && *after == ':') {
			name = lx.p;
			namelen = len;
		}
		lx.p += len ? len : 1;
	}
	*count = n;
	return v;
}

void lds_keep_free_one(struct lds_keep *keep)
{
	free(keep->file);
	free(keep->section);
	free(keep->output);
}

void lds_keep_free(struct lds_keep *keeps, size_t count)
{
	for (size_t i = 0; i < count; i++)
		lds_keep_free_one(&keeps[i]);
	free(keeps);
}

/* fnmatch(pattern, s, 0) == 0: patterns of only `*`, `?` and plain bytes (every
 * KEEP pattern of a kernel script) are matched here, glibc's fnmatch being
 * slow enough to dominate a scan (one call per definition and pattern);
 * brackets and backslashes go to fnmatch. */
static int glob_matches(const char *pattern, const char *s)
{
	const char *p = pattern, *star = NULL, *resume = NULL;

	if (strpbrk(pattern, "[\\"))
		return !fnmatch(pattern, s, 0);
	while (*s) {
		if (*p == '?' || (*p && *p != '*' && *p == *s)) {
			p++;
			s++;
		} else if (*p == '*') {
			star = p++;
			resume = s;
		} else if (star) {
			p = star + 1;
			s = ++resume;
		} else {
			return 0;
		}
	}
	while (*p == '*')
		p++;
	return !*p;
}

int lds_keep_matches(const struct lds_keep *keeps, size_t count,
		     const char *file, const char *section)
{
	const char *base = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;

	for (size_t i = 0; i < count; i++)
		if (glob_matches(keeps[i].section, section) &&
		    (glob_matches(keeps[i].file, file) || glob_matches(keeps[i].file, base)))
			return 1;
	return 0;
}

int lds_keep_section_matches(const struct lds_keep *keeps, size_t count,
			     const char *section)
{
	for (size_t i = 0; i < count; i++)
		if (glob_matches(keeps[i].section, section))
			return 1;
	return 0;
}
