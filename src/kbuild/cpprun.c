// SPDX-License-Identifier: GPL-2.0-only
/* cpprun.c - run a kbuild compile command as the preprocessor, only when the
 * user asked (--run-build-commands), and never through a shell: the command
 * is split into words by cmdline.c and run by run.c. */
#include "kbuild/cpprun.h"
#include "kbuild/cmdline.h"
#include "kbuild/kbuild.h"
#include "text/lexer.h"
#include "lib/run.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

void cpp_runner_init(struct cpp_runner *r, int run_build_commands)
{
	r->run_build_commands = run_build_commands;
	strtab_init(&r->unrun);
	r->nrefused = 0;
	r->first_refused = NULL;
}

void cpp_runner_free(struct cpp_runner *r)
{
	strtab_free(&r->unrun);
	free(r->first_refused);
	r->first_refused = NULL;
}

void cpp_runner_say(const struct cpp_runner *r)
{
	if (r->nrefused)
		warn("%zu compile commands not run as the preprocessor (%s%s): the "
		     "definitions of their objects are placed from the sources alone",
		     r->nrefused, r->first_refused, r->nrefused > 1 ? "; and others" : "");
}

int cpp_was_unrun(const struct cpp_runner *r, const char *cmd_file)
{
	return strtab_find(&r->unrun, cmd_file) >= 0;
}

char *cpp_preprocess(struct cpp_runner *r, const char *build_dir, const char *cmd_file,
		     size_t *len)
{
	static const char *const to_stdout[] = { "-E", NULL };
	char **words, **argv = NULL, *out = NULL;
	const char *why = NULL;
	size_t n = 0;

	if (!r->run_build_commands) {
		strtab_intern(&r->unrun, cmd_file);     /* reads files only */
		return NULL;
	}
	words = kbuild_cmd_file_words(cmd_file, &n, &why);
	if (words)
		argv = cmdline_rewrite_compile(words, n, to_stdout, "-", &why);
	if (!argv && !r->nrefused++)
		r->first_refused = xasprintf("%s: %s", cmd_file, why);
	else if (argv && (run_argv(build_dir, argv, &out, len) || !*len)) {
		free(out);
		out = NULL;
	}
	cmdline_free(words);
	cmdline_free(argv);
	return out;
}

/* Whether t, of text, is the identifier word (len n). */
static int item_is(const char *text, const struct lex_item *t, const char *word, size_t n)
{
	return t->kind == TK_IDENT && t->len == n && !memcmp(text + t->off, word, n);
}

static int item_is_asm(const char *text, const struct lex_item *t)
{
	return item_is(text, t, "asm", 3) || item_is(text, t, "__asm", 5) ||
	       item_is(text, t, "__asm__", 7);
}

/* The declarator name an asm label after token prev belongs to: prev
 * itself (`int errno asm(...)`), or, after a `)`, the name before its `(`
 * (`int f(void) asm(...)`: closed, the last parenthesis closed). */
static const struct lex_item *label_owner(const char *text, const struct lex_item *prev,
					  const struct lex_item *closed)
{
	if (prev->kind == TK_IDENT)
		return prev;
	if (prev->kind == TK_PUNCT && text[prev->off] == ')' && closed->len)
		return closed;
	return NULL;
}

char *cpp_asm_label_owner(const char *text, size_t len, const char *label)
{
	enum { PAREN_DEPTH = 64 };
	struct lex_cursor c;
	struct lex_item t, prev = { TK_PUNCT, 0, 0 }, closed = { TK_IDENT, 0, 0 };
	struct lex_item cand = closed, open[PAREN_DEPTH];  /* the name before each open ( */
	size_t depth = 0, braces = 0, llen = strlen(label);
	int state = 0;                  /* after asm: 1, after its (: 2, its "label": 3 */

	lex_cursor_init(&c, text, len, 0);
	for (; lex_next(&c, &t); prev = t) {
		int punct = t.kind == TK_PUNCT ? text[t.off] : 0;
		const struct lex_item *o;

		if (state == 1 && punct == '(')
			state = 2;
		else if (state == 2 && t.kind == TK_LIT && t.len == llen + 2 &&
			 text[t.off] == '"' && !memcmp(text + t.off + 1, label, llen))
			state = 3;
		else if (state == 3 && punct == ')')
			return xstrndup(text + cand.off, cand.len);
		else
			state = 0;
		/* (a label is at file scope: an asm statement in a function is none) */
		braces += punct == '{';
		braces -= punct == '}' && braces;
		if (!state && !braces && item_is_asm(text, &t) &&
		    (o = label_owner(text, &prev, &closed))) {
			cand = *o;
			state = 1;
		}
		if (punct == '(' && depth < PAREN_DEPTH)
			open[depth++] = prev.kind == TK_IDENT ? prev : (struct lex_item){ TK_IDENT, 0, 0 };
		else if (punct == ')' && depth)
			closed = open[--depth];
	}
	return NULL;
}

int cpp_has_identifier(const char *text, size_t len, const char *name)
{
	struct lex_cursor c;
	struct lex_item t;
	size_t nlen = strlen(name);

	lex_cursor_init(&c, text, len, 0);
	while (lex_next(&c, &t))
		if (t.kind == TK_IDENT && t.len == nlen && !memcmp(text + t.off, name, nlen))
			return 1;
	return 0;
}
