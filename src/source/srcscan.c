// SPDX-License-Identifier: GPL-2.0-only
/* srcscan.c - declarations read off the tokens of C source text.
 *
 * lexer.c turns the (spliced) text into tokens, linking each bracket with
 * its partner and recording the brace depth; directives become one TK_PP token
 * each.  Declarations are then read a statement at a time, starting from the
 * token of interest (a tag, an occurrence of a symbol) and going back to the
 * start of its statement. */
#include "source/srcscan.h"
#include "text/lexer.h"
#include "text/macros.h"
#include "lib/strtab.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NONE ((size_t)-1)
#define MAX_NEST 64             /* declarator parentheses looked into */
#define KNR_MAX 4096            /* tokens of old-style parameter declarations */
#define KNR_PARAMS 64           /* old-style parameter declarations looked back over */

/* ---- words ---- */

enum word_class {
	W_PLAIN,                /* an identifier: a name, a typedef, a macro */
	W_TYPE,                 /* int, unsigned, ... */
	W_QUAL,                 /* const, inline, ... */
	W_STATIC, W_EXTERN, W_TYPEDEF,
	W_SUE,                  /* struct, union, enum */
	W_TYPEOF,               /* typeof(...), _Atomic(...) */
	W_ATTR,                 /* an attribute: skipped, with its (...) if any */
	W_STMT,                 /* the statement is no declaration */
};

#define F_STATIC        1u
#define F_EXTERN        2u
#define F_TYPEDEF       4u
#define F_BAD           8u
#define F_SELFTYPE      16u     /* `__typeof__(S) S`: a re-declaration of S */

struct word {
	const char *s;
	unsigned char len, cls;
};

#define W(s, c) { s, sizeof(s) - 1, c }
static const struct word words[] = {
	W("void", W_TYPE), W("char", W_TYPE), W("short", W_TYPE), W("int", W_TYPE),
	W("long", W_TYPE), W("float", W_TYPE), W("double", W_TYPE),
	W("signed", W_TYPE), W("unsigned", W_TYPE), W("_Bool", W_TYPE),
	W("bool", W_TYPE), W("_Complex", W_TYPE), W("__int128", W_TYPE),
	W("__signed__", W_TYPE), W("__signed", W_TYPE), W("__builtin_va_list", W_TYPE),
	W("const", W_QUAL), W("volatile", W_QUAL), W("restrict", W_QUAL),
	W("__restrict", W_QUAL), W("__restrict__", W_QUAL), W("inline", W_QUAL),
	W("__inline", W_QUAL), W("__inline__", W_QUAL), W("register", W_QUAL),
	W("auto", W_QUAL), W("_Noreturn", W_QUAL), W("_Thread_local", W_QUAL),
	W("__thread", W_QUAL), W("__extension__", W_QUAL), W("__const", W_QUAL),
	W("__const__", W_QUAL), W("__volatile__", W_QUAL), W("__volatile", W_QUAL),
	W("static", W_STATIC), W("extern", W_EXTERN), W("typedef", W_TYPEDEF),
	W("struct", W_SUE), W("union", W_SUE), W("enum", W_SUE),
	W("typeof", W_TYPEOF), W("__typeof", W_TYPEOF), W("__typeof__", W_TYPEOF),
	W("typeof_unqual", W_TYPEOF), W("_Atomic", W_TYPEOF),
	W("return", W_STMT), W("if", W_STMT), W("else", W_STMT), W("while", W_STMT),
	W("for", W_STMT), W("do", W_STMT), W("switch", W_STMT), W("case", W_STMT),
	W("default", W_STMT), W("goto", W_STMT), W("break", W_STMT),
	W("continue", W_STMT), W("sizeof", W_STMT), W("_Static_assert", W_STMT),
	W("static_assert", W_STMT), W("_Alignof", W_STMT), W("__alignof__", W_STMT),
	W("_Generic", W_STMT),
	/* attributes, GNU and the kernel's */
	W("__attribute__", W_ATTR), W("__attribute", W_ATTR), W("asm", W_ATTR),
	W("__asm", W_ATTR), W("__asm__", W_ATTR), W("__declspec", W_ATTR),
	W("_Alignas", W_ATTR), W("alignas", W_ATTR), W("__global", W_ATTR),
	W("__visible", W_ATTR), W("asmlinkage", W_ATTR), W("__init", W_ATTR),
	W("__exit", W_ATTR), W("__initdata", W_ATTR), W("__exitdata", W_ATTR),
	W("__initconst", W_ATTR), W("__exitconst", W_ATTR), W("__ref", W_ATTR),
	W("__refdata", W_ATTR), W("__refconst", W_ATTR), W("__meminit", W_ATTR),
	W("__meminitdata", W_ATTR), W("__meminitconst", W_ATTR),
	W("__cpuinit", W_ATTR), W("__cpuinitdata", W_ATTR), W("__devinit", W_ATTR),
	W("__devinitdata", W_ATTR), W("__init_or_module", W_ATTR),
	W("__initdata_or_module", W_ATTR), W("__init_memblock", W_ATTR),
	W("__net_init", W_ATTR), W("__net_exit", W_ATTR), W("__net_initdata", W_ATTR),
	W("__read_mostly", W_ATTR), W("__ro_after_init", W_ATTR),
	W("__cacheline_aligned", W_ATTR), W("__cacheline_aligned_in_smp", W_ATTR),
	W("____cacheline_aligned", W_ATTR), W("____cacheline_aligned_in_smp", W_ATTR),
	W("____cacheline_internodealigned_in_smp", W_ATTR),
	W("__page_aligned_data", W_ATTR), W("__page_aligned_bss", W_ATTR),
	W("__aligned", W_ATTR), W("__section", W_ATTR), W("__used", W_ATTR),
	W("__maybe_unused", W_ATTR), W("__always_unused", W_ATTR), W("__weak", W_ATTR),
	W("__packed", W_ATTR), W("__nosavedata", W_ATTR), W("__percpu", W_ATTR),
	W("__user", W_ATTR), W("__iomem", W_ATTR), W("__rcu", W_ATTR),
	W("__force", W_ATTR), W("__kernel", W_ATTR), W("__always_inline", W_ATTR),
	W("__noinline", W_ATTR), W("noinline", W_ATTR), W("__cold", W_ATTR),
	W("__hot", W_ATTR), W("__latent_entropy", W_ATTR),
	W("__randomize_layout", W_ATTR), W("__must_check", W_ATTR),
	W("__noreturn", W_ATTR), W("__noclone", W_ATTR), W("__naked", W_ATTR),
	W("__nocfi", W_ATTR), W("noinstr", W_ATTR), W("__kprobes", W_ATTR),
	W("notrace", W_ATTR), W("__sched", W_ATTR), W("__lockfunc", W_ATTR),
	W("__printf", W_ATTR), W("__scanf", W_ATTR), W("__acquires", W_ATTR),
	W("__releases", W_ATTR), W("__must_hold", W_ATTR), W("__malloc", W_ATTR),
	W("__pure", W_ATTR), W("__attribute_const__", W_ATTR),
	W("__deprecated", W_ATTR), W("__no_sanitize_address", W_ATTR),
	W("__irq_entry", W_ATTR), W("__softirq_entry", W_ATTR), W("__cpuidle", W_ATTR),
	W("__head", W_ATTR), W("__alias", W_ATTR), W("__flatten", W_ATTR),
	W("__noendbr", W_ATTR), W("__nonstring", W_ATTR), W("__gnu_inline", W_ATTR),
	W("__bpf_kfunc", W_ATTR), W("__no_kcsan", W_ATTR), W("__no_profile", W_ATTR),
	W("fastcall", W_ATTR), W("__fastcall", W_ATTR), W("__stdcall", W_ATTR),
	W("__cdecl", W_ATTR),
	/* busybox's */
	W("FAST_FUNC", W_ATTR), W("NORETURN", W_ATTR), W("ALIGN1", W_ATTR),
	W("ALIGN2", W_ATTR), W("ALIGN4", W_ATTR), W("ALIGN8", W_ATTR),
	W("ALIGN_INT", W_ATTR), W("ALIGN_PTR", W_ATTR), W("ALIGNED", W_ATTR),
	W("PACKED", W_ATTR), W("UNUSED_PARAM", W_ATTR), W("NOINLINE", W_ATTR),
	W("ALWAYS_INLINE", W_ATTR), W("MAIN_EXTERNALLY_VISIBLE", W_ATTR),
	W("EXTERNALLY_VISIBLE", W_ATTR), W("POSSIBLY_UNUSED", W_ATTR),
	W("UNUSED_PARAM_RESULT", W_ATTR), W("RETURNS_MALLOC", W_ATTR),
};
#undef W

struct scan {
	struct lex L;
	const char *tag;        /* counted as an attribute when not NULL */
	size_t taglen;
};

static int is_ident(const struct lex *L, size_t i)
{
	return i < L->nt && L->t[i].kind == TK_IDENT;
}

static int is_punct(const struct lex *L, size_t i, char c)
{
	return i < L->nt && L->t[i].kind == TK_PUNCT && L->t[i].c == c;
}

static int tok_eq(const struct lex *L, size_t i, const char *w, size_t wl)
{
	return is_ident(L, i) && L->t[i].len == wl && !memcmp(L->s + L->t[i].off, w, wl);
}

static int is_tag(const struct scan *S, size_t i)
{
	return S->tag && tok_eq(&S->L, i, S->tag, S->taglen);
}

static enum word_class word_class(const struct scan *S, size_t i)
{
	const struct tok *t = &S->L.t[i];
	const char *s = S->L.s + t->off;

	if (is_tag(S, i))
		return W_ATTR;
	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (words[k].len == t->len && !memcmp(words[k].s, s, t->len))
			return (enum word_class)words[k].cls;
	return W_PLAIN;
}

/* An attribute-like word after a declarator: known, `__xxx` or ALL_CAPS. */
static int is_trailing_word(const struct scan *S, size_t i)
{
	const struct tok *t = &S->L.t[i];
	const char *s = S->L.s + t->off;
	enum word_class c = word_class(S, i);
	int caps = t->len > 1;

	if (c == W_ATTR)
		return 1;
	if (c != W_PLAIN)
		return 0;
	if (t->len > 2 && s[0] == '_' && s[1] == '_')
		return 1;
	for (size_t k = 0; k < t->len && caps; k++)
		caps = (s[k] >= 'A' && s[k] <= 'Z') || s[k] == '_' || lex_is_digit((unsigned char)s[k]);
	return caps;
}

/* How macro m treats a name argument (MACRO_* flags; 0: it may define it). */
static unsigned macro_how(const struct lex *L, size_t m)
{
	return macros_how(L->s + L->t[m].off, L->t[m].len);
}

/* A macro that takes a name without defining it (it refers to it, pastes a
 * new one out of it, or is a keyword). */
static int macro_refers(const struct lex *L, size_t m)
{
	return (macro_how(L, m) & ~MACRO_DEFINES) != 0;
}

/* ---- walking tokens ---- */

/* The first token from i that is not a directive. */
static size_t nx(const struct lex *L, size_t i)
{
	while (i < L->nt && L->t[i].kind == TK_PP)
		i++;
	return i;
}

/* The token after the group opened at i. */
static size_t past_group(const struct lex *L, size_t i)
{
	return L->t[i].match >= 0 ? nx(L, (size_t)L->t[i].match + 1) : L->nt;
}

static size_t group_end(const struct lex *L, size_t open)
{
	return L->t[open].match >= 0 ? (size_t)L->t[open].match : L->nt;
}

/* Attributes from i on (trailing: also `__xxx` and ALL_CAPS words), each with
 * its parenthesised part, if any: not the tag's, nor a `(*` declarator's. */
static size_t skip_attrs(const struct scan *S, size_t i, size_t limit, int trailing)
{
	const struct lex *L = &S->L;

	while (i < limit && is_ident(L, i) &&
	       (trailing ? is_trailing_word(S, i) : word_class(S, i) == W_ATTR)) {
		int bare = is_tag(S, i);

		i = nx(L, i + 1);
		if (i < limit && !bare && is_punct(L, i, '(') && !is_punct(L, nx(L, i + 1), '*'))
			i = past_group(L, i);
	}
	return i;
}

/* Whether a declarator ends at i. */
static int ends_decl(const struct lex *L, size_t i, size_t limit)
{
	char c;

	if (i >= limit)
		return 1;
	if (L->t[i].kind != TK_PUNCT)
		return 0;
	c = L->t[i].c;
	return c == ';' || c == ',' || c == '=' || c == '{' || c == '}' || c == ')' || c == ':';
}

/* The end of the macro argument that starts at p (a ',' or close), and in
 * *id the argument's token when it is one plain identifier, else NONE. */
static size_t next_arg(const struct scan *S, size_t p, size_t close, size_t *id)
{
	const struct lex *L = &S->L;
	size_t first = p, count = 0;

	while (p < close && !is_punct(L, p, ',')) {
		count++;
		if (L->t[p].kind == TK_PUNCT && (L->t[p].c == '(' || L->t[p].c == '[' ||
						 L->t[p].c == '{'))
			p = past_group(L, p);
		else
			p = nx(L, p + 1);
	}
	*id = count == 1 && is_ident(L, first) && word_class(S, first) == W_PLAIN ? first : NONE;
	return p < close ? p : close;
}

/* 1 when token i has no lower-case letter: a constant or a config macro
 * (`DEFINE_STATIC_KEY_MAYBE(CONFIG_X, name)`), not a defined name. */
static int all_caps(const struct lex *L, size_t i)
{
	for (size_t k = 0; k < L->t[i].len; k++)
		if (L->s[L->t[i].off + k] >= 'a' && L->s[L->t[i].off + k] <= 'z')
			return 0;
	return 1;
}

/* The symbol a tagged macro call defines: its first one-identifier argument
 * that is not all capitals (else the first); for the PER_CPU macros (type,
 * name[, more]: DEFINE_EARLY_PER_CPU(int, map, NUMA_NO_NODE)) the second
 * argument when it is one identifier, else the last one-identifier argument. */
static size_t macro_symbol(const struct scan *S, size_t m, size_t open)
{
	const struct lex *L = &S->L;
	size_t close = group_end(L, open), first = NONE, named = NONE, last = NONE, id, e;
	size_t second = NONE, nargs = 0;

	for (size_t p = nx(L, open + 1); p < close; p = nx(L, e + 1)) {
		e = next_arg(S, p, close, &id);
		if (++nargs == 2)
			second = id;
		if (id != NONE && first == NONE)
			first = id;
		if (id != NONE && named == NONE && !all_caps(L, id))
			named = id;
		if (id != NONE)
			last = id;
	}
	if (macros_per_cpu(L->s + L->t[m].off, L->t[m].len))
		return second != NONE ? second : last;
	return named != NONE ? named : first;
}

static int macro_has_arg(const struct scan *S, size_t open, size_t want)
{
	const struct lex *L = &S->L;
	size_t close = group_end(L, open), id, e;

	for (size_t p = nx(L, open + 1); p < close && p <= want; p = nx(L, e + 1)) {
		e = next_arg(S, p, close, &id);
		if (id == want)
			return 1;
	}
	return 0;
}

/* The end of an initialiser: the ',', ';', '}' or ')' after it. */
static size_t init_end(const struct lex *L, size_t p, size_t limit)
{
	while (p < limit) {
		const struct tok *t = &L->t[p];

		if (t->kind == TK_PUNCT && (t->c == ',' || t->c == ';' || t->c == '}' ||
					    t->c == ')'))
			return p;
		if (t->kind == TK_PUNCT && (t->c == '(' || t->c == '[' || t->c == '{'))
			p = past_group(L, p);
		else
			p = nx(L, p + 1);
	}
	return limit;
}

/* The end of the declarator whose name is behind p: ',', ';', '{', '}', ')'
 * or limit, past brackets, attributes and an initialiser (*init set then). */
static size_t decl_end(const struct lex *L, size_t p, size_t limit, int *init)
{
	*init = 0;
	while (p < limit) {
		const struct tok *t = &L->t[p];
		char c = t->kind == TK_PUNCT ? t->c : 0;

		if (c == ',' || c == ';' || c == '{' || c == '}' || c == ')')
			return p;
		if (c == '=') {
			*init = 1;
			return init_end(L, p + 1, limit);
		}
		p = c == '(' || c == '[' ? past_group(L, p) : nx(L, p + 1);
	}
	return limit;
}

/* A '}' the statement goes on behind: an initialiser's or a struct body's. */
static int brace_in_decl(const struct scan *S, size_t close)
{
	const struct lex *L = &S->L;
	int32_t open = L->t[close].match;
	size_t p;

	if (open <= 0)
		return 0;
	p = (size_t)open - 1;
	if (is_punct(L, p, '='))
		return 1;
	if (!is_ident(L, p))
		return 0;
	return word_class(S, p) == W_SUE || (p > 0 && is_ident(L, p - 1) &&
					     word_class(S, p - 1) == W_SUE);
}

/* The first token of the statement holding token i. */
static size_t stmt_start(const struct scan *S, size_t i)
{
	const struct lex *L = &S->L;

	while (i > 0) {
		const struct tok *t = &L->t[i - 1];

		if (t->kind == TK_PP)
			break;
		if (t->kind == TK_PUNCT) {
			if (t->c == ';' || t->c == '{')
				break;
			if (t->c == '}' && !brace_in_decl(S, i - 1))
				break;
			if (t->c == '}' || t->c == ')' || t->c == ']') {
				if (t->match < 0)
					break;
				i = (size_t)t->match;
				continue;
			}
		}
		i--;
	}
	return i;
}

/* ---- declarations ---- */

struct decl {
	size_t name;            /* the declarator's name, or NONE */
	size_t macro;           /* the macro of a macro call statement, or NONE */
	size_t end;             /* the ',', ';', '{', ... after it, or the limit */
	int func;               /* name(...) */
	int init;               /* name ... = ... */
};

struct walk {
	const struct scan *S;
	size_t p, limit;
	int have_type;          /* a type was seen: an identifier now is a name */
	int nest;
	unsigned flags;         /* F_* of the statement */
	struct decl d;
	size_t typeof_id;       /* 1 + the token of X in `typeof(X)`, or 0 */
};

static void walk_decl(struct walk *W);

static int take_name(struct walk *W, size_t name, size_t p, int func)
{
	W->d.name = name;
	W->d.func = func;
	W->p = p;
	return 1;
}

/* Whether the group at open holds identifiers separated by commas (at least
 * one): the parameter names of an old-style (K&R) definition. */
static int ident_list(const struct lex *L, size_t open)
{
	size_t close = group_end(L, open), p = nx(L, open + 1);
	int names = 0;

	for (; p < close; p = nx(L, p + 1)) {
		if (is_ident(L, p) && !(names & 1))
			names++;
		else if (is_punct(L, p, ',') && (names & 1))
			names++;
		else
			return 0;
	}
	return names & 1;
}

/* Whether the '{' at p opens a struct, union or enum body. */
static int sue_body(const struct scan *S, size_t p)
{
	const struct lex *L = &S->L;

	if (p < 1 || !is_ident(L, p - 1))
		return 0;
	return word_class(S, p - 1) == W_SUE ||
	       (p >= 2 && is_ident(L, p - 2) && word_class(S, p - 2) == W_SUE);
}

/* The '{' of a function body after old-style parameter declarations that
 * start at p (`int a; char *b; {`), or NONE: declarations are names, types,
 * '*', ',', '(...)', '[...]' and struct bodies, each ending in ';', the body
 * right after the last one; at most KNR_MAX tokens. */
static size_t knr_decls(const struct scan *S, size_t p, size_t limit)
{
	const struct lex *L = &S->L;
	size_t stop = limit > p && limit - p > KNR_MAX ? p + KNR_MAX : limit;
	int semi = 0;

	while (p < stop) {
		const struct tok *t = &L->t[p];

		if (t->kind == TK_IDENT && word_class(S, p) != W_STMT) {
			semi = 0;
			p = nx(L, p + 1);
		} else if (t->kind != TK_PUNCT) {
			return NONE;
		} else if (t->c == '(' || t->c == '[' || (t->c == '{' && sue_body(S, p))) {
			semi = 0;
			p = past_group(L, p);
		} else if (t->c == '*' || t->c == ',' || t->c == ';') {
			semi = t->c == ';';
			p = nx(L, p + 1);
		} else {
			return t->c == '{' && semi ? p : NONE;
		}
	}
	return NONE;
}

/* The '{' of an old-style definition whose parameter list is the group at
 * open and whose parameter declarations start at p (`f(a, b) int a; char
 * *b; {`), or NONE. */
static size_t knr_body(const struct scan *S, size_t open, size_t p, size_t limit)
{
	return ident_list(&S->L, open) ? knr_decls(S, p, limit) : NONE;
}

/* Identifier i followed by the group at open: a function declarator, a macro
 * call statement, or an attribute macro to step over.  A directive right after
 * the group ends the declarator: `f(int a)` `#else` `f(void)` `#endif` `{`.
 * So does an old-style parameter declaration list: `f(a) int a; {`. */
static int walk_call(struct walk *W, size_t i, size_t open)
{
	const struct lex *L = &W->S->L;
	size_t raw = L->t[open].match >= 0 ? (size_t)L->t[open].match + 1 : L->nt;
	size_t past = past_group(L, open);
	size_t after = skip_attrs(W->S, past, W->limit, 1), body;
	int directive = raw < L->nt && L->t[raw].kind == TK_PP;

	if (!directive && !ends_decl(L, after, W->limit) &&
	    (body = knr_body(W->S, open, after, W->limit)) != NONE)
		return take_name(W, i, body, 1);
	if (!directive && !ends_decl(L, after, W->limit)) {
		W->p = past;
		return 0;
	}
	if (W->have_type)
		return take_name(W, i, after, 1);
	W->d.macro = i;
	W->d.name = macro_symbol(W->S, i, open);
	W->p = after;
	return 1;
}

/* Whether the words from q on are attributes after a name (`x __attr;`), not
 * the name after a type (`T __name(...)`). */
static int trails_name(const struct scan *S, size_t q, size_t limit)
{
	const struct lex *L = &S->L;

	if (word_class(S, q) != W_ATTR && is_punct(L, nx(L, q + 1), '('))
		return 0;
	return ends_decl(L, skip_attrs(S, q, limit, 1), limit);
}

/* A plain identifier: the name, or a typedef (or unknown attribute) word. */
static int walk_name(struct walk *W)
{
	const struct lex *L = &W->S->L;
	size_t i = W->p, q = nx(L, i + 1);

	if (q < W->limit && is_punct(L, q, '('))
		return walk_call(W, i, q);
	q = skip_attrs(W->S, q, W->limit, 0);
	if ((q < W->limit && is_punct(L, q, '[')) || ends_decl(L, q, W->limit))
		return take_name(W, i, q, 0);
	if (W->have_type && q < W->limit && is_ident(L, q) && trails_name(W->S, q, W->limit))
		return take_name(W, i, q, 0);
	W->have_type = 1;
	W->p = q;
	return 0;
}

static int walk_ident(struct walk *W)
{
	const struct lex *L = &W->S->L;
	size_t i = W->p;

	W->p = nx(L, i + 1);
	switch (word_class(W->S, i)) {
	case W_ATTR:
		W->p = skip_attrs(W->S, i, W->limit, 0);
		return 0;
	case W_TYPEOF:
		if (W->p < W->limit && is_punct(L, W->p, '(')) {
			size_t x = nx(L, W->p + 1);

			if (is_ident(L, x) && (long)nx(L, x + 1) == L->t[W->p].match)
				W->typeof_id = x + 1;
			W->p = past_group(L, W->p);
		}
		W->have_type = 1;
		return 0;
	case W_SUE:
		W->p = skip_attrs(W->S, W->p, W->limit, 0);
		if (W->p < W->limit && is_ident(L, W->p))
			W->p = nx(L, W->p + 1);
		if (W->p < W->limit && is_punct(L, W->p, '{'))
			W->p = past_group(L, W->p);
		W->have_type = 1;
		return 0;
	case W_TYPE:
		W->have_type = 1;
		return 0;
	case W_QUAL:
		return 0;
	case W_STATIC:
		W->flags |= F_STATIC;
		return 0;
	case W_EXTERN:
		W->flags |= F_EXTERN;
		return 0;
	case W_TYPEDEF:
		W->flags |= F_TYPEDEF;
		return 0;
	case W_STMT:
		W->flags |= F_BAD;
		W->p = i;
		return 1;
	default:
		W->p = i;
		return walk_name(W);
	}
}

/* `(` before the name: a declarator in parentheses, `(*fp)(void)`. */
static int walk_nested(struct walk *W)
{
	const struct lex *L = &W->S->L;
	size_t open = W->p, close = group_end(L, open);
	struct walk in = { W->S, nx(L, open + 1), close < W->limit ? close : W->limit, 1,
			   W->nest + 1, W->flags, { NONE, NONE, NONE, 0, 0 }, 0 };

	W->p = past_group(L, open);
	if (W->nest >= MAX_NEST)
		return 1;
	walk_decl(&in);
	W->flags = in.flags;
	if (in.d.name == NONE)
		return 0;
	W->d.name = in.d.name;
	W->d.func = in.d.func;
	return 1;
}

static int walk_step(struct walk *W)
{
	const struct lex *L = &W->S->L;
	const struct tok *t = &L->t[W->p];

	if (t->kind == TK_IDENT)
		return walk_ident(W);
	if (t->kind != TK_PUNCT)
		return 1;
	switch (t->c) {
	case '*':
		W->have_type = 1;
		W->p = nx(L, W->p + 1);
		return 0;
	case '(':
		return walk_nested(W);
	case '[':
		W->p = past_group(L, W->p);
		return 0;
	default:
		return 1;
	}
}

static void walk_decl(struct walk *W)
{
	while (W->p < W->limit && !walk_step(W))
		;
	W->d.end = decl_end(&W->S->L, W->p, W->limit, &W->d.init);
}

/* The declarator of the statement holding token i that i is part of (the one
 * whose end is not before i), and the statement's F_* flags. */
static void stmt_decl(const struct scan *S, size_t i, struct decl *d, unsigned *flags)
{
	const struct lex *L = &S->L;
	struct walk W = { S, nx(L, stmt_start(S, i)), L->nt, 0, 0, 0,
			  { NONE, NONE, NONE, 0, 0 }, 0 };

	for (;;) {
		walk_decl(&W);
		if (W.d.end >= i || W.d.macro != NONE || (W.flags & F_BAD) ||
		    !is_punct(L, W.d.end, ','))
			break;
		W.p = nx(L, W.d.end + 1);
		W.have_type = 1;
		W.d.name = NONE;
		W.d.func = 0;
	}
	*d = W.d;
	*flags = W.flags;
	if (W.d.name != NONE && W.typeof_id && W.d.macro == NONE &&
	    L->t[W.d.name].len == L->t[W.typeof_id - 1].len &&
	    !memcmp(L->s + L->t[W.d.name].off, L->s + L->t[W.typeof_id - 1].off, L->t[W.d.name].len))
		*flags |= F_SELFTYPE;
}

/* ---- the interface ---- */

/* An alias attribute between the declarator's name and its end:
 * `__attribute__((alias("x")))` or the kernel's `__alias(x)`. */
static int has_alias(const struct lex *L, const struct decl *d)
{
	for (size_t i = d->name; i + 1 < d->end && i + 1 < L->nt; i++)
		if (is_ident(L, i) && is_punct(L, i + 1, '(') &&
		    (tok_eq(L, i, "alias", 5) || tok_eq(L, i, "__alias__", 9) ||
		     tok_eq(L, i, "__alias", 7)))
			return 1;
	return 0;
}

/* A function with a body, an initialised variable, a variable not extern
 * nor `__typeof__(S) S` (a tentative definition after S's definition: the
 * re-declaration tagtext.c writes), or a name an alias attribute defines
 * (`f(void) __attribute__((alias("g")))` defines f: GCC emits the symbol, in
 * whichever #if arm it is). */
static int is_definition(const struct lex *L, const struct decl *d, unsigned flags)
{
	if (d->name != NONE && has_alias(L, d))
		return 1;
	if (d->func)
		return is_punct(L, d->end, '{');
	return d->init || !(flags & (F_EXTERN | F_SELFTYPE));
}

/* ---- one file ---- */

struct srcfile {
	struct scan S;
};

struct srcfile *srcfile_open(const char *text, size_t len)
{
	struct srcfile *f = xcalloc(1, sizeof(*f));

	if (len >= INT32_MAX)
		fatal("source text of %zu bytes is too large", len);
	lex_open(&f->S.L, text, len);
	return f;
}

void srcfile_close(struct srcfile *f)
{
	if (!f)
		return;
	lex_free(&f->S.L);
	free(f);
}

/* The scan of f with tag counted as an attribute (NULL: none), lexed unless
 * word (the tag or symbol looked for) is not in the text at all. */
static struct scan *scan_of(struct srcfile *f, const char *word, const char *tag)
{
	struct scan *S = &f->S;

	S->tag = tag;
	S->taglen = tag ? strlen(tag) : 0;
	if (word && (!*word || !memmem(S->L.s, S->L.n, word, strlen(word))))
		return NULL;
	lex_tokens(&S->L);
	return S;
}

/* Whether token p is type-like (enum tag_pos). */
static int type_like(const struct scan *S, size_t p)
{
	const struct lex *L = &S->L;

	if (is_punct(L, p, '*'))
		return 1;
	if (!is_ident(L, p))
		return 0;
	switch (word_class(S, p)) {
	case W_TYPE: case W_SUE: case W_TYPEOF:
		return 1;
	case W_QUAL:
		return tok_eq(L, p, "const", 5) || tok_eq(L, p, "volatile", 8);
	case W_PLAIN:
		return !is_trailing_word(S, p);
	default:
		return 0;
	}
}

/* The first type-like token of [from, to) (groups in parentheses stepped
 * over), or to. */
static size_t first_type_like(const struct scan *S, size_t from, size_t to)
{
	const struct lex *L = &S->L;
	size_t p = nx(L, from);

	while (p < to && !type_like(S, p))
		p = is_punct(L, p, '(') ? past_group(L, p) : nx(L, p + 1);
	return p;
}

/* Where tag token i stands on the function definition d (TAGPOS_*). */
static enum tag_pos tag_pos(const struct scan *S, size_t i, const struct decl *d,
			    struct src_tag *t)
{
	const struct lex *L = &S->L;
	size_t first = first_type_like(S, stmt_start(S, i), d->name);
	int spliced = lex_spliced(L);

	if (nx(L, i + 1) == d->name) {
		if (!spliced && first < i) {
			t->off = (long)L->t[i].off;
			t->first_off = (long)L->t[first].off;
		}
		return TAGPOS_NAME;
	}
	if (first > i && first_type_like(S, i + 1, d->name) < d->name)
		return TAGPOS_FIRST;
	return TAGPOS_OTHER;
}

static void add_tag(struct scan *S, size_t i, struct src_tag **out, size_t *n, size_t *cap)
{
	const struct lex *L = &S->L;
	struct src_tag *t;
	struct decl d;
	unsigned flags;

	stmt_decl(S, i, &d, &flags);
	if (d.name == NONE)
		return;
	grow_array((void **)out, cap, *n + 1, sizeof(**out));
	t = &(*out)[(*n)++];
	t->symbol = xstrndup(L->s + L->t[d.name].off, L->t[d.name].len);
	t->line = lex_line(&S->L, L->t[i].off);
	t->pos = TAGPOS_NONE;
	t->off = t->first_off = -1;
	if (d.macro != NONE)
		t->form = TAG_MACRO;
	else if ((flags & (F_EXTERN | F_SELFTYPE)) && !is_definition(L, &d, flags))
		t->form = TAG_REDECL;
	else
		t->form = TAG_DECLARATOR;
	if (t->form == TAG_DECLARATOR && d.func && is_definition(L, &d, flags))
		t->pos = tag_pos(S, i, &d, t);
}

size_t srcfile_tags(struct srcfile *f, const char *tag, struct src_tag **out)
{
	struct scan *S = scan_of(f, tag, tag);
	size_t n = 0, cap = 0, taglen = strlen(tag);

	*out = NULL;
	for (size_t i = 0; S && i < S->L.nt; i++)
		if (tok_eq(&S->L, i, tag, taglen))
			add_tag(S, i, out, &n, &cap);
	return n;
}

void srcscan_free(struct src_tag *tags, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(tags[i].symbol);
	free(tags);
}

/* Whether token i is in the second or a later old-style parameter
 * declaration of a definition (`f(a, b) int a; char *b; {`: b): one of the
 * statements before its own is the definition's head, whose body comes
 * after i (the first declaration is part of the head's statement). */
static int knr_param(const struct scan *S, size_t i)
{
	const struct lex *L = &S->L;
	size_t s = stmt_start(S, i);

	for (int k = 0; k < KNR_PARAMS && s > 1 && is_punct(L, s - 1, ';'); k++) {
		struct walk W = { S, 0, L->nt, 0, 0, 0, { NONE, NONE, NONE, 0, 0 }, 0 };

		s = stmt_start(S, s - 1);
		W.p = nx(L, s);
		walk_decl(&W);
		if (W.d.func && W.d.end > i && is_punct(L, W.d.end, '{'))
			return 1;
	}
	return 0;
}

/* What occurrence i (at brace depth 0) of a symbol is; *m gets the macro. */
static enum locate_result classify(const struct scan *S, size_t i, size_t *m)
{
	const struct lex *L = &S->L;
	struct decl d;
	unsigned flags;

	stmt_decl(S, i, &d, &flags);
	if (flags & (F_STATIC | F_TYPEDEF | F_BAD))
		return LOC_NOT_FOUND;
	if (d.macro == NONE && d.name == i && !d.func && knr_param(S, i))
		return LOC_NOT_FOUND;   /* an old-style parameter: `char *b; {` */
	if (d.macro == NONE && d.name == i)
		return is_definition(L, &d, flags) ? LOC_DECLARATOR : LOC_NOT_FOUND;
	if (d.macro != NONE && !(flags & F_EXTERN) && !macro_refers(L, d.macro) &&
	    macro_has_arg(S, nx(L, d.macro + 1), i)) {
		*m = d.macro;
		return LOC_IN_MACRO;
	}
	return LOC_NOT_FOUND;
}

enum locate_result srcfile_locate(struct srcfile *f, const char *symbol, unsigned after,
				  unsigned *line, char **macro)
{
	struct scan *S = scan_of(f, symbol, NULL);
	size_t sl = strlen(symbol), mac = NONE, m = NONE, at = NONE;
	enum locate_result r = LOC_NOT_FOUND;

	for (size_t i = 0; S && i < S->L.nt && at == NONE; i++) {
		if (S->L.t[i].depth || !tok_eq(&S->L, i, symbol, sl) ||
		    (after && lex_line(&S->L, S->L.t[i].off) <= after))
			continue;
		r = classify(S, i, &m);
		if (r == LOC_DECLARATOR)
			at = i;
		else if (r == LOC_IN_MACRO && mac == NONE)
			mac = m;
	}
	if (at != NONE) {
		r = LOC_DECLARATOR;
		*line = lex_line(&S->L, S->L.t[at].off);
	} else if (mac != NONE) {
		r = LOC_IN_MACRO;
		*line = lex_line(&S->L, S->L.t[mac].off);
		if (macro)
			*macro = xstrndup(S->L.s + S->L.t[mac].off, S->L.t[mac].len);
	}
	return r;
}

/* FNV-1a of n bytes. */
static uint32_t name_hash(const char *s, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

/* The wanted symbols by name: slot[] holds index + 1 of the first of each
 * name (0: empty), same[] chains the later copies of a name. */
struct wanted {
	const char *const *sym;
	size_t *len, *slot, *same, mask;
};

static size_t *wanted_find(const struct wanted *w, const char *s, size_t n)
{
	size_t h = name_hash(s, n) & w->mask;

	for (; w->slot[h]; h = (h + 1) & w->mask) {
		size_t k = w->slot[h] - 1;

		if (w->len[k] == n && !memcmp(w->sym[k], s, n))
			return &w->slot[h];
	}
	return &w->slot[h];
}

static void wanted_init(struct wanted *w, const char *const *symbols, size_t n)
{
	size_t size = 16;

	while (size < 2 * n)
		size *= 2;
	w->sym = symbols;
	w->mask = size - 1;
	w->slot = xcalloc(size, sizeof(*w->slot));
	w->len = xmalloc(n * sizeof(*w->len));
	w->same = xmalloc(n * sizeof(*w->same));
	for (size_t k = n; k-- > 0;) {          /* chains in index order */
		size_t *slot;

		w->len[k] = strlen(symbols[k]);
		slot = wanted_find(w, symbols[k], w->len[k]);
		w->same[k] = *slot;
		*slot = k + 1;
	}
}

static void wanted_free(struct wanted *w)
{
	free(w->slot);
	free(w->len);
	free(w->same);
}

/* Occurrence i of the first wanted symbol k (and its copies): its first
 * declarator wins, else its first macro. */
static void locate_note(struct scan *S, const struct wanted *w, size_t k, size_t i,
			enum locate_result *res, unsigned *lines)
{
	size_t m = NONE;
	enum locate_result r;

	if (res[k] == LOC_DECLARATOR)
		return;
	r = classify(S, i, &m);
	if (r == LOC_DECLARATOR || (r == LOC_IN_MACRO && res[k] == LOC_NOT_FOUND)) {
		unsigned line = lex_line(&S->L, S->L.t[r == LOC_DECLARATOR ? i : m].off);

		for (size_t c = k + 1; c; c = w->same[c - 1]) {
			res[c - 1] = r;
			lines[c - 1] = line;
		}
	}
}

void srcfile_locate_each(struct srcfile *f, const char *const *symbols, size_t n,
			 enum locate_result *res, unsigned *lines)
{
	struct scan *S = scan_of(f, NULL, NULL);
	struct wanted w;

	for (size_t k = 0; k < n; k++)
		res[k] = LOC_NOT_FOUND;
	if (!n || !S->L.n)
		return;
	wanted_init(&w, symbols, n);
	for (size_t i = 0; i < S->L.nt; i++) {
		const struct tok *t = &S->L.t[i];
		size_t k;

		if (t->depth || t->kind != TK_IDENT)
			continue;
		k = *wanted_find(&w, S->L.s + t->off, t->len);
		if (k)
			locate_note(S, &w, k - 1, i, res, lines);
	}
	wanted_free(&w);
}

/* Whether symbol ends with "_" + the text of token a. */
static int pasted_from(const struct lex *L, size_t a, const char *symbol, size_t sl)
{
	size_t al = L->t[a].len;

	return sl > al && symbol[sl - al - 1] == '_' &&
	       !memcmp(symbol + sl - al, L->s + L->t[a].off, al);
}

/* Whether macro m made symbol in the compat flavour it asks for. */
static int compat_agrees(const struct lex *L, size_t m, const char *symbol)
{
	return macros_compat(L->s + L->t[m].off, L->t[m].len) ==
	       (strstr(symbol, "compat") != NULL);
}

/* A top-level macro call statement whose first identifier argument can be
 * pasted into the name: the call token, its argument's length, whether its
 * compat flavour agrees. */
struct paste_cand {
	size_t call, arglen;
	int agrees;
};

static int cmp_paste_cand(const void *pa, const void *pb)
{
	const struct paste_cand *a = pa, *b = pb;

	if (a->agrees != b->agrees)
		return b->agrees - a->agrees;
	if (a->arglen != b->arglen)
		return a->arglen < b->arglen ? 1 : -1;
	return (a->call > b->call) - (a->call < b->call);
}

/* The candidates, best first: the compat flavour agreeing, then the longest
 * argument (SYSCALL_DEFINE0(rt_sigreturn), not (sigreturn), for
 * __x64_sys_rt_sigreturn), then the first in the file. */
static size_t paste_cands(struct scan *S, const char *symbol, struct paste_cand **out)
{
	const struct lex *L = &S->L;
	size_t sl = strlen(symbol), id, open, n = 0, cap = 0;
	struct decl d;
	unsigned flags;

	*out = NULL;
	for (size_t i = 0; i < L->nt; i++) {
		if (L->t[i].depth || !is_ident(L, i) || !is_punct(L, (open = nx(L, i + 1)), '('))
			continue;
		next_arg(S, nx(L, open + 1), group_end(L, open), &id);
		/* COND_SYSCALL only refers to `sys_x`, but pastes weak stubs */
		if (id == NONE || !pasted_from(L, id, symbol, sl) ||
		    (macro_refers(L, i) && !(macro_how(L, i) & MACRO_PASTES)))
			continue;
		stmt_decl(S, i, &d, &flags);
		if (d.macro != i)
			continue;
		grow_array((void **)out, &cap, n + 1, sizeof(**out));
		(*out)[n++] = (struct paste_cand){ i, L->t[id].len, compat_agrees(L, i, symbol) };
	}
	if (n > 1)
		qsort(*out, n, sizeof(**out), cmp_paste_cand);
	return n;
}

char *srcfile_paste_call(struct srcfile *f, const char *symbol, unsigned *line)
{
	struct scan *S = scan_of(f, NULL, NULL);
	struct paste_cand *c;
	size_t n = paste_cands(S, symbol, &c);
	char *macro = n ? xstrndup(S->L.s + S->L.t[c[0].call].off, S->L.t[c[0].call].len) : NULL;

	if (line)
		*line = n ? lex_line(&S->L, S->L.t[c[0].call].off) : 0;
	free(c);
	return macro;
}

size_t srcfile_paste_calls(struct srcfile *f, const char *symbol, char ***macros,
			   unsigned **lines)
{
	struct scan *S = scan_of(f, NULL, NULL);
	struct paste_cand *c;
	size_t n = paste_cands(S, symbol, &c);

	*macros = n ? xcalloc(n, sizeof(**macros)) : NULL;
	*lines = n ? xcalloc(n, sizeof(**lines)) : NULL;
	for (size_t k = 0; k < n; k++) {
		(*macros)[k] = xstrndup(S->L.s + S->L.t[c[k].call].off, S->L.t[c[k].call].len);
		(*lines)[k] = lex_line(&S->L, S->L.t[c[k].call].off);
	}
	free(c);
	return n;
}

char *srcfile_paste_macro(struct srcfile *f, const char *symbol)
{
	return srcfile_paste_call(f, symbol, NULL);
}

/* ---- behind a definition ---- */

/* The token that ends the statement of definition d (its name or macro at
 * top level): a function's closing brace, a definer macro call's `)` when
 * no `;`, `=` or body follows it and the next token is on a later line, else
 * the statement's `;`; NONE when unknown
 * (an old-style function, a statement cut short). */
static size_t def_stmt_end(const struct scan *S, const struct decl *d)
{
	const struct lex *L = &S->L;
	size_t p = d->end;

	if (d->macro != NONE) {
		size_t open = nx(L, d->macro + 1), close;

		if (!is_punct(L, open, '(') || (close = group_end(L, open)) >= L->nt)
			return NONE;
		p = nx(L, close + 1);
		if (is_punct(L, p, '{'))
			return group_end(L, p) < L->nt ? group_end(L, p) : NONE;
		if (!is_punct(L, p, ';') && !is_punct(L, p, '=') &&
		    (p >= L->nt || memchr(L->s + L->t[close].off, '\n', L->t[p].off - L->t[close].off)))
			return close;   /* no `;`: the next line starts another statement */
	} else if (d->func) {
		return is_punct(L, p, '{') && group_end(L, p) < L->nt ? group_end(L, p) : NONE;
	}
	while (p < L->nt && !is_punct(L, p, ';'))
		p = is_punct(L, p, '(') || is_punct(L, p, '[') || is_punct(L, p, '{') ?
			    past_group(L, p) : nx(L, p + 1);
	return p;
}

/* Whether s[at, ...) up to the next newline (or the end) holds only blanks
 * and comments that close on it. */
static int rest_blank(const char *s, size_t n, size_t at)
{
	while (at < n && s[at] != '\n') {
		if (s[at] == ' ' || s[at] == '\t' || s[at] == '\r' || s[at] == '\f') {
			at++;
		} else if (at + 1 < n && s[at] == '/' && s[at + 1] == '/') {
			return 1;
		} else if (at + 1 < n && s[at] == '/' && s[at + 1] == '*') {
			const char *c = memmem(s + at + 2, n - at - 2, "*/", 2);
			const char *nl = memchr(s + at + 2, '\n', n - at - 2);

			if (!c || (nl && nl < c))
				return 0;
			at = (size_t)(c - s) + 2;
		} else {
			return 0;
		}
	}
	return 1;
}

/* Whether only blanks stand between the line's start and s[at]. */
static int starts_line(const char *s, size_t at)
{
	while (at > 0 && (s[at - 1] == ' ' || s[at - 1] == '\t'))
		at--;
	return at == 0 || s[at - 1] == '\n';
}

/* The line after which a line goes right behind token k (see
 * srcfile_def_ends). */
static unsigned line_behind(struct scan *S, size_t k)
{
	struct lex *L = &S->L;

	if (k == NONE || k >= L->nt)
		return 0;
	if (rest_blank(L->s, L->n, L->t[k].off + L->t[k].len))
		return lex_line(L, L->t[k].off);
	if (k + 1 >= L->nt)
		return UINT_MAX;
	if (starts_line(L->s, L->t[k + 1].off) && lex_line(L, L->t[k + 1].off) > 1)
		return lex_line(L, L->t[k + 1].off) - 1;
	return 0;
}

/* The first argument of the top-level macro call at token i when it is one
 * identifier (else NONE). */
static size_t call_arg(const struct scan *S, size_t i)
{
	const struct lex *L = &S->L;
	size_t open = nx(L, i + 1), id;

	if (open >= L->nt || !is_punct(L, open, '('))
		return NONE;
	next_arg(S, nx(L, open + 1), group_end(L, open), &id);
	return id;
}

/* Whether tokens lo < hi stand in two arms of one #if (only one of them is
 * compiled): between them an #else or #elif of a conditional that holds
 * both. */
static int other_arms(const struct lex *L, size_t lo, size_t hi)
{
	long opened = 0, closed = 0, arms_of = -1;

	for (size_t k = lo + 1; k < hi; k++) {
		enum lex_pp d = lex_pp_kind(L, k);

		if (d == PP_IF) {
			opened++;
		} else if (d == PP_ENDIF && opened) {
			opened--;
		} else if (d == PP_ENDIF) {
			/* lo's innermost open conditional ends here */
			if (arms_of == closed)
				arms_of = -1;
			closed++;
		} else if (d == PP_ELSE && !opened) {
			arms_of = closed;
		}
	}
	return arms_of >= 0;
}

/* Whether the top-level token i is a macro call that defines what the call
 * at token a (first argument token aid) does: a itself, or a call with the
 * same first argument that pastes symbol (length sl) in the same compat
 * flavour, in another arm of an #if that holds both (other_arms:
 * SYSCALL_DEFINE5(clone, ...) and SYSCALL_DEFINE6(clone, ...)), or anywhere
 * when a macro known to paste (COND_SYSCALL); not U-Boot's
 * U_BOOT_LONGHELP(bootm, ...) beside U_BOOT_CMD(bootm, ...), which pastes
 * another name. */
static int sibling_call(struct scan *S, size_t i, size_t a, size_t aid, const char *symbol,
			size_t sl)
{
	const struct lex *L = &S->L;
	size_t id;

	if (i == a)
		return 1;
	if (L->t[i].depth || !is_ident(L, i) || (id = call_arg(S, i)) == NONE ||
	    L->t[id].len != L->t[aid].len ||
	    memcmp(L->s + L->t[id].off, L->s + L->t[aid].off, L->t[id].len) ||
	    !pasted_from(L, id, symbol, sl) ||
	    compat_agrees(L, i, symbol) != compat_agrees(L, a, symbol))
		return 0;
	/* beside the call, outside its #if arms: only a macro known to paste
	 * the name (COND_SYSCALL's weak stub) */
	if (!other_arms(L, i < a ? i : a, i < a ? a : i))
		return (macro_how(L, i) & MACRO_PASTES) != 0;
	return !macro_refers(L, i) || (macro_how(L, i) & MACRO_PASTES);
}

/* The lines behind the top-level macro call statement on line at (hint, else
 * the line of the call srcfile_paste_call names for symbol) and behind each
 * sibling of it in another #if arm (sibling_call), in *lines (a 0: one has
 * no line behind it); the count, 0 when there is no such call. */
static size_t call_ends(struct srcfile *f, const char *symbol, unsigned hint, unsigned **lines)
{
	struct scan *S = scan_of(f, NULL, NULL);
	unsigned at = hint;
	char *mac = hint ? NULL : srcfile_paste_call(f, symbol, &at);
	size_t n = 0, cap = 0, a = NONE, aid, sl = strlen(symbol);
	struct decl d;
	unsigned flags;

	for (size_t i = 0; at && i < S->L.nt && a == NONE; i++)
		if (!S->L.t[i].depth && is_ident(&S->L, i) &&
		    (!mac || tok_eq(&S->L, i, mac, strlen(mac))) &&
		    lex_line(&S->L, S->L.t[i].off) == at && nx(&S->L, i + 1) < S->L.nt &&
		    is_punct(&S->L, nx(&S->L, i + 1), '('))
			a = i;
	free(mac);
	if (a == NONE)
		return 0;
	aid = call_arg(S, a);
	for (size_t i = 0; i < S->L.nt; i++) {
		if (i != a && (aid == NONE || !sibling_call(S, i, a, aid, symbol, sl)))
			continue;
		stmt_decl(S, i, &d, &flags);
		d.macro = nx(&S->L, stmt_start(S, i)) == i ? i : d.macro;
		grow_array((void **)lines, &cap, n + 1, sizeof(**lines));
		(*lines)[n++] = d.macro == i ? line_behind(S, def_stmt_end(S, &d)) : 0;
	}
	return n;
}

size_t srcfile_def_ends(struct srcfile *f, const char *symbol, unsigned hint,
			unsigned **lines)
{
	struct scan *S = scan_of(f, symbol, NULL);
	size_t sl = strlen(symbol), n = 0, cap = 0, m;
	struct decl d;
	unsigned flags;

	*lines = NULL;
	/* the declarators, else the definer macro calls (as srcfile_locate) */
	for (int pass = 0; S && pass < 2 && !n; pass++)
		for (size_t i = 0; i < S->L.nt; i++) {
			if (S->L.t[i].depth || !tok_eq(&S->L, i, symbol, sl) ||
			    classify(S, i, &m) != (pass ? LOC_IN_MACRO : LOC_DECLARATOR))
				continue;
			stmt_decl(S, i, &d, &flags);
			grow_array((void **)lines, &cap, n + 1, sizeof(**lines));
			(*lines)[n++] = line_behind(S, def_stmt_end(S, &d));
		}
	if (!n)
		n = call_ends(f, symbol, hint, lines);
	return n;
}

/* ---- definer macros, for the semantic patches ---- */

/* The tokens the definer search looks at: all but directives. */
struct view {
	const struct lex *L;
	size_t *v, n;
};

static int v_punct(const struct view *V, size_t k, char c)
{
	return k < V->n && is_punct(V->L, V->v[k], c);
}

static int v_open(const struct view *V, size_t k)
{
	return v_punct(V, k, '(') || v_punct(V, k, '[') || v_punct(V, k, '{');
}

static int v_close(const struct view *V, size_t k)
{
	return v_punct(V, k, ')') || v_punct(V, k, ']') || v_punct(V, k, '}');
}

static int v_eq(const struct view *V, size_t k, const char *s)
{
	return tok_eq(V->L, V->v[k], s, strlen(s));
}

/* Index of the token closing the bracket opened at k, or n. */
static size_t v_match(const struct view *V, size_t open)
{
	int depth = 0;

	for (size_t k = open; k < V->n; k++) {
		if (v_open(V, k))
			depth++;
		else if (v_close(V, k) && --depth == 0)
			return k;
	}
	return V->n;
}

/* 1 when one argument of the call at open..close is exactly one of syms. */
static int wraps_symbol(const struct view *V, size_t open, size_t close,
			const char *const *syms, size_t nsyms)
{
	size_t start = open + 1;
	int depth = 0;

	for (size_t k = open + 1; k <= close; k++) {
		if (v_open(V, k)) {
			depth++;
		} else if (depth > 0 && v_close(V, k)) {
			depth--;
		} else if (depth == 0 && (v_punct(V, k, ',') || k == close)) {
			if (k == start + 1 && is_ident(V->L, V->v[start]))
				for (size_t i = 0; i < nsyms; i++)
					if (v_eq(V, start, syms[i]))
						return 1;
			start = k + 1;
		}
	}
	return 0;
}

struct names {
	char **v;
	size_t n, cap;
};

static void names_add(struct names *nm, const struct view *V, size_t k)
{
	const struct tok *t = &V->L->t[V->v[k]];

	for (size_t i = 0; i < nm->n; i++)
		if (v_eq(V, k, nm->v[i]))
			return;
	grow_array((void **)&nm->v, &nm->cap, nm->n + 1, sizeof(*nm->v));
	nm->v[nm->n++] = xstrndup(V->L->s + t->off, t->len);
}

/* Keywords that may be followed by a parenthesis in a declaration without
 * being a macro call: `int (*fp)(void);`. */
static const char *const type_words[] = {
	"_Bool", "char", "const", "double", "enum", "extern", "float", "inline",
	"int", "long", "register", "restrict", "short", "signed", "static",
	"struct", "union", "unsigned", "void", "volatile",
};

static int is_type_word(const struct view *V, size_t k)
{
	for (size_t i = 0; i < sizeof(type_words) / sizeof(type_words[0]); i++)
		if (v_eq(V, k, type_words[i]))
			return 1;
	return 0;
}

/* Mark in is_free[] the symbols of syms[] that token k is. */
static void mark_free(const struct view *V, size_t k, const char *const *syms,
		      size_t nsyms, unsigned char *is_free)
{
	if (!is_free || !is_ident(V->L, V->v[k]))
		return;
	for (size_t i = 0; i < nsyms; i++)
		if (v_eq(V, k, syms[i]))
			is_free[i] = 1;
}

/* 1 when the call at k (closing at close), a top-level statement, defines one
 * of syms: `NAME(..., sym, ...);` or `NAME(...) = ...;`. */
static int defines_symbol(const struct view *V, size_t k, size_t close, int stmt_start,
			  const char *const *syms, size_t nsyms)
{
	return stmt_start && close + 1 < V->n &&
	       (v_punct(V, close + 1, ';') || v_punct(V, close + 1, '=')) &&
	       !macro_refers(V->L, V->v[k]) && wraps_symbol(V, k + 1, close, syms, nsyms);
}

/* The statement state of the definer search at top level. */
struct dstate {
	int depth, stmt_start, in_init;
};

/* Punctuation: brackets, ';', '=' and ','; 0 when k is none of those. */
static int definer_punct(const struct view *V, size_t k, struct dstate *st)
{
	if (v_punct(V, k, '{')) {
		st->depth++;
		st->stmt_start = 0;
	} else if (v_punct(V, k, '}')) {
		st->depth = st->depth > 0 ? st->depth - 1 : 0;
		st->stmt_start = st->depth == 0 && !st->in_init;
	} else if (v_punct(V, k, ';')) {
		st->stmt_start = st->depth == 0;
		st->in_init = st->in_init && st->depth > 0;
	} else if (v_punct(V, k, '=') || v_punct(V, k, ',')) {
		if (st->depth == 0)
			st->in_init = v_punct(V, k, '=');
		st->stmt_start = 0;
	} else {
		return 0;
	}
	return 1;
}

char **srcfile_definers(struct srcfile *f, const char *const *syms, size_t nsyms,
			size_t nwrap, unsigned char *is_free, size_t *ndefiners)
{
	struct scan *S = scan_of(f, NULL, NULL);
	struct view V = { &S->L, xcalloc(S->L.nt, sizeof(size_t)), 0 };
	struct names found = { 0 };
	struct dstate st = { 0, 1, 0 };

	if (is_free)
		memset(is_free, 0, nsyms);
	for (size_t i = 0; i < S->L.nt; i++)
		if (S->L.t[i].kind != TK_PP)
			V.v[V.n++] = i;
	for (size_t k = 0; k < V.n; k++) {
		int top = st.depth == 0;

		if (definer_punct(&V, k, &st))
			continue;
		if (is_ident(V.L, V.v[k]) && v_punct(&V, k + 1, '(') && !is_type_word(&V, k)) {
			size_t close = v_match(&V, k + 1);

			if (macro_how(V.L, V.v[k]) == MACRO_DEFINES ||
			    (top && defines_symbol(&V, k, close, st.stmt_start, syms, nwrap)))
				names_add(&found, &V, k);
			if (top && !st.in_init)
				mark_free(&V, k, syms, nsyms, is_free);
			st.stmt_start = 0;
			if (top && close < V.n)
				k = close;      /* arguments define nothing by themselves */
			continue;
		}
		if (top && !st.in_init)
			mark_free(&V, k, syms, nsyms, is_free);
		st.stmt_start = 0;
	}
	free(V.v);
	if (found.n)
		qsort(found.v, found.n, sizeof(*found.v), cmp_strptr);
	*ndefiners = found.n;
	return found.v;
}

void srcscan_free_names(char **names, size_t count)
{
	for (size_t i = 0; i < count; i++)
		free(names[i]);
	free(names);
}

/* ---- how a name is used, for a definition spatch did not tag ---- */

/* Whether s[0, n) has w as a whole word. */
static int has_word(const char *s, size_t n, const char *w, size_t wl)
{
	const char *p = s, *end = s + n;

	while ((p = memmem(p, (size_t)(end - p), w, wl))) {
		if ((p == s || !lex_is_idchar((unsigned char)p[-1])) &&
		    (p + wl == end || !lex_is_idchar((unsigned char)p[wl])))
			return 1;
		p++;
	}
	return 0;
}

/* Whether a newline lies between tokens a < b. */
static int lines_apart(const struct lex *L, size_t a, size_t b)
{
	size_t from = L->t[a].off + L->t[a].len;

	return L->t[b].off > from && memchr(L->s + from, '\n', L->t[b].off - from);
}

/* Whether token i is inside the parentheses of a call NAME(...) that opens
 * on its own line (if, while, for, switch, return, sizeof, typeof are no
 * calls). */
static int in_call_on_line(const struct lex *L, size_t i)
{
	static const char *const not_calls[] = {
		"if", "while", "for", "switch", "return", "sizeof", "__typeof__", "typeof",
	};
	int depth = 0;

	for (size_t k = i; k-- > 0 && L->t[k].kind != TK_PP && !lines_apart(L, k, k + 1);) {
		if (is_punct(L, k, ')'))
			depth++;
		else if (is_punct(L, k, '(') && depth > 0)
			depth--;
		else if (is_punct(L, k, '(')) {
			if (!k || !is_ident(L, k - 1) || lines_apart(L, k - 1, k))
				return 0;
			for (size_t w = 0; w < sizeof(not_calls) / sizeof(not_calls[0]); w++)
				if (tok_eq(L, k - 1, not_calls[w], strlen(not_calls[w])))
					return 0;
			return 1;
		}
	}
	return 0;
}

enum name_use srcfile_name_use(struct srcfile *f, const char *symbol)
{
	struct scan *S = scan_of(f, symbol, NULL);
	size_t sl = strlen(symbol);
	int seen = 0;

	for (size_t i = 0; S && i < S->L.nt; i++) {
		const struct tok *t = &S->L.t[i];

		if (t->kind == TK_PP) {
			seen |= has_word(S->L.s + t->off, t->len, symbol, sl);
		} else if (tok_eq(&S->L, i, symbol, sl)) {
			seen = 1;
			if (!in_call_on_line(&S->L, i))
				return USE_FREE;
		}
	}
	return seen ? USE_IN_MACROS : USE_NONE;
}

/* ---- the text interface ---- */

size_t srcscan_tags(const char *text, size_t len, const char *tag, struct src_tag **out)
{
	struct srcfile *f = srcfile_open(text, len);
	size_t n = srcfile_tags(f, tag, out);

	srcfile_close(f);
	return n;
}

enum locate_result srcscan_locate(const char *text, size_t len, const char *symbol,
				  unsigned *line, char **macro)
{
	struct srcfile *f = srcfile_open(text, len);
	enum locate_result r = srcfile_locate(f, symbol, 0, line, macro);

	srcfile_close(f);
	return r;
}

char *srcscan_paste_macro(const char *text, size_t len, const char *symbol)
{
	struct srcfile *f = srcfile_open(text, len);
	char *m = srcfile_paste_macro(f, symbol);

	srcfile_close(f);
	return m;
}

/* ---- files of a tree ---- */

struct srcset_entry {
	char *text;             /* NULL: unreadable */
	size_t len;
	int err;                /* errno of the failed read */
	struct srcfile *file;
};

struct srcset {
	char *srctree;
	struct strtab paths;    /* path -> index in v */
	struct srcset_entry *v;
	size_t cap;
};

struct srcset *srcset_new(const char *srctree)
{
	struct srcset *set = xcalloc(1, sizeof(*set));

	set->srctree = xstrdup(srctree ? srctree : ".");
	strtab_init(&set->paths);
	return set;
}

const char *srcset_srctree(const struct srcset *set)
{
	return set->srctree;
}

struct srcfile *srcset_get(struct srcset *set, const char *path, int *err)
{
	long found = strtab_find(&set->paths, path);
	struct srcset_entry *e;

	if (found < 0) {
		unsigned id = strtab_intern(&set->paths, path);
		char *abs = path_join(set->srctree, path);

		grow_array((void **)&set->v, &set->cap, (size_t)id + 1, sizeof(*set->v));
		e = &set->v[id];
		memset(e, 0, sizeof(*e));
		e->text = read_file(abs, &e->len);
		e->err = e->text ? 0 : errno;
		if (e->text)
			e->file = srcfile_open(e->text, e->len);
		free(abs);
	} else {
		e = &set->v[found];
	}
	if (err)
		*err = e->err;
	return e->file;
}

const char *srcset_text(struct srcset *set, const char *path, size_t *len)
{
	long found;

	if (!srcset_get(set, path, NULL))
		return NULL;
	found = strtab_find(&set->paths, path);
	*len = set->v[found].len;
	return set->v[found].text;
}

void srcset_free(struct srcset *set)
{
	if (!set)
		return;
	for (size_t i = 0; i < set->paths.count; i++) {
		srcfile_close(set->v[i].file);
		free(set->v[i].text);
	}
	free(set->v);
	strtab_free(&set->paths);
	free(set->srctree);
	free(set);
}
