// SPDX-License-Identifier: GPL-2.0-only
/* test-verify.c - the final check of annotate.sh (verify.c), TAP. */
#include "tap.h"
#include "patch/tagtext.h"
#include "patch/verify.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static int ins(const char *a, const char *b)
{
	return (int)tagtext_insertions(a, strlen(a), b, strlen(b), "__global", NULL);
}

static void test_insertions(void)
{
	TAP_OK(ins("int x;", "int __global x;") == 1, "TAG before a word");
	TAP_OK(ins("void f(void)", "void __global f(void)") == 1, "TAG before a function name");
	TAP_OK(ins("DEFINE_X(y);", "__global DEFINE_X(y);") == 1, "TAG at the start of the line");
	TAP_OK(ins("int x, y;", "int __global x, __global y;") == 2, "two insertions counted");
	TAP_OK(ins("int x;", "int x __global;") == 1, "' TAG' before a non-word character");
	TAP_OK(ins("int x", "int x __global") == 1, "' TAG' at the end of the line");
	TAP_OK(ins("", "__global") == 1, "the tag as a whole line");
	TAP_OK(ins("int x;", "int x;") == 0, "no insertion is not a tagged pair");
	TAP_OK(ins("int x;", "long __global x;") == 0, "another change besides the tag");
	TAP_OK(ins("int x;", "int __globalx;") == 0, "the tag glued to a word");
	TAP_OK(ins("int x;", "int x__global ;") == 0, "' TAG' must not follow a word without a blank");
	TAP_OK(ins("int __global x;", "int __global __global x;") == 1,
	       "a second tag next to the first is an insertion (the checker rejects doubles)");
	TAP_OK(ins("int y;", "int __global x;") == 0, "a different name");
	TAP_OK(tagtext_insertions("int __global x;", 15, "int x;", 6, "__global", NULL) == 0,
	       "a removal is not an insertion");
	TAP_OK(tagtext_insertions("int x;", 6, "int __global x;", 15, "__global", NULL) == 1,
	       "the other way round it is: removals are insertions from the new line");
}

static int redecl(const char *line, const char *sym)
{
	return tagtext_is_redecl(line, strlen(line), sym, "__global");
}

static void test_redecl(void)
{
	TAP_OK(redecl("extern __typeof__(foo) foo __global;", "foo"), "a re-declaration");
	TAP_OK(redecl("  extern __typeof__(foo) foo __global;\t", "foo"), "blanks around it");
	TAP_OK(redecl("__typeof__(foo) foo __global;", "foo"), "a re-declaration without extern");
	TAP_OK(redecl("__typeof__(foo) foo __global; /* __ignore_sync_check__ */", "foo"),
	       "... with the sync-check comment");
	{
		char *q = tagtext_redecl("foo", "__global", "func", NULL, 1, 1);
		char *qs = tagtext_redecl("foo", "__global", "var", "synced", 1, 1);

		TAP_STR(q, REDECL_QUIET_BEGIN "extern __typeof__(foo) foo __global;"
			REDECL_QUIET_END, "quiet: the re-declaration inside _Pragma push/pop");
		TAP_OK(redecl(q, "foo"), "... is a re-declaration");
		TAP_OK(redecl(qs, "foo"), "... with the sync-check comment after it too");
		TAP_OK(!redecl(REDECL_QUIET_BEGIN "extern __typeof__(foo) foo __global;", "foo"),
		       "a push without its pop: not one");
		free(q);
		free(qs);
		q = tagtext_redecl("ent", "__global", "table", NULL, 1, 0);
		TAP_STR(q, "__typeof__(ent) ent __attribute__((aligned(__alignof__(ent)))) __global;",
			"a table's variable: the re-declaration keeps its alignment");
		TAP_OK(redecl(q, "ent"), "... is a re-declaration");
		TAP_OK(!redecl("__typeof__(ent) ent __attribute__((aligned(__alignof__(x)))) __global;",
			       "ent"), "... of another name's alignment: not one");
		free(q);
	}
	TAP_OK(!redecl("static __typeof__(foo) foo __global;", "foo"), "static: not one");
	TAP_OK(!redecl("extern __typeof__(foo) foo __global;", "fo"), "another symbol");
	TAP_OK(!redecl("extern __typeof__(foo) bar __global;", "foo"), "two names");
	TAP_OK(!redecl("extern __typeof__(foo) foo __visible;", "foo"), "another tag");
	TAP_OK(!redecl("extern __typeof__(foo) foo __global", "foo"), "no semicolon");
	TAP_OK(redecl("extern __typeof__(foo) foo __global; /* __ignore_sync_check__ */", "foo"),
	       "followed by the comment objtool's sync check passes over");
	TAP_OK(!redecl("extern __typeof__(foo) foo __global; /* other */", "foo"),
	       "followed by another comment");
	TAP_OK(!redecl("extern __typeof__(foo) foo __global /* __ignore_sync_check__ */", "foo"),
	       "the comment without the semicolon");
}

/* verify_file on a and c with the wanted and stale symbols; its output. */
static size_t run(const char *a, const char *c, const char *const *w, size_t nw,
		  const char *const *s, size_t ns, char **out)
{
	struct verify_lists v = { "__global", w, nw, s, ns, NULL, NULL, NULL };
	size_t len = 0, bad;
	FILE *f = open_memstream(out, &len);

	bad = verify_file("x.c", a, strlen(a), c, strlen(c), &v, f);
	fclose(f);
	return bad;
}

static void test_file(void)
{
	const char *w[] = { "f", "g" }, *s[] = { "old" };
	char *out;
	size_t bad;

	bad = run("int f(void)\n{\n}\nint g;\n", "int __global f(void)\n{\n}\nint __global g;\n",
		  w, 2, NULL, 0, &out);
	TAP_OK(bad == 0 && !*out, "both tagged in place: no problem (%s)", out);
	free(out);

	bad = run("int f(void)\n{\n}\nint g;\n",
		  "int __global f(void)\n{\n}\nint g;\n__typeof__(g) g __global;\n",
		  w, 2, NULL, 0, &out);
	TAP_OK(bad == 0, "one in place, one re-declared at the end (%s)", out);
	free(out);

	bad = run("int f(void)\n{\n}\nint g;\n", "int __global f(void)\n{\n}\nint g;\n",
		  w, 2, NULL, 0, &out);
	TAP_OK(bad == 1 && strstr(out, "x.c: g: wanted definition not tagged"),
	       "a wanted definition left untagged: named");
	free(out);

	bad = run("int f(void)\n{\n}\nint g;\n",
		  "__typeof__(g) g __global;\nint __global f(void)\n{\n}\nint g;\n",
		  w, 2, NULL, 0, &out);
	TAP_OK(bad == 1 && strstr(out, "x.c:1: re-declaration without extern not right behind "
				  "a definition of g"),
	       "a tentative re-declaration not behind the definition: refused (%s)", out);
	free(out);

	bad = run("int f(void)\n{\n}\nint g;\n",
		  "extern __typeof__(g) g __global;\nint __global f(void)\n{\n}\nint g;\n",
		  w, 2, NULL, 0, &out);
	TAP_OK(bad == 0, "an extern re-declaration anywhere: taken (%s)", out);
	free(out);

	bad = run("#ifdef X\nint g = 1;\n#endif\nint __global f(void)\n{\n}\n",
		  "#ifdef X\nint g = 1;\n#endif\n__typeof__(g) g __global;\n"
		  "int __global f(void)\n{\n}\n", w, 2, NULL, 0, &out);
	TAP_OK(bad == 1 && strstr(out, "x.c:4: re-declaration without extern not right"),
	       "a tentative re-declaration outside its definition's #if arm: refused (%s)", out);
	free(out);

	bad = run("#ifdef X\nint g = 1; /* one */\n#endif\nint __global f(void)\n{\n}\n",
		  "#ifdef X\nint g = 1; /* one */\n__typeof__(g) g __global;\n#endif\n"
		  "int __global f(void)\n{\n}\n", w, 2, NULL, 0, &out);
	TAP_OK(bad == 0, "one right behind it, in its #if arm: taken (%s)", out);
	free(out);

	bad = run("int f(void)\n{\n}\nint g;\n", "long __global f(void)\n{\n}\nint __global g;\n",
		  w, 2, NULL, 0, &out);
	TAP_OK(bad == 1 && strstr(out, "x.c:1: changed beyond the tag: long __global f(void)"),
	       "a change beyond the tag: line and text named");
	free(out);

	bad = run("int f(void)\n{\n}\nint __global g;\n",
		  "int __global f(void)\n{\n}\nint __global g;\nint h;\n", w, 2, NULL, 0, &out);
	TAP_OK(bad == 1 && strstr(out, "x.c:5: line added: int h;"), "an added line: refused");
	free(out);

	bad = run("int __global old;\nint f(void)\n{\n}\nextern __typeof__(old) old __global;\n",
		  "int old;\nint f(void)\n{\n}\n", NULL, 0, s, 1, &out);
	TAP_OK(bad == 0, "a stale tag removed and its re-declaration deleted (%s)", out);
	free(out);

	bad = run("int __global old;\n", "int __global old;\n", NULL, 0, s, 1, &out);
	TAP_OK(bad == 1 && strstr(out, "x.c: old: stale tag still there"), "a stale tag left: named");
	free(out);

	bad = run("int f(void)\n{\n}\nint g;", "int __global f(void)\n{\n}\nint g;\n"
		  "extern __typeof__(g) g __global;\n", w, 2, NULL, 0, &out);
	TAP_OK(bad == 0, "an original without its last newline, a re-declaration appended (%s)", out);
	free(out);
}

int main(void)
{
	test_insertions();
	test_redecl();
	test_file();
	return tap_done();
}
