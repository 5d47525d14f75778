// SPDX-License-Identifier: GPL-2.0-only
/* tagstyle.c - the tag's position on function definitions, and the #define
 * --define-tag adds (tagstyle.h). */
#include "patch/tagstyle.h"
#include "source/srcscan.h"
#include "lib/util.h"

#include <errno.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#define STYLE_FILE "tag-style"

void tagstyle_choose(struct tagstyle *s, const size_t *npos, const char *forced,
		     const char *define)
{
	memset(s, 0, sizeof(*s));
	s->nname = npos[TAGPOS_NAME];
	s->nfirst = npos[TAGPOS_FIRST];
	s->nother = npos[TAGPOS_OTHER];
	if (forced) {
		s->how = STYLE_OPTION;
		s->first = !strcmp(forced, "first");
	} else if (s->nfirst || s->nname) {
		s->how = STYLE_MEASURED;
		s->first = s->nfirst > s->nname;
	}
	s->define = define ? xstrdup(define) : NULL;
}

char *tagstyle_describe(const struct tagstyle *s, const char *tag)
{
	const char *where = s->first ? "first (before the return type)" :
			    "before the name";
	size_t all = s->nfirst + s->nname + s->nother;

	if (s->how == STYLE_OPTION)
		return xasprintf("%s (--tag-position; the sources have %zu first, %zu "
				 "before the name, of %zu %s on function definitions)",
				 where, s->nfirst, s->nname, all, tag);
	if (s->how == STYLE_MEASURED)
		return xasprintf("%s, as %zu of %zu %s on function definitions in the "
				 "sources", where, s->first ? s->nfirst : s->nname, all, tag);
	return xasprintf("%s (the historic default: no %s on a function definition "
			 "in the sources)", where, tag);
}

static const char *how_name(enum tagstyle_how how)
{
	return how == STYLE_OPTION ? "option" : how == STYLE_MEASURED ? "measured" : "default";
}

int tagstyle_write(const char *outdir, const struct tagstyle *s)
{
	char *path = path_join(outdir, STYLE_FILE);
	char *text = xasprintf("position\t%s\t%s\t%zu\t%zu\t%zu\ndefine\t%s\nquiet\t%s\n",
			       s->first ? "first" : "name", how_name(s->how), s->nfirst,
			       s->nname, s->nother, s->define ? s->define : "-",
			       s->quiet ? "redundant-decls" : "-");
	int rc = write_file_atomic(path, text, strlen(text));

	free(text);
	free(path);
	return rc;
}

int tagstyle_read(const char *outdir, struct tagstyle *s)
{
	char *path = path_join(outdir, STYLE_FILE), **cells = NULL;
	long n = 0;

	memset(s, 0, sizeof(*s));
	if (access(path, F_OK) && errno == ENOENT) {
		free(path);
		return 0;
	}
	n = read_tsv(path, 3, &cells);
	free(path);
	if (n < 0)
		return -1;
	for (long i = 0; i < n; i++) {
		const char *key = cells[3 * i], *val = cells[3 * i + 1];

		if (!strcmp(key, "position")) {
			s->first = !strcmp(val, "first");
			s->how = !strcmp(cells[3 * i + 2], "option") ? STYLE_OPTION :
				 !strcmp(cells[3 * i + 2], "measured") ? STYLE_MEASURED :
				 STYLE_DEFAULT;
		} else if (!strcmp(key, "quiet")) {
			s->quiet = !strcmp(val, "redundant-decls");
		} else if (!strcmp(key, "define") && strcmp(val, "-") && *val) {
			free(s->define);
			s->define = xstrdup(val);
		}
	}
	free_tsv(cells, n, 3);
	return 0;
}

void tagstyle_free(struct tagstyle *s)
{
	free(s->define);
	s->define = NULL;
}

char *tagstyle_define_block(const char *tag)
{
	return xasprintf("#ifndef %s\n#define %s __attribute__((externally_visible, used))\n"
			 "#endif\n", tag, tag);
}

/* ---- moving the tag first ---- */

struct move {
	long off, first;
};

static int cmp_move_desc(const void *pa, const void *pb)
{
	const struct move *a = pa, *b = pb;

	return (a->off < b->off) - (a->off > b->off);
}

static int listed(const char *sym, const char *const *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], sym))
			return 1;
	return 0;
}

/* text[at, at + cut) replaced by ins (NUL-terminated); a fresh string. */
static char *splice(const char *text, size_t *len, size_t at, size_t cut, const char *ins)
{
	size_t il = strlen(ins), n = *len - cut + il;
	char *out = xmalloc(n + 1);

	memcpy(out, text, at);
	memcpy(out + at, ins, il);
	memcpy(out + at + il, text + at + cut, *len - at - cut);
	out[n] = '\0';
	*len = n;
	return out;
}

static char *move_first(const char *tag, const char *const *wanted, size_t nw,
			char *text, size_t *len)
{
	struct src_tag *tags;
	size_t n = srcscan_tags(text, *len, tag, &tags), nm = 0, tl = strlen(tag);
	struct move *m = xcalloc(n + 1, sizeof(*m));
	char *ins = xasprintf("%s ", tag);

	for (size_t i = 0; i < n; i++)
		if (tags[i].pos == TAGPOS_NAME && tags[i].off >= 0 && tags[i].first_off >= 0 &&
		    listed(tags[i].symbol, wanted, nw) &&
		    !memchr(text + tags[i].first_off, '\n',
			    (size_t)(tags[i].off - tags[i].first_off)))
			m[nm++] = (struct move){ tags[i].off, tags[i].first_off };
	srcscan_free(tags, n);
	qsort(m, nm, sizeof(*m), cmp_move_desc);
	for (size_t i = 0; i < nm; i++) {
		size_t at = (size_t)m[i].off, cut = tl;
		char *t1, *t2;

		if (at + tl < *len && (text[at + tl] == ' ' || text[at + tl] == '\t'))
			cut++;
		else if (at > 0 && text[at - 1] == ' ')
			at--, cut++;
		t1 = splice(text, len, at, cut, "");
		t2 = splice(t1, len, (size_t)m[i].first, 0, ins);
		free(t1);
		free(text);
		text = t2;
	}
	free(ins);
	free(m);
	return text;
}

/* ---- where the #define goes ---- */

/* Walk comments on s[i, eol); returns 1 when code is met outside them. */
static int line_code(const char *s, size_t i, size_t eol, int *in_comment, int directive)
{
	while (i < eol) {
		if (*in_comment) {
			if (s[i] == '*' && i + 1 < eol && s[i + 1] == '/')
				*in_comment = 0, i++;
		} else if (s[i] == '/' && i + 1 < eol && s[i + 1] == '*') {
			*in_comment = 1;
			i++;
		} else if (s[i] == '/' && i + 1 < eol && s[i + 1] == '/') {
			return 0;
		} else if (!directive && s[i] != ' ' && s[i] != '\t' && s[i] != '\r' &&
			   s[i] != '\f') {
			return 1;
		}
		i++;
	}
	return 0;
}

/* The #if depth change of a directive line starting at s[i] ('#'). */
static int if_change(const char *s, size_t i, size_t eol)
{
	size_t k = i + 1;

	while (k < eol && (s[k] == ' ' || s[k] == '\t'))
		k++;
	if (eol - k >= 2 && !memcmp(s + k, "if", 2))
		return 1;
	if (eol - k >= 5 && !memcmp(s + k, "endif", 5))
		return -1;
	return 0;
}

/* After the leading comments, blank lines and directives, at #if depth 0. */
static size_t define_at(const char *s, size_t n)
{
	size_t i = 0, best = 0;
	int depth = 0, in_comment = 0;

	while (i < n) {
		size_t eol = i, k = i;
		int directive = 0;

		while (k < n && !in_comment && (s[k] == ' ' || s[k] == '\t'))
			k++;
		directive = !in_comment && k < n && s[k] == '#';
		while (eol < n && s[eol] != '\n')
			eol++;
		while (directive && eol < n && eol > i && s[eol - 1] == '\\')
			for (eol++; eol < n && s[eol] != '\n'; eol++)
				;
		if (line_code(s, i, eol, &in_comment, directive))
			break;
		if (directive)
			depth += if_change(s, k, eol);
		i = eol < n ? eol + 1 : n;
		if (depth == 0 && !in_comment)
			best = i;
	}
	return best;
}

char *tagstyle_apply(const struct tagstyle *s, const char *tag, const char *const *wanted,
		     size_t nw, int define, char *text, size_t *len)
{
	if (s->first && nw)
		text = move_first(tag, wanted, nw, text, len);
	if (define) {
		char *block = tagstyle_define_block(tag), *ins, *out;
		size_t at = define_at(text, *len);

		ins = at == *len && at && text[at - 1] != '\n' ? xasprintf("\n%s", block) :
		      xstrdup(block);
		out = splice(text, len, at, 0, ins);
		free(ins);
		free(block);
		free(text);
		text = out;
	}
	return text;
}

/* The block in s[0, n) at a line start, or NULL. */
static char *block_in(const char *s, size_t n, const char *block)
{
	size_t bl = strlen(block);

	for (const char *p = s; (p = memmem(p, n - (size_t)(p - s), block, bl)); p++)
		if (p == s || p[-1] == '\n')
			return (char *)p;
	return NULL;
}

int tagstyle_strip_define(const char *tag, const char *orig, size_t alen, char *changed,
			  size_t *clen)
{
	char *block = tagstyle_define_block(tag), *p;
	size_t bl = strlen(block);
	int cut = 0;

	if (!block_in(orig, alen, block) && (p = block_in(changed, *clen, block))) {
		memmove(p, p + bl, *clen - (size_t)(p - changed) - bl);
		*clen -= bl;
		changed[*clen] = '\0';
		cut = 1;
	}
	free(block);
	return cut;
}
