// SPDX-License-Identifier: GPL-2.0-only
/* test-ltocompile.c - a C object's kbuild command made into its -flto compile
 * and its unit's link flags (lto_compile_make, for crossym cmd --lto and
 * wholeprogram.sh), and the quote-aware scan it splits the command with. */
#include "tap.h"
#include "kbuild/cmdline.h"
#include "kbuild/ltocompile.h"
#include "lib/util.h"

#include <stdlib.h>

/* The made compile as "COMMAND|UNIT_FLAGS|OBJTOOL", or the refusal's number. */
static void made(const char *cmd, const char *want)
{
	struct lto_compile c;
	enum lto_refusal r = lto_compile_make(cmd, "d/x.o", "d/x.lto.o", "d/unit.o", &c);
	char *got = r == LTO_OK ? xasprintf("%s|%s|%s", c.command, c.unit_flags,
					    c.objtool ? c.objtool : "")
				: xasprintf("refused %d", (int)r);

	TAP_STR(got, want, "lto: %s", cmd);
	free(got);
	lto_compile_free(&c);
}

int main(void)
{
	const char *s = "a 'b;c' \"d;\\\"e;\" f\\;g; h";

	TAP_STR(cmdline_unquoted(s, ";"), "; h", "the first ; outside quotes");
	TAP_STR(cmdline_unquoted("abc", ";"), "", "none: the end");
	made("gcc -Wp,-MMD,d/.x.o.d -O2 -DX='\"a;b\"' -Iinc -c -o d/x.o /s/d/x.c",
	     "gcc -Wp,-MMD,d/.x.lto.o.d -O2 -DX='\"a;b\"' -Iinc -c -o d/x.lto.o /s/d/x.c"
	     " -flto|gcc -O2|");
	made("gcc -c -o d/x.o d/x.c ; ./tools/objtool/objtool --uaccess d/x.o  ",
	     "gcc -c -o d/x.lto.o d/x.c -flto|gcc|./tools/objtool/objtool --uaccess d/unit.o");
	made("gcc -c -o d/x.o d/x.c; echo done", "gcc -c -o d/x.lto.o d/x.c -flto|gcc|");
	made("ccache gcc -include a.h -x c -MD -MF f.d -isystem /i -mx=1 'a b' -c -o d/x.o x.S",
	     "ccache gcc -include a.h -x c -MD -MF f.d -isystem /i -mx=1 'a b' -c -o d/x.lto.o"
	     " x.S -flto|ccache gcc -mx=1 'a b'|");
	/* the first command ends where sh ends it: -flto never after a comment,
	 * an && or a pipe (where it was lost) */
	made("gcc -c -o d/x.o d/x.c # comment", "gcc -c -o d/x.lto.o d/x.c -flto|gcc|");
	made("gcc -c -o d/x.o d/x.c && true", "gcc -c -o d/x.lto.o d/x.c -flto|gcc|");
	made("gcc -c -o d/x.o d/x.c | cat", "gcc -c -o d/x.lto.o d/x.c -flto|gcc|");
	made("gcc -c -o d/x.o d/x.c & wait", "gcc -c -o d/x.lto.o d/x.c -flto|gcc|");
	made("gcc -DH=a#b -c -o d/x.o d/x.c", "gcc -DH=a#b -c -o d/x.lto.o d/x.c -flto|gcc|");
	made("gcc '-DH=x|y' -c -o d/x.o d/x.c", "gcc '-DH=x|y' -c -o d/x.lto.o d/x.c -flto|gcc|");
	/* Xen (CONFIG_ENFORCE_UNIQUE_SYMBOLS): the compile writes kbuild's
	 * temporary D/.NAME.o.tmp, which objcopy makes the object; -MF names
	 * the dependency file */
	made("gcc -MMD -MP -MF d/.x.o.d -O2 -c d/x.c -o d/.x.o.tmp -MQ d/x.o",
	     "gcc -MMD -MP -MF d/.x.lto.o.d -O2 -c d/x.c -o d/x.lto.o -MQ d/x.o -flto|gcc -O2|");
	made("", "refused 1");
	made("  ; gcc -c -o d/x.o x.c", "refused 1");
	made("ccache /usr/bin/clang-14 -c -o d/x.o x.c", "refused 2");
	made("objcopy d/y.o d/x.o", "refused 3");
	made("gcc -c x.c", "refused 4");
	return tap_done();
}
