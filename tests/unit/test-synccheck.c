// SPDX-License-Identifier: GPL-2.0-only
/* test-synccheck.c - sources mirrored under tools/ (synccheck.c), TAP. */
#include "tap.h"
#include "fixture.h"
#include "model/synccheck.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static int same(const char *a, const char *b)
{
	return synccheck_same(a, strlen(a), b, strlen(b));
}

static void test_same(void)
{
	TAP_OK(same("a\nb\n", "a\nb\n"), "equal texts");
	TAP_OK(!same("a\nb\n", "a\nc\n"), "a line differs");
	TAP_OK(!same("a\nb\n", "a\n"), "a line more on one side");
	TAP_OK(same("a\nint x; /* __ignore_sync_check__ */\nb\n", "a\nb\n"),
	       "a marked line on one side is passed over");
	TAP_OK(same("#include <asm/x.h> /* __ignore_sync_check__ */\nb\n",
		    "#include \"../x.h\" /* __ignore_sync_check__ */\nb\n"),
	       "marked lines that differ are passed over");
	TAP_OK(same("a\nb", "a\nb\n"), "a missing final newline");
	TAP_OK(same("", ""), "two empty texts");
	TAP_OK(!same("a\n", ""), "one empty text");
}

/* synccheck_mirrored with source's text as on disk. */
static int mirrored(const char *dir, const char *source)
{
	char *path = path_join(dir, source);
	size_t len = 0;
	char *text = read_file(path, &len);
	int m = text && synccheck_mirrored(dir, source, text, len);

	free(text);
	free(path);
	return m;
}

static void test_mirrored(const char *dir)
{
	const char *insn = "int insn_get_length(void)\n{\n\treturn 1;\n}\n";

	fixture_put(dir, "arch/x86/lib/insn.c", insn);
	fixture_put(dir, "tools/arch/x86/lib/insn.c", insn);
	fixture_put(dir, "lib/string.c", "int strlen_(void) { return 0; }\n");
	fixture_put(dir, "tools/lib/string.c", "int other(void) { return 0; }\n");
	fixture_put(dir, "kernel/fork.c", "int nr_threads;\n");
	TAP_OK(mirrored(dir, "arch/x86/lib/insn.c"), "a file equal to its tools/ copy");
	TAP_OK(!mirrored(dir, "lib/string.c"), "a tools/ copy that differs");
	TAP_OK(!mirrored(dir, "kernel/fork.c"), "no tools/ copy");
	TAP_OK(!mirrored(dir, "no/such.c"), "no file at all");
}

int main(void)
{
	char tmpl[] = "/tmp/crossym-synccheck-XXXXXX";
	char *cmd;

	if (!mkdtemp(tmpl))
		fatal("mkdtemp failed");
	test_same();
	test_mirrored(tmpl);
	cmd = xasprintf("rm -rf '%s'", tmpl);
	if (system(cmd) != 0)
		fatal("%s: cannot remove", tmpl);
	free(cmd);
	return tap_done();
}
