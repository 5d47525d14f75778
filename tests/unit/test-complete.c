// SPDX-License-Identifier: GPL-2.0-only
/* test-complete.c - annotate.sh's middle step (complete.c), TAP. */
#include "tap.h"
#include "patch/complete.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct result {
	char *text, *report;
};

/* complete_file on a (original) and b (spatch's result). */
static struct result run(const char *a, const char *b, int failed,
			 const char *const *w, const char *const *k, size_t nw,
			 const char *const *s, size_t ns)
{
	struct complete_in in = { "x.c", "__global", a, b, strlen(a), strlen(b), failed,
				  w, k, NULL, NULL, nw, s, ns, 0 };
	struct result r;
	size_t len, rlen = 0;
	FILE *f = open_memstream(&r.report, &rlen);

	r.text = complete_file(&in, &len, f);
	fclose(f);
	return r;
}

static void done(struct result *r)
{
	free(r->text);
	free(r->report);
}

/* complete_file on in: its text, the report in *rep. */
static char *complete_with(const struct complete_in *in, char **rep)
{
	size_t len, rlen = 0;
	FILE *f = open_memstream(rep, &rlen);
	char *text = complete_file(in, &len, f);

	fclose(f);
	return text;
}

/* A file mirrored under tools/ (place `synced`): the re-declaration carries
 * the comment objtool's sync check passes over; such a line is recognised as
 * the tag already there, and removed when stale. */
static void test_synced(void)
{
	const char *w[] = { "insn_init" }, *k[] = { "func" }, *pl[] = { "synced" };
	const char *stale[] = { "insn_init" };
	const char *a = "void insn_init(void)\n{\n}\n";
	const char *tagged = "void insn_init(void)\n{\n}\n"
			     "extern __typeof__(insn_init) insn_init __global; /* __ignore_sync_check__ */\n";
	struct complete_in in = { "x.c", "__global", a, a, strlen(a), strlen(a), 0,
				  w, k, NULL, pl, 1, NULL, 0, 0 };
	char *rep = NULL, *text;

	text = complete_with(&in, &rep);
	TAP_STR(text, tagged, "synced: the re-declaration carries the sync-check comment");
	free(rep);
	free(text);

	in.a = in.b = tagged;
	in.alen = in.blen = strlen(tagged);
	text = complete_with(&in, &rep);
	TAP_STR(rep, "F\tx.c\tinsn_init\talready\t-\n",
		"synced: that re-declaration counts as the tag already there");
	free(rep);
	free(text);

	in.nwanted = 0;
	in.stale = stale;
	in.nstale = 1;
	text = complete_with(&in, &rep);
	TAP_STR(text, a, "synced: a stale re-declaration with the comment is removed");
	free(rep);
	free(text);
}


/* spatch and the scanner disagree: spatch tags `g` where the scanner sees no
 * definition of it (here a call); only that one falls back to the
 * re-declaration, the other tag stays in place, and the text passes verify. */
static void test_disagree(void)
{
	const char *w[] = { "f", "g" }, *k[] = { "func", "func" };
	const char *a = "int f(void)\n{\n\treturn g();\n}\nint g(x)\n\tstruct { int y; } x;\n{\n}\n";
	const char *b = "int __global f(void)\n{\n\treturn __global g();\n}\n"
			"int g(x)\n\tstruct { int y; } x;\n{\n}\n";
	struct result r = run(a, b, 0, w, k, 2, NULL, 0);

	TAP_STR(r.text, "int __global f(void)\n{\n\treturn g();\n}\n"
		"int g(x)\n\tstruct { int y; } x;\n{\n}\nextern __typeof__(g) g __global;\n",
		"disagreement: that tag taken back, re-declared; the other kept");
	TAP_STR(r.report, "F\tx.c\tf\tinplace\t-\n"
		"F\tx.c\tg\tredeclared\t?its tag is not on a definition crossym sees\n",
		"disagreement: the reason in the report");
	done(&r);
}

int main(void)
{
	const char *w[] = { "f", "g" }, *k[] = { "func", "var" }, *ks[] = { "several" };
	const char *stale[] = { "old" };
	struct result r;

	test_synced();
	test_disagree();
	{
		const char *wx[] = { "kx" }, *kx[] = { "func" };
		const char *a = "int kx(x);\nextern int __global kx(x)\n\tint x;\n{\n\treturn x;\n}\n";

		r = run(a, a, 0, wx, kx, 1, NULL, 0);
		TAP_STR(r.report, "F\tx.c\tkx\talready\t-\n",
			"an extern K&R definition carrying the tag: already tagged");
		TAP_STR(r.text, a, "... and left as it is");
		done(&r);
	}
	r = run("int f(void)\n{\n}\nint g;\n", "int __global f(void)\n{\n}\nint __global g;\n",
		0, w, k, 2, NULL, 0);
	TAP_STR(r.text, "int __global f(void)\n{\n}\nint __global g;\n", "spatch's tags kept");
	TAP_STR(r.report, "F\tx.c\tf\tinplace\t-\nF\tx.c\tg\tinplace\t-\n", "both in place");
	done(&r);

	r = run("int f(void)\n{\n}\nint g;\n", "int __global f(void)\n{\n}\nint g;\n",
		0, w, k, 2, NULL, 0);
	TAP_STR(r.text, "int __global f(void)\n{\n}\nint g;\n__typeof__(g) g __global;\n",
		"the one spatch missed is re-declared behind it (a variable: no extern)");
	TAP_STR(r.report, "F\tx.c\tf\tinplace\t-\nF\tx.c\tg\tredeclared\t?not matched\n",
		"its reason: the name is there, not matched");
	done(&r);

	r = run("int f(void)\n{\n}\nint g;", "int __global f(void)\n{\n}\nlong g;", 0,
		w, k, 2, NULL, 0);
	TAP_STR(r.text, "int f(void)\n{\n}\nextern __typeof__(f) f __global;\nint g;\n"
		"__typeof__(g) g __global;\n",
		"a change beyond the tag: spatch's result dropped, both re-declared, each "
		"right behind its definition");
	TAP_OK(strstr(r.report, "W\tx.c: spatch result discarded, re-declaring instead:\n"
		      "W\t  x.c:4: changed beyond the tag: long g;\n") != NULL,
	       "the discarded result is warned about with its line");
	done(&r);

	r = run("int f(void)\n{\n}\n", "int f(void)\n{\n}\n", 1, w, k, 1, NULL, 0);
	TAP_STR(r.report, "F\tx.c\tf\tredeclared\t!not matched\n",
		"spatch failed on the file: the reason says so (!)");
	done(&r);

	r = run("DEFINE_F(x);\n", "DEFINE_F(x);\n", 0, w, k, 1, NULL, 0);
	TAP_STR(r.report, "F\tx.c\tf\tredeclared\t?name not in source\n", "a pasted name");
	done(&r);

	r = run("MAKE(f);\n", "MAKE(f);\n", 0, w, k, 1, NULL, 0);
	TAP_STR(r.report, "F\tx.c\tf\tredeclared\t?macro-made\n", "a name only inside a macro call");
	done(&r);

	r = run("int __global f(void)\n{\n}\n", "int __global f(void)\n{\n}\n", 0, w, k, 1, NULL, 0);
	TAP_STR(r.report, "F\tx.c\tf\talready\t-\n", "a tag already there is counted, not repeated");
	TAP_STR(r.text, "int __global f(void)\n{\n}\n", "and the text is unchanged");
	done(&r);

	r = run("#if A\nint f;\n#else\nint f = 1;\n#endif\n",
		"#if A\nint __global f;\n#else\nint __global f = 1;\n#endif\n", 0, w, ks, 1, NULL, 0);
	TAP_STR(r.report, "F\tx.c\tf\tredeclared\t?several definitions (#if arms), tagged in place too\n",
		"several #if arms: tagged in each and re-declared");
	done(&r);

	r = run("__global DEFINE_X(old);\nint a;\nextern __typeof__(old) old __global;\n",
		"__global DEFINE_X(old);\nint a;\nextern __typeof__(old) old __global;\n",
		0, NULL, NULL, 0, stale, 1);
	TAP_STR(r.text, "DEFINE_X(old);\nint a;\n",
		"stale tags spatch cannot reach: on a macro call, a re-declaration");
	TAP_STR(r.report, "F\tx.c\told\tremoved\t-\n", "removed");
	done(&r);

	r = run("DEFINE_X(old);\n__typeof__(old) old __global; /* __ignore_sync_check__ */\n",
		"DEFINE_X(old);\n__typeof__(old) old __global; /* __ignore_sync_check__ */\n",
		0, NULL, NULL, 0, stale, 1);
	TAP_STR(r.text, "DEFINE_X(old);\n", "a stale re-declaration without extern removed");
	done(&r);

	{
		const char *vw[] = { "v" }, *vk[] = { "var" };

		r = run("DEFINE_X(v);\n__typeof__(v) v __global;\n",
			"DEFINE_X(v);\n__typeof__(v) v __global;\n", 0, vw, vk, 1, NULL, 0);
		TAP_STR(r.report, "F\tx.c\tv\talready\t-\n",
			"a re-declaration without extern counts as the tag already there");
		done(&r);
		r = run("int v[2];\n__typeof__(v) v __global;\n",
			"int v[2];\n__typeof__(v) __global v __global;\n", 0, vw, vk, 1, NULL, 0);
		TAP_STR(r.text, "int v[2];\n__typeof__(v) v __global;\n",
			"spatch's tag on a re-declaration (taken for a definition) taken back");
		TAP_STR(r.report, "F\tx.c\tv\talready\t-\n", "... the re-declaration counts");
		done(&r);
	}

	r = run("int old __global;\n", "int old __global;\n", 0, NULL, NULL, 0, stale, 1);
	TAP_STR(r.text, "int old;\n", "a stale `sym TAG` removed");
	done(&r);

	r = run("int other;\n", "int other;\n", 0, NULL, NULL, 0, stale, 1);
	TAP_STR(r.report, "F\tx.c\told\tfailed\tstale tag not found\n",
		"a stale tag not there: failed, the rest goes on");
	done(&r);

	r = run("int x, y;\n", "int __global x, y;\n", 0, w, k, 1, NULL, 0);
	TAP_OK(strstr(r.report, "a tag for no wanted symbol") != NULL,
	       "a tag for a name not wanted: spatch's result dropped");
	done(&r);
	{
		/* the name comes out of the macro: only the placement's line tells */
		const char *pw[] = { "zz_thing" }, *pk[] = { "var" };
		unsigned pl[] = { 2 };
		const char *a = "int a;\nMAKE_THING(zz);\n", *b = "int a;\n__global MAKE_THING(zz);\n";
		struct complete_in in = { "x.c", "__global", a, b, strlen(a), strlen(b), 0,
					  pw, pk, pl, NULL, 1, NULL, 0, 0 };
		char *rep = NULL, *text;
		size_t len, rlen = 0;
		FILE *f = open_memstream(&rep, &rlen);

		text = complete_file(&in, &len, f);
		fclose(f);
		/* ... but the scanner gives that tag to zz, so crossym verify would
		 * not see zz_thing tagged: re-declared instead */
		TAP_STR(rep, "F\tx.c\tzz_thing\tredeclared\t?its tag is not on a definition crossym sees\n",
			"a tag on a definer macro the scanner gives to another name: re-declared");
		TAP_STR(text, "int a;\nMAKE_THING(zz);\n__typeof__(zz_thing) zz_thing __global;\n",
			"... its in-place tag taken back");
		free(rep);
		free(text);
		in.lines = NULL;
		rlen = 0;
		f = open_memstream(&rep, &rlen);
		text = complete_file(&in, &len, f);
		fclose(f);
		TAP_OK(strstr(rep, "a tag for no wanted symbol") != NULL,
		       "without the placement the same tag belongs to nobody");
		free(rep);
		free(text);
	}
	return tap_done();
}
