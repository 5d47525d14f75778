// SPDX-License-Identifier: GPL-2.0-only
/* lexer.c - the one C lexer: characters, a token at a time (struct
 * lex_cursor), and every token of a spliced text with its brackets linked
 * (struct lex). */
#include "text/lexer.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* ---- characters ---- */

/* Bit c set for the characters of identifiers: $ 0-9 A-Z _ a-z. */
const uint64_t lex_idchars[4] = { 0x03ff001000000000u, 0x07fffffe87fffffeu, 0, 0 };

size_t lex_line_end(const char *s, size_t n, size_t i)
{
	const char *p = memchr(s + i, '\n', n - i);

	return p ? (size_t)(p - s) : n;
}

size_t lex_skip_block_comment(const char *s, size_t n, size_t i)
{
	const char *p = s + i + 2, *end = s + n;

	while ((p = memchr(p, '*', (size_t)(end - p))) && p + 1 < end) {
		if (p[1] == '/')
			return (size_t)(p + 2 - s);
		p++;
	}
	return n;
}

/* A string or character literal from its quote; an unterminated one ends at
 * the end of the line. */
size_t lex_skip_literal(const char *s, size_t n, size_t i)
{
	char q = s[i];

	for (i++; i < n; i++) {
		if (s[i] == '\\')
			i++;
		else if (s[i] == q)
			return i + 1;
		else if (s[i] == '\n')
			return i;
	}
	return n;
}

/* An identifier character under flags (LEXF_WORDS: not '$'). */
static int id_char(unsigned flags, unsigned char c)
{
	return lex_is_idchar(c) && !(c == '$' && (flags & LEXF_WORDS));
}

static size_t skip_number(const char *s, size_t n, size_t i, unsigned flags)
{
	if (flags & LEXF_WORDS) {
		while (++i < n && (id_char(flags, (unsigned char)s[i]) ||
				   (s[i] == '.' && (flags & LEXF_NUM_DOTS))))
			;
		return i;
	}
	for (i++; i < n; i++) {
		char c = s[i], p = s[i - 1];

		if ((c == '+' || c == '-') && (p == 'e' || p == 'E' || p == 'p' || p == 'P'))
			continue;
		if (!lex_is_idchar((unsigned char)c) && c != '.')
			break;
	}
	return i;
}

/* A directive runs to the end of its line, or further when a comment that
 * starts on it goes on. */
static size_t skip_directive(const char *s, size_t n, size_t i)
{
	while (i < n && s[i] != '\n') {
		if (s[i] == '/' && i + 1 < n && s[i + 1] == '*')
			i = lex_skip_block_comment(s, n, i);
		else if (s[i] == '/' && i + 1 < n && s[i + 1] == '/')
			return lex_line_end(s, n, i);
		else if (s[i] == '"' || s[i] == '\'')
			i = lex_skip_literal(s, n, i);
		else
			i++;
	}
	return i;
}


static int is_lit_prefix(const char *s, size_t len)
{
	return (len == 1 && (*s == 'L' || *s == 'u' || *s == 'U')) ||
	       (len == 2 && s[0] == 'u' && s[1] == '8');
}


/* ---- a token at a time ---- */

void lex_cursor_init(struct lex_cursor *c, const char *s, size_t n, unsigned flags)
{
	memset(c, 0, sizeof(*c));
	c->s = s;
	c->n = n;
	c->flags = flags;
	c->bol = 1;
	c->line = 1;
}

/* Past blanks, comments and newlines from i (LEXF_STOP_NL: up to a newline). */
static size_t skip_blanks(struct lex_cursor *c, size_t i)
{
	const char *s = c->s;
	size_t n = c->n;

	while (i < n) {
		char ch = s[i];

		if (ch == '\n') {
			if (c->flags & LEXF_STOP_NL)
				return i;
			c->bol = 1;
			i++;
		} else if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') {
			i++;
		} else if (ch == '\\' && (c->flags & LEXF_SPLICE_BLANK) && i + 1 < n &&
			   s[i + 1] == '\n') {
			i += 2;
		} else if (ch == '/' && i + 1 < n && s[i + 1] == '*' && !(c->flags & LEXF_NO_COMMENT)) {
			i = lex_skip_block_comment(s, n, i);
		} else if (ch == '/' && i + 1 < n && s[i + 1] == '/' && !(c->flags & LEXF_NO_COMMENT)) {
			i = lex_line_end(s, n, i);
		} else {
			break;
		}
	}
	return i;
}

/* LEXF_PUNCT2: the length of the operator at s[i] (1 when none). */
static size_t punct_len(const char *s, size_t n, size_t i)
{
	static const char *const multi[] = { "...", "##", "&&", "||", "==", "!=", "<=",
					     ">=", "<<", ">>", "->" };

	for (size_t k = 0; k < sizeof(multi) / sizeof(*multi); k++) {
		size_t ml = strlen(multi[k]);

		if (n - i >= ml && !memcmp(s + i, multi[k], ml))
			return ml;
	}
	return 1;
}

/* The token at s[i] (not a blank): its kind, and its end in *end. */
static enum tok_kind token_at(const struct lex_cursor *c, size_t i, size_t *end)
{
	const char *s = c->s;
	size_t n = c->n, j = i + 1;
	unsigned char ch = (unsigned char)s[i];
	int lit = !(c->flags & LEXF_NO_LIT);

	if (id_char(c->flags, ch) && !lex_is_digit(ch)) {
		while (j < n && id_char(c->flags, (unsigned char)s[j]))
			j++;
		if (lit && j < n && (s[j] == '"' || s[j] == '\'') && is_lit_prefix(s + i, j - i)) {
			*end = lex_skip_literal(s, n, j);
			return TK_LIT;
		}
		*end = j;
		return TK_IDENT;
	}
	if (lex_is_digit(ch) ||
	    (ch == '.' && !(c->flags & LEXF_WORDS) && j < n && lex_is_digit((unsigned char)s[j]))) {
		*end = skip_number(s, n, i, c->flags);
		return TK_NUM;
	}
	if (lit && (ch == '"' || ch == '\'')) {
		*end = lex_skip_literal(s, n, i);
		return TK_LIT;
	}
	if (ch == '#' && c->bol && !(c->flags & LEXF_NO_PP)) {
		*end = skip_directive(s, n, i + 1);
		return TK_PP;
	}
	*end = c->flags & LEXF_PUNCT2 ? i + punct_len(s, n, i) : j;
	return TK_PUNCT;
}

int lex_next(struct lex_cursor *c, struct lex_item *t)
{
	size_t i = skip_blanks(c, c->i), end;

	c->i = i;
	if (i >= c->n || c->s[i] == '\n')
		return 0;
	t->kind = token_at(c, i, &end);
	t->off = i;
	t->len = end - i;
	if (t->kind != TK_PP)
		c->bol = 0;
	c->i = end;
	return 1;
}

size_t lex_blanks_end(const char *s, size_t n, size_t i, unsigned flags)
{
	struct lex_cursor c;

	lex_cursor_init(&c, s, n, flags);
	return skip_blanks(&c, i);
}

size_t lex_token_end(const char *s, size_t n, size_t i, unsigned flags)
{
	struct lex_cursor c;
	size_t end;

	lex_cursor_init(&c, s, n, flags | LEXF_NO_PP);
	token_at(&c, i, &end);
	return end;
}

unsigned lex_cursor_line(struct lex_cursor *c, size_t off)
{
	if (off < c->lpos) {
		c->lpos = 0;
		c->line = 1;
	}
	c->line += lex_count_newlines(c->s + c->lpos, off - c->lpos);
	c->lpos = off;
	return c->line;
}

void lex_cursor_setline(struct lex_cursor *c, size_t off, unsigned line)
{
	c->lpos = off;
	c->line = line;
}

/* ---- splicing and lines ---- */

static int needs_splice(const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	if (!len)
		return 0;
	if (memchr(text, '\r', len))
		return 1;
	while ((p = memchr(p, '\\', (size_t)(end - p))) && p + 1 < end) {
		if (p[1] == '\n')
			return 1;
		p++;
	}
	return 0;
}

static void add_splice(struct lex *L, size_t off)
{
	grow_array((void **)&L->splice, &L->splice_cap, L->nsplice + 1, sizeof(*L->splice));
	L->splice[L->nsplice++] = off;
}

/* At a backslash or CR (or the end) j: record a splice, or drop a CR before
 * LF, or copy the character; returns where to go on. */
static size_t splice_at(struct lex *L, const char *text, size_t len, size_t j, size_t *o)
{
	if (j + 1 < len && text[j] == '\\' && text[j + 1] == '\n') {
		add_splice(L, *o);
		return j + 2;
	}
	if (j + 2 < len && text[j] == '\\' && text[j + 1] == '\r' && text[j + 2] == '\n') {
		add_splice(L, *o);
		return j + 3;
	}
	if (j < len && !(text[j] == '\r' && j + 1 < len && text[j + 1] == '\n'))
		L->own[(*o)++] = text[j];
	return j + 1;
}

/* The first c in text[i, len), or len. */
static size_t find_from(const char *text, size_t len, size_t i, char c)
{
	const char *p = memchr(text + i, c, len - i);

	return p ? (size_t)(p - text) : len;
}

/* Drop backslash-newlines (remembering where) and the CR of CRLF, copying the
 * plain stretches between them whole. */
void lex_open(struct lex *L, const char *text, size_t len)
{
	size_t o = 0, i = 0, bs = 0, cr = 0;

	L->lline = 1;
	L->s = text;
	L->n = len;
	if (!needs_splice(text, len))
		return;
	L->own = xmalloc(len);
	while (i < len) {
		size_t j;

		if (bs <= i)
			bs = find_from(text, len, i, '\\');
		if (cr <= i)
			cr = find_from(text, len, i, '\r');
		j = bs < cr ? bs : cr;
		memcpy(L->own + o, text + i, j - i);
		o += j - i;
		i = splice_at(L, text, len, j, &o);
	}
	L->s = L->own;
	L->n = o;
}

/* The '\n' in s[0, n), eight bytes at a time: a byte of w ^ NLs is zero just
 * where s has a newline, and the zero bytes get their top bit set. */
unsigned lex_count_newlines(const char *s, size_t n)
{
	const uint64_t ones = 0x0101010101010101u, low7 = 0x7f7f7f7f7f7f7f7fu;
	unsigned count = 0;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		uint64_t w, z;

		memcpy(&w, s + i, 8);
		w ^= ones * '\n';
		z = ~(((w & low7) + low7) | w | low7);
		count += (unsigned)(((z >> 7) * ones) >> 56);
	}
	for (; i < n; i++)
		count += s[i] == '\n';
	return count;
}

/* The original line of offset off; offsets must come in increasing order
 * (the cursor restarts otherwise). */
unsigned lex_line(struct lex *L, size_t off)
{
	if (off < L->lpos) {
		L->lpos = L->lsplice = 0;
		L->lline = 1;
	}
	L->lline += lex_count_newlines(L->s + L->lpos, off - L->lpos);
	L->lpos = off;
	while (L->lsplice < L->nsplice && L->splice[L->lsplice] <= off) {
		L->lline++;
		L->lsplice++;
	}
	return L->lline;
}

/* ---- brackets and #if ---- */

static inline struct tok *push_tok(struct lex *L, enum tok_kind kind, size_t off, size_t len)
{
	struct tok *t;

	if (L->nt == L->cap)
		grow_array((void **)&L->t, &L->cap, L->nt + 1, sizeof(*L->t));
	t = &L->t[L->nt++];
	t->off = (uint32_t)off;
	t->len = (uint32_t)len;
	t->match = -1;
	t->depth = L->nbrace > UINT16_MAX ? UINT16_MAX : (uint16_t)L->nbrace;
	t->kind = (uint8_t)kind;
	t->c = 0;
	return t;
}

static void push_open(struct lex *L, size_t ti)
{
	grow_array((void **)&L->stack, &L->stack_cap, L->nstack + 1, sizeof(*L->stack));
	L->stack[L->nstack++] = (int32_t)ti;
	if (L->t[ti].c == '{')
		L->nbrace++;
}

static void link_top(struct lex *L, size_t ti)
{
	int32_t open = L->stack[--L->nstack];

	L->t[open].match = (int32_t)ti;
	L->t[ti].match = open;
	if (L->t[open].c == '{')
		L->nbrace--;
}

/* A ')' or ']' closes the top bracket when it is its kind; a '}' closes the
 * innermost '{' and whatever was left open inside it. */
static void close_bracket(struct lex *L, size_t ti)
{
	char c = L->t[ti].c, want = c == ')' ? '(' : c == ']' ? '[' : '{';

	if (c == '}') {
		if (!L->nbrace)
			return;
		while (L->t[L->stack[L->nstack - 1]].c != '{')
			L->nstack--;
	} else if (!L->nstack || L->t[L->stack[L->nstack - 1]].c != want) {
		return;
	}
	link_top(L, ti);
	L->t[ti].depth = L->nbrace > UINT16_MAX ? UINT16_MAX : (uint16_t)L->nbrace;
}

static void snapshot(struct lex *L, size_t *at, size_t *len)
{
	*at = L->npool;
	*len = L->nstack;
	if (!L->nstack)
		return;
	grow_array((void **)&L->pool, &L->pool_cap, L->npool + L->nstack, sizeof(*L->pool));
	memcpy(L->pool + L->npool, L->stack, L->nstack * sizeof(*L->stack));
	L->npool += L->nstack;
}

static void restore(struct lex *L, size_t at, size_t len)
{
	grow_array((void **)&L->stack, &L->stack_cap, len, sizeof(*L->stack));
	if (len)
		memcpy(L->stack, L->pool + at, len * sizeof(*L->stack));
	L->nstack = len;
	L->nbrace = 0;
	for (size_t i = 0; i < len; i++)
		L->nbrace += L->t[L->stack[i]].c == '{';
}

static void cond_if(struct lex *L)
{
	struct lex_cond *c;

	grow_array((void **)&L->cond, &L->cond_cap, L->ncond + 1, sizeof(*L->cond));
	c = &L->cond[L->ncond++];
	snapshot(L, &c->if_at, &c->if_len);
	c->in_else = 0;
}

/* Every later branch starts from the brackets open at the #if. */
static void cond_else(struct lex *L)
{
	struct lex_cond *c = L->ncond ? &L->cond[L->ncond - 1] : NULL;

	if (!c)
		return;
	if (!c->in_else) {
		snapshot(L, &c->first_at, &c->first_len);
		c->in_else = 1;
	}
	restore(L, c->if_at, c->if_len);
}

/* After the #endif the brackets are those the first branch left. */
static void cond_endif(struct lex *L)
{
	struct lex_cond *c = L->ncond ? &L->cond[L->ncond - 1] : NULL;

	if (!c)
		return;
	if (c->in_else)
		restore(L, c->first_at, c->first_len);
	L->npool = c->if_at;
	L->ncond--;
}

static enum lex_pp pp_kind(const char *s, size_t n, size_t i)
{
	size_t j;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	for (j = i; j < n && s[j] >= 'a' && s[j] <= 'z'; j++)
		;
	if (j - i == 2 && !memcmp(s + i, "if", 2))
		return PP_IF;
	if ((j - i == 5 && !memcmp(s + i, "ifdef", 5)) ||
	    (j - i == 6 && !memcmp(s + i, "ifndef", 6)))
		return PP_IF;
	if (j - i >= 4 && (!memcmp(s + i, "elif", 4) || !memcmp(s + i, "else", 4)))
		return PP_ELSE;
	if (j - i == 5 && !memcmp(s + i, "endif", 5))
		return PP_ENDIF;
	return PP_OTHER;
}

static void lex_punct(struct lex *L, size_t i)
{
	struct tok *t = push_tok(L, TK_PUNCT, i, 1);
	size_t ti = L->nt - 1;

	t->c = L->s[i];
	if (t->c == '(' || t->c == '[' || t->c == '{')
		push_open(L, ti);
	else if (t->c == ')' || t->c == ']' || t->c == '}')
		close_bracket(L, ti);
}

void lex_free(struct lex *L)
{
	free(L->own);
	free(L->splice);
	free(L->t);
	free(L->stack);
	free(L->cond);
	free(L->pool);
}


/* ---- every token of a spliced text ---- */

enum lex_pp lex_pp_kind(const struct lex *L, size_t k)
{
	return L->t[k].kind == TK_PP ? pp_kind(L->s, L->t[k].off + L->t[k].len, L->t[k].off + 1)
				     : PP_OTHER;
}

static void lex_directive(struct lex *L, size_t i, size_t end)
{
	push_tok(L, TK_PP, i, end - i);
	switch (pp_kind(L->s, end, i + 1)) {
	case PP_IF:
		cond_if(L);
		break;
	case PP_ELSE:
		cond_else(L);
		break;
	case PP_ENDIF:
		cond_endif(L);
		break;
	default:
		break;
	}
}

void lex_tokens(struct lex *L)
{
	struct lex_cursor c;
	struct lex_item t;

	if (L->t)
		return;
	L->cap = L->n / 5 + 16;
	L->t = xmalloc(L->cap * sizeof(*L->t));
	lex_cursor_init(&c, L->s, L->n, 0);
	while (lex_next(&c, &t)) {
		if (t.kind == TK_PP)
			lex_directive(L, t.off, t.off + t.len);
		else if (t.kind == TK_PUNCT)
			lex_punct(L, t.off);
		else
			push_tok(L, t.kind, t.off, t.len);
	}
}

int lex_spliced(const struct lex *L)
{
	return L->own != NULL;
}
