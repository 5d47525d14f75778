// SPDX-License-Identifier: GPL-2.0-only
/* test-derived.c - how a .cmd file says its object was made from other
 * objects (kbuild_cmd_derivation): objcopy, strip, a relocatable link, as
 * one step among others of a command; a name of the object as its input
 * names it (kbuild_derivation_input_name); the `ld -r` options that make
 * its output's symbols its own (kbuild_relink_symbol_option). */
#include "tap.h"
#include "kbuild/kbuild.h"
#include "kbuild/cmdline.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* "tool: input input ..." for the .cmd text, or NULL when not derived. */
static char *derivation(const char *cmdtext)
{
	struct kbuild_derivation d;
	char *out;

	if (!kbuild_cmd_derivation(cmdtext, &d))
		return NULL;
	out = xasprintf("%s%s%s:", d.tool, d.renames ? " " : "",
			d.renames ? d.renames : "");
	for (size_t i = 0; i < d.ninputs; i++) {
		char *o = xasprintf("%s %s", out, d.inputs[i]);

		free(out);
		out = o;
	}
	kbuild_derivation_free(&d);
	return out;
}

static void check(const char *cmdtext, const char *want)
{
	char *got = derivation(cmdtext);

	TAP_STR(got, want, "%s", cmdtext);
	free(got);
}

/* The input's name of name in the object cmdtext derives; "?why" when none. */
static void check_name(const char *cmdtext, const char *syms, const char *name,
		       const char *want)
{
	struct kbuild_derivation d;
	const char *why = NULL;
	char *got = NULL, *in;

	if (kbuild_cmd_derivation(cmdtext, &d)) {
		in = kbuild_derivation_input_name(&d, name, syms, &why);
		got = in ? in : xasprintf("?%s", why);
		kbuild_derivation_free(&d);
	}
	TAP_STR(got, want, "%s: %s", cmdtext, name);
	free(got);
}

/* Which of the space-separated names yes and no the step makes global. */
static void check_glob(const char *cmdtext, const char *globfile, const char *yes,
		       const char *no)
{
	struct kbuild_derivation d;
	char *y = xstrdup(yes), *n = xstrdup(no), *save;

	TAP_OK(kbuild_cmd_derivation(cmdtext, &d), "%s: derived", cmdtext);
	for (char *w = strtok_r(y, " ", &save); w; w = strtok_r(NULL, " ", &save))
		TAP_OK(kbuild_derivation_globalizes(&d, w, globfile), "%s: %s global",
		       cmdtext, w);
	for (char *w = strtok_r(n, " ", &save); w; w = strtok_r(NULL, " ", &save))
		TAP_OK(!kbuild_derivation_globalizes(&d, w, globfile), "%s: %s not",
		       cmdtext, w);
	kbuild_derivation_free(&d);
	free(y);
	free(n);
}

/* The option of an `ld -r` command that makes it read itself, or NULL. */
static void check_relink(const char *cmd, const char *want)
{
	size_t n = 0;
	const char *why;
	char *text = xstrdup(cmd);
	char **w = cmdline_words(text, CMDLINE_READ, &n, &why);

	TAP_STR(kbuild_relink_symbol_option(w, n), want, "%s", cmd);
	strv_free(w, n);
	free(text);
}

static void names(void)
{
	const char *pfx = "cmd_a/y.o := objcopy --prefix-symbols=init_ a/x.o a/y.o";
	const char *rdf = "cmd_a/y.o := objcopy --redefine-sym old=new "
			  "--redefine-sym=a=b --redefine-syms a/r.syms a/x.o a/y.o";

	check_name(pfx, NULL, "init_f", "f");
	check_name(pfx, NULL, "g", "?it lacks the prefix --prefix-symbols gives every symbol");
	check_name(rdf, "# comment\nfrom  to\nx y # z\n", "new", "old");
	check_name(rdf, "from to\n", "b", "a");
	check_name(rdf, "from to\n", "to", "from");
	check_name(rdf, "from to\nx y # z\n", "y", "x");
	check_name(rdf, "from to\n", "same", "same");
	check_name(rdf, NULL, "same", "?the file of --redefine-syms cannot be read");
	check_name("cmd_a/y.o := objcopy --prefix-symbols p_ --redefine-sym f=g a/x.o a/y.o",
		   NULL, "p_g", "f");
	check_name("cmd_a/y.o := ld -r -o a/y.o a/x.o a/z.o", NULL, "f", "f");
	check_glob("cmd_a/y.o := objcopy --globalize-symbol f --globalize-symbol=g "
		   "--globalize-symbols a/g.syms a/x.o a/y.o", "# c\n h\n", "f g h", "x i");
	check_glob("cmd_a/y.o := objcopy --globalize-symbols a/g.syms a/x.o a/y.o", NULL,
		   "", "h");
	check_relink("ld -r --retain-symbols-file k.syms -o y.o a.o", "--retain-symbols-file");
	check_relink("ld -r -Ta.lds -o y.o a.o", "-T");
	check_relink("ld -r --script=a.lds -o y.o a.o", "--script");
	check_relink("ld -r --defsym=a=b -o y.o a.o", "--defsym");
	check_relink("ld -m elf_x86_64 -r -x -o y.o a.o b.o", NULL);
	check_relink("ld -r -o y.o a.o", NULL);
}

int main(void)
{
	names();
	/* the hypervisor's init objects: a size check, then the copy */
	check("cmd_common/x.init.o := objdump -h common/x.o | while read idx name sz "
	      "rest; do case \"$$name\" in .text|.data) test $$sz = 0 || exit 1;; esac; "
	      "done || exit $$?; objcopy --rename-section .text=.init.text "
	      "--rename-section .data=.init.data common/x.o common/x.init.o",
	      "objcopy: common/x.o");
	check("savedcmd_a/x.init.o := x86_64-linux-gnu-objcopy -j .text "
	      "--prefix-symbols p_ -O elf64-x86-64 a/x.o a/x.init.o",
	      "objcopy --prefix-symbols: a/x.o");
	check("cmd_a/y.o := llvm-objcopy --set-section-flags .bss=alloc ./a/x.o a/y.o",
	      "objcopy: ./a/x.o");
	check("cmd_a/y.o := strip --strip-debug -o a/y.o a/x.o", "strip: a/x.o");
	check("cmd_a/y.o := aarch64-linux-gnu-strip -g -oa/y.o a/x.o", "strip: a/x.o");
	check("cmd_a/y.o := ld -m elf_x86_64 -r -o a/y.o a/x.o", "ld -r: a/x.o");
	check("cmd_a/y.o := gcc -nostdlib -r -o a/y.o a/x.o", "ld -r: a/x.o");
	/* Linux's EFI stub (drivers/firmware/efi/libstub), and shell words */
	check("cmd_d/x.stub.o := strip --strip-debug -o d/x.stub.o d/x.o; if objdump -r "
	      "d/x.stub.o | grep R_X86_64_64; then echo \"d/x.stub.o: absolute\" >&2; "
	      "/bin/false; fi; objcopy --rename-section .bss=.bss.efistub,load,alloc "
	      "d/x.o d/x.stub.o", "strip: d/x.o");
	check("cmd_d/x.stub.o := if objdump -r d/x.o | grep R_; then false; else "
	      "LC_ALL=C objcopy --prefix-symbols=__efistub_ d/x.o d/x.stub.o; fi",
	      "objcopy --prefix-symbols: d/x.o");
	check("cmd_d/y.o := objcopy --redefine-sym a=b d/x.o d/y.o",
	      "objcopy --redefine-sym: d/x.o");
	/* more than one input: reported, the caller refuses it */
	check("cmd_a/y.o := objcopy a/x.o a/z.o a/y.o", "objcopy: a/x.o a/z.o");
	check("cmd_a/y.o := ld -r -o a/y.o a/x.o a/z.o", "ld -r: a/x.o a/z.o");
	/* not derived: compiled, changed in place, or something else written */
	check("cmd_a/x.o := gcc -c -o a/x.o a/x.c; objcopy --rename-section .a=.b a/x.o",
	      NULL);
	check("cmd_a/x.o := strip -g a/x.o", NULL);
	check("cmd_a/x.o := objcopy a/x.o a/x.o", NULL);
	check("cmd_a/x.o := objcopy a/w.o a/other.o", NULL);
	check("cmd_a/x.o := echo 'objcopy a/w.o a/x.o'", NULL);
	check("objcopy a/w.o a/x.o", NULL);
	return tap_done();
}
