// SPDX-License-Identifier: GPL-2.0-only
/* test-nm.c - parsing `nm -A` lines. */
#include "tap.h"
#include "objfile/nmread.h"
#include "lib/util.h"

#include <stdlib.h>

static void check(const char *text, const char *path, const char *member,
		  char type, const char *name)
{
	char *line = xstrdup(text);
	struct nm_line l;
	int rc = nm_parse_line(line, &l);

	TAP_OK(rc == 0, "parses: %s", text);
	if (!rc) {
		TAP_STR(l.path, path, "  path");
		TAP_STR(l.member, member, "  member");
		TAP_OK(l.type == type, "  type %c", type);
		TAP_STR(l.name, name, "  name");
	}
	free(line);
}

int main(void)
{
	enum sym_kind kind;
	char *bad;
	struct nm_line l;

	check("kernel/fork.o:0000000000000010 T copy_process\n", "kernel/fork.o",
	      NULL, 'T', "copy_process");
	check("kernel/fork.o:                 U schedule\n", "kernel/fork.o", NULL,
	      'U', "schedule");
	check("lib/lib.a:crc32.o:00000000 R crc32_table", "lib/lib.a", "crc32.o",
	      'R', "crc32_table");
	check("init/main.o:         w __weak_hook", "init/main.o", NULL, 'w',
	      "__weak_hook");
	check("a/b.o:0000000000000000 r __ksymtab_foo", "a/b.o", NULL, 'r',
	      "__ksymtab_foo");
	check("lib/lib.a[crc32.o]:00000000 R crc32_table", "lib/lib.a", "crc32.o",
	      'R', "crc32_table");
	check("a/x[1].o:00000000 T f", "a/x[1].o", NULL, 'T', "f");
	/* llvm-nm -A: a blank after the colon */
	check("kernel/fork.o: 0000000000000010 T copy_process", "kernel/fork.o",
	      NULL, 'T', "copy_process");
	check("lib/lib.a:crc32.o:                  U crc32_le", "lib/lib.a", "crc32.o",
	      'U', "crc32_le");
	bad = xstrdup("lib.a[]:00000000 T f");
	TAP_OK(nm_parse_line(bad, &l) == 0 && !strcmp(l.path, "lib.a[]") && !l.member,
	       "an empty bracket is no member");
	free(bad);
	bad = xstrdup("nm: x.o: no symbols");
	TAP_OK(nm_parse_line(bad, &l) != 0, "a message line is rejected");
	free(bad);
	TAP_OK(nm_letter_bind('T', &kind) == SYM_DEF && kind == KIND_FUNC, "T");
	TAP_OK(nm_letter_bind('B', &kind) == SYM_DEF && kind == KIND_VAR, "B");
	TAP_OK(nm_letter_bind('W', &kind) == SYM_WEAKDEF && kind == KIND_FUNC, "W");
	TAP_OK(nm_letter_bind('V', &kind) == SYM_WEAKDEF && kind == KIND_VAR, "V");
	TAP_OK(nm_letter_bind('U', &kind) == SYM_UNDEF, "U");
	TAP_OK(nm_letter_bind('w', &kind) == SYM_WEAKUNDEF, "w");
	TAP_OK(nm_letter_bind('t', &kind) == SYM_LOCALDEF, "t is local");
	TAP_OK(nm_letter_bind('N', &kind) < 0, "N (debug) ignored");
	TAP_OK(!nm_letter_known('X') && !nm_letter_known('z') && !nm_letter_known(' '),
	       "X, z, blank: not letters nm prints");
	TAP_OK(nm_letter_known('T') && nm_letter_known('i') && nm_letter_known('p'),
	       "T, i, p: letters nm prints");
	TAP_OK(nm_letter_bind('X', &kind) < 0, "X: no binding");
	return tap_done();
}
