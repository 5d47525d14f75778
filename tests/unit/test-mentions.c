// SPDX-License-Identifier: GPL-2.0-only
/* test-mentions.c - the mentions scanner of crossym cocci --static: each
 * mention's place (code, #define, asm), its declaration's kind and flags,
 * its #if arm, and whether a declaration stands alone on its lines. */
#include "tap.h"
#include "source/mentions.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* The mentions of name in text as "LINE:WHERE:DECL:FLAGS:ARM ..." with WHERE
 * c, d, i, a or o; DECL - f v p e o; FLAGS the MF_ bits; ARM the arm's text
 * or - (the declaration's first line and column after @ when it has one). */
static char *mentions_string(const char *text, const char *name)
{
	struct strtab names;
	struct mentions m;
	char *s = xstrdup("");

	strtab_init(&names);
	mentions_init(&m);
	strtab_intern(&names, name);
	mentions_scan_text("t.c", text, strlen(text), &names, &m);
	for (size_t k = 0; k < m.count; k++) {
		const struct mention *x = &m.v[k];
		char *more = xasprintf("%s%s%u:%c:%c:%u:%s", s, *s ? " " : "", x->line,
				       "cdiao"[x->where], "-fvpeo"[x->decl], x->flags,
				       x->arm ? m.arms[x->arm].text : "-");

		free(s);
		s = more;
		if (x->decl != MD_NONE) {
			more = xasprintf("%s@%u.%u%s", s, x->decl_line, x->decl_col,
					 x->alone ? "!" : "");
			free(s);
			s = more;
		}
	}
	mentions_free(&m);
	strtab_free(&names);
	return s;
}

static void check(const char *text, const char *name, const char *want, const char *what)
{
	char *got = mentions_string(text, name);

	TAP_STR(got, want, "%s", what);
	free(got);
}

int main(void)
{
	check("int foo(int x)\n{\n\treturn x;\n}\n", "foo", "1:c:f:0:-@1.0", "a function definition");
	check("int foo;\nint bar = 1;\n", "foo", "1:c:v:0:-@1.0!", "a tentative definition, alone");
	check("extern int foo; /* it */\n", "foo", "1:c:e:2:-@1.0!", "an extern declaration with a comment");
	check("int foo(int a,\n\tint b);\n", "foo", "1:c:p:0:-@1.0!", "a prototype over two lines");
	check("static int foo(void) { return 0; }\n", "foo", "1:c:f:1:-@1.0", "a static definition");
	check("int a, foo;\n", "foo", "1:c:v:8:-@1.0!", "declared together with another name");
	check("__attribute__((used)) int foo(void) { return 1; }\n", "foo", "1:c:f:16:-@1.0",
	      "pinned by `used`");
	check("int bar(void) { return foo(1); }\n", "foo", "1:c:-:0:-", "a use in a body");
	check("struct ops o = { .f = foo };\nvoid (*p)(void) = foo;\n", "foo",
	      "1:c:-:0:- 2:c:-:0:-", "uses in initialisers");
	check("#define CALL() foo()\n", "foo", "1:d:-:0:-", "inside a #define");
	check("asm(\".quad foo\");\nvoid f(void) { asm volatile(\"call foo\"); }\n", "foo",
	      "1:a:-:0:- 2:a:-:0:-", "inside asm strings, top level and in a body");
	check("/* foo */ // foo\nconst char *s = \"foo\";\n", "foo", "",
	      "comments and a plain string do not count");
	check("#ifdef CONFIG_X\nint foo;\n#else\nint foo = 1;\n#endif\nint z = foo;\n", "foo",
	      "2:c:v:0:#ifdef CONFIG_X@2.0! 4:c:v:0:#else after #ifdef CONFIG_X@4.0! 6:c:-:0:-",
	      "#if arms: the arm of each mention");
	check("struct foo { int a; };\nint foo2;\n", "foo", "1:c:-:0:-", "a struct tag is no declarator");
	check("typedef int foo;\n", "foo", "1:c:o:4:-@1.0!", "a typedef");
	check("int x = 0x1foo + 3; int foo = 2;\n", "foo", "1:c:v:0:-@1.20",
	      "numbers are not words; a declaration not starting its line");
	check("asm(\"movq $foo, %rax\\n\\tcall\\tfoo\");\n", "foo", "1:a:-:0:-",
	      "an asm string: $foo is foo, \\tfoo is not");
	check("#define A 1 /* foo */\n#if B \\\n  || foo /* x */ > 1\nint foo;\n#endif\n", "foo",
	      "1:d:-:0:- 2:i:-:0:- 4:c:v:0:#if B || foo@4.0!",
	      "directive words: comments on their line and spliced lines count");
	check("int foo, *s = L\"foo\";\n", "foo", "1:c:v:8:-@1.0!",
	      "a literal's prefix is a word, not its text");
	return tap_done();
}
