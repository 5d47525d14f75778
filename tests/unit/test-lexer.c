// SPDX-License-Identifier: GPL-2.0-only
/* test-lexer.c - lexer.c: the cursor's tokens and lines in each mode, the
 * spliced token array, and macros.c's table. */
#include "tap.h"
#include "text/lexer.h"
#include "text/macros.h"
#include "kbuild/cpprun.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* The tokens of text under flags, as "K:text" joined by spaces (K the first
 * letter of the kind: I, P, N, L, #). */
static char *tokens(const char *text, unsigned flags)
{
	static const char kinds[] = { 'I', 'P', 'N', 'L', '#' };
	struct lex_cursor c;
	struct lex_item t;
	char *s = xstrdup(""), *u;

	lex_cursor_init(&c, text, strlen(text), flags);
	while (lex_next(&c, &t)) {
		u = xasprintf("%s%s%c:%.*s", s, *s ? " " : "", kinds[t.kind], (int)t.len,
			      text + t.off);
		free(s);
		s = u;
	}
	return s;
}

static void check(const char *text, unsigned flags, const char *want)
{
	char *got = tokens(text, flags);

	TAP_STR(got, want, "tokens of '%s' (flags %u)", text, flags);
	free(got);
}

static void test_cursor(void)
{
	check("int $x = 0x1fULL + 1e+5; /* c */ // d\n", 0,
	      "I:int I:$x P:= N:0x1fULL P:+ N:1e+5 P:;");
	check("  #define A(x) x /* more\n lines */ y\nb L\"s\" 'c", 0,
	      "#:#define A(x) x /* more\n lines */ y I:b L:L\"s\" L:'c");
	check("a ## b ... c->d <<= e", LEXF_PUNCT2 | LEXF_NO_PP,
	      "I:a P:## I:b P:... I:c P:-> I:d P:<< P:= I:e");
	check("a \\\n b\nc", LEXF_SPLICE_BLANK | LEXF_STOP_NL, "I:a I:b");
	check("#x \"open\nb", LEXF_NO_PP, "P:# I:x L:\"open I:b");
	check("\"don't /* x\" $y 1.5e+3 8021q.h", LEXF_NO_LIT | LEXF_NO_COMMENT | LEXF_WORDS,
	      "P:\" I:don P:' I:t P:/ P:* I:x P:\" P:$ I:y N:1 P:. N:5e P:+ N:3 N:8021q P:. I:h");
	check("L\"s\" .5 1.5e+3 $y", LEXF_WORDS | LEXF_NUM_DOTS,
	      "L:L\"s\" P:. N:5 N:1.5e P:+ N:3 P:$ I:y");
}

static void test_lines(void)
{
	const char *text = "a\n# 40 \"f.c\"\nb\n\nc";
	struct lex_cursor c;
	struct lex_item t;
	unsigned lines[3], k = 0;

	lex_cursor_init(&c, text, strlen(text), 0);
	while (lex_next(&c, &t)) {
		if (t.kind == TK_PP)
			lex_cursor_setline(&c, t.off + t.len + 1, 40);
		else if (k < 3)
			lines[k++] = lex_cursor_line(&c, t.off);
	}
	TAP_OK(k == 3 && lines[0] == 1 && lines[1] == 40 && lines[2] == 42,
	       "lines counted, a line marker obeyed");
}

static void test_array(void)
{
	const char *text = "f(a) {\n#if X\n{\n#else\n}\n#endif\n} \\\ny\r\nx";
	struct lex L = { 0 };

	lex_open(&L, text, strlen(text));
	lex_tokens(&L);
	TAP_OK(lex_spliced(&L), "a backslash-newline and a CR: spliced");
	TAP_OK(L.nt == 13 && L.t[6].c == '{' && L.t[6].match == 10 && L.t[10].depth == 1,
	       "the first #if arm decides the braces (%zu tokens)", L.nt);
	TAP_OK(lex_line(&L, L.t[11].off) == 8 && lex_line(&L, L.t[12].off) == 9,
	       "the original lines after a splice");
	lex_free(&L);
}

static void test_macros(void)
{
	TAP_OK(macros_how("DEFINE_MUTEX", 12) == MACRO_DEFINES, "DEFINE_MUTEX defines");
	TAP_OK(macros_how("EXPORT_SYMBOL_GPL", 17) == MACRO_REFERS, "exports refer");
	TAP_OK(macros_how("COMPAT_SYSCALL_DEFINE3", 22) == MACRO_PASTES, "syscalls paste");
	TAP_OK(macros_how("late_initcall", 13) == MACRO_REFERS, "initcalls refer");
	TAP_OK(macros_how("DEFINE_FOO", 10) == 0, "an unknown macro may define");
	TAP_OK(macros_exports("EXPORT_SYMBOL", 13) && !macros_exports("EXPORT", 6),
	       "the export prefix");
	TAP_OK(macros_syscall_definer("SYSCALL_DEFINE0") && !macros_syscall_definer("COND_SYSCALL"),
	       "SYSCALL_DEFINEn");
}

/* cpp_asm_label_owner: the C name declared with asm("label"), or "-". */
static void check_label(const char *text, const char *label, const char *want)
{
	char *got = cpp_asm_label_owner(text, strlen(text), label);

	TAP_STR(got ? got : "-", want, "asm label %s in: %s", label, text);
	free(got);
}

int main(void)
{
	test_cursor();
	test_lines();
	test_array();
	test_macros();
	check_label("extern int errno asm(\"__u_boot_errno\");\nint errno asm(\"__u_boot_errno\") = 0;",
		    "__u_boot_errno", "errno");
	check_label("int hot_var __asm__ (\"hot_label\") = 3;", "hot_label", "hot_var");
	check_label("asm(\".globl hot_alias; .set hot_alias, x\");", "hot_alias", "-");
	check_label("int v __asm__(\"other\");", "hot_label", "-");
	check_label("asm(\"x\")", "x", "-");
	check_label("int f(int (*g)(void)) asm(\"f_label\");\nint f(int (*g)(void)) { return g(); }",
		    "f_label", "f");
	check_label("int a, b asm(\"b_lbl\");", "b_lbl", "b");
	check_label("void g(void) { asm(\"x\"); }", "x", "-");
	return tap_done();
}
