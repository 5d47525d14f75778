// SPDX-License-Identifier: GPL-2.0-only
/* tagtext.c - the tag's text in a source line: inserted into a line, and the
 * re-declaration that carries it when no line can. */
#include "patch/tagtext.h"
#include "model/synccheck.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static int is_word(int c)
{
	return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9');
}

/* Whether s[at, at + n) (bounded by len) equals w[0, n). */
static int has_at(const char *s, size_t len, size_t at, const char *w, size_t n)
{
	return at + n <= len && !memcmp(s + at, w, n);
}

/* Whether s[at, ...) starts "TAG " (space_first 0) or " TAG" (1). */
static int tag_at(const char *s, size_t len, size_t at, const char *tag, size_t tl,
		  int space_first)
{
	if (at + tl + 1 > len)
		return 0;
	if (space_first)
		return s[at] == ' ' && !memcmp(s + at + 1, tag, tl);
	return !memcmp(s + at, tag, tl) && s[at + tl] == ' ';
}

size_t tagtext_insertions(const char *a, size_t la, const char *b, size_t lb,
			  const char *tag, size_t *at)
{
	size_t tl = strlen(tag), i = 0, j = 0, n = 0;

	while (j < lb) {
		if (tag_at(b, lb, j, tag, tl, 0) && (j == 0 || !is_word((unsigned char)b[j - 1])) &&
		    !tag_at(a, la, i, tag, tl, 0)) {
			if (at)
				at[n] = j;
			n++;
			j += tl + 1;
		} else if (tag_at(b, lb, j, tag, tl, 1) &&
			   (j + tl + 1 >= lb || !is_word((unsigned char)b[j + tl + 1])) &&
			   !tag_at(a, la, i, tag, tl, 1)) {
			if (at)
				at[n] = j + 1;
			n++;
			j += tl + 1;
		} else if (j == 0 && lb == tl && has_at(b, lb, 0, tag, tl) && la == 0) {
			if (at)
				at[n] = 0;
			n++;
			j += tl;
		} else if (i < la && a[i] == b[j]) {
			i++;
			j++;
		} else {
			return 0;
		}
	}
	return i >= la ? n : 0;
}

/* Whether line (its trailing blanks left out) may come before a line that
 * starts a declaration: empty, ending a statement, a block or a comment, or
 * a preprocessor line. */
static int ends_declaration(const char *line)
{
	size_t n = strlen(line);

	while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		n--;
	return !n || line[n - 1] == ';' || line[n - 1] == '}' || line[0] == '#' ||
	       (n >= 2 && line[n - 2] == '*' && line[n - 1] == '/');
}

char *tagtext_own_line(const char *orig, const char *tagged, const char *prev,
		       const char *tag)
{
	size_t ind = strspn(orig, " \t"), tl = strlen(tag), lt = strlen(tagged);
	char *mid = xasprintf(" %s ", tag);
	const char *at = strstr(tagged, mid);
	size_t p = at ? (size_t)(at - tagged) : 0;
	int ok;

	free(mid);
	if (lt == strlen(orig) + tl + 1 && !strncmp(tagged, orig, ind) &&
	    !strncmp(tagged + ind, tag, tl) && tagged[ind + tl] == ' ' &&
	    !strcmp(tagged + ind + tl + 1, orig + ind))
		return xasprintf("%.*s%s", (int)ind, orig, tag);
	/* " TAG" taken out where it first stands gives orig */
	ok = !ind && at && !strncmp(tagged, orig, p) && !strcmp(tagged + p + tl + 1, orig + p) &&
	     lt == strlen(orig) + tl + 1 && ends_declaration(prev);
	return ok ? xstrdup(tag) : NULL;
}

char *tagtext_redecl(const char *sym, const char *tag, int synced)
{
	return xasprintf("extern __typeof__(%s) %s %s;%s", sym, sym, tag,
			 synced ? " " SYNC_IGNORE_COMMENT : "");
}

int tagtext_is_redecl(const char *line, size_t len, const char *sym, const char *tag)
{
	size_t sl = strlen(sym), tl = strlen(tag);

	while (len && (*line == ' ' || *line == '\t'))
		line++, len--;
	while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	/* extern __typeof__(S) S TAG; [the comment objtool's sync check skips] */
	if (len > 18 + 2 * sl + tl + 4 + sizeof(SYNC_IGNORE_COMMENT) - 1 &&
	    !memcmp(line + len - (sizeof(SYNC_IGNORE_COMMENT) - 1), SYNC_IGNORE_COMMENT,
		    sizeof(SYNC_IGNORE_COMMENT) - 1)) {
		len -= sizeof(SYNC_IGNORE_COMMENT) - 1;
		while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
			len--;
	}
	return len == 18 + sl + 2 + sl + 1 + tl + 1 &&
	       !memcmp(line, "extern __typeof__(", 18) && !memcmp(line + 18, sym, sl) &&
	       !memcmp(line + 18 + sl, ") ", 2) && !memcmp(line + 20 + sl, sym, sl) &&
	       line[20 + 2 * sl] == ' ' && !memcmp(line + 21 + 2 * sl, tag, tl) &&
	       line[21 + 2 * sl + tl] == ';';
}
