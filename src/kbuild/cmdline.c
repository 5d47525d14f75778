// SPDX-License-Identifier: GPL-2.0-only
/* cmdline.c - kbuild command lines: split into words as sh would (the one
 * splitter), the compile command of a .cmd file, rewritten for another run. */
#include "kbuild/cmdline.h"
#include "lib/util.h"

#include <stdlib.h>
#include <unistd.h>
#include <string.h>

struct words {
	char **v;
	size_t n, cap;
	char *cur;              /* the word being built */
	size_t len, curcap;
	int in_word;
	enum cmdline_mode mode;
};

static void word_char(struct words *w, char c)
{
	grow_array((void **)&w->cur, &w->curcap, w->len + 2, 1);
	w->cur[w->len++] = c;
	w->in_word = 1;
}

static void word_end(struct words *w)
{
	if (!w->in_word)
		return;
	grow_array((void **)&w->v, &w->cap, w->n + 2, sizeof(*w->v));
	w->v[w->n++] = xstrndup(w->cur ? w->cur : "", w->len);
	w->v[w->n] = NULL;
	w->len = 0;
	w->in_word = 0;
}

static char **words_fail(struct words *w, const char **why, const char *what)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
	free(w->cur);
	*why = what;
	return NULL;
}

/* Inside double quotes from p (after the quote); the character after the
 * closing quote (CMDLINE_READ: or the end), or NULL with *why. */
static const char *double_quoted(struct words *w, const char *p, const char **why)
{
	for (; *p && *p != '"'; p++) {
		if ((*p == '$' || *p == '`') && w->mode == CMDLINE_RUN) {
			*why = "a $ or ` inside double quotes (shell expansion)";
			return NULL;
		}
		if (*p == '\\' && p[1] && strchr("$`\"\\\n", p[1])) {
			if (p[1] != '\n')
				word_char(w, p[1]);
			p++;
		} else {
			word_char(w, *p);
		}
	}
	if (*p)
		return p + 1;
	if (w->mode == CMDLINE_READ)
		return p;
	*why = "an unterminated double quote";
	return NULL;
}

/* Inside single quotes from p (after the quote): as double_quoted. */
static const char *single_quoted(struct words *w, const char *p, const char **why)
{
	const char *close = strchr(p, '\'');

	if (!close && w->mode == CMDLINE_RUN) {
		*why = "an unterminated single quote";
		return NULL;
	}
	w->in_word = 1;
	for (; *p && p != close; p++)
		word_char(w, *p);
	return *p ? p + 1 : p;
}

/* One unquoted character at p (not a blank); what follows it, or NULL with
 * *why when it is refused. */
static const char *unquoted(struct words *w, const char *p, const char **why)
{
	int run = w->mode == CMDLINE_RUN;

	if (*p == '\\' && p[1]) {
		if (p[1] != '\n')
			word_char(w, p[1]);
		return p + 2;
	}
	if (run && *p == '\\') {
		*why = "a backslash at the end";
		return NULL;
	}
	if (run && strchr("$`()<>*?[]{}~!", *p)) {
		*why = "a shell metacharacter ($ ` ( ) < > * ? [ ] { } ~ !) outside quotes";
		return NULL;
	}
	word_char(w, *p);
	return p + 1;
}

char **cmdline_words(const char *cmd, enum cmdline_mode mode, size_t *nwords,
		     const char **why)
{
	struct words w = { .mode = mode };
	const char *p = cmd;

	*why = NULL;
	*nwords = 0;
	while (p && *p && !strchr(";|&\n", *p)) {
		if (*p == ' ' || *p == '\t') {
			word_end(&w);
			p++;
		} else if (*p == '#' && !w.in_word) {
			break;                          /* a comment */
		} else if (*p == '\'') {
			p = single_quoted(&w, p + 1, why);
		} else if (*p == '"') {
			w.in_word = 1;
			p = double_quoted(&w, p + 1, why);
		} else {
			p = unquoted(&w, p, why);
		}
	}
	if (!p)
		return words_fail(&w, why, *why);
	word_end(&w);
	free(w.cur);
	w.cur = NULL;
	if (mode == CMDLINE_RUN && !w.n)
		return words_fail(&w, why, "no command");
	if (mode == CMDLINE_RUN && strchr(w.v[0], '='))
		return words_fail(&w, why, "an environment assignment before the command");
	*nwords = w.n;
	return w.v;
}

const char *cmdline_unquoted(const char *p, const char *stops)
{
	char quote = 0;

	for (; *p; p++) {
		if (quote == '\'') {
			if (*p == '\'')
				quote = 0;
		} else if (*p == '\\' && p[1]) {
			p++;
		} else if (quote) {
			if (*p == '"')
				quote = 0;
		} else if (*p == '\'' || *p == '"') {
			quote = *p;
		} else if (strchr(stops, *p)) {
			break;
		}
	}
	return p;
}

void cmdline_free(char **words)
{
	for (size_t i = 0; words && words[i]; i++)
		free(words[i]);
	free(words);
}

int cmdline_is_relocatable_link(const char *cmd)
{
	const char *why;
	size_t n;
	char **w = cmdline_words(cmd, CMDLINE_READ, &n, &why);
	int relocatable = 0, compiles = 0;

	for (size_t i = 0; i < n; i++) {
		if (!strcmp(w[i], "-r") || !strcmp(w[i], "--relocatable"))
			relocatable = 1;
		else if (!strcmp(w[i], "-c"))
			compiles = 1;
	}
	cmdline_free(w);
	return relocatable && !compiles;
}

/* A C compiler by its name: cc, gcc, x86_64-linux-gnu-gcc-12, clang-14... */
static int is_compiler(const char *prog)
{
	const char *base = strrchr(prog, '/') ? strrchr(prog, '/') + 1 : prog;

	return strstr(base, "gcc") || strstr(base, "clang") || str_has_suffix(base, "cc");
}

/* 1 when a compile command word writes a side file or runs a program crossym
 * must not: dependency files, -save-temps, dumps, listings, coverage notes,
 * plugins, specs, tool directories, wrappers. *skip is how many words go. */
static int side_effect_word(char *const *words, size_t i, size_t n, size_t *skip)
{
	static const char *const with_arg[] = {
		"-MF", "-MT", "-MQ", "-aux-info", "-wrapper", "-B", "-Xassembler",
		"-Xpreprocessor", "-Xlinker", "-dumpdir", "-dumpbase", "-specs", NULL
	};
	static const char *const prefixes[] = {
		"-Wp,-M", "-save-temps", "--save-temps", "-fdump-", "-MF", "-aux-info",
		"-wrapper", "-B", "-fplugin", "-specs=", "--specs", "-Wl,", "--output",
		"-fstack-usage", "-fcallgraph-info", "-fprofile-", "-ftest-coverage",
		"--coverage", "-fopt-info", "-dumpdir", "-dumpbase", "-fdiagnostics-format",
		NULL
	};
	const char *w = words[i];

	*skip = 1;
	for (const char *const *a = with_arg; *a; a++)
		if (!strcmp(w, *a)) {
			*skip = i + 1 < n ? 2 : 1;
			return 1;
		}
	for (const char *const *p = prefixes; *p; p++)
		if (str_has_prefix(w, *p))
			return 1;
	/* the assembler's listings (-a[...][=FILE]) and output */
	if (str_has_prefix(w, "-Wa,"))
		return strstr(w, ",-a") || strstr(w, ",--MD") || strstr(w, ",-o") != NULL;
	/* (-MP alone, its -MD gone, is an error: "you must specify -M or -MM") */
	return !strcmp(w, "-MD") || !strcmp(w, "-MMD") || !strcmp(w, "-MP");
}

/* The compiler word: a bare name found in an absolute PATH directory, or an
 * absolute path; never a relative path (a program of the tree). NULL when it
 * is fine, else why not. */
static const char *compiler_not_ok(const char *prog)
{
	const char *path = getenv("PATH");
	int found = 0;

	if (prog[0] == '/')
		return NULL;
	if (strchr(prog, '/'))
		return "a compiler named by a relative path (a program of the tree?)";
	while (path && *path && !found) {
		size_t len = strcspn(path, ":");

		if (len && path[0] == '/') {
			char *dir = xstrndup(path, len), *file = path_join(dir, prog);

			found = access(file, X_OK) == 0;
			free(file);
			free(dir);
		}
		path += len + (path[len] == ':');
	}
	return found ? NULL : "a compiler not found in PATH's absolute directories";
}

size_t cmdline_compiler_index(char *const *words, size_t n)
{
	return n && (!strcmp(words[0], "ccache") || !strcmp(words[0], "distcc"));
}

int cmdline_is_clang(char *const *words, size_t n)
{
	size_t i = cmdline_compiler_index(words, n);
	const char *base;

	if (i >= n)
		return 0;
	base = strrchr(words[i], '/') ? strrchr(words[i], '/') + 1 : words[i];
	return !strncmp(base, "clang", 5);
}

char **cmdline_rewrite_compile(char *const *words, size_t n, const char *const *mode,
			       const char *out, const char **why)
{
	char **v = NULL;
	size_t nv = 0, cap = 0, skip, prog = 0;
	int has_c = 0, has_o = 0;

	prog = cmdline_compiler_index(words, n);
	if (prog >= n || !is_compiler(words[prog])) {
		*why = "not a C compiler";
		return NULL;
	}
	if ((*why = compiler_not_ok(words[prog])) != NULL ||
	    (prog && (*why = compiler_not_ok(words[0])) != NULL))
		return NULL;
	for (size_t i = 0; i < n; i++) {
		if (i > prog && !strcmp(words[i], "-c")) {
			has_c = 1;
			for (const char *const *m = mode; *m; m++)
				strv_push(&v, &nv, &cap, *m);
		} else if (i > prog && !strcmp(words[i], "-o") && i + 1 < n) {
			has_o = 1;
			strv_push(&v, &nv, &cap, "-o");
			strv_push(&v, &nv, &cap, out);
			i++;
		} else if (i > prog && side_effect_word(words, i, n, &skip)) {
			i += skip - 1;
		} else {
			strv_push(&v, &nv, &cap, words[i]);
		}
	}
	if (has_c && has_o)
		return v;
	strv_free(v, nv);
	*why = "no -c and -o";
	return NULL;
}
