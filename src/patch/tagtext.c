// SPDX-License-Identifier: GPL-2.0-only
/* tagtext.c - the tag's text in a source line: inserted into a line, and the
 * re-declaration that carries it when no line can. */
#include "patch/tagtext.h"
#include "model/synccheck.h"
#include "source/srcscan.h"
#include "lib/util.h"

#include <limits.h>
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

char *tagtext_redecl(const char *sym, const char *tag, const char *kind, const char *place,
		     int behind, int quiet)
{
	int ext = !behind || (kind && !strcmp(kind, "func")) ||
		  (place && !strcmp(place, "generated"));

	int table = kind && !strcmp(kind, "table");

	return xasprintf("%s%s__typeof__(%s) %s %s%s%s%s;%s%s", quiet ? REDECL_QUIET_BEGIN : "",
			 ext ? "extern " : "", sym, sym, table ? REDECL_ALIGNED_OPEN : "",
			 table ? sym : "", table ? REDECL_ALIGNED_CLOSE : "", tag,
			 quiet ? REDECL_QUIET_END : "",
			 place && !strcmp(place, "synced") ? " " SYNC_IGNORE_COMMENT : "");
}

const char *tagtext_unquieted(const char *line, size_t *len)
{
	size_t lb = sizeof(REDECL_QUIET_BEGIN) - 1, le = sizeof(REDECL_QUIET_END) - 1;

	if (*len < lb + le || memcmp(line, REDECL_QUIET_BEGIN, lb) ||
	    memcmp(line + *len - le, REDECL_QUIET_END, le))
		return line;
	*len -= lb + le;
	return line + lb;
}

int tagtext_is_redecl(const char *line, size_t len, const char *sym, const char *tag)
{
	size_t sl = strlen(sym), tl = strlen(tag), lc = sizeof(SYNC_IGNORE_COMMENT) - 1;

	while (len && (*line == ' ' || *line == '\t'))
		line++, len--;
	while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	/* [QUIET_BEGIN][extern ]__typeof__(S) S TAG;[QUIET_END] [the comment
	 * objtool's sync check skips] */
	if (len > lc && !memcmp(line + len - lc, SYNC_IGNORE_COMMENT, lc)) {
		len -= lc;
		while (len && (line[len - 1] == ' ' || line[len - 1] == '\t'))
			len--;
	}
	line = tagtext_unquieted(line, &len);
	if (len > 7 && !memcmp(line, "extern", 6) && (line[6] == ' ' || line[6] == '\t')) {
		line += 7, len -= 7;
		while (len && (*line == ' ' || *line == '\t'))
			line++, len--;
	}
	if (len < 14 + 2 * sl || memcmp(line, "__typeof__(", 11) || memcmp(line + 11, sym, sl) ||
	    memcmp(line + 11 + sl, ") ", 2) || memcmp(line + 13 + sl, sym, sl) ||
	    line[13 + 2 * sl] != ' ')
		return 0;
	line += 14 + 2 * sl, len -= 14 + 2 * sl;
	{       /* a table's: __attribute__((aligned(__alignof__(S)))) */
		size_t lo = sizeof(REDECL_ALIGNED_OPEN) - 1, lz = sizeof(REDECL_ALIGNED_CLOSE) - 1;

		if (len > lo + sl + lz && !memcmp(line, REDECL_ALIGNED_OPEN, lo) &&
		    !memcmp(line + lo, sym, sl) && !memcmp(line + lo + sl, REDECL_ALIGNED_CLOSE, lz))
			line += lo + sl + lz, len -= lo + sl + lz;
	}
	return len == tl + 1 && !memcmp(line, tag, tl) && line[tl] == ';';
}

/* One re-declaration of sym behind each definition of it in f, in its #if
 * arm; 0 (none made) when a definition has no line behind it. */
static size_t behind_each(struct srcfile *f, const char *sym, unsigned hint, const char *tag,
			  const char *kind, const char *place, int quiet,
			  struct tagtext_redecl_at **out)
{
	unsigned *ends;
	size_t n = srcfile_def_ends(f, sym, hint, &ends);

	for (size_t k = 0; k < n; k++)
		if (!ends[k])
			n = 0;
	*out = n ? xcalloc(n, sizeof(**out)) : NULL;
	for (size_t k = 0; k < n; k++) {
		(*out)[k].after = ends[k];
		(*out)[k].text = tagtext_redecl(sym, tag, kind, place, 1, quiet);
	}
	free(ends);
	return n;
}

size_t tagtext_redecls(struct srcfile *f, const char *sym, unsigned hint, const char *tag,
		       const char *kind, const char *place, int quiet,
		       struct tagtext_redecl_at **out)
{
	size_t n = 0;

	if (!place || strcmp(place, "generated"))
		n = behind_each(f, sym, hint, tag, kind, place, quiet, out);
	if (!n) {
		*out = xcalloc(1, sizeof(**out));
		(*out)->after = UINT_MAX;
		(*out)->text = tagtext_redecl(sym, tag, kind, place, 0, quiet);
		n = 1;
	}
	return n;
}

void tagtext_redecls_free(struct tagtext_redecl_at *r, size_t n)
{
	for (size_t k = 0; k < n; k++)
		free(r[k].text);
	free(r);
}
