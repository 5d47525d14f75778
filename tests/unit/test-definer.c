// SPDX-License-Identifier: GPL-2.0-only
/* test-definer.c - definer macro calls checked against the macro's
 * expansion (definer.c), on a small fake build: a .cmd file with -I, -D and
 * -include, headers, and the build's autoconf.h. TAP. */
#include "tap.h"
#include "fixture.h"
#include "source/definer.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/test-definer.XXXXXX";

static void put(const char *rel, const char *text)
{
	fixture_put(dir, rel, text);
}

static const char header[] =
	"#ifndef _DEFS_H\n#define _DEFS_H\n"
	"/* a comment\n   over lines */\n"
	"#define DEF_OK(n) int n = 0\n"
	"#define DEF_STATIC(n) \\\n\tstatic int rc_##n; \\\n\tint n = rc_##n\n"
	"#define DEF_OTHER(n) int helper_##n; int n\n"
	"#define DEF_TYPEDEF(n) typedef int n##_t; n##_t n\n"
	"#define DEF_NESTED(n) DEF_STATIC(n)\n"
	"#define DEF_NESTED_OK(t, n) __attribute__((used)) DEF_OK(n)\n"
	"#define DEF_ALIAS DEF_STATIC\n"
	"#define DEF_VA(n, ...) int n = { __VA_ARGS__ }\n"
	"#if defined(ARCH_WEAK) || defined(CONFIG_WEAK)\n"
	"#define DEF_WEAK(n) char scope_##n; int n\n"
	"#else\n"
	"#define DEF_WEAK(n) int n\n"
	"#endif\n"
	"#if LEVEL > 2\n#define DEF_LEVEL(n) static int n##_x; int n\n"
	"#else\n#define DEF_LEVEL(n) int n\n#endif\n"
	"#ifdef USE_STATIC\n#define DEF_BY_D(n) static int n##_x; int n\n"
	"#else\n#define DEF_BY_D(n) int n\n#endif\n"
	"#ifdef __SOME_BUILTIN__\n#define DEF_BUILTIN(n) static int n##_x; int n\n"
	"#else\n#define DEF_BUILTIN(n) int n\n#endif\n"
	"#endif\n";

static enum definer_verdict check(const char *build, const char *macro, const char *call,
				  const char *sym, char **why)
{
	char *b = path_join(dir, build), *cmdf = path_join(b, ".x.o.cmd");
	struct definer_ctx *c = definer_new();
	enum definer_verdict v = definer_check(c, call, strlen(call), "x.c", cmdf, b,
					       macro, 1, sym, why);

	definer_free(c);

	free(cmdf);
	free(b);
	return v;
}

static void verdict(const char *build, const char *macro, const char *call, const char *sym,
		    enum definer_verdict want, const char *what)
{
	char *why = NULL;
	enum definer_verdict got = check(build, macro, call, sym, &why);

	TAP_OK(got == want, "%s", what);
	if (got != want)
		printf("#   got %d want %d (%s)\n", got, want, why ? why : "-");
	TAP_OK((got == DEFINER_OK) == !why, "%s: an explanation unless accepted", what);
	free(why);
}

int main(void)
{
	if (!mkdtemp(dir))
		fatal("mkdtemp: cannot make %s", dir);
	put("inc/defs.h", header);
	put("b1/.x.o.cmd", "cmd_x.o := gcc -DKBUILD='\"x\"' -I../inc -c -o x.o x.c\n\n"
	    "source_x.o := x.c\n\n");
	put("b1/include/generated/autoconf.h", "#define CONFIG_OTHER 1\n");
	put("b2/.x.o.cmd", "cmd_x.o := gcc -DUSE_STATIC -I../inc -c -o x.o x.c\n\n"
	    "source_x.o := x.c\n\n");
	put("b2/include/generated/autoconf.h", "#define CONFIG_WEAK 1\n");

	verdict("b1", "DEF_OK", "DEF_OK(x);", "x", DEFINER_OK, "first declaration is the name");
	verdict("b1", "DEF_STATIC", "DEF_STATIC(x);", "x", DEFINER_STATIC,
		"first declaration is a static helper (DEFINE_PERCPU_RWSEM)");
	verdict("b1", "DEF_OTHER", "DEF_OTHER(x);", "x", DEFINER_OTHER,
		"first declaration declares a pasted helper");
	verdict("b1", "DEF_TYPEDEF", "DEF_TYPEDEF(x);", "x", DEFINER_STATIC, "a typedef first");
	verdict("b1", "DEF_NESTED", "DEF_NESTED(x);", "x", DEFINER_STATIC, "nested definer followed");
	verdict("b1", "DEF_NESTED_OK", "DEF_NESTED_OK(int (*)(void), x);", "x", DEFINER_OK,
		"nested definer after an attribute, an argument with parentheses");
	verdict("b1", "DEF_ALIAS", "DEF_ALIAS(x);", "x", DEFINER_STATIC,
		"an object-like alias of a definer");
	verdict("b1", "DEF_VA", "DEF_VA(x, 1, 2);", "x", DEFINER_OK, "variadic");
	verdict("b1", "DEF_WEAK", "DEF_WEAK(x);", "x", DEFINER_OK,
		"#if arm chosen by autoconf.h (CONFIG_WEAK unset, ARCH_WEAK defined nowhere)");
	verdict("b2", "DEF_WEAK", "DEF_WEAK(x);", "x", DEFINER_OTHER,
		"#if arm chosen by autoconf.h (CONFIG_WEAK=1)");
	verdict("b1", "DEF_LEVEL", "DEF_LEVEL(x);", "x", DEFINER_ARMS,
		"#if arms crossym cannot evaluate, expanding differently");
	verdict("b1", "DEF_BY_D", "DEF_BY_D(x);", "x", DEFINER_OK, "#ifdef of a -D name: not given");
	verdict("b2", "DEF_BY_D", "DEF_BY_D(x);", "x", DEFINER_STATIC, "#ifdef of a -D name: given");
	verdict("b1", "DEF_BUILTIN", "DEF_BUILTIN(x);", "x", DEFINER_ARMS,
		"#ifdef of a __name (may be predefined by the compiler): cannot tell");
	{
		/* one context for two builds: each row gets its own build's config */
		struct definer_ctx *c = definer_new();
		char *why = NULL, *b1 = path_join(dir, "b1"), *b2 = path_join(dir, "b2");
		char *c1 = path_join(b1, ".x.o.cmd"), *c2 = path_join(b2, ".x.o.cmd");
		const char *call = "DEF_WEAK(x);";

		TAP_OK(definer_check(c, call, strlen(call), "x.c", c2, b2, "DEF_WEAK", 1, "x",
				     &why) == DEFINER_OTHER, "one context: build 2 first");
		free(why);
		TAP_OK(definer_check(c, call, strlen(call), "x.c", c1, b1, "DEF_WEAK", 1, "x",
				     &why) == DEFINER_OK, "one context: then build 1, its own config");
		free(why);
		free(c1);
		free(c2);
		free(b1);
		free(b2);
		definer_free(c);
	}
	verdict("b1", "DEF_NONE", "DEF_NONE(x);", "x", DEFINER_UNKNOWN, "no #define found: unchecked");
	{
		char *why = NULL;
		const char *text = "#define LOCAL(n) static int n##_rc; int n\nLOCAL(y);\n";
		char *cmdf = path_join(dir, "b1/.x.o.cmd"), *b = path_join(dir, "b1");

		struct definer_ctx *c = definer_new();

		TAP_OK(definer_check(c, text, strlen(text), "y.c", cmdf, b, "LOCAL", 2, "y",
				     &why) == DEFINER_STATIC, "a #define in the source file itself");
		TAP_OK(why && strstr(why, "y.c:1"), "the explanation names the #define: %s",
		       why ? why : "-");
		free(why);
		free(cmdf);
		free(b);
		definer_free(c);
	}
	{
		char *cmd = xasprintf("rm -rf '%s'", dir);

		if (system(cmd) != 0)
			fprintf(stderr, "cannot remove %s\n", dir);
		free(cmd);
	}
	return tap_done();
}
