// SPDX-License-Identifier: GPL-2.0-only
/* definer.c - check a definer macro call against the macro's expansion. */
#include "source/definer.h"
#include "kbuild/cmdline.h"
#include "kbuild/kbuild.h"
#include "text/lexer.h"
#include "lib/strtab.h"
#include "lib/util.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { MAX_DEPTH = 10, MAX_TOKENS = 8192, MAX_HEADERS = 5000 };

/* ---- tokens ---------------------------------------------------------------- */

struct toks {
	char **v;
	size_t n, cap;
};

static void toks_push(struct toks *t, const char *s, size_t len)
{
	grow_array((void **)&t->v, &t->cap, t->n + 1, sizeof(*t->v));
	t->v[t->n++] = xstrndup(s, len);
}

static void toks_free(struct toks *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i]);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

/* Macro bodies and conditions are read as the preprocessor's tokens: '#' and
 * `##` are operators, backslash-newlines blanks. */
#define DEF_LEX (LEXF_NO_PP | LEXF_PUNCT2 | LEXF_SPLICE_BLANK)

static int idchar(char c)
{
	return lex_is_idchar((unsigned char)c);
}

static int is_id(const char *s)
{
	return s && lex_is_idstart((unsigned char)*s);
}

/* Skip blanks, spliced newlines and comments; newlines only when nl. */
static size_t skip_space(const char *s, size_t n, size_t i, int nl)
{
	return lex_blanks_end(s, n, i, DEF_LEX | (nl ? 0 : LEXF_STOP_NL));
}

/* Tokens of s[0..n); with nl = 0 stops at the first unspliced newline. */
static size_t lex(const char *s, size_t n, int nl, struct toks *out)
{
	struct lex_cursor c;
	struct lex_item t;

	lex_cursor_init(&c, s, n, DEF_LEX | (nl ? 0 : LEXF_STOP_NL));
	while (lex_next(&c, &t))
		toks_push(out, s + t.off, t.len);
	return c.i;
}

/* ---- macro definitions, by file ---------------------------------------------- */

struct mdef {
	unsigned name;          /* in ctx->names */
	unsigned file;          /* in ctx->paths */
	unsigned line;
	char **params;
	size_t nparams;
	int variadic;           /* the last parameter is `...` or `NAME...` */
	int alias;              /* object-like: `#define A B` names another macro */
	int undone;             /* an #undef of the same file follows */
	char *body;
	char *cond;             /* the #if conditions around it, "" when none */
	long next;              /* the next definition of the same name, -1 */
};

struct definer_ctx {
	struct strtab paths;    /* files read (or tried) */
	struct strtab names;    /* function-like macro names */
	long *first;            /* name id -> its first definition, -1 */
	size_t first_cap;
	struct mdef *defs;
	size_t ndefs, defs_cap;
	struct strtab defined;  /* every name some file read #defines */
	struct strtab config;   /* CONFIG_ names autoconf.h defines as 1 */
	int have_autoconf;
	char *autoconf;         /* the autoconf.h config holds */
	/* the object being checked */
	unsigned char *in_obj;  /* file id -> read by its build */
	size_t in_obj_cap;
	struct strtab dnames;   /* -D names of its command */
	size_t budget;          /* tokens left to make */
};

struct definer_ctx *definer_new(void)
{
	struct definer_ctx *c = xcalloc(1, sizeof(*c));

	strtab_init(&c->paths);
	strtab_init(&c->names);
	strtab_init(&c->defined);
	strtab_init(&c->config);
	strtab_init(&c->dnames);
	return c;
}

void definer_free(struct definer_ctx *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->ndefs; i++) {
		for (size_t k = 0; k < c->defs[i].nparams; k++)
			free(c->defs[i].params[k]);
		free(c->defs[i].params);
		free(c->defs[i].body);
		free(c->defs[i].cond);
	}
	free(c->defs);
	free(c->first);
	free(c->autoconf);
	free(c->in_obj);
	strtab_free(&c->paths);
	strtab_free(&c->names);
	strtab_free(&c->defined);
	strtab_free(&c->config);
	strtab_free(&c->dnames);
	free(c);
}

/* The #if nesting while a file is read: per level the conditions so far. */
struct level {
	char *prior;            /* "!(a)&&!(b)&&" of the earlier arms */
	char *cur;              /* this arm's condition */
};

struct reader {
	struct level *lv;
	size_t depth, cap;
	char *guard;            /* `#ifndef X` just seen (an include guard?) */
};

static char *cond_of(const struct reader *R)
{
	char *s = xstrdup("");

	for (size_t i = 0; i < R->depth; i++) {
		char *t = xasprintf("%s%s(%s(%s))", s, i ? "&&" : "", R->lv[i].prior, R->lv[i].cur);

		free(s);
		s = t;
	}
	return s;
}

static void add_def(struct definer_ctx *c, unsigned file, unsigned line,
		    const char *name, size_t nlen, const char *p, size_t n,
		    const struct reader *R)
{
	struct mdef d = { 0 };
	size_t i = 0, cap = 0;
	unsigned id = strtab_intern_n(&c->names, name, nlen);

	d.name = id;
	d.file = file;
	d.line = line;
	d.alias = p[0] != '(';
	i = skip_space(p, n, i, 0);
	i += !d.alias;                          /* the '(' */
	for (; !d.alias;) {
		size_t s;

		i = skip_space(p, n, i, 0);
		if (i >= n || p[i] == ')' || p[i] == '\n')
			break;
		s = i;
		while (i < n && (idchar(p[i]) || p[i] == '.'))
			i++;
		if (i == s) {                   /* not a parameter list we understand */
			for (size_t k = 0; k < d.nparams; k++)
				free(d.params[k]);
			free(d.params);
			return;
		}
		grow_array((void **)&d.params, &cap, d.nparams + 1, sizeof(*d.params));
		if (i - s >= 3 && !strncmp(p + i - 3, "...", 3)) {
			d.variadic = 1;
			d.params[d.nparams] = i - s == 3 ? xstrdup("__VA_ARGS__") :
					     xstrndup(p + s, i - s - 3);
		} else
			d.params[d.nparams] = xstrndup(p + s, i - s);
		d.nparams++;
		i = skip_space(p, n, i, 0);
		if (i < n && p[i] == ',')
			i++;
	}
	if (i < n && p[i] == ')')
		i++;
	{
		size_t e = i;

		while (e < n && !(p[e] == '\n' && (e == 0 || p[e - 1] != '\\')))
			e++;
		d.body = xstrndup(p + i, e - i);
	}
	d.cond = cond_of(R);
	if (id >= c->first_cap) {
		size_t old = c->first_cap;

		grow_array((void **)&c->first, &c->first_cap, (size_t)id + 1, sizeof(*c->first));
		for (size_t k = old; k < c->first_cap; k++)
			c->first[k] = -1;
	}
	d.next = -1;
	grow_array((void **)&c->defs, &c->defs_cap, c->ndefs + 1, sizeof(*c->defs));
	/* keep file order: append at the end of the name's list */
	if (c->first[id] < 0)
		c->first[id] = (long)c->ndefs;
	else {
		long k = c->first[id];

		while (c->defs[k].next >= 0)
			k = c->defs[k].next;
		c->defs[k].next = (long)c->ndefs;
	}
	c->defs[c->ndefs++] = d;
}

/* ` NAME` alone up to the end of the line: an object-like macro naming
 * another (`#define DEFINE_IDTENTRY_DEBUG DEFINE_IDTENTRY_IST`). */
static int is_alias(const char *p, size_t n)
{
	size_t i = skip_space(p, n, 0, 0);

	if (i >= n || !is_id(p + i) || p[i] < 'A' || p[i] > 'Z')
		return 0;
	while (i < n && idchar(p[i]))
		i++;
	i = skip_space(p, n, i, 0);
	return i >= n || p[i] == '\n';
}

/* The directive word at p (after '#'), the rest in *rest. */
static size_t directive_word(const char *p, size_t n, size_t *rest)
{
	size_t i = skip_space(p, n, 0, 0), s = i;

	while (i < n && idchar(p[i]))
		i++;
	*rest = i;
	return s;
}

/* The text from p to the end of the logical line, as a condition string. */
static char *line_text(const char *p, size_t n)
{
	struct toks t = { 0 };
	char *s = xstrdup(""), *u;

	lex(p, n, 0, &t);
	for (size_t i = 0; i < t.n; i++) {
		u = xasprintf("%s %s", s, t.v[i]);
		free(s);
		s = u;
	}
	toks_free(&t);
	return s;
}

static void push_level(struct reader *R, char *cur)
{
	grow_array((void **)&R->lv, &R->cap, R->depth + 1, sizeof(*R->lv));
	R->lv[R->depth].prior = xstrdup("");
	R->lv[R->depth].cur = cur;
	R->depth++;
}

static void next_arm(struct reader *R, char *cur)
{
	struct level *l;
	char *p;

	if (!R->depth) {
		free(cur);
		return;
	}
	l = &R->lv[R->depth - 1];
	p = xasprintf("%s!(%s)&&", l->prior, l->cur);
	free(l->prior);
	free(l->cur);
	l->prior = p;
	l->cur = cur;
}

static void pop_level(struct reader *R)
{
	if (!R->depth)
		return;
	R->depth--;
	free(R->lv[R->depth].prior);
	free(R->lv[R->depth].cur);
}

/* `#undef NAME` in file: its definitions of NAME there so far are undone (a
 * helper the header defines, uses and undefines, such as poll.h's __MAP). */
static void undef(struct definer_ctx *c, unsigned file, const char *p, size_t n)
{
	size_t i = skip_space(p, n, 0, 0), s = i;
	char *name;
	long id;

	while (i < n && idchar(p[i]))
		i++;
	name = xstrndup(p + s, i - s);
	id = i > s ? strtab_find(&c->names, name) : -1;
	free(name);
	for (long k = id >= 0 && (size_t)id < c->first_cap ? c->first[id] : -1; k >= 0;
	     k = c->defs[k].next)
		if (c->defs[k].file == file)
			c->defs[k].undone = 1;
}

/* One directive at p (after '#'), n bytes to the end of the text. */
static void directive(struct definer_ctx *c, struct reader *R, unsigned file,
		      unsigned line, const char *p, size_t n, int autoconf)
{
	size_t rest, s = directive_word(p, n, &rest), w = rest - s;
	const char *word = p + s;
	char *guard = R->guard;

	R->guard = NULL;
	if (w == 2 && !strncmp(word, "if", 2))
		push_level(R, line_text(p + rest, n - rest));
	else if ((w == 5 && !strncmp(word, "ifdef", 5)) || (w == 6 && !strncmp(word, "ifndef", 6))) {
		char *x = line_text(p + rest, n - rest);

		push_level(R, xasprintf("%sdefined(%s)", w == 6 ? "!" : "", x));
		if (w == 6)
			R->guard = x;
		else
			free(x);
	} else if (w == 4 && !strncmp(word, "elif", 4))
		next_arm(R, line_text(p + rest, n - rest));
	else if (w == 4 && !strncmp(word, "else", 4))
		next_arm(R, xstrdup("1"));
	else if (w == 5 && !strncmp(word, "endif", 5))
		pop_level(R);
	else if (w == 5 && !strncmp(word, "undef", 5))
		undef(c, file, p + rest, n - rest);
	else if (w == 6 && !strncmp(word, "define", 6)) {
		size_t i = skip_space(p, n, rest, 0), ns = i;

		while (i < n && idchar(p[i]))
			i++;
		if (i > ns) {
			char *name = xstrndup(p + ns, i - ns);

			strtab_intern(&c->defined, name);
			/* an include guard (a function-like NAME is a default: `#ifndef
			 * NAME` `#define NAME(x) ...`, see drop_defaults()) */
			if (guard && R->depth && !strcmp(guard + 1, name) && !(i < n && p[i] == '(')) {
				free(R->lv[R->depth - 1].cur);
				R->lv[R->depth - 1].cur = xstrdup("1");
			}
			if (i < n && p[i] == '(')
				add_def(c, file, line, p + ns, i - ns, p + i, n - i, R);
			else if (is_alias(p + i, n - i))
				add_def(c, file, line, p + ns, i - ns, p + i, n - i, R);
			else if (autoconf && str_has_prefix(name, "CONFIG_")) {
				size_t v = skip_space(p, n, i, 0);

				if (v < n && p[v] == '1' && (v + 1 >= n || !idchar(p[v + 1])))
					strtab_intern(&c->config, name);
			}
			free(name);
		}
	}
	free(guard);
}

/* Read the definitions of a file's text (once per key). */
static unsigned read_text(struct definer_ctx *c, const char *key, const char *text, size_t n)
{
	size_t before = c->paths.count;
	unsigned file = strtab_intern(&c->paths, key), line = 1;
	struct reader R = { 0 };
	int autoconf = strstr(key, "/autoconf.h") != NULL;

	if (c->paths.count == before || !n)
		return file;
	if (autoconf)
		c->have_autoconf = 1;
	for (size_t i = 0; i < n;) {
		size_t j = skip_space(text, n, i, 0), e;

		for (e = i; e < j; e++)         /* comments before the line's text */
			line += text[e] == '\n';

		if (j < n && text[j] == '#')
			directive(c, &R, file, line, text + j + 1, n - j - 1, autoconf);
		/* to the end of the logical line */
		for (e = j; e < n && !(text[e] == '\n' && (e == 0 || text[e - 1] != '\\')); e++)
			if (text[e] == '\n')
				line++;
		line++;
		i = e + 1;
	}
	while (R.depth)
		pop_level(&R);
	free(R.lv);
	free(R.guard);
	return file;
}

static unsigned read_path(struct definer_ctx *c, const char *path)
{
	long id = strtab_find(&c->paths, path);
	size_t n = 0;
	char *text;
	unsigned file;

	if (id >= 0)
		return (unsigned)id;
	text = read_file(path, &n);
	file = read_text(c, path, text ? text : "", text ? n : 0);
	free(text);
	return file;
}

static void mark(struct definer_ctx *c, unsigned file)
{
	if (file >= c->in_obj_cap) {
		size_t old = c->in_obj_cap;

		grow_array((void **)&c->in_obj, &c->in_obj_cap, (size_t)file + 1, 1);
		memset(c->in_obj + old, 0, c->in_obj_cap - old);
	}
	c->in_obj[file] = 1;
}

/* The headers under dir (-I), at most MAX_HEADERS in all. */
static void mark_dir(struct definer_ctx *c, const char *dir, size_t *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	while (d && (e = readdir(d)) && *count < MAX_HEADERS) {
		char *p;
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		p = path_join(dir, e->d_name);
		if (!stat(p, &st) && S_ISDIR(st.st_mode))
			mark_dir(c, p, count);
		else if (str_has_suffix(p, ".h")) {
			mark(c, read_path(c, p));
			(*count)++;
		}
		free(p);
	}
	if (d)
		closedir(d);
}

/* Call fn(arg, path) for each file of the deps_ list of a .cmd text (paths
 * relative to build_dir made absolute and normalised) until fn returns
 * nonzero; returns that, or -1 when the list is empty or missing. */
static int deps_each(const char *cmdtext, const char *build_dir,
		     int (*fn)(void *arg, const char *path), void *arg)
{
	size_t n = 0;
	char **deps = kbuild_cmd_deps(cmdtext, &n);
	int stop = 0;

	for (size_t i = 0; i < n && !stop; i++) {
		char *abs = deps[i][0] == '/' || !build_dir ? xstrdup(deps[i])
							    : path_join(build_dir, deps[i]);
		char *norm = path_normalize(abs);

		stop = fn(arg, norm);
		free(norm);
		free(abs);
	}
	strv_free(deps, n);
	return n ? stop : -1;
}

static int mark_one_dep(void *arg, const char *path)
{
	struct definer_ctx *c = arg;

	mark(c, read_path(c, path));
	return 0;
}

/* The files of the deps_ list of a .cmd text; 0 when it has none. */
static int mark_deps(struct definer_ctx *c, const char *cmdtext, const char *build_dir)
{
	return deps_each(cmdtext, build_dir, mark_one_dep, c) == 0;
}

/* -D names, and without a deps_ list the -include files and -I directories. */
static void mark_command(struct definer_ctx *c, const char *cmdtext, const char *build_dir,
			 int have_deps)
{
	char *cmd = kbuild_cmd_command(cmdtext);
	size_t nw = 0, count = 0;
	const char *why;
	char **w = cmd ? cmdline_words(cmd, CMDLINE_READ, &nw, &why) : NULL;

	for (size_t i = 0; i < nw; i++) {
		const char *arg = NULL;
		int inc = 0;

		if (str_has_prefix(w[i], "-D")) {
			char *name = xstrdup(w[i][2] ? w[i] + 2 : (i + 1 < nw ? w[i + 1] : ""));

			name[strcspn(name, "=")] = '\0';
			if (*name == '\'' || *name == '"')
				memmove(name, name + 1, strlen(name));
			strtab_intern(&c->dnames, name);
			free(name);
			continue;
		}
		if (have_deps)
			continue;
		if (!strcmp(w[i], "-include") && i + 1 < nw)
			arg = w[++i], inc = 1;
		else if (!strcmp(w[i], "-I") && i + 1 < nw)
			arg = w[++i];
		else if (str_has_prefix(w[i], "-I"))
			arg = w[i] + 2;
		if (arg) {
			char *p = arg[0] == '/' ? xstrdup(arg) : path_join(build_dir, arg);

			if (inc)
				mark(c, read_path(c, p));
			else
				mark_dir(c, p, &count);
			free(p);
		}
	}
	for (size_t i = 0; i < nw; i++)
		free(w[i]);
	free(w);
	free(cmd);
}

/* ---- #if conditions: 1, 0, or -1 (cannot tell) --------------------------------- */

struct eval {
	const struct definer_ctx *c;
	const struct toks *t;
	size_t i;
	int bad;
};

static int tv_and(int a, int b) { return !a || !b ? 0 : a == 1 && b == 1 ? 1 : -1; }
static int tv_or(int a, int b) { return a == 1 || b == 1 ? 1 : !a && !b ? 0 : -1; }

static const char *ev_tok(struct eval *E)
{
	return E->i < E->t->n ? E->t->v[E->i] : "";
}

static int is_defined(const struct definer_ctx *c, const char *x)
{
	if (strtab_find(&c->dnames, x) >= 0)
		return 1;
	if (str_has_prefix(x, "CONFIG_"))
		return c->have_autoconf ? strtab_find(&c->config, x) >= 0 : -1;
	if (strtab_find(&c->defined, x) >= 0 || x[0] == '_')
		return -1;
	return 0;
}

static int ev_or(struct eval *E);

/* defined(X), IS_ENABLED(X) and the like: the name in parentheses. */
static const char *ev_paren_name(struct eval *E, int need_paren)
{
	int paren = !strcmp(ev_tok(E), "(");
	const char *x;

	if (paren)
		E->i++;
	else if (need_paren)
		E->bad = 1;
	x = ev_tok(E);
	if (!is_id(x))
		E->bad = 1;
	E->i++;
	if (paren && strcmp(ev_tok(E), ")"))
		E->bad = 1;
	else if (paren)
		E->i++;
	return x;
}

static int ev_unary(struct eval *E)
{
	const char *t = ev_tok(E);

	E->i++;
	if (!strcmp(t, "!")) {
		int v = ev_unary(E);

		return v < 0 ? -1 : !v;
	}
	if (!strcmp(t, "(")) {
		int v = ev_or(E);

		if (strcmp(ev_tok(E), ")"))
			E->bad = 1;
		E->i++;
		return v;
	}
	if (!strcmp(t, "defined"))
		return is_defined(E->c, ev_paren_name(E, 0));
	if (!strcmp(t, "IS_ENABLED") || !strcmp(t, "IS_BUILTIN") || !strcmp(t, "IS_MODULE")) {
		const char *x = ev_paren_name(E, 1);
		char *m = xasprintf("%s_MODULE", x);
		int b = is_defined(E->c, x), mod = is_defined(E->c, m);

		free(m);
		return t[3] == 'E' ? tv_or(b, mod) : t[3] == 'B' ? b : mod;
	}
	if (!strcmp(t, "0") || !strcmp(t, "1"))
		return t[0] - '0';
	if (is_id(t) && strcmp(ev_tok(E), "(")) {
		int d = is_defined(E->c, t);

		/* a CONFIG_ name autoconf.h defines is 1; an undefined name is 0 */
		return d == 0 ? 0 : d == 1 && str_has_prefix(t, "CONFIG_") ? 1 : -1;
	}
	E->bad = 1;
	return -1;
}

static int ev_and(struct eval *E)
{
	int v = ev_unary(E);

	while (!E->bad && !strcmp(ev_tok(E), "&&")) {
		E->i++;
		v = tv_and(v, ev_unary(E));
	}
	return v;
}

static int ev_or(struct eval *E)
{
	int v = ev_and(E);

	while (!E->bad && !strcmp(ev_tok(E), "||")) {
		E->i++;
		v = tv_or(v, ev_and(E));
	}
	return v;
}

static int cond_value(const struct definer_ctx *c, const char *cond)
{
	struct toks t = { 0 };
	struct eval E = { c, &t, 0, 0 };
	int v;

	if (!*cond)
		return 1;
	lex(cond, strlen(cond), 1, &t);
	v = ev_or(&E);
	if (E.bad || E.i != t.n)
		v = -1;
	toks_free(&t);
	return v;
}

/* ---- expansion and the verdict ---------------------------------------------- */

/* `#ifndef NAME` `#define NAME ...`: a default (include/linux/syscalls.h's
 * __SYSCALL_DEFINEx) that a definition live for sure elsewhere (the arch's
 * asm/syscall_wrapper.h) overrides; had the default been taken, the other
 * would redefine NAME, which the build would not compile. Drops such
 * defaults from defs[0..n) when there is one, and the definitions an #undef
 * undid when one was not undone; returns the new count. */
/* Whether cond has `!defined(name)` (blanks allowed inside). */
static int unless_defined(const char *cond, const char *name)
{
	size_t nl = strlen(name);

	for (const char *p = cond; (p = strstr(p, "!defined(")); ) {
		p = p + 9 + strspn(p + 9, " \t");
		if (!strncmp(p, name, nl) && p[nl + strspn(p + nl, " \t")] == ')')
			return 1;
	}
	return 0;
}

static size_t drop_defaults(const struct definer_ctx *c, const char *name, long *defs,
			    size_t n)
{
	size_t kept = 0;
	int other = 0, done = 0;

	for (size_t k = 0; k < n; k++) {
		other |= !unless_defined(c->defs[defs[k]].cond, name) &&
			 cond_value(c, c->defs[defs[k]].cond) == 1;
		done |= !c->defs[defs[k]].undone;
	}
	for (size_t k = 0; k < n; k++)
		if ((!other || !unless_defined(c->defs[defs[k]].cond, name)) &&
		    (!done || !c->defs[defs[k]].undone))
			defs[kept++] = defs[k];
	return kept;
}

/* The definitions of name the object's build may use (condition not 0). */
static size_t live_defs(const struct definer_ctx *c, const char *name, long *out, size_t max)
{
	long id = strtab_find(&c->names, name), k;
	size_t n = 0;

	for (k = id >= 0 && (size_t)id < c->first_cap ? c->first[id] : -1; k >= 0;
	     k = c->defs[k].next) {
		const struct mdef *d = &c->defs[k];

		if (d->file < c->in_obj_cap && c->in_obj[d->file] && n < max &&
		    cond_value(c, d->cond) != 0)
			out[n++] = k;
	}
	return n > 1 ? drop_defaults(c, name, out, n) : n;
}

/* The index after the ')' matching t->v[open]; args split at depth 0. */
static size_t call_args(const struct toks *t, size_t open, size_t *starts, size_t *nargs,
			size_t max)
{
	int depth = 0;

	*nargs = 0;
	for (size_t i = open; i < t->n; i++) {
		const char *s = t->v[i];

		if (!strcmp(s, "(") || !strcmp(s, "[") || !strcmp(s, "{")) {
			if (!depth++ && *nargs < max)
				starts[(*nargs)++] = i + 1;
		} else if (!strcmp(s, ")") || !strcmp(s, "]") || !strcmp(s, "}")) {
			if (!--depth) {
				starts[*nargs] = i + 1;     /* one past the last arg's ',' */
				return i + 1;
			}
		} else if (depth == 1 && !strcmp(s, ",") && *nargs < max)
			starts[(*nargs)++] = i + 1;
	}
	return 0;
}

/* Append the tokens of argument k (or, for the variadic one, k and after). */
static void append_arg(struct toks *out, const struct toks *t, const size_t *starts,
		       size_t nargs, size_t k, int rest)
{
	size_t end;

	if (k >= nargs)
		return;
	end = rest ? starts[nargs] : starts[k + 1];
	for (size_t i = starts[k]; i + 1 < end; i++)
		toks_push(out, t->v[i], strlen(t->v[i]));
}

static long param_index(const struct mdef *d, const char *s)
{
	for (size_t k = 0; k < d->nparams; k++)
		if (!strcmp(d->params[k], s))
			return (long)k;
	return -1;
}

/* Where a body token made the name looked for (definer_site): the index in
 * the body of the token that begins it, and of the name in the output. */
struct hits {
	const char *find;
	size_t n;
	long body[8];
	size_t out[8];
};

/* The body of d with the call's arguments put in, # and ## done; h (or NULL)
 * gets the places where the body itself (a literal or a ## paste, not an
 * argument as passed) made h->find. */
static void substitute(const struct mdef *d, const struct toks *t, const size_t *starts,
		       size_t nargs, struct toks *out, struct hits *h)
{
	struct toks body = { 0 };
	int paste = 0;
	size_t begin = 0;

	lex(d->body, strlen(d->body), 1, &body);
	for (size_t i = 0; i < body.n; i++) {
		const char *s = body.v[i];
		long k = param_index(d, s);
		size_t mark = out->n;

		if (!strcmp(s, "##")) {
			paste = 1;
			continue;
		}
		if (!paste)
			begin = i;
		if (!strcmp(s, "#") && i + 1 < body.n && param_index(d, body.v[i + 1]) >= 0) {
			toks_push(out, "\"\"", 2);      /* the string's text does not matter */
			i++;
		} else if (k >= 0)
			append_arg(out, t, starts, nargs, (size_t)k,
				   d->variadic && (size_t)k + 1 == d->nparams);
		else
			toks_push(out, s, strlen(s));
		if (paste && mark > 0 && out->n > mark) {
			char *joined = xasprintf("%s%s", out->v[mark - 1], out->v[mark]);

			free(out->v[mark - 1]);
			free(out->v[mark]);
			out->v[mark - 1] = joined;
			memmove(out->v + mark, out->v + mark + 1, (out->n - mark - 1) * sizeof(char *));
			out->n--;
		}
		if (h && h->n < 8 && out->n && (paste || k < 0) &&
		    !strcmp(out->v[out->n - 1], h->find)) {
			h->body[h->n] = (long)begin;
			h->out[h->n++] = out->n - 1;
		}
		paste = 0;
	}
	toks_free(&body);
}

static int keyword_call(const char *s)
{
	static const char *const words[] = { "__attribute__", "__attribute", "__typeof__",
					     "typeof", "__typeof", "sizeof", "_Alignas",
					     "__alignof__", "_Static_assert", "asm", "__asm__",
					     NULL };

	for (size_t k = 0; words[k]; k++)
		if (!strcmp(s, words[k]))
			return 1;
	return 0;
}

struct judge {
	struct definer_ctx *c;
	const char *symbol;
	char *why;              /* the explanation of the verdict found */
};

static const char *def_where(const struct definer_ctx *c, const struct mdef *d, char *buf,
			     size_t n)
{
	snprintf(buf, n, "%s:%u", strtab_str(&c->paths, d->file), d->line);
	return buf;
}

static enum definer_verdict judge(struct judge *J, struct toks *t, int depth,
				  const struct mdef *from);

/* Expand the call at t->v[i] with each live definition; the verdicts must agree. */
static enum definer_verdict judge_call(struct judge *J, struct toks *t, size_t i,
				       size_t ndefs, const long *defs, int depth)
{
	size_t starts[64], nargs, end = call_args(t, i + 1, starts, &nargs, 63);
	enum definer_verdict v = DEFINER_OK;
	char *why = NULL, buf[512];

	if (!end)
		return DEFINER_UNKNOWN;
	for (size_t k = 0; k < ndefs; k++)
		if (J->c->defs[defs[k]].alias)
			end = i + 1;            /* the name only: its arguments stay */
	for (size_t k = 0; k < ndefs; k++) {
		const struct mdef *d = &J->c->defs[defs[k]];
		struct toks x = { 0 };
		enum definer_verdict vk;

		for (size_t j = 0; j < i; j++)
			toks_push(&x, t->v[j], strlen(t->v[j]));
		substitute(d, t, starts, nargs, &x, NULL);
		for (size_t j = end; j < t->n; j++)
			toks_push(&x, t->v[j], strlen(t->v[j]));
		J->c->budget = J->c->budget > x.n ? J->c->budget - x.n : 0;
		vk = J->c->budget ? judge(J, &x, depth + 1, d) : DEFINER_UNKNOWN;
		toks_free(&x);
		if (!k)
			v = vk, why = J->why, J->why = NULL;
		else if (vk != v) {
			free(J->why);
			free(why);
			why = xasprintf("%s is defined differently in #if arms (%s and %s) and "
					"crossym cannot tell which one the build used",
					t->v[i], def_where(J->c, &J->c->defs[defs[0]], buf, sizeof(buf) / 2),
					def_where(J->c, d, buf + sizeof(buf) / 2, sizeof(buf) / 2));
			J->why = NULL;
			v = DEFINER_ARMS;
			break;
		} else {
			free(J->why);
			J->why = NULL;
		}
	}
	J->why = why;
	return v;
}

static enum definer_verdict judge(struct judge *J, struct toks *t, int depth,
				  const struct mdef *from)
{
	size_t end = 0, pre;
	int nest = 0, has_symbol = 0;
	const char *unknown = NULL;
	char buf[256];
	long defs[16];

	while (end < t->n && (nest || strcmp(t->v[end], ";"))) {
		nest += strchr("([{", t->v[end][0]) && !t->v[end][1];
		nest -= strchr(")]}", t->v[end][0]) && !t->v[end][1];
		end++;
	}
	for (pre = 0, nest = 0; pre < end; pre++) {
		const char *s = t->v[pre];

		if (!nest && (!strcmp(s, "=") || !strcmp(s, "{")))
			break;
		nest += !strcmp(s, "(") || !strcmp(s, "[");
		nest -= !strcmp(s, ")") || !strcmp(s, "]");
	}
	for (size_t i = 0; i < pre; i++) {
		const char *s = t->v[i];
		size_t ndefs;

		if (!strcmp(s, "static") || !strcmp(s, "typedef")) {
			J->why = xasprintf("the first declaration of its expansion is %s%s%s%s",
					   s, from ? " (" : "",
					   from ? def_where(J->c, from, buf, sizeof(buf)) : "",
					   from ? ")" : "");
			return DEFINER_STATIC;
		}
		if (!strcmp(s, J->symbol))
			has_symbol = 1;
		if (!is_id(s) || i + 1 >= pre || strcmp(t->v[i + 1], "(") || keyword_call(s))
			continue;
		ndefs = depth < MAX_DEPTH ? live_defs(J->c, s, defs, 16) : 0;
		if (ndefs)
			return judge_call(J, t, i, ndefs, defs, depth);
		if (!unknown)
			unknown = s;
	}
	if (has_symbol)
		return DEFINER_OK;
	if (unknown) {
		J->why = xasprintf("no #define of %s found in the files the build read: "
				   "unchecked", unknown);
		return DEFINER_UNKNOWN;
	}
	J->why = xasprintf("the first declaration of its expansion%s%s%s does not declare %s",
			   from ? " (" : "", from ? def_where(J->c, from, buf, sizeof(buf)) : "",
			   from ? ")" : "", J->symbol);
	return DEFINER_OTHER;
}

/* The tokens of the call statement of macro at line (1-based) of text. */
static int call_tokens(const char *text, size_t len, unsigned line, const char *macro,
		       struct toks *out)
{
	size_t off = 0, n, start;
	struct toks t = { 0 };
	int depth = 0;

	for (unsigned l = 1; l < line && off < len; off++)
		l += text[off] == '\n';
	n = len - off < 65536 ? len - off : 65536;
	lex(text + off, n, 1, &t);
	for (start = 0; start + 1 < t.n; start++)
		if (!strcmp(t.v[start], macro) && !strcmp(t.v[start + 1], "("))
			break;
	for (size_t i = start; i < t.n; i++) {
		toks_push(out, t.v[i], strlen(t.v[i]));
		depth += !strcmp(t.v[i], "(");
		if (!strcmp(t.v[i], ")") && !--depth)
			break;
	}
	toks_free(&t);
	if (!out->n || depth)
		return 0;
	toks_push(out, ";", 1);
	return 1;
}

/* The CONFIG_ options of the build (several builds: the one of this row). */
static void load_autoconf(struct definer_ctx *c, const char *path)
{
	size_t n = 0;
	char *text, *key;

	if (c->autoconf && !strcmp(c->autoconf, path))
		return;
	free(c->autoconf);
	c->autoconf = xstrdup(path);
	strtab_free(&c->config);
	strtab_init(&c->config);
	c->have_autoconf = 0;
	text = read_file(path, &n);
	key = xasprintf("%s#%zu", path, c->paths.count);   /* read afresh */
	if (text)
		read_text(c, key, text, n);
	free(key);
	free(text);
}

/* The files the object's build read (its source, the .cmd deps, else -I and
 * -include), its -D names and the build's autoconf.h: what live_defs sees. */
static void prepare_object(struct definer_ctx *c, const char *text, size_t len,
			   const char *source_abs, const char *cmd_file, const char *build_dir)
{
	char *cmdtext = cmd_file ? kbuild_cmd_read(cmd_file) : NULL;

	if (c->in_obj_cap)
		memset(c->in_obj, 0, c->in_obj_cap);
	strtab_free(&c->dnames);
	strtab_init(&c->dnames);
	mark(c, read_text(c, source_abs, text, len));
	if (cmdtext) {
		/* kbuild's fixdep leaves the config header out of the deps list */
		char *autoconf = path_join(build_dir ? build_dir : ".",
					   "include/generated/autoconf.h");

		load_autoconf(c, autoconf);
		free(autoconf);
		mark_command(c, cmdtext, build_dir, mark_deps(c, cmdtext, build_dir));
	}
	free(cmdtext);
}

enum definer_verdict definer_check(struct definer_ctx *c, const char *text, size_t len,
				   const char *source_abs, const char *cmd_file,
				   const char *build_dir, const char *macro,
				   unsigned line, const char *symbol, char **why)
{
	struct judge J = { c, symbol, NULL };
	struct toks call = { 0 };
	enum definer_verdict v;
	long defs[16];

	*why = NULL;
	prepare_object(c, text, len, source_abs, cmd_file, build_dir);
	c->budget = MAX_TOKENS;
	if (!call_tokens(text, len, line, macro, &call)) {
		*why = xasprintf("the call of %s at line %u could not be read: unchecked", macro, line);
		toks_free(&call);
		return DEFINER_UNKNOWN;
	}
	if (!live_defs(c, macro, defs, 16)) {
		*why = xasprintf("no #define of %s found in the files the build read: unchecked",
				 macro);
		toks_free(&call);
		return DEFINER_UNKNOWN;
	}
	v = judge(&J, &call, 0, NULL);
	toks_free(&call);
	if (v == DEFINER_OK)
		free(J.why);
	else
		*why = J.why ? J.why : xstrdup("unchecked");
	return v;
}

/* symbol as a word on a line of text that also has the word `extern`. */
static int extern_line(const char *text, size_t len, const char *symbol)
{
	size_t sl = strlen(symbol);

	for (const char *p = text; p && (p = memmem(p, len - (size_t)(p - text), symbol, sl));
	     p += sl) {
		const char *bol = p, *eol = p + sl;

		if ((p > text && idchar(p[-1])) || (eol < text + len && idchar(*eol)))
			continue;
		while (bol > text && bol[-1] != '\n')
			bol--;
		while (eol < text + len && *eol != '\n')
			eol++;
		for (const char *q = bol; (q = memmem(q, (size_t)(eol - q), "extern", 6)); q += 6)
			if ((q == bol || !idchar(q[-1])) && q + 6 < eol && !idchar(q[6]))
				return 1;
	}
	return 0;
}

static int dep_declares(void *symbol, const char *path)
{
	size_t n = 0;
	char *text = read_file(path, &n);
	int found = text && extern_line(text, n, symbol);

	free(text);
	return found;
}

int definer_declared(const char *source_text, size_t len, const char *cmd_file,
		     const char *build_dir, const char *symbol)
{
	struct definer_ctx *c;
	char *cmdtext;
	int found = 0;

	if (source_text && extern_line(source_text, len, symbol))
		return 1;
	cmdtext = cmd_file ? kbuild_cmd_read(cmd_file) : NULL;
	if (!cmdtext)
		return 0;
	/* the deps_ list names every file the unit read: no #define is needed */
	found = deps_each(cmdtext, build_dir, dep_declares, (void *)symbol);
	if (found >= 0) {
		free(cmdtext);
		return found;
	}
	found = 0;
	c = definer_new();
	mark_command(c, cmdtext, build_dir, 0);        /* no deps_ list: -include, -I */
	for (size_t i = 0; i < c->paths.count && !found; i++) {
		size_t n = 0;
		char *text = read_file(strtab_str(&c->paths, (unsigned)i), &n);

		found = text && extern_line(text, n, symbol);
		free(text);
	}
	definer_free(c);
	free(cmdtext);
	return found;
}

/* ---- where a call's expansion makes a name: the #define to tag -------------- */

enum { SITE_TOKENS = 1 << 20, SITE_EXPANSIONS = 20000 };

/* Tokens, each with the expansion that made it (-1: the call itself). */
struct stream {
	struct toks t;
	long *from;
	size_t from_cap;
};

struct expansion {
	long def, parent;
};

struct site_search {
	struct definer_ctx *c;
	const char *symbol, *tag;
	struct stream done, rest;       /* rest is expanded from rest.t.v[head] */
	size_t head;
	struct expansion *ex;
	size_t nex, ex_cap;
};

static void stream_push(struct stream *s, char *tok, long from)
{
	grow_array((void **)&s->t.v, &s->t.cap, s->t.n + 1, sizeof(*s->t.v));
	grow_array((void **)&s->from, &s->from_cap, s->t.n + 1, sizeof(*s->from));
	s->from[s->t.n] = from;
	s->t.v[s->t.n++] = tok;
}

static void stream_free(struct stream *s)
{
	toks_free(&s->t);
	free(s->from);
	s->from = NULL;
	s->from_cap = 0;
}

/* The token k places before x->v[hit]: in x, then in done; NULL at the start. */
static const char *back(const struct toks *x, size_t hit, const struct toks *done, size_t k)
{
	if (k < hit)
		return x->v[hit - 1 - k];
	k -= hit;
	return k < done->n ? done->v[done->n - 1 - k] : NULL;
}

/* Whether the name at x->v[hit] is what a file-scope declaration declares
 * (not inside parentheses, braces or an initializer); *is_static when that
 * declaration is static or a typedef, *tagged when it carries tag. */
static int declared_at(const struct toks *x, size_t hit, const struct toks *done,
		       const char *tag, int *is_static, int *tagged)
{
	int depth = 0;
	const char *s;

	*is_static = *tagged = 0;
	for (size_t k = 0; (s = back(x, hit, done, k)); k++) {
		if (!strcmp(s, ")") || !strcmp(s, "]"))
			depth++;
		else if (!strcmp(s, "(") || !strcmp(s, "[") || !strcmp(s, "{")) {
			if (!depth--)
				return 0;
		} else if (depth)
			continue;
		else if (!strcmp(s, ";") || !strcmp(s, "}"))
			break;
		else if (!strcmp(s, "="))
			return 0;
		else if (!strcmp(s, "static") || !strcmp(s, "typedef"))
			*is_static = 1;
		else if (tag && !strcmp(s, tag))
			*tagged = 1;
	}
	return 1;
}

/* "A -> B -> C": the macros expanded from the call down to expansion id. */
static char *chain_of(const struct site_search *S, long id)
{
	char *chain = NULL;

	for (; id >= 0; id = S->ex[id].parent) {
		const char *name = strtab_str(&S->c->names, S->c->defs[S->ex[id].def].name);
		char *longer = chain ? xasprintf("%s -> %s", name, chain) : xstrdup(name);

		free(chain);
		chain = longer;
	}
	return chain;
}

/* Where in d's file the tag goes: before body token `index` of d. */
static int body_offset(const struct definer_ctx *c, const struct mdef *d, long index,
		       size_t *offset)
{
	size_t n = 0, at = 0;
	char *text = read_file(strtab_str(&c->paths, d->file), &n);
	const char *body;

	for (unsigned l = 1; text && l < d->line && at < n; at++)
		l += text[at] == '\n';
	body = text && *d->body ? memmem(text + at, n - at, d->body, strlen(d->body)) : NULL;
	if (body) {
		struct lex_cursor cur;
		struct lex_item t;
		long k = -1;

		lex_cursor_init(&cur, text, n, DEF_LEX);
		cur.i = (size_t)(body - text);
		while (k < index && lex_next(&cur, &t))
			k++;
		*offset = k == index ? t.off : n;
	}
	free(text);
	return body != NULL;
}

/* Expand the call at the front of S->rest with definition def (its arguments
 * end at token end): 1 when the body declares the symbol (site filled). */
static int expand_front(struct site_search *S, long def, size_t end, const size_t *starts,
			size_t nargs, struct definer_site *site, int *is_static)
{
	const struct mdef *d = &S->c->defs[def];
	struct hits h = { S->symbol, 0, { 0 }, { 0 } };
	struct toks x = { 0 };
	struct stream next = { { 0 }, NULL, 0 };
	long id = (long)S->nex;

	substitute(d, &S->rest.t, starts, nargs, &x, &h);
	grow_array((void **)&S->ex, &S->ex_cap, S->nex + 1, sizeof(*S->ex));
	S->ex[S->nex++] = (struct expansion){ def, S->rest.from[S->head] };
	for (size_t k = 0; k < h.n; k++) {
		if (!declared_at(&x, h.out[k], &S->done.t, S->tag, is_static, &site->tagged))
			continue;
		site->file = xstrdup(strtab_str(&S->c->paths, d->file));
		site->line = d->line;
		site->macro = xstrdup(strtab_str(&S->c->names, d->name));
		site->chain = chain_of(S, id);
		site->found = body_offset(S->c, d, h.body[k], &site->offset);
		toks_free(&x);
		return 1;
	}
	S->c->budget = S->c->budget > x.n ? S->c->budget - x.n : 0;
	for (size_t k = 0; k < x.n; k++)
		stream_push(&next, x.v[k], id);
	for (size_t k = end; k < S->rest.t.n; k++)
		stream_push(&next, S->rest.t.v[k], S->rest.from[k]);
	for (size_t k = S->head; k < end; k++)
		free(S->rest.t.v[k]);
	free(x.v);
	free(S->rest.t.v);
	free(S->rest.from);
	S->rest = next;
	S->head = 0;
	return 0;
}

/* The live definitions of the macro at the front of rest agree (or are one). */
static int defs_agree(const struct definer_ctx *c, const long *defs, size_t n)
{
	for (size_t k = 1; k < n; k++)
		if (strcmp(c->defs[defs[k]].body, c->defs[defs[0]].body) ||
		    c->defs[defs[k]].nparams != c->defs[defs[0]].nparams)
			return 0;
	return 1;
}

static enum definer_verdict site_scan(struct site_search *S, struct definer_site *site,
				      char **why)
{
	struct definer_ctx *c = S->c;
	int is_static;
	char buf[512];

	while (S->head < S->rest.t.n) {
		const char *s = S->rest.t.v[S->head];
		size_t ndefs = 0, starts[64], nargs = 0, end;
		long defs[16];

		if (is_id(s) && !keyword_call(s))
			ndefs = live_defs(c, s, defs, 16);
		if (ndefs && !c->defs[defs[0]].alias &&
		    (S->head + 1 >= S->rest.t.n || strcmp(S->rest.t.v[S->head + 1], "(")))
			ndefs = 0;
		if (!ndefs) {
			stream_push(&S->done, S->rest.t.v[S->head], S->rest.from[S->head]);
			S->rest.t.v[S->head++] = NULL;
			continue;
		}
		if (!defs_agree(c, defs, ndefs)) {
			*why = xasprintf("%s is defined differently in #if arms (%s and %s) and "
					 "crossym cannot tell which one the build used", s,
					 def_where(c, &c->defs[defs[0]], buf, sizeof(buf) / 2),
					 def_where(c, &c->defs[defs[1]], buf + sizeof(buf) / 2,
						   sizeof(buf) / 2));
			return DEFINER_ARMS;
		}
		end = c->defs[defs[0]].alias ? S->head + 1 :
		      call_args(&S->rest.t, S->head + 1, starts, &nargs, 63);
		if (!end) {
			*why = xasprintf("a call of %s in the expansion is not closed", s);
			return DEFINER_UNKNOWN;
		}
		if (expand_front(S, defs[0], end, starts, nargs, site, &is_static)) {
			if (!site->found)
				*why = xasprintf("the #define of %s (%s:%u) could not be read again",
						 site->macro, site->file, site->line);
			else if (is_static)
				*why = xasprintf("%s declares %s static", site->chain, S->symbol);
			return !site->found ? DEFINER_UNKNOWN : is_static ? DEFINER_STATIC :
			       DEFINER_OK;
		}
		if (!c->budget || S->nex >= SITE_EXPANSIONS) {
			*why = xasprintf("the expansion is too large to follow");
			return DEFINER_UNKNOWN;
		}
	}
	*why = xasprintf("no macro of the expansion declares %s", S->symbol);
	return DEFINER_OTHER;
}

/* 1 when tokens t are top-level asm statements only, `asm("..." "...");`
 * (string literals inside), none of them the symbol: what the assembler
 * makes from them no C declaration makes. */
static int asm_statements_only(const struct toks *t, const char *symbol)
{
	size_t i = 0;

	while (i < t->n) {
		const char *s = t->v[i];

		if (strcmp(s, "asm") && strcmp(s, "__asm__") && strcmp(s, "__asm"))
			return 0;
		if (++i >= t->n || strcmp(t->v[i++], "("))
			return 0;
		while (i < t->n && t->v[i][0] == '"' && strcmp(t->v[i], symbol))
			i++;
		if (i >= t->n || strcmp(t->v[i++], ")"))
			return 0;
		while (i < t->n && !strcmp(t->v[i], ";"))
			i++;
	}
	return t->n > 0;
}

enum definer_verdict definer_site(struct definer_ctx *c, const char *text, size_t len,
				  const char *source_abs, const char *cmd_file,
				  const char *build_dir, const char *macro, unsigned line,
				  const char *symbol, const char *tag,
				  struct definer_site *site, char **why)
{
	struct site_search S;
	struct toks call = { 0 };
	enum definer_verdict v = DEFINER_UNKNOWN;

	memset(site, 0, sizeof(*site));
	memset(&S, 0, sizeof(S));
	S.c = c;
	S.symbol = symbol;
	S.tag = tag;
	*why = NULL;
	prepare_object(c, text, len, source_abs, cmd_file, build_dir);
	c->budget = SITE_TOKENS;
	if (!call_tokens(text, len, line, macro, &call))
		*why = xasprintf("the call of %s at line %u could not be read", macro, line);
	else {
		for (size_t k = 0; k < call.n; k++)
			stream_push(&S.rest, call.v[k], -1);
		free(call.v);
		call = (struct toks){ 0 };
		v = site_scan(&S, site, why);
		if (v == DEFINER_OTHER && asm_statements_only(&S.done.t, symbol)) {
			free(*why);
			*why = xasprintf("the expansion of %s is top-level asm only: the "
					 "assembler makes %s", macro, symbol);
			v = DEFINER_ASM;
		}
	}
	toks_free(&call);
	stream_free(&S.done);
	stream_free(&S.rest);
	free(S.ex);
	return v;
}

void definer_site_free(struct definer_site *s)
{
	free(s->file);
	free(s->macro);
	free(s->chain);
	memset(s, 0, sizeof(*s));
}

int definer_deps_each(const char *cmdtext, const char *build_dir,
		      int (*fn)(void *arg, const char *path), void *arg)
{
	return deps_each(cmdtext, build_dir, fn, arg);
}
