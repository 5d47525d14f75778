// SPDX-License-Identifier: GPL-2.0-only
/* cpprun.c - run a kbuild compile command as the preprocessor, only when the
 * user asked (--run-build-commands), and never through a shell: the command
 * text is split into words here and run with execvp. */
#include "cpprun.h"
#include "kbuild.h"
#include "util.h"

#include "strtab.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Whether the build's compile commands may be run (--run-build-commands),
 * and the .cmd files whose command was wanted but not run. */
static struct cpp_options {
	int run_build_commands;
	struct strtab unrun;
	int unrun_ready;
} cpp_opts;

void cpp_set_run_commands(int allow)
{
	cpp_opts.run_build_commands = allow;
}

int cpp_was_unrun(const char *cmd_file)
{
	return cpp_opts.unrun_ready && strtab_find(&cpp_opts.unrun, cmd_file) >= 0;
}

void cpp_forget_unrun(void)
{
	if (cpp_opts.unrun_ready)
		strtab_free(&cpp_opts.unrun);
	cpp_opts.unrun_ready = 0;
}

static void note_unrun(const char *cmd_file)
{
	if (!cpp_opts.unrun_ready)
		strtab_init(&cpp_opts.unrun);
	cpp_opts.unrun_ready = 1;
	strtab_intern(&cpp_opts.unrun, cmd_file);
}

struct words {
	char **v;
	size_t n, cap;
	char *cur;              /* the word being built */
	size_t len, curcap;
	int in_word;
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
 * closing quote, or NULL with *why. */
static const char *double_quoted(struct words *w, const char *p, const char **why)
{
	for (; *p && *p != '"'; p++) {
		if (*p == '$' || *p == '`') {
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
	if (!*p) {
		*why = "an unterminated double quote";
		return NULL;
	}
	return p + 1;
}

char **cpp_command_words(const char *cmd, size_t *nwords, const char **why)
{
	struct words w = { 0 };
	const char *p = cmd;

	*why = NULL;
	*nwords = 0;
	while (*p && !strchr(";|&\n", *p)) {
		const char *close;

		if (*p == ' ' || *p == '\t') {
			word_end(&w);
			p++;
		} else if (*p == '#' && !w.in_word) {
			break;                          /* a comment */
		} else if (*p == '\'') {
			close = strchr(p + 1, '\'');
			if (!close)
				return words_fail(&w, why, "an unterminated single quote");
			w.in_word = 1;
			while (++p < close)
				word_char(&w, *p);
			p++;
		} else if (*p == '"') {
			w.in_word = 1;
			p = double_quoted(&w, p + 1, why);
			if (!p)
				return words_fail(&w, why, *why);
		} else if (*p == '\\') {
			if (!p[1])
				return words_fail(&w, why, "a backslash at the end");
			if (p[1] != '\n')
				word_char(&w, p[1]);
			p += 2;
		} else if (strchr("$`()<>*?[]{}~!", *p)) {
			return words_fail(&w, why, "a shell metacharacter ($ ` ( ) < > * ? [ ] "
					  "{ } ~ !) outside quotes");
		} else {
			word_char(&w, *p++);
		}
	}
	word_end(&w);
	free(w.cur);
	w.cur = NULL;
	if (!w.n)
		return words_fail(&w, why, "no command");
	if (strchr(w.v[0], '='))
		return words_fail(&w, why, "an environment assignment before the command");
	*nwords = w.n;
	return w.v;
}

/* A C compiler by its name: cc, gcc, x86_64-linux-gnu-gcc-12, clang-14... */
static int is_compiler(const char *prog)
{
	const char *base = strrchr(prog, '/') ? strrchr(prog, '/') + 1 : prog;

	return strstr(base, "gcc") || strstr(base, "clang") || str_has_suffix(base, "cc");
}

/* 1 when a compile command word writes a side file crossym must not make:
 * dependency files, -save-temps, -fdump-*. *skip is how many words go. */
static int side_effect_word(char *const *words, size_t i, size_t n, size_t *skip)
{
	const char *w = words[i];

	*skip = 1;
	if (!strcmp(w, "-MF") || !strcmp(w, "-MT") || !strcmp(w, "-MQ")) {
		*skip = i + 1 < n ? 2 : 1;
		return 1;
	}
	return str_has_prefix(w, "-Wp,-M") || !strcmp(w, "-MD") || !strcmp(w, "-MMD") ||
	       str_has_prefix(w, "-save-temps") || str_has_prefix(w, "-fdump-") ||
	       str_has_prefix(w, "-MF");
}

char **cpp_rewrite_words(char *const *words, size_t n, const char *const *mode,
			 const char *out, const char **why)
{
	char **v = NULL;
	size_t nv = 0, cap = 0, skip, prog = 0;
	int has_c = 0, has_o = 0;

	if (n && (!strcmp(words[0], "ccache") || !strcmp(words[0], "distcc")))
		prog = 1;
	if (prog >= n || !is_compiler(words[prog])) {
		*why = "not a C compiler";
		return NULL;
	}
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

/* Run words (argv) in dir with stdin and stderr on /dev/null; its stdout,
 * or NULL when it cannot run or fails. */
static char *run_capture(const char *dir, char **words, size_t *len)
{
	int fds[2], status;
	char *out = NULL;
	size_t cap = 0, used = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(fds))
		return NULL;
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return NULL;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);

		if (null < 0 || chdir(dir) || dup2(null, 0) < 0 || dup2(null, 2) < 0 ||
		    dup2(fds[1], 1) < 0)
			_exit(127);
		close(fds[0]);
		execvp(words[0], words);
		_exit(127);
	}
	close(fds[1]);
	for (;;) {
		grow_array((void **)&out, &cap, used + 65536 + 1, 1);
		n = read(fds[0], out + used, cap - used - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		used += (size_t)n;
	}
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (n < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || !used) {
		free(out);
		return NULL;
	}
	out[used] = '\0';
	*len = used;
	return out;
}

char **cpp_cmd_file_words(const char *cmd_file, size_t *nwords, const char **why)
{
	char *text = read_file(cmd_file, NULL);
	char *cmd = text ? kbuild_cmd_command(text) : NULL;
	char **words = NULL;

	*why = "no compile command";
	if (cmd)
		words = cpp_command_words(cmd, nwords, why);
	free(cmd);
	free(text);
	return words;
}

void cpp_free_words(char **words)
{
	for (size_t i = 0; words && words[i]; i++)
		free(words[i]);
	free(words);
}

char *cpp_preprocess(const char *build_dir, const char *cmd_file, size_t *len)
{
	static const char *const to_stdout[] = { "-E", NULL };
	char **words, **argv = NULL, *out = NULL;
	const char *why = NULL;
	size_t n = 0;

	if (!cpp_opts.run_build_commands) {
		note_unrun(cmd_file);           /* reads files only */
		return NULL;
	}
	words = cpp_cmd_file_words(cmd_file, &n, &why);
	if (words)
		argv = cpp_rewrite_words(words, n, to_stdout, "-", &why);
	if (!argv)
		warn("%s: compile command not run: %s", cmd_file, why);
	else
		out = run_capture(build_dir, argv, len);
	cpp_free_words(words);
	cpp_free_words(argv);
	return out;
}

/* Skip a literal starting at p (quote q); returns the character after it. */
static const char *skip_literal(const char *p, const char *end, char q)
{
	for (p++; p < end && *p != q && *p != '\n'; p++)
		if (*p == '\\' && p + 1 < end)
			p++;
	return p < end ? p + 1 : end;
}

int cpp_has_identifier(const char *text, size_t len, const char *name)
{
	const char *p = text, *end = text + len;
	size_t nlen = strlen(name);
	int line_start = 1;

	while (p < end) {
		if (line_start && *p == '#') {          /* a line marker */
			const char *nl = memchr(p, '\n', (size_t)(end - p));

			p = nl ? nl + 1 : end;
			continue;
		}
		line_start = *p == '\n';
		if (*p == '"' || *p == '\'') {
			p = skip_literal(p, end, *p);
		} else if (isalpha((unsigned char)*p) || *p == '_') {
			const char *s = p;

			while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
				p++;
			if ((size_t)(p - s) == nlen && !memcmp(s, name, nlen))
				return 1;
		} else {
			p++;
		}
	}
	return 0;
}
