// SPDX-License-Identifier: GPL-2.0-only
/* test-cmdline.c - splitting a kbuild command into words without a shell:
 * to run it (--run-build-commands), refusing what only a shell could run, and
 * to read it (every word taken). */
#include "tap.h"
#include "kbuild/cmdline.h"
#include "lib/util.h"

#include <stdlib.h>
#include <sys/stat.h>

/* The words joined with '|', or NULL when refused (*why set). */
static char *joined(const char *cmd, enum cmdline_mode mode, const char **why)
{
	size_t n, len = 0;
	char **w = cmdline_words(cmd, mode, &n, why), *out;

	if (!w)
		return mode == CMDLINE_READ && !n ? xstrdup("") : NULL;
	for (size_t i = 0; i < n; i++)
		len += strlen(w[i]) + 1;
	out = xcalloc(len + 1, 1);
	for (size_t i = 0; i < n; i++) {
		if (i)
			strcat(out, "|");
		strcat(out, w[i]);
		free(w[i]);
	}
	TAP_OK(w[n] == NULL, "  the vector is NULL-terminated");
	free(w);
	return out;
}

static void split(const char *cmd, const char *want)
{
	const char *why;
	char *got = joined(cmd, CMDLINE_RUN, &why);

	TAP_STR(got, want, "words of: %s", cmd);
	free(got);
	got = joined(cmd, CMDLINE_READ, &why);
	TAP_STR(got, want, "  the same words to read it");
	free(got);
}

/* Refused to run, read as want. */
static void read_only(const char *cmd, const char *want)
{
	const char *why;
	char *got = joined(cmd, CMDLINE_READ, &why);

	TAP_STR(got, want, "read: %s", cmd);
	free(got);
}

static void refused(const char *cmd, const char *want_why)
{
	const char *why = NULL;
	char *got = joined(cmd, CMDLINE_RUN, &why);

	TAP_OK(!got && why && strstr(why, want_why), "refused (%s): %s",
	       why ? why : "-", cmd);
	free(got);
}

/* cmdline_rewrite_compile of cmd's words, joined with '|', or NULL (*why set). */
static char *rewritten(const char *cmd, const char *const *mode, const char **why)
{
	size_t n, len = 0;
	char **w = cmdline_words(cmd, CMDLINE_RUN, &n, why), **v, *out;

	v = w ? cmdline_rewrite_compile(w, n, mode, "OUT", why) : NULL;
	cmdline_free(w);
	if (!v)
		return NULL;
	for (size_t i = 0; v[i]; i++)
		len += strlen(v[i]) + 1;
	out = xcalloc(len + 1, 1);
	for (size_t i = 0; v[i]; i++) {
		if (i)
			strcat(out, "|");
		strcat(out, v[i]);
	}
	cmdline_free(v);
	return out;
}

static void rewrite_case(const char *cmd, const char *const *mode, const char *want)
{
	const char *why = NULL;
	char *got = rewritten(cmd, mode, &why);

	if (want)
		TAP_STR(got, want, "rewritten: %s", cmd);
	else
		TAP_OK(!got && why, "not rewritten (%s): %s", why ? why : "-", cmd);
	free(got);
}

/* A PATH of one directory holding executable stand-ins for the compilers
 * the cases name (the rewrite runs only a compiler found in PATH). */
static char *fake_path(void)
{
	static const char *const progs[] = { "gcc", "ccache", "x86_64-linux-gnu-gcc-12", NULL };
	char tmpl[] = "/tmp/test-cmdline.XXXXXX", *dir = mkdtemp(tmpl);

	if (!dir)
		return NULL;
	for (const char *const *p = progs; *p; p++) {
		char *f = path_join(dir, *p);
		FILE *out = fopen(f, "w");

		if (out)
			fclose(out);
		chmod(f, 0755);
		free(f);
	}
	setenv("PATH", dir, 1);
	return xstrdup(dir);
}

int main(void)
{
	split("gcc -c -o a/x.o a/x.c", "gcc|-c|-o|a/x.o|a/x.c");
	split("  gcc\t-O2  -c a.c ", "gcc|-O2|-c|a.c");
	/* the kernel's quoting */
	split("gcc -DKBUILD_MODFILE='\"init/main\"' -DKBUILD_BASENAME='\"main\"' -c x.c",
	      "gcc|-DKBUILD_MODFILE=\"init/main\"|-DKBUILD_BASENAME=\"main\"|-c|x.c");
	/* BusyBox's quoting: \# stays inside double quotes */
	split("gcc -D\"KBUILD_STR(s)=\\#s\" -D\"BB_VER=KBUILD_STR(1.35.0)\" -c x.c",
	      "gcc|-DKBUILD_STR(s)=\\#s|-DBB_VER=KBUILD_STR(1.35.0)|-c|x.c");
	split("gcc -D'a b' \"c\\\"d\" e\\ f", "gcc|-Da b|c\"d|e f");
	split("gcc '' x", "gcc||x");
	/* only the first command: the rest is never run */
	split("gcc -c x.c; ./tools/objtool/objtool check x.o", "gcc|-c|x.c");
	split("gcc -c x.c && rm -f x.o", "gcc|-c|x.c");
	split("gcc -c x.c | tee log", "gcc|-c|x.c");
	split("gcc -c x.c # a comment", "gcc|-c|x.c");
	refused("gcc $(touch PWNED) -c x.c", "metacharacter");
	refused("gcc `touch PWNED` -c x.c", "metacharacter");
	refused("gcc \"$(touch PWNED)\" -c x.c", "inside double quotes");
	refused("gcc \"`id`\" -c x.c", "inside double quotes");
	refused("gcc -c x.c >out", "metacharacter");
	refused("gcc -c x.c <in", "metacharacter");
	refused("gcc -c *.c", "metacharacter");
	refused("gcc -c ~/x.c", "metacharacter");
	refused("(gcc -c x.c)", "metacharacter");
	refused("gcc -c 'x.c", "unterminated single quote");
	refused("gcc -c \"x.c", "unterminated double quote");
	refused("CC=evil gcc -c x.c", "environment assignment");
	refused("", "no command");
	refused("; gcc", "no command");
	/* to read: what a shell would expand is taken as written */
	read_only("ld -r -o x.o $(objs) `y` *.o", "ld|-r|-o|x.o|$(objs)|`y`|*.o");
	read_only("if strip -o \"$@\" x.o; then true", "if|strip|-o|$@|x.o");
	read_only("LC_ALL=C objcopy a 'b", "LC_ALL=C|objcopy|a|b");
	read_only("", "");
	read_only("; gcc", "");
	TAP_OK(cmdline_is_relocatable_link("ld -m elf_i386 -r -o a.o b.o; rm -c"),
	       "ld -r is a relocatable link");
	TAP_OK(!cmdline_is_relocatable_link("gcc -r -c -o a.o a.c"), "cc -r -c is not");
	{
		static const char *const pre[] = { "-E", NULL };
		static const char *const fat[] = { "-c", "-flto", "-ffat-lto-objects", NULL };
		char *dir = fake_path();

		rewrite_case("gcc -Wp,-MMD,a/.x.o.d -O2 -c -o a/x.o a/x.c", pre,
			     "gcc|-O2|-E|-o|OUT|a/x.c");
		rewrite_case("ccache gcc -MD -MF x.d -MT x.o -c x.c -o x.o -save-temps", fat,
			     "ccache|gcc|-c|-flto|-ffat-lto-objects|x.c|-o|OUT");
		/* Xen's -MMD -MP -MF ... -MQ: each dependency option goes (-MP
		 * alone is an error) */
		rewrite_case("gcc -MMD -MP -MF d/.x.o.d -O2 -c d/x.c -o d/.x.o.tmp -MQ d/x.o", pre,
			     "gcc|-O2|-E|d/x.c|-o|OUT");
		rewrite_case("x86_64-linux-gnu-gcc-12 -fdump-tree-all -c -o x.o x.c", pre,
			     "x86_64-linux-gnu-gcc-12|-E|-o|OUT|x.c");
		rewrite_case("rm -c -o x.o x.c", pre, NULL);           /* not a compiler */
		rewrite_case("ccache", pre, NULL);
		rewrite_case("gcc -o x.o x.c", fat, NULL);             /* no -c */
		rewrite_case("gcc -c x.c", fat, NULL);                 /* no -o */
		/* only a compiler of PATH, or named absolutely, runs */
		rewrite_case("./gcc -c -o x.o x.c", pre, NULL);
		rewrite_case("scripts/gcc -c -o x.o x.c", pre, NULL);
		rewrite_case("nosuchcc -c -o x.o x.c", pre, NULL);
		rewrite_case("ccache ./gcc -c -o x.o x.c", pre, NULL);
		rewrite_case("/usr/bin/gcc -c -o x.o x.c", pre, "/usr/bin/gcc|-E|-o|OUT|x.c");
		/* options that write a file or run a program go */
		rewrite_case("gcc -wrapper sh,-c,touch -aux-info a.txt -Wa,-adhln=l.lst "
			     "--output=o.o -fplugin=x.so -fplugin-arg-x-y -B ./bin -specs=s "
			     "-fstack-usage -fcallgraph-info --coverage -fprofile-arcs "
			     "-fopt-info-vec=v.txt -Xassembler -adhln=m.lst -dumpdir d/ "
			     "-Wa,--noexecstack -O2 -c -o x.o x.c", pre,
			     "gcc|-Wa,--noexecstack|-O2|-E|-o|OUT|x.c");
		if (dir) {
			char *rm = xasprintf("/bin/rm -rf '%s'", dir);

			if (system(rm))
				fputs("# could not remove the fake PATH\n", stderr);
			free(rm);
			free(dir);
		}
	}
	return tap_done();
}
