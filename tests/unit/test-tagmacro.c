// SPDX-License-Identifier: GPL-2.0-only
/* test-tagmacro.c - the #define that pastes a name together (definer_site)
 * and annotate's side of --tag-macros (tagmacro.c: macros.tsv read, the tag
 * inserted, the result verified). TAP. */
#include "tap.h"
#include "fixture.h"
#include "source/definer.h"
#include "place/tagmacro.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[] = "/tmp/test-tagmacro.XXXXXX";

static void put(const char *rel, const char *text)
{
	fixture_put(dir, rel, text);
}

/* shaped like syscall_wrapper.h: the global declaration two macros down */
static const char header[] =
	"#define __STUB(abi, name)\t\t\\\n"
	"\tstatic long helper_##name(void);\t\\\n"
	"\tvoid use(long (*f)(void), long __##abi##_##name);\t\\\n"
	"\tlong __##abi##_##name(void);\t\\\n"
	"\tlong __##abi##_##name(void) { return helper_##name(); }\n"
	"#define STUB_X(name) __STUB(x64, sys##name)\n"
	"#define DEFINE1(n, t) STUB_X(_##n) static long helper_sys_##n(void)\n"
	"#define DEF_STATIC(n) static int made_##n = 1\n"
	"#define DEF_TAGGED(n) int TAG made_##n = 1\n"
	"#define DEF_LITERAL(n) int n = 1\n"
	"#define OVR(n) int made_##n = 1\n"
	"#define PICK(n) int made_##n = 2\n";

/* a default the arch header overrides, a helper defined and undefined */
static const char generic[] =
	"#ifndef OVR\n#define OVR(n) static int made_##n = 1\n#endif\n"
	"#define PICK(n) static int made_##n\n#undef PICK\n";

static enum definer_verdict site(const char *macro, const char *call, const char *sym,
				 struct definer_site *s, char **why)
{
	char *b = path_join(dir, "b"), *cmdf = path_join(b, ".x.o.cmd");
	struct definer_ctx *c = definer_new();
	enum definer_verdict v = definer_site(c, call, strlen(call), "x.c", cmdf, b, macro, 1,
					      sym, "TAG", s, why);

	definer_free(c);
	free(cmdf);
	free(b);
	return v;
}

/* The text of the header at the site's offset. */
static int header_has_at(size_t offset, const char *want)
{
	return offset < sizeof(header) && !strncmp(header + offset, want, strlen(want));
}

static void test_site(void)
{
	struct definer_site s;
	char *why = NULL;
	enum definer_verdict v = site("DEFINE1", "DEFINE1(read, int) { return 0; }",
				      "__x64_sys_read", &s, &why);

	TAP_OK(v == DEFINER_OK, "SYSCALL_DEFINE-shaped call: the site is found (%s)",
	       why ? why : "-");
	TAP_STR(s.macro, "__STUB", "the site is the #define that pastes the name");
	TAP_STR(s.chain, "DEFINE1 -> STUB_X -> __STUB", "the chain from the call");
	TAP_OK(s.line == 1, "the #define's line");
	TAP_OK(s.found && header_has_at(s.offset, "__##abi##_##name(void);\t\\\n\tlong"),
	       "the tag goes before the first file-scope declaration's name (not the "
	       "argument of use(), not the parameter)");
	TAP_OK(!s.tagged, "not tagged yet");
	definer_site_free(&s);
	free(why);

	why = NULL;
	v = site("DEF_STATIC", "DEF_STATIC(x);", "made_x", &s, &why);
	TAP_OK(v == DEFINER_STATIC && why, "a static declaration: DEFINER_STATIC, said why");
	definer_site_free(&s);
	free(why);

	why = NULL;
	v = site("DEF_TAGGED", "DEF_TAGGED(x);", "made_x", &s, &why);
	TAP_OK(v == DEFINER_OK && s.tagged, "a #define that carries the tag already");
	definer_site_free(&s);
	free(why);

	why = NULL;
	v = site("DEF_LITERAL", "DEF_LITERAL(x);", "x", &s, &why);
	TAP_OK(v == DEFINER_OTHER && why, "a name passed as it is is no pasted site");
	definer_site_free(&s);
	free(why);

	why = NULL;
	v = site("OVR", "OVR(x);", "made_x", &s, &why);
	TAP_OK(v == DEFINER_OK, "`#ifndef OVR` `#define OVR(n)`: a default another header "
	       "overrides (syscalls.h's __SYSCALL_DEFINEx) (%s)", why ? why : "-");
	definer_site_free(&s);
	free(why);

	why = NULL;
	v = site("PICK", "PICK(x);", "made_x", &s, &why);
	TAP_OK(v == DEFINER_OK, "a definition an #undef of its header undid is not live (%s)",
	       why ? why : "-");
	definer_site_free(&s);
	free(why);

	why = NULL;
	v = site("NO_SUCH", "NO_SUCH(x);", "made_x", &s, &why);
	TAP_OK(v == DEFINER_OTHER && why, "an unknown macro: no site");
	definer_site_free(&s);
	free(why);
}

static void test_edits(void)
{
	static const char orig[] = "#define A(n) \\\n\tint made_##n = 1\n";
	static const char tagged[] = "#define A(n) \\\n\tint TAG made_##n = 1\n";
	struct tagmacro_edit *e;
	char *out = path_join(dir, "out"), *text, *log;
	size_t len = sizeof(orig) - 1, loglen;
	long n;
	FILE *f;

	put("out/macros.tsv", "a.h\t2\t5\tA\t3\t3\ttag\t-\n"
	    "b.h\t7\t0\tB\t1\t2\tno\tx (k/x.o) is unit-local\n");
	n = tagmacro_read(out, &e);
	TAP_OK(n == 1 && !strcmp(e[0].source, "a.h") && e[0].line == 2 && e[0].column == 5 &&
	       !strcmp(e[0].macro, "A"), "macros.tsv: only the rows with change `tag`");
	text = tagmacro_apply(e, (size_t)n, "a.h", orig, &len, "TAG");
	TAP_STR(text, tagged, "the tag inserted at line 2, column 5");
	TAP_OK(len == sizeof(tagged) - 1, "the length grows by the tag and a blank");
	f = open_memstream(&log, &loglen);
	TAP_OK(tagmacro_verify(e, 1, "a.h", orig, sizeof(orig) - 1, tagged,
			       sizeof(tagged) - 1, "TAG", f) == 0, "verify: accepted");
	TAP_OK(tagmacro_verify(e, 1, "a.h", orig, sizeof(orig) - 1, orig,
			       sizeof(orig) - 1, "TAG", f) == 1, "verify: the tag missing");
	TAP_OK(tagmacro_verify(e, 1, "a.h", orig, sizeof(orig) - 1,
			       "#define A(n) \\\n\tint TAG made_##n = 2\n",
			       sizeof(tagged) - 1, "TAG", f) == 1,
	       "verify: the line changed beyond the tag");
	fclose(f);
	TAP_OK(strstr(log, "a.h:2: macro A: its #define does not carry the tag") != NULL,
	       "verify names file, line and macro");
	free(log);
	free(text);
	len = 3;
	TAP_OK(tagmacro_apply(e, (size_t)n, "a.h", "x\ny", &len, "TAG") == NULL,
	       "a place not in the text: NULL");
	tagmacro_edits_free(e, (size_t)n);

	put("out/macros.tsv", "a.h\tx\t5\tA\t3\t3\ttag\t-\n");
	TAP_OK(tagmacro_read(out, &e) == -1 && !e, "a malformed row: -1");
	log = path_join(out, "macros.tsv");
	unlink(log);
	free(log);
	TAP_OK(tagmacro_read(out, &e) == 0, "no macros.tsv: no edits");
	tagmacro_edits_free(e, 0);
	free(out);
}

int main(void)
{
	char *cmd;

	if (!mkdtemp(dir))
		fatal("mkdtemp: cannot make %s", dir);
	put("inc/defs.h", header);
	put("inc/generic.h", generic);
	put("b/.x.o.cmd", "cmd_x.o := gcc -I../inc -c -o x.o x.c\n\nsource_x.o := x.c\n\n");
	test_site();
	test_edits();
	cmd = xasprintf("rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "cannot remove %s\n", dir);
	free(cmd);
	return tap_done();
}
