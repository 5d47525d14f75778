// SPDX-License-Identifier: GPL-2.0-only
/* mentions.c - the mentions of some names in a whole source tree: one pass
 * over each file that tracks comments, literals, directives and #if arms,
 * brace and parenthesis depth, asm statements and the top-level declaration
 * in progress (mentions.h). */
#include "mentions.h"
#include "util.h"

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

struct scan {
	const char *t;
	size_t n, i;
	unsigned line;
	unsigned file;
	int asm_file;           /* assembler or linker script: words only */
	int bol;                /* only blanks since the line began */
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

static int is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_ident(char c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

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

/* The words of text[from, to) that are names, as mentions of kind where. */
static void words_in(struct scan *s, size_t from, size_t to, enum mention_where where)
{
	for (size_t i = from; i < to;) {
		size_t st = i;
		long id;

		if (s->t[i] >= '0' && s->t[i] <= '9') {
			while (i < to && is_ident(s->t[i]))     /* a number */
				i++;
			continue;
		}
		if (!is_ident_start(s->t[i])) {
			i++;
			continue;
		}
		while (i < to && is_ident(s->t[i]))
			i++;
		id = name_id(s, s->t + st, i - st);
		if (id >= 0)
			add_mention(s, (unsigned)id, where, 0);
	}
}

static void skip_comment(struct scan *s)
{
	if (s->t[s->i + 1] == '/') {
		while (s->i < s->n && s->t[s->i] != '\n')
			s->i++;
		return;
	}
	s->i += 2;
	while (s->i + 1 < s->n && !(s->t[s->i] == '*' && s->t[s->i + 1] == '/')) {
		if (s->t[s->i] == '\n')
			s->line++;
		s->i++;
	}
	s->i = s->i + 1 < s->n ? s->i + 2 : s->n;
}

static void skip_literal(struct scan *s)
{
	char q = s->t[s->i];
	size_t from = ++s->i;

	while (s->i < s->n && s->t[s->i] != q && s->t[s->i] != '\n') {
		if (s->t[s->i] == '\\' && s->i + 1 < s->n) {
			if (s->t[s->i + 1] == '\n')
				s->line++;
			s->i++;
		}
		s->i++;
	}
	if (s->asm_paren >= 0 && q == '"')
		words_in(s, from, s->i, MW_ASM);
	if (s->i < s->n && s->t[s->i] == q)
		s->i++;
}

/* The directive's text from..to with blanks squeezed, comments and
 * backslash-newlines left out. */
static char *directive_text(const char *t, size_t from, size_t to)
{
	char *out = xmalloc(to - from + 1);
	size_t o = 0;

	for (size_t i = from; i < to; i++) {
		char c = t[i];

		if (c == '/' && i + 1 < to && (t[i + 1] == '*' || t[i + 1] == '/'))
			break;
		if (c == '\\' && i + 1 < to && t[i + 1] == '\n')
			c = ' ', i++;
		if (c == '\t' || c == '\n' || c == '\r')
			c = ' ';
		if (c == ' ' && (o == 0 || out[o - 1] == ' '))
			continue;
		out[o++] = c;
	}
	while (o && out[o - 1] == ' ')
		o--;
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

/* A directive line from s->i (at its '#'). */
static void directive(struct scan *s)
{
	size_t from = s->i + 1, end = from, w, wend;
	char *text;

	while (end < s->n && s->t[end] != '\n') {
		if (s->t[end] == '\\' && end + 1 < s->n && s->t[end + 1] == '\n')
			end++;
		end++;
	}
	for (w = from; w < end && (s->t[w] == ' ' || s->t[w] == '\t'); w++)
		;
	for (wend = w; wend < end && is_ident(s->t[wend]); wend++)
		;
	words_in(s, wend, end, word_is(s->t + w, wend - w, "define") ? MW_DEFINE :
		 s->asm_file ? MW_OTHER : MW_DIRECTIVE);
	text = directive_text(s->t, s->i, end);
	cond_directive(s, s->t + w, wend - w, text);
	for (size_t k = s->i; k < end; k++)
		s->line += s->t[k] == '\n';
	s->i = end;
}

/* Only blanks (or a comment) from i to the end of its line. */
static int rest_blank(const char *t, size_t n, size_t i)
{
	for (;;) {
		while (i < n && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r'))
			i++;
		if (i >= n || t[i] == '\n' || (t[i] == '/' && i + 1 < n && t[i + 1] == '/'))
			return 1;
		if (t[i] != '/' || i + 1 >= n || t[i + 1] != '*')
			return 0;
		for (i += 2; i + 1 < n && !(t[i] == '*' && t[i + 1] == '/'); i++)
			if (t[i] == '\n')
				return 0;
		i += 2;
	}
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

/* The next character that is not blank, from i. */
static char next_char(const char *t, size_t n, size_t i)
{
	while (i < n && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
		i++;
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

static void word(struct scan *s)
{
	size_t st = s->i;
	const char *w = s->t + st;
	long id;

	if (!s->asm_file)
		decl_begin(s);
	while (s->i < s->n && is_ident(s->t[s->i]))
		s->i++;
	id = name_id(s, w, s->i - st);
	if (s->asm_file) {
		if (id >= 0)
			add_mention(s, (unsigned)id, MW_OTHER, 0);
		return;
	}
	decl_word(s, w, s->i - st);
	if (word_is(w, s->i - st, "asm") || word_is(w, s->i - st, "__asm__") ||
	    word_is(w, s->i - st, "__asm"))
		s->want_asm = 1;
	if (id >= 0) {
		int in_asm = s->asm_paren >= 0;
		int declarator = !in_asm && s->d.open && !s->brace && !s->paren &&
				 !s->d.after_eq && !s->tagword;

		add_mention(s, (unsigned)id, in_asm ? MW_ASM : MW_CODE, declarator);
		if (declarator)
			s->m->v[s->m->count - 1].decl =
				next_char(s->t, s->n, s->i) == '(' ? MD_PROTO : MD_VAR_DEF;
	}
	s->tagword = word_is(w, s->i - st, "struct") || word_is(w, s->i - st, "union") ||
		     word_is(w, s->i - st, "enum");
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
	while (s->i < s->n && (is_ident(s->t[s->i]) || s->t[s->i] == '.'))
		s->i++;
	s->last = '0';
	s->tagword = 0;
}

/* One token (or blank, comment, directive) from s->i. */
static void step(struct scan *s)
{
	char c = s->t[s->i];

	if (c == '\n') {
		s->line++;
		s->bol = 1;
		s->i++;
	} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
		s->i++;
	} else if (c == '\\' && s->i + 1 < s->n && s->t[s->i + 1] == '\n') {
		s->line++;
		s->i += 2;
	} else if (c == '#' && s->bol) {
		directive(s);
	} else if (c == '/' && s->i + 1 < s->n && (s->t[s->i + 1] == '*' || s->t[s->i + 1] == '/')) {
		s->bol = 0;
		skip_comment(s);
	} else if (is_ident_start(c)) {
		s->bol = 0;
		word(s);
	} else if (s->asm_file) {
		s->bol = 0;
		s->i++;
	} else if (c == '"' || c == '\'') {
		s->bol = 0;
		decl_begin(s);
		skip_literal(s);
		s->last = '"';
	} else if (c >= '0' && c <= '9') {
		s->bol = 0;
		number(s);
	} else {
		s->bol = 0;
		punct(s, c);
		s->i++;
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
	struct scan s = { .t = text, .n = len, .line = 1, .bol = 1, .names = names,
			  .m = out, .asm_paren = -1 };

	arms_start(out);
	s.file = strtab_intern(&out->files, path);
	s.asm_file = asm_path(path);
	while (s.i < s.n)
		step(&s);
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
		warn("%s: %s", path, errstr(errno));
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

int mentions_scan(const char *srctree, const struct strtab *names, struct mentions *out)
{
	memset(out, 0, sizeof(*out));
	strtab_init(&out->files);
	arms_start(out);
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
