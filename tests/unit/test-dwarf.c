// SPDX-License-Identifier: GPL-2.0-only
/* test-dwarf.c - declaration coordinates of external definitions, read from
 * the DWARF of objects that gcc compiles in a scratch directory: DWARF 4 and 5,
 * relative and absolute source names, -m32 (when gcc can), split and
 * compressed DWARF, a .c file #included by another, a macro-made function,
 * static and weak functions, ICF-folded twins, an `ld -r` object and input
 * that is not an object with DWARF. */
#include "tap.h"
#include "objfile/dwdecl.h"
#include "lib/util.h"

#include <stdlib.h>
#include <unistd.h>

static char scratch[] = "/tmp/crossym-dwarf.XXXXXX";

struct want {
	const char *symbol, *file;
	unsigned line;
};

static const char header_h[] =
	"extern int counter;\n"                         /* 1 */
	"int api(int);\n";                              /* 2 */

static const char inc_c[] =
	"/* #included by main.c */\n"                   /* 1 */
	"int inc_var = 7;\n"                            /* 2 */
	"\n"                                            /* 3 */
	"int inc_func(int x)\n"                         /* 4 */
	"{\n"
	"\treturn x + inc_var;\n"
	"}\n";

static const char main_c[] =
	"#include \"header.h\"\n"                       /* 1 */
	"#define MAKE_GETTER(name, val) \\\n"           /* 2 */
	"\tint get_##name(void) \\\n"                   /* 3 */
	"\t{ \\\n"                                      /* 4 */
	"\t\treturn val; \\\n"                          /* 5 */
	"\t}\n"                                         /* 6 */
	"\n"                                            /* 7 */
	"int counter = 1;\n"                            /* 8 */
	"int bss_var;\n"                                /* 9 */
	"static int hidden = 3;\n"                      /* 10 */
	"\n"                                            /* 11 */
	"static __attribute__((noinline)) int helper(int x)\n" /* 12 */
	"{\n"
	"\treturn x * hidden++ + counter;\n"
	"}\n"                                           /* 15 */
	"\n"
	"MAKE_GETTER(answer, 42)\n"                     /* 17 */
	"\n"
	"__attribute__((weak)) int weak_fn(int x)\n"    /* 19 */
	"{\n"
	"\treturn helper(x);\n"
	"}\n"
	"\n"
	"int api(int x)\n"                              /* 24 */
	"{\n"
	"\treturn helper(x) + 1;\n"
	"}\n"
	"\n"
	"#include \"inc.c\"\n";                         /* 29 */

static const char strong_c[] =
	"int weak_fn(int x)\n"                          /* 1 */
	"{\n"
	"\treturn x - 1;\n"
	"}\n";

static const char twins_c[] =
	"int twin_a(int x)\n"                           /* 1 */
	"{\n"
	"\treturn x * 13 + 5;\n"
	"}\n"
	"\n"
	"int twin_b(int x)\n"                           /* 6 */
	"{\n"
	"\treturn x * 13 + 5;\n"
	"}\n";

static const struct want main_want[] = {
	{ "api", "main.c", 24 },
	{ "bss_var", "main.c", 9 },
	{ "counter", "main.c", 8 },
	{ "get_answer", "main.c", 17 },
	{ "inc_func", "inc.c", 4 },
	{ "inc_var", "inc.c", 2 },
	{ "weak_fn", "main.c", 19 },
};

static const struct want linked_want[] = {
	{ "api", "main.c", 24 },
	{ "bss_var", "main.c", 9 },
	{ "counter", "main.c", 8 },
	{ "get_answer", "main.c", 17 },
	{ "inc_func", "inc.c", 4 },
	{ "inc_var", "inc.c", 2 },
	{ "weak_fn", "main.c", 19 },
	{ "weak_fn", "strong.c", 1 },
};

static const struct want twins_want[] = {
	{ "twin_a", "twins.c", 1 },
	{ "twin_b", "twins.c", 6 },
};

/* Run cmd in the scratch directory, quietly; 0 when it succeeded. */
static int sh(const char *cmd)
{
	char *full = xasprintf("cd %s && { %s ; } >/dev/null 2>&1", scratch, cmd);
	int rc = system(full);

	free(full);
	return rc;
}

static char *scratch_path(const char *name)
{
	return path_join(scratch, name);
}

static int write_source(const char *name, const char *text)
{
	char *path = scratch_path(name);
	FILE *f = fopen(path, "w");
	int ok = f && fputs(text, f) >= 0;

	if (f && fclose(f))
		ok = 0;
	free(path);
	return ok;
}

static char *describe(const char *symbol, const char *file, unsigned line)
{
	return xasprintf("%s %s:%u", symbol, file, line);
}

/* dwarf_definitions(obj) gives exactly want[], files relative to scratch. */
static void check_list(const char *obj, const struct want *want, size_t n,
		       const char *what)
{
	char *path = scratch_path(obj), *got, *exp, *file;
	struct decl *d;
	long count = dwarf_definitions(path, &d);
	size_t i;

	TAP_OK(count == (long)n, "%s: %zu definitions (got %ld)", what, n, count);
	for (i = 0; count > 0 && i < n && i < (size_t)count; i++) {
		file = scratch_path(want[i].file);
		exp = describe(want[i].symbol, file, want[i].line);
		got = describe(d[i].symbol, d[i].file, d[i].line);
		TAP_STR(got, exp, "%s: %s", what, want[i].symbol);
		free(got);
		free(exp);
		free(file);
	}
	decls_free(d, count > 0 ? (size_t)count : 0);
	free(path);
}

static void check_fails(const char *name, long want, const char *what)
{
	char *path = scratch_path(name);
	struct decl sentinel, *d = &sentinel;
	long n = dwarf_definitions(path, &d);

	TAP_OK(n == want && d == NULL, "%s: %ld (got %ld)", what, want, n);
	if (n > 0)
		decls_free(d, (size_t)n);
	free(path);
}

static void check_variant(const char *flags, const char *what)
{
	char *cmd = xasprintf("gcc -g -O2 %s -c %s/main.c -o main.o", flags, scratch);

	if (sh(cmd))
		TAP_OK(0, "%s: gcc %s compiles main.c", what, flags);
	else
		check_list("main.o", main_want, sizeof(main_want) / sizeof(*main_want),
			   what);
	free(cmd);
}

static void test_variants(void)
{
	check_variant("-gdwarf-5", "DWARF 5");
	check_variant("-gdwarf-4", "DWARF 4");
	check_variant("-gz", "compressed DWARF");
	check_variant("-gsplit-dwarf", "split DWARF");
	TAP_OK(!sh("rm main.dwo"), "split DWARF: main.dwo removed");
	check_fails("main.o", 0, "split DWARF without its .dwo (a warning)");
	if (sh("gcc -g -O2 -c main.c -o main.o"))
		TAP_OK(0, "gcc compiles a relative main.c");
	else
		check_list("main.o", main_want, sizeof(main_want) / sizeof(*main_want),
			   "relative source name");
	if (sh("echo 'int probe;' > probe.c && gcc -m32 -c probe.c -o probe.o"))
		TAP_OK(1, "# SKIP gcc cannot make -m32 objects");
	else {
		check_variant("-m32", "i386 (.rel.debug_*), DWARF 5");
		check_variant("-m32 -gdwarf-4", "i386 (.rel.debug_*), DWARF 4");
	}
}

static void test_linked(void)
{
	int made = !sh("gcc -g -O2 -c main.c -o main.o && "
		       "gcc -g -O2 -c strong.c -o strong.o && "
		       "ld -r -o linked.o main.o strong.o");

	TAP_OK(made, "ld -r makes linked.o");
	if (made)
		check_list("linked.o", linked_want,
			   sizeof(linked_want) / sizeof(*linked_want),
			   "two units, weak and strong weak_fn");
	TAP_OK(!sh("gcc -g -O2 -c twins.c -o twins.o"), "gcc compiles twins.c");
	check_list("twins.o", twins_want, sizeof(twins_want) / sizeof(*twins_want),
		   "ICF-folded twin_b");
}

static void test_odd_input(void)
{
	TAP_OK(!sh("gcc -O2 -c twins.c -o nodebug.o && ar rc lib.a twins.o"),
	       "made nodebug.o and lib.a");
	check_fails("nodebug.o", 0, "no DWARF");
	check_fails("header.h", -1, "not ELF");
	check_fails("lib.a", -1, "an archive");
	check_fails("missing.o", -1, "no such file");
}

int main(void)
{
	int ok;

	if (!mkdtemp(scratch)) {
		puts("1..0 # SKIP no scratch directory");
		return 0;
	}
	ok = write_source("header.h", header_h) && write_source("inc.c", inc_c) &&
	     write_source("main.c", main_c) && write_source("strong.c", strong_c) &&
	     write_source("twins.c", twins_c);
	TAP_OK(ok, "sources written");
	if (ok) {
		test_variants();
		test_linked();
		test_odd_input();
	}
	sh("cd / && rm -rf \"$OLDPWD\"");
	TAP_OK(access(scratch, F_OK) != 0, "scratch directory removed");
	return tap_done();
}
