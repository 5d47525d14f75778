// SPDX-License-Identifier: GPL-2.0-only
/* test-audit.c - the audit's text readers: the source mention counter of
 * --all's classes and the TSV reader of `crossym diff`. */
#include "tap.h"
#include "model/classify.h"
#include "report/diff.h"
#include "lib/util.h"

#include <stdlib.h>
#include <unistd.h>

static void check_count(const char *text, const char *name, size_t want)
{
	size_t got = classify_count_word(text, strlen(text), name);

	TAP_OK(got == want, "'%s' names %s %zu times (got %zu)", text, name, want, got);
}

/* A temporary file holding text; its path (allocated). */
static char *temp_file(const char *text)
{
	char *path = xstrdup("/tmp/test-audit.XXXXXX");
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		fatal("%s: cannot write", path);
	close(fd);
	return path;
}

/* crossym diff of two TSV texts: its output; *n the changes (-1: bad input). */
static char *diff_texts(const char *old_tsv, const char *new_tsv, long *n)
{
	char *a = temp_file(old_tsv), *b = temp_file(new_tsv), *out = NULL;
	size_t len;
	FILE *mem = open_memstream(&out, &len);

	*n = diff_reports(mem, a, b);
	fclose(mem);
	unlink(a);
	unlink(b);
	free(a);
	free(b);
	return out;
}

#define HDR "symbol\tunit\tobject\tsource\tstatus\treferenced_from\n"

static void test_diff(void)
{
	long n;
	char *out;

	out = diff_texts(HDR "f\ta\ta/x.o\ta/x.c\ttag\tb\n",
			 HDR "f\ta\ta/x.o\ta/x.c\ttag\tb\n", &n);
	TAP_OK(n == 0 && !*out, "diff: the same report, no change");
	free(out);
	out = diff_texts(HDR "f\ta\ta/x.o\ta/x.c\ttag\tb\n",
			 HDR "f\tc\tc/y.o\tc/y.c\ttag\tb\tfunc\tglobal\t3\n", &n);
	TAP_STR(out, "f: moved: a -> c (a/x.o -> c/y.o)\n", "diff: moved, nine columns read");
	TAP_OK(n == 1, "diff: one change");
	free(out);
	out = diff_texts(HDR "f\ta\ta/x.o\ta/x.c\ttag\tb\ng\ta\ta/x.o\t-\tasm\tb\n",
			 HDR "f\ta\ta/x.o\ta/x.c\tunit-local\t-\nh\tb\tb/z.o\t-\ttag\ta\n", &n);
	TAP_STR(out, "f: stopped being cross-directory: a (tag -> unit-local)\n"
		"g: definition gone: a (asm)\n"
		"h: became cross-directory: b (tag) <- a\n",
		"diff: a class row, a row gone from an --all report, a new row");
	free(out);
	out = diff_texts("symbol\tunit\n", HDR, &n);
	TAP_OK(n == -1, "diff: a file without the header is refused");
	free(out);
	out = diff_texts(HDR "f\ta\ta/x.o\n", HDR, &n);
	TAP_OK(n == -1, "diff: a row with fewer than six columns is refused");
	free(out);
}

int main(void)
{
	check_count("int f(void) { return 1; }", "f", 1);
	check_count("int f(void);\nint f(void) { return f(); }", "f", 3);
	check_count("/* f() */ int f; // f\n", "f", 1);
	check_count("char *s = \"f\\\" f\"; int f;", "f", 1);
	check_count("int ff, f_, _f; int f;", "f", 1);
	check_count("int f;\nEXPORT_SYMBOL(f);\nEXPORT_SYMBOL_GPL( f );", "f", 1);
	check_count("int f;\nMY_MACRO(f);", "f", 2);
	check_count("unterminated /* f", "f", 0);
	test_diff();
	diag.status = 0;        /* the refused files above set it */
	return tap_done();
}
