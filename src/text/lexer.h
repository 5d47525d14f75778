/* SPDX-License-Identifier: GPL-2.0-only */
/* lexer.h - the one lexer of C source text in crossym (not a preprocessor).
 *
 * Tokens are identifiers (letters, digits, `_` and `$`), numbers
 * (preprocessing numbers: `0x1fULL`, `1e+5`), string and character literals
 * (with their L, u, U, u8 prefix; an unterminated one ends at the end of its
 * line), punctuation (one character, or with LEXF_PUNCT2 the multi-character
 * operators the preprocessor cares about: `##`, `...`, `->` ...) and
 * preprocessor directives: a `#` first on a line (after blanks) starts a
 * TK_PP token that runs to the end of the line, or further when a comment
 * begun on it goes on.  Comments and blanks separate tokens and are never
 * tokens themselves.
 *
 * Two ways to read a text:
 * - struct lex_cursor walks any text a token at a time, with no allocation:
 *   the scanners of whole files (classify.c's word count), of preprocessed
 *   output (line markers are TK_PP tokens; cpprun.c, asmrefs.c), of macro
 *   definitions (definer.c), of a whole source tree's mentions of some names
 *   (mentions.c: the words of asm strings and of directive lines too);
 * - struct lex (lex_open, lex_tokens) splices the text first (backslash-
 *   newlines and the CR of CRLF dropped, original line numbers kept) and keeps
 *   every token in an array with each bracket linked to its partner and the
 *   brace depth recorded; of the branches of an #if/#elif/#else the first
 *   decides the brackets open after the #endif (srcscan.c). */
#ifndef CROSSYM_LEXER_H
#define CROSSYM_LEXER_H

#include <stddef.h>
#include <stdint.h>

enum tok_kind { TK_IDENT, TK_PUNCT, TK_NUM, TK_LIT, TK_PP };

/* Characters: lex_idchars has bit c set for $ 0-9 A-Z _ a-z. */
extern const uint64_t lex_idchars[4];

static inline int lex_is_idchar(unsigned char c)
{
	return (lex_idchars[c >> 6] >> (c & 63)) & 1;
}

static inline int lex_is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

static inline int lex_is_idstart(unsigned char c)
{
	return lex_is_idchar(c) && !lex_is_digit(c);
}

/* From s[i]: the end of the line (its '\n', or n); of a block comment
 * (starting at its slash); of a literal (starting at its quote). */
size_t lex_line_end(const char *s, size_t n, size_t i);
size_t lex_skip_block_comment(const char *s, size_t n, size_t i);
size_t lex_skip_literal(const char *s, size_t n, size_t i);
/* The number of '\n' in s[0, n). */
unsigned lex_count_newlines(const char *s, size_t n);

/* ---- a token at a time ---- */

enum {
	LEXF_NO_PP = 1,         /* a '#' is punctuation: no TK_PP tokens */
	LEXF_PUNCT2 = 2,        /* `...`, `##` and two-character operators are
				 * one TK_PUNCT token */
	LEXF_SPLICE_BLANK = 4,  /* a backslash-newline between tokens is a blank
				 * (raw text; inside a token it stays) */
	LEXF_STOP_NL = 8,       /* stop at a newline between tokens that is not
				 * spliced (lex_next returns 0, i at the '\n') */
	LEXF_NO_LIT = 16,       /* quotes are punctuation: no TK_LIT tokens (the
				 * words inside strings, assembler text) */
	LEXF_NO_COMMENT = 32,   /* slashes are punctuation: no comments */
	LEXF_WORDS = 64,        /* plain words: identifiers of letters, digits
				 * and '_' (a '$' is punctuation), numbers a
				 * digit then letters, digits and '_' */
	LEXF_NUM_DOTS = 128,    /* with LEXF_WORDS: and dots */
};

struct lex_item {
	enum tok_kind kind;
	size_t off, len;
};

struct lex_cursor {
	const char *s;
	size_t n, i;
	unsigned flags;
	int bol;                /* at the start of a line (blanks passed) */
	size_t lpos;            /* lines counted up to here: */
	unsigned line;          /* the line at lpos, 1 at offset 0 */
};

void lex_cursor_init(struct lex_cursor *c, const char *s, size_t n, unsigned flags);
/* The next token (0 at the end of the text, or of the line with
 * LEXF_STOP_NL); c->i is where the scan stopped. */
int lex_next(struct lex_cursor *c, struct lex_item *t);
/* From s[i] (i < n): where the blanks and comments (and newlines, unless
 * LEXF_STOP_NL) that follow end; the end of the token at s[i] (no TK_PP). */
size_t lex_blanks_end(const char *s, size_t n, size_t i, unsigned flags);
size_t lex_token_end(const char *s, size_t n, size_t i, unsigned flags);
/* The line of offset off (1-based, counted from the start of the text or
 * the last lex_cursor_setline()); fastest with offsets in increasing order. */
unsigned lex_cursor_line(struct lex_cursor *c, size_t off);
/* Say that offset off (>= the last token's) is on line `line` (a line
 * marker `# 12 "file"` of preprocessed output: the line after it is 12). */
void lex_cursor_setline(struct lex_cursor *c, size_t off, unsigned line);

/* ---- every token of a spliced text ---- */

struct tok {
	uint32_t off;           /* in the spliced text */
	uint32_t len;
	int32_t match;          /* index of the partner bracket, or -1 */
	uint16_t depth;         /* brace depth; a brace's own is the one outside */
	uint8_t kind;           /* enum tok_kind */
	char c;                 /* TK_PUNCT: the character */
};

/* An open #if: snapshots (in the pool) of the bracket stack. */
struct lex_cond {
	size_t if_at, if_len;           /* at the #if */
	size_t first_at, first_len;     /* at the end of the first branch */
	int in_else;
};

struct lex {
	const char *s;          /* the text after splicing */
	size_t n;
	char *own;              /* s, when splicing had to copy */
	size_t *splice;         /* offsets in s where a backslash-newline went */
	size_t nsplice, splice_cap;
	struct tok *t;
	size_t nt, cap;
	int32_t *stack;         /* open brackets */
	size_t nstack, stack_cap;
	unsigned nbrace;        /* the '{' among them */
	struct lex_cond *cond;
	size_t ncond, cond_cap;
	int32_t *pool;
	size_t npool, pool_cap;
	size_t lpos, lsplice;   /* line cursor: offset, splices passed, line */
	unsigned lline;
};

/* Splice text (len bytes, valid until lex_free) into L (zeroed by the caller);
 * lex_tokens() then makes the tokens (once). */
void lex_open(struct lex *L, const char *text, size_t len);
void lex_tokens(struct lex *L);
/* The conditional a TK_PP token k is: #if, #ifdef, #ifndef (PP_IF); #else,
 * #elif... (PP_ELSE); #endif (PP_ENDIF); else, or any other token, PP_OTHER. */
enum lex_pp { PP_OTHER, PP_IF, PP_ELSE, PP_ENDIF };
enum lex_pp lex_pp_kind(const struct lex *L, size_t k);
/* Whether splicing changed the text (offsets differ from the original's). */
int lex_spliced(const struct lex *L);
/* The original line of offset off; fastest with offsets in increasing order. */
unsigned lex_line(struct lex *L, size_t off);
void lex_free(struct lex *L);

#endif
