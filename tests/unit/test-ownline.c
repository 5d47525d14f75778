// SPDX-License-Identifier: GPL-2.0-only
/* test-ownline.c - the tag on a line of its own (series.sh --checkpatch):
 * tagtext_own_line() knows where a tag goes in a line, ownline_patch()
 * rewrites the pairs of a patch and recounts its hunks. */
#include "tap.h"
#include "patch/ownline.h"
#include "patch/tagtext.h"
#include "lib/util.h"

#include <stdlib.h>

static void own(const char *orig, const char *tagged, const char *prev, const char *want)
{
	char *got = tagtext_own_line(orig, tagged, prev, "TAG");

	TAP_STR(got, want, "own line of '%s' -> '%s' after '%s'", orig, tagged, prev);
	free(got);
}

int main(void)
{
	static const char patch[] =
		"--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,3 @@ ctx\n"
		" int a;\n-int f(void)\n+int TAG f(void)\n {\n"
		"@@ -10 +10 @@\n-\tint g;\n+\tTAG int g;\n";
	static const long errs[] = { 6, 10 };
	char *buf = NULL;
	size_t len = 0, n;
	FILE *out = open_memstream(&buf, &len);

	own("\tint x;", "\tTAG int x;", "{", "\tTAG");
	own("int f(void)", "int TAG f(void)", "}", "TAG");
	own("int f(void)", "int TAG f(void)", "/* doc */ ", "TAG");
	own("int f(void)", "int TAG f(void)", "#include <x.h>", "TAG");
	own("int f(void)", "int TAG f(void)", "", "TAG");
	own("int f(void)", "int TAG f(void)", "int a,", NULL);
	own("\tint f(void)", "\tint TAG f(void)", ";", NULL);
	own("int f(void)", "int f(void) TAG", ";", NULL);
	own("int f(void)", "long TAG f(void)", ";", NULL);
	if (!out)
		return 1;
	n = ownline_patch(patch, errs, 2, "TAG", out);
	fclose(out);
	TAP_OK(n == 2, "two pairs rewritten");
	TAP_STR(buf, "--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,4 @@ ctx\n"
		" int a;\n+TAG\n int f(void)\n {\n"
		"@@ -10 +11,2 @@\n+\tTAG\n \tint g;\n", "the patch rewritten, recounted");
	free(buf);
	return tap_done();
}
