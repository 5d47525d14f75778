// SPDX-License-Identifier: GPL-2.0-only
/* test-tagstyle.c - where a tag stands on a function definition (srcscan's
 * enum tag_pos), the position chosen from the counts, the move to the first
 * position, the #define --define-tag adds and verify's view of it, and the
 * #define the tag check looks for. */
#include "tap.h"
#include "source/srcscan.h"
#include "patch/tagdef.h"
#include "patch/tagstyle.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* The position of the one tag in text: "none", "name", "first", "other", or
 * "count N" when there is not exactly one. */
static const char *pos_of(const char *text)
{
	static const char *const names[] = { "none", "name", "first", "other" };
	struct src_tag *tags;
	size_t n = srcscan_tags(text, strlen(text), "__visible", &tags);
	const char *s = n == 1 ? names[tags[0].pos] : "count";

	srcscan_free(tags, n);
	return s;
}

static void test_positions(void)
{
	TAP_STR(pos_of("asmlinkage __visible void foo(void) { }\n"), "first",
		"asmlinkage __visible void foo: first");
	TAP_STR(pos_of("__visible void foo(void) { }\n"), "first", "__visible void: first");
	TAP_STR(pos_of("__visible noinstr struct pt_regs *foo(int x) { return 0; }\n"), "first",
		"__visible noinstr struct ... *: first");
	TAP_STR(pos_of("inline __visible unsigned long f(void) { return 0; }\n"), "first",
		"inline __visible unsigned long: first");
	TAP_STR(pos_of("void __visible foo(void) { }\n"), "name", "void __visible foo: name");
	TAP_STR(pos_of("void __init __visible paging_init(void) { }\n"), "name",
		"after __init: name");
	TAP_STR(pos_of("pte_t * __visible pte_alloc_one(int a) { return 0; }\n"), "name",
		"after the *: name");
	TAP_STR(pos_of("struct page *\n__visible alloc_page(int order) { return 0; }\n"), "name",
		"name on the line below the type: name");
	TAP_STR(pos_of("void __visible __init foo(void) { }\n"), "other",
		"between the type and __init: other");
	TAP_STR(pos_of("my_t __visible __init foo(void) { return 0; }\n"), "other",
		"after a typedef name, before __init: other");
	TAP_STR(pos_of("__visible void foo(void);\n"), "none", "a prototype: none");
	TAP_STR(pos_of("unsigned long __visible jiffies;\n"), "none", "a variable: none");
	TAP_STR(pos_of("extern __typeof__(f) f __visible;\n"), "none", "a re-declaration: none");
}

static void check_apply(const char *text, const char *const *wanted, size_t nw,
			int first, int define, const char *want, const char *what)
{
	struct tagstyle s = { .first = first };
	size_t len = strlen(text);
	char *got = tagstyle_apply(&s, "__global", wanted, nw, define, xstrdup(text), &len);

	TAP_OK(len == strlen(got), "%s: length kept", what);
	TAP_STR(got, want, "%s", what);
	free(got);
}

static void test_move(void)
{
	static const char *const w[] = { "f", "g", "alloc_page" };

	check_apply("void __init __global f(void) { }\nint __global g(int x) { return x; }\n",
		    w, 2, 1, 0,
		    "__global void __init f(void) { }\n__global int g(int x) { return x; }\n",
		    "both tags move first");
	check_apply("asmlinkage long __global f(void) { return 0; }\n", w, 1, 1, 0,
		    "asmlinkage __global long f(void) { return 0; }\n",
		    "after asmlinkage, before the type");
	check_apply("struct page *\n__global alloc_page(int order)\n{\n\treturn 0;\n}\n", w + 2, 1,
		    1, 0, "struct page *\n__global alloc_page(int order)\n{\n\treturn 0;\n}\n",
		    "a return type on the line above: the tag stays on the name's line");
	check_apply("int __global h(void) { return 0; }\n", w, 2, 1, 0,
		    "int __global h(void) { return 0; }\n", "a symbol not wanted stays");
	check_apply("void __global f(void) { }\n", w, 1, 0, 0, "void __global f(void) { }\n",
		    "position name: nothing moves");
	check_apply("unsigned long __global f;\n", w, 1, 1, 0, "unsigned long __global f;\n",
		    "a variable keeps the tag before the name");
	check_apply("#define X \\\n\t1\nvoid __global f(void) { }\n", w, 1, 1, 0,
		    "#define X \\\n\t1\nvoid __global f(void) { }\n",
		    "a text with a backslash-newline: left before the name");
}

#define BLOCK "#ifndef __global\n#define __global __attribute__((externally_visible, used))\n#endif\n"

static void test_define(void)
{
	check_apply("// SPDX\n#include <a.h>\n\nint __global x;\n", NULL, 0, 0, 1,
		    "// SPDX\n#include <a.h>\n\n" BLOCK "int __global x;\n",
		    "after the comment and the #includes");
	check_apply("/* a\n * b */\n#ifdef C\n#include <c.h>\n#endif\nint x;\n", NULL, 0, 0, 1,
		    "/* a\n * b */\n#ifdef C\n#include <c.h>\n#endif\n" BLOCK "int x;\n",
		    "after a closed #ifdef");
	check_apply("#include <a.h>\n#ifdef C\nint x;\n#endif\n", NULL, 0, 0, 1,
		    "#include <a.h>\n" BLOCK "#ifdef C\nint x;\n#endif\n",
		    "not inside an #ifdef the code starts in");
	check_apply("#ifndef H\n#define H\n#define Y 1\n#endif", NULL, 0, 0, 1,
		    "#ifndef H\n#define H\n#define Y 1\n#endif\n" BLOCK,
		    "a header of directives only: at its end");
	check_apply("int x;\n", NULL, 0, 0, 1, BLOCK "int x;\n", "code on line 1: at the top");

	const char *a = "int x;\nint y;\n";
	char *c = xstrdup("int x;\n" BLOCK "int __global y;\n");
	size_t lc = strlen(c);

	TAP_OK(tagstyle_strip_define("__global", a, strlen(a), c, &lc) && lc == strlen(c),
	       "verify: the block cut");
	TAP_STR(c, "int x;\nint __global y;\n", "verify: what is left");
	free(c);
	c = xstrdup(BLOCK "int x;\n");
	lc = strlen(c);
	TAP_OK(!tagstyle_strip_define("__global", c, lc, c, &lc), "a block the original has: kept");
	free(c);
}

static void test_choose(void)
{
	size_t npos[4] = { 0, 8, 85, 3 };
	struct tagstyle s;
	char *d;

	tagstyle_choose(&s, npos, NULL, NULL);
	d = tagstyle_describe(&s, "__visible");
	TAP_OK(s.first && s.how == STYLE_MEASURED, "85 first, 8 before the name: first");
	TAP_STR(d, "first (before the return type), as 85 of 96 __visible on function "
		"definitions in the sources", "said with the counts");
	free(d);
	tagstyle_free(&s);
	npos[2] = 8;
	tagstyle_choose(&s, npos, NULL, ".");
	TAP_OK(!s.first && s.define && !strcmp(s.define, "."), "a tie: before the name");
	tagstyle_free(&s);
	memset(npos, 0, sizeof(npos));
	tagstyle_choose(&s, npos, "first", NULL);
	TAP_OK(s.first && s.how == STYLE_OPTION, "--tag-position=first");
	tagstyle_free(&s);
	tagstyle_choose(&s, npos, NULL, NULL);
	d = tagstyle_describe(&s, "__global");
	TAP_STR(d, "before the name (the historic default: no __global on a function "
		"definition in the sources)", "no use: the historic default");
	free(d);
	tagstyle_free(&s);
}

static void test_defines(void)
{
	static const struct { const char *text; int want; } c[] = {
		{ "#define __visible __attribute__((externally_visible))\n", 1 },
		{ "# define __visible\n", 1 },
		{ "#if X\n  #  define\t__visible __attribute__((x))\n#endif\n", 1 },
		{ "#define __visible_x 1\n", 0 },
		{ "#define __visible(x) x\n", 0 },
		{ "#undef __visible\n", 0 },
		{ "int __visible;\n", 0 },
		{ "#define Y __visible\n", 0 },
		{ "/* #define */ __visible\n", 0 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		TAP_OK(tagdef_text_defines(c[i].text, strlen(c[i].text), "__visible") == c[i].want,
		       "#define of __visible %s: %.*s", c[i].want ? "found" : "not found",
		       (int)strcspn(c[i].text, "\n"), c[i].text);
}

int main(void)
{
	test_positions();
	test_move();
	test_define();
	test_choose();
	test_defines();
	return tap_done();
}
