// SPDX-License-Identifier: GPL-2.0-only
/* mentions.c - the mentions of some names in a whole source tree: one pass
 * over the tokens of each file (lexer.c's cursor) that tracks directives and
 * #if arms, brace and parenthesis depth, asm statements and the top-level
 * declaration in progress (mentions.h). */
#include "source/mentions.h"
#include "text/lexer.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The top-level declaration being read. */
struct decl_state {
	int open;               /* a declaration has started */
	unsigned line, col;     /* its first token */
	unsigned flags;         /* MF_* */
	const char *pin;
	int after_eq;           /* its initialiser has started */
	int starts_line;        /* only blanks before its first token */
	size_t first;           /* its first mention in out->v */
};

/* Lexer flags: of C text; of assembler text (words only); of the words of
 * an asm string; of a directive's words, up to the end of its line (spliced
 * lines joined; the words of its comments and literals count, a comment
 * going on to the next line is left there). */
#define MLEX_C (LEXF_WORDS | LEXF_NUM_DOTS | LEXF_SPLICE_BLANK)
#define MLEX_ASM (LEXF_WORDS | LEXF_SPLICE_BLANK | LEXF_NO_LIT)
#define MLEX_STRING (LEXF_WORDS | LEXF_NO_LIT | LEXF_NO_COMMENT | LEXF_NO_PP)
#define MLEX_DIRECTIVE (MLEX_STRING | LEXF_SPLICE_BLANK | LEXF_STOP_NL)

struct scan {
	const char *t;
	size_t n, i;            /* i: the token being read */
	unsigned line;          /* its line */
	unsigned file;
	int asm_file;           /* assembler or linker script: words only */
	const struct strtab *names;
	struct mentions *m;
	unsigned arm;
	int brace, paren;
	int asm_paren;          /* the depth an asm( opened at, -1 none */
	int want_asm;           /* an asm keyword, its ( to come */
	int tagword;            /* the last word was struct, union or enum */
	char last;              /* the last punctuator (0 after a word) */
	struct decl_state d;
};

static int word_is(const char *w, size_t len, const char *s)
{
	return strlen(s) == len && !memcmp(w, s, len);
}

/* Attributes that tie a definition to its name: a static one could not
 * keep them (or they say something outside the C text needs the name). */
static const char *pin_word(const char *w, size_t len)
{
	static const char *const pins[] = {
		"__visible", "asmlinkage", "__weak", "weak", "__used", "used",
		"__attribute_used__", "__section", "section", "alias", "__alias",
		"externally_visible", "inline", "__inline", "__inline__",
		"__always_inline", "__ADDRESSABLE", NULL
	};

	for (size_t k = 0; pins[k]; k++)
		if (word_is(w, len, pins[k]))
			return pins[k];
	return NULL;
}

static unsigned new_arm(struct mentions *m, unsigned parent, unsigned file,
			unsigned line, char *text)
{
	grow_array((void **)&m->arms, &m->arms_cap, m->narms + 1, sizeof(*m->arms));
	m->arms[m->narms] = (struct arm){ parent, file, line, text };
	return (unsigned)m->narms++;
}

int mentions_arm_within(const struct mentions *m, unsigned a, unsigned outer)
{
	for (;;) {
		if (a == outer)
			return 1;
		if (!a)
			return 0;
		a = m->arms[a].parent;
	}
}

static void add_mention(struct scan *s, unsigned name, enum mention_where where,
			int declarator)
{
	struct mentions *m = s->m;
	struct mention *x;

	grow_array((void **)&m->v, &m->cap, m->count + 1, sizeof(*m->v));
	x = &m->v[m->count++];
	memset(x, 0, sizeof(*x));
	x->name = name;
	x->file = s->file;
	x->line = s->line;
	x->arm = s->arm;
	x->where = (unsigned char)where;
	/* a declarator for now: its kind is known at the declaration's end */
	x->decl = declarator ? MD_OTHER : MD_NONE;
}

/* The name id of the word w (len bytes), -1 when it is none of the names. */
static long name_id(const struct scan *s, const char *w, size_t len)
{
	char buf[256];

	if (len >= sizeof(buf))
		return -1;
	memcpy(buf, w, len);
	buf[len] = '\0';
	return strtab_find(s->names, buf);
}

/* The identifiers the cursor c has left that are names, as mentions of
 * kind where. */
static void words_of(struct scan *s, struct lex_cursor *c, enum mention_where where)
{
	struct lex_item t;

	while (lex_next(c, &t)) {
		long id = t.kind == TK_IDENT ? name_id(s, c->s + t.off, t.len) : -1;

		if (id >= 0)
			add_mention(s, (unsigned)id, where, 0);
	}
}

/* The directive t[from, to) (from its '#') as its tokens up to its first
 * comment, one blank between two where there were blanks. */
static char *directive_text(const char *t, size_t from, size_t to)
{
	const char *d = t + from + 1;
	char *out = xmalloc(to - from + 1);
	size_t o = 0, prev = 0;
	struct lex_cursor c;
	struct lex_item k;

	out[o++] = '#';
	lex_cursor_init(&c, d, to - from - 1, LEXF_NO_PP | LEXF_SPLICE_BLANK);
	while (lex_next(&c, &k) && !memchr(d + prev, '/', k.off - prev)) {
		if (k.off > prev)
			out[o++] = ' ';
		memcpy(out + o, d + k.off, k.len);
		o += k.len;
		prev = k.off + k.len;
	}
	out[o] = '\0';
	return out;
}

/* An #if, #elif, #else or #endif changes the arm; text is the directive
 * (taken over or freed). */
static void cond_directive(struct scan *s, const char *word, size_t wlen, char *text)
{
	struct mentions *m = s->m;
	unsigned up = s->arm ? m->arms[s->arm].parent : 0;

	if (word_is(word, wlen, "if") || word_is(word, wlen, "ifdef") ||
	    word_is(word, wlen, "ifndef")) {
		s->arm = new_arm(m, s->arm, s->file, s->line, text);
		return;
	}
	if (s->arm && (word_is(word, wlen, "elif") || word_is(word, wlen, "else"))) {
		char *said = word_is(word, wlen, "else") ?
			xasprintf("#else after %s", m->arms[s->arm].text) : text;

		if (said != text)
			free(text);
		s->arm = new_arm(m, up, s->file, s->line, said);
		return;
	}
	if (word_is(word, wlen, "endif"))
		s->arm = up;
	free(text);
}

/* A directive from s->i (its '#'); returns where it ends. */
static size_t directive(struct scan *s)
{
	struct lex_cursor c;
	struct lex_item w = { TK_PUNCT, 0, 0 };
	size_t from = s->i + 1;
	enum mention_where where;

	lex_cursor_init(&c, s->t + from, s->n - from, MLEX_DIRECTIVE);
	if (!lex_next(&c, &w) || w.kind != TK_IDENT) {
		w.len = 0;
		c.i = w.off;
	}
	where = word_is(c.s + w.off, w.len, "define") ? MW_DEFINE :
		s->asm_file ? MW_OTHER : MW_DIRECTIVE;
	words_of(s, &c, where);
	cond_directive(s, c.s + w.off, w.len, directive_text(s->t, s->i, from + c.i));
	return from + c.i;
}

/* Only blanks (or a comment not going on to another line) from i to the
 * end of its line. */
static int rest_blank(const char *t, size_t n, size_t i)
{
	size_t j = i < n ? lex_blanks_end(t, n, i, LEXF_STOP_NL) : n;

	return (j >= n || t[j] == '\n') && !memchr(t + i, '\n', j - i);
}

/* A token at file scope with no declaration open starts one. */
static void decl_begin(struct scan *s)
{
	size_t b = s->i;

	if (s->d.open || s->brace)
		return;
	while (b > 0 && s->t[b - 1] != '\n')
		b--;
	s->d = (struct decl_state){ .open = 1, .line = s->line, .col = (unsigned)(s->i - b),
				    .first = s->m->count };
	s->d.starts_line = 1;
	for (size_t k = b; k < s->i; k++)
		if (s->t[k] != ' ' && s->t[k] != '\t')
			s->d.starts_line = 0;
}

/* The declaration ends at its ';' (body 0) or a function body's '{':
 * its declarators get their kind. A declarator was added as MD_PROTO when a
 * '(' follows it, else MD_VAR_DEF. */
static void decl_end(struct scan *s, int body)
{
	unsigned fl = s->d.flags;
	int alone = !body && s->d.starts_line && rest_blank(s->t, s->n, s->i + 1);

	for (size_t k = s->d.first; k < s->m->count; k++) {
		struct mention *x = &s->m->v[k];
		int call = x->decl == MD_PROTO;

		if (x->decl == MD_NONE)
			continue;
		if (fl & MF_TYPEDEF)
			x->decl = MD_OTHER;
		else if (body)
			x->decl = call ? MD_FUNC_DEF : MD_OTHER;
		else
			x->decl = (fl & MF_EXTERN) ? MD_EXTERN : call ? MD_PROTO : MD_VAR_DEF;
		x->flags = (unsigned char)fl;
		x->pin = s->d.pin;
		x->decl_line = s->d.line;
		x->decl_col = s->d.col;
		x->end_line = s->line;
		x->alone = (unsigned char)alone;
	}
	s->d.open = 0;
}

/* The next character that is not blank (or a comment), from i. */
static char next_char(const char *t, size_t n, size_t i)
{
	i = lex_blanks_end(t, n, i, 0);
	return i < n ? t[i] : '\0';
}

/* What a word at file scope says of its declaration. */
static void decl_word(struct scan *s, const char *w, size_t len)
{
	const char *pin;

	if (!s->d.open || s->brace || s->d.after_eq)
		return;
	if (!s->paren && word_is(w, len, "static"))
		s->d.flags |= MF_STATIC;
	else if (!s->paren && word_is(w, len, "extern"))
		s->d.flags |= MF_EXTERN;
	else if (!s->paren && word_is(w, len, "typedef"))
		s->d.flags |= MF_TYPEDEF;
	else if ((pin = pin_word(w, len)) && !s->d.pin) {
		s->d.flags |= MF_PINNED;
		s->d.pin = pin;
	}
}

/* An identifier of C text, len bytes at s->i. */
static void word(struct scan *s, size_t len)
{
	const char *w = s->t + s->i;
	long id = name_id(s, w, len);

	decl_begin(s);
	decl_word(s, w, len);
	if (word_is(w, len, "asm") || word_is(w, len, "__asm__") || word_is(w, len, "__asm"))
		s->want_asm = 1;
	if (id >= 0) {
		int in_asm = s->asm_paren >= 0;
		int declarator = !in_asm && s->d.open && !s->brace && !s->paren &&
				 !s->d.after_eq && !s->tagword;

		add_mention(s, (unsigned)id, in_asm ? MW_ASM : MW_CODE, declarator);
		if (declarator)
			s->m->v[s->m->count - 1].decl =
				next_char(s->t, s->n, s->i + len) == '(' ? MD_PROTO : MD_VAR_DEF;
	}
	s->tagword = word_is(w, len, "struct") || word_is(w, len, "union") ||
		     word_is(w, len, "enum");
	s->last = 0;
}

static void punct(struct scan *s, char c)
{
	if (c != ';' && c != '}')
		decl_begin(s);
	switch (c) {
	case '(':
		if (s->want_asm)
			s->asm_paren = s->paren;
		s->want_asm = 0;
		s->paren++;
		break;
	case ')':
		if (s->paren)
			s->paren--;
		if (s->asm_paren >= 0 && s->paren <= s->asm_paren)
			s->asm_paren = -1;
		break;
	case '{':
		if (!s->brace && s->d.open && !s->d.after_eq && s->last == ')')
			decl_end(s, 1);
		s->brace++;
		break;
	case '}':
		if (s->brace)
			s->brace--;
		break;
	case ';':
		s->want_asm = 0;
		if (!s->brace) {
			s->paren = 0;
			s->asm_paren = -1;
			if (s->d.open)
				decl_end(s, 0);
		}
		break;
	case '=':
		if (!s->brace && !s->paren && s->d.open)
			s->d.after_eq = 1;
		break;
	case ',':
		if (!s->brace && !s->paren && s->d.open)
			s->d.flags |= MF_SEVERAL;
		break;
	}
	s->last = c;
	s->tagword = 0;
}

static void number(struct scan *s)
{
	decl_begin(s);
	s->last = '0';
	s->tagword = 0;
}

/* A string or character literal of C text, len bytes at s->i: inside
 * asm(...) the words of a string are mentions (on the line it ends on).
 * An L, u, U or u8 prefix is a word of its own. */
static void literal(struct scan *s, size_t len, struct lex_cursor *c)
{
	const char *q = s->t + s->i;

	while (*q != '"' && *q != '\'')
		q++;
	if (q > s->t + s->i)
		word(s, (size_t)(q - (s->t + s->i)));
	decl_begin(s);
	if (s->asm_paren >= 0 && *q == '"') {
		struct lex_cursor w;

		s->line = lex_cursor_line(c, s->i + len);
		lex_cursor_init(&w, q + 1, (size_t)(s->t + s->i + len - (q + 1)), MLEX_STRING);
		words_of(s, &w, MW_ASM);
	}
	s->last = '"';
}

/* One token of C text. */
static void c_token(struct scan *s, const struct lex_item *t, struct lex_cursor *c)
{
	switch (t->kind) {
	case TK_PP:
		c->i = directive(s);
		break;
	case TK_IDENT:
		word(s, t->len);
		break;
	case TK_NUM:
		number(s);
		break;
	case TK_LIT:
		literal(s, t->len, c);
		break;
	case TK_PUNCT:
		punct(s, s->t[t->off]);
		break;
	}
}

/* One token of assembler text: its words only (a number's digit is passed
 * alone: a word may follow, as f in `1f`). */
static void asm_token(struct scan *s, const struct lex_item *t, struct lex_cursor *c)
{
	long id;

	if (t->kind == TK_PP) {
		c->i = directive(s);
	} else if (t->kind == TK_NUM) {
		c->i = t->off + 1;
	} else if (t->kind == TK_IDENT && (id = name_id(s, s->t + t->off, t->len)) >= 0) {
		add_mention(s, (unsigned)id, MW_OTHER, 0);
	}
}

static int asm_path(const char *path)
{
	return str_has_suffix(path, ".S") || str_has_suffix(path, ".s") ||
	       str_has_suffix(path, ".lds");
}

static void arms_start(struct mentions *m)
{
	if (!m->narms)
		new_arm(m, 0, 0, 0, xstrdup(""));
}

void mentions_scan_text(const char *path, const char *text, size_t len,
			const struct strtab *names, struct mentions *out)
{
	struct scan s = { .t = text, .n = len, .line = 1, .names = names, .m = out,
			  .asm_paren = -1 };
	struct lex_cursor c;
	struct lex_item t;

	arms_start(out);
	s.file = strtab_intern(&out->files, path);
	s.asm_file = asm_path(path);
	lex_cursor_init(&c, text, len, s.asm_file ? MLEX_ASM : MLEX_C);
	while (lex_next(&c, &t)) {
		s.i = t.off;
		s.line = lex_cursor_line(&c, t.off);
		if (s.asm_file)
			asm_token(&s, &t, &c);
		else
			c_token(&s, &t, &c);
	}
	out->nread++;
}

static int wanted_file(const char *name)
{
	return str_has_suffix(name, ".c") || str_has_suffix(name, ".h") || asm_path(name);
}

static int skipped_dir(const char *rel, const char *name)
{
	return name[0] == '.' || (!*rel && (!strcmp(name, "Documentation") ||
		!strcmp(name, "tools") || !strcmp(name, "scripts")));
}

static void scan_file(const char *srctree, const char *rel, const struct strtab *names,
		      struct mentions *out)
{
	char *path = path_join(srctree, rel);
	size_t len;
	char *text = read_file(path, &len);

	if (text)
		mentions_scan_text(rel, text, len, names, out);
	else
		error("%s: cannot read it (a mention there would go unseen): %s", path,
		      errstr(errno));
	free(text);
	free(path);
}

/* The files under srctree/rel ("" the top), in name order. */
static int scan_dir(const char *srctree, const char *rel, const struct strtab *names,
		    struct mentions *out)
{
	char *dir = *rel ? path_join(srctree, rel) : xstrdup(srctree);
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, alphasort), rc = 0;

	if (n < 0) {
		error("%s: %s", dir, errstr(errno));
		free(dir);
		return -1;
	}
	for (int k = 0; k < n; k++) {
		const char *name = ents[k]->d_name;
		char *sub = *rel ? path_join(rel, name) : xstrdup(name);
		char *full = path_join(srctree, sub);
		struct stat st;

		if (!skipped_dir(rel, name) && !lstat(full, &st)) {
			if (S_ISDIR(st.st_mode))
				rc |= scan_dir(srctree, sub, names, out);
			else if (S_ISREG(st.st_mode) && wanted_file(name))
				scan_file(srctree, sub, names, out);
		}
		free(full);
		free(sub);
		free(ents[k]);
	}
	free(ents);
	free(dir);
	return rc;
}

void mentions_init(struct mentions *m)
{
	memset(m, 0, sizeof(*m));
	strtab_init(&m->files);
	arms_start(m);
}

int mentions_scan(const char *srctree, const struct strtab *names, struct mentions *out)
{
	mentions_init(out);
	return scan_dir(srctree, "", names, out);
}

void mentions_free(struct mentions *m)
{
	for (size_t k = 0; k < m->narms; k++)
		free(m->arms[k].text);
	free(m->arms);
	free(m->v);
	strtab_free(&m->files);
	memset(m, 0, sizeof(*m));
}
