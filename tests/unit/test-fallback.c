// SPDX-License-Identifier: GPL-2.0-only
/* test-fallback.c - --verify-build's fallback to re-declarations
 * (fallback.c) and the tag positions tagtext_insertions gives. */
#include "tap.h"
#include "patch/fallback.h"
#include "patch/tagtext.h"
#include "lib/util.h"

#include <stdlib.h>

/* fallback_file's text and fallbacks list for one file. */
static void run(const struct fallback_in *in, char **text, char **fbs)
{
	size_t lt, lf;
	FILE *out = open_memstream(text, &lt), *fb = open_memstream(fbs, &lf);

	if (!out || !fb)
		fatal("out of memory");
	fallback_file(in, out, fb);
	fclose(out);
	fclose(fb);
}

int main(void)
{
	static char *const wanted[] = { "ab", "foo", "bar", "foo", "q", "r", "last", "zz" };
	static char *const kinds[] = { "var", "func", "var", "func", "var", "other", "var", "var" };
	struct fallback_in in = {
		"k/a.c", "__visible",
		"int abab;\nstatic int x;\nint foo(void) { return bar; }\nint bar;\n"
		"int q, r;\nextern __typeof__(zz) zz __visible;\nlast",
		"int __visible abab;\nstatic int x;\nint __visible foo(void) { return bar; }\n"
		"int __visible bar;\nint __visible q, __visible r;\n"
		"extern __typeof__(zz) zz __visible;\nlast __visible",
		"k/a.c:1: warning: w1\nk/a.c:3: warning: w3\nk/a.c:3: error: second\n"
		"k/a.c:4:2: warning: col\nk/a.c:05: warning: lead\nother.c:5: x\n"
		"k/a.c:5: warning: qr\nk/a.c:6: warning: re\nk/a.c:7: warning: last\n",
		wanted, kinds, sizeof(wanted) / sizeof(wanted[0]), 0,
	};
	char *text, *fbs;
	size_t at[8];

	run(&in, &text, &fbs);
	TAP_STR(text, "int abab;\nstatic int x;\nint foo(void) { return bar; }\n"
		"extern __typeof__(foo) foo __visible;\nint bar;\n__typeof__(bar) bar __visible;\n"
		"int q, r;\n__typeof__(q) q __visible;\n__typeof__(r) r __visible;\n"
		"extern __typeof__(zz) zz __visible;\nlast __visible\n",
		"lines with a new diagnostic untagged, their wanted symbols re-declared "
		"right behind their definitions (a function with extern, the rest without) (not: `ab` inside `abab`, line "
		"4's diagnostic with a column, `05`, a re-declaration, a line that is no "
		"original line with tags)");
	TAP_STR(fbs, "k/a.c\tfoo\twarning: w3\nk/a.c\tbar\twarning: w3\n"
		"k/a.c\tq\twarning: qr\nk/a.c\tr\twarning: qr\n",
		"one fallback line per symbol, the line's first diagnostic");
	free(text);
	free(fbs);
	TAP_OK(tagtext_insertions("int q, r;", 9, "int __visible q, __visible r;", 29,
				  "__visible", at) == 2 && at[0] == 4 && at[1] == 17,
	       "tagtext_insertions: where each tag starts");
	TAP_OK(tagtext_insertions("int x;", 6, "int x __visible;", 16, "__visible", at) == 1 &&
	       at[0] == 6, "tagtext_insertions: ` TAG` after a word");
	return tap_done();
}
