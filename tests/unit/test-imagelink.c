// SPDX-License-Identifier: GPL-2.0-only
/* test-imagelink.c - the final link's words (imagelink.c) and the linker
 * script's KEEP patterns (ldscript.c). */
#include "tap.h"
#include "kbuild/imagelink.h"
#include "kbuild/cmdline.h"
#include "kbuild/ldscript.h"
#include "lib/util.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parse cmd for target; the inputs as "path" or "path!" (whole archive),
 * then "-T script", joined by blanks; NULL when it is not a link of target. */
static char *parse(const char *cmd, const char *target)
{
	size_t n;
	const char *why;
	char **words = cmdline_words(cmd, CMDLINE_READ, &n, &why);
	struct image_link link;
	char *out = NULL;

	if (imagelink_parse(words, n, target, &link)) {
		out = xstrdup("");
		for (size_t i = 0; i < link.ninputs; i++) {
			char *o = xasprintf("%s%s%s%s", out, *out ? " " : "",
					    link.inputs[i].path,
					    link.inputs[i].whole_archive ? "!" : "");
			free(out);
			out = o;
		}
		for (size_t i = 0; i < link.nscripts; i++) {
			char *o = xasprintf("%s -T %s", out, link.scripts[i]);
			free(out);
			out = o;
		}
		imagelink_free(&link);
	}
	for (size_t i = 0; i < n; i++)
		free(words[i]);
	free(words);
	return out;
}

static void check(const char *cmd, const char *target, const char *want)
{
	char *got = parse(cmd, target);

	TAP_STR(got, want, "%s", cmd);
	free(got);
}

/* "file:section ..." of the patterns found (lds_keep_patterns or
 * lds_input_sections). */
static char *keeps(const char *text, struct lds_keep *(*find)(const char *, size_t *))
{
	size_t n;
	struct lds_keep *k = find(text, &n);
	char *out = xstrdup("");

	for (size_t i = 0; i < n; i++) {
		char *o = xasprintf("%s%s%s:%s", out, *out ? " " : "", k[i].file,
				    k[i].section);
		free(out);
		out = o;
	}
	lds_keep_free(k, n);
	return out;
}

/* lds_keep_matches matches section patterns as fnmatch(pattern, s, 0) does
 * (ldscript.c has its own matcher for `*` and `?`). */
static void glob_like_fnmatch(void)
{
	static const char *const pats[] = {
		"*", "?", ".list_*", "*.init", ".init*.data", "*a*b*", "?.x*", "**", "a*",
		".text", ".t?xt*", "*[ab]c", "\\*x", "", "*.*.*",
	};
	static const char *const strs[] = {
		"", "a", ".list_", ".list_hello", ".init", "x.init", ".init.rodata.data",
		".initX.data", "aab", "ba", "b.xyz", ".text", ".text.f", ".txt", "ac", "*x",
		"a.b.c", "a.b",
	};
	size_t bad = 0, n = 0;

	for (size_t i = 0; i < sizeof(pats) / sizeof(*pats); i++)
		for (size_t j = 0; j < sizeof(strs) / sizeof(*strs); j++) {
			struct lds_keep k = { (char *)"*", (char *)pats[i], NULL };
			int want = !fnmatch(pats[i], strs[j], 0);

			n++;
			if (lds_keep_matches(&k, 1, "d/f.o", strs[j]) != want) {
				bad++;
				printf("# %s ~ %s: want %d\n", pats[i], strs[j], want);
			}
		}
	TAP_OK(bad == 0, "section patterns match as fnmatch does (%zu cases)", n);
}

int main(void)
{
	static const char lds[] =
		"SECTIONS { .list : { __list_start = .; KEEP(*(SORT(.list_*)))\n"
		"  __list_end = .; }\n"
		"  .ctors : { KEEP (*crtbegin.o(.ctors)) KEEP(*(EXCLUDE_FILE(*crtend.o) .ctors .dtors)) }\n"
		"  /* KEEP(*(.commented)) */ .init : { KEEP(*(.initcall0.init)) *(.text) } }";
	struct lds_keep k[2] = { { "*", ".list_*", NULL }, { "*crtbegin.o", ".ctors", NULL } };
	char *got;

	check("gcc -Wl,--gc-sections -o image -Wl,-T,image.lds start/start.o start/os.o "
	      "-Wl,--whole-archive a/built-in.o b/built-in.o -Wl,--no-whole-archive",
	      "image", "start/start.o start/os.o a/built-in.o! b/built-in.o! -T image.lds");
	check("ld -m elf_x86_64 -z noexecstack -r -o vmlinux.o  --whole-archive vmlinux.a "
	      "--no-whole-archive --start-group lib/lib.a arch/x86/lib/lib.a --end-group",
	      "vmlinux.o", "vmlinux.a! lib/lib.a arch/x86/lib/lib.a");
	check("cc -o prog -T x.lds -Xlinker --whole-archive w.a -L lib -lm -Tother.lds m.o",
	      "prog", "w.a! m.o! -T x.lds -T other.lds");
	check("x86_64-linux-gnu-ld --script=k.lds -e start -o k a.o", "k", "a.o -T k.lds");
	check("gcc -O2 -c -o x.o x.c", "x.o", NULL);
	check("gcc -o other a.o", "image", NULL);
	check("rm -f vmlinux.a; ar cDPrST vmlinux.a a.o", "vmlinux.a", NULL);
	check("sh scripts/link-vmlinux.sh \"ld\" \"-m elf_x86_64\"", "vmlinux", NULL);

	got = keeps(lds, lds_keep_patterns);
	TAP_STR(got, "*:.list_* *crtbegin.o:.ctors *:.ctors *:.dtors *:.initcall0.init",
		"KEEP patterns: SORT unwrapped, file patterns, EXCLUDE_FILE skipped, comments");
	free(got);
	got = keeps(lds, lds_input_sections);
	TAP_STR(got, "*:.list_* *crtbegin.o:.ctors *:.ctors *:.dtors *:.initcall0.init *:.text",
		"input sections: inside KEEP or not, each with its file pattern");
	free(got);
	got = keeps("SECTIONS { .data : { __sched_class_highest = .; *(__stop_sched_class)\n"
		    "  *(__dl_sched_class) *(__rt_sched_class) . = ALIGN(8); x = SIZEOF(.text) * (2);\n"
		    "  __sched_class_lowest = .; } }", lds_input_sections);
	TAP_STR(got, "*:__stop_sched_class *:__dl_sched_class *:__rt_sched_class *:2",
		"input sections one by one (and `* (2)` of an expression, which names no section)");
	free(got);
	{
		size_t n;
		struct lds_keep *d = lds_input_sections(
			"SECTIONS { .data : AT(ADDR(.data) - 8) { *(__a) x = y ? 1 : 2; }\n"
			"  .text : { KEEP(*(__b)) } } *(__c)", &n);

		TAP_OK(n == 3 && !strcmp(d[0].output, ".data") && !strcmp(d[1].output, ".text") &&
		       !d[2].output, "input sections: the output section each is in");
		lds_keep_free(d, n);
	}
	TAP_OK(lds_keep_matches(k, 2, "a/cmds.o", ".list_hello"), "* matches any object");
	TAP_OK(!lds_keep_matches(k, 2, "a/cmds.o", ".data.list"), "the section must match");
	TAP_OK(lds_keep_matches(k, 2, "lib/crtbegin.o", ".ctors"), "file pattern, by base name");
	TAP_OK(!lds_keep_matches(k, 2, "lib/other.o", ".ctors"), "file pattern must match");
	glob_like_fnmatch();
	return tap_done();
}
