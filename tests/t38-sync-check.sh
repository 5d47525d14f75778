#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t38-sync-check: a source the kernel keeps a copy of under tools/
# (arch/x86/lib/insn.c and tools/arch/x86/lib/insn.c) is compared by objtool's
# sync-check.sh with `diff -I` of lines holding `__ignore_sync_check__`; a tag
# in place there makes the build warn "Kernel ABI header ... differs" (found
# on Linux 6.1 x86_64 defconfig). crossym places such definitions as `synced`:
# a re-declaration that carries that comment, so the check still passes. A
# small kbuild-style tree made here: lib/insn.c (mirrored as tools/lib/insn.c)
# and lib/util.c (a tools/ copy that differs: tagged in place as usual) form
# unit lib; main/main.c uses both from outside.
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "no spatch (coccinelle)"
S=$TMP/src O=$TMP/build
mkdir -p "$S/include" "$S/lib" "$S/main" "$S/tools/lib" "$O/lib" "$O/main"
cat >"$S/include/insn.h" <<'EOF'
int insn_decode(int op);
int util_twice(int x);
EOF
cat >"$S/lib/insn.c" <<'EOF'
#include "insn.h" /* __ignore_sync_check__ */

static int insn_table[4] = { 1, 2, 3, 4 };

int insn_decode(int op)
{
	return insn_table[op & 3];
}
EOF
sed 's|"insn.h" /\*|"../../include/insn.h" /*|' "$S/lib/insn.c" >"$S/tools/lib/insn.c"
cat >"$S/lib/util.c" <<'EOF'
#include "insn.h"

int util_twice(int x)
{
	return 2 * insn_decode(x);
}
EOF
printf 'int util_twice(int x)\n{\n\treturn x + x;\n}\n' >"$S/tools/lib/util.c"
cat >"$S/main/main.c" <<'EOF'
#include <stdio.h>
#include "insn.h"

int main(void)
{
	printf("%d %d\n", insn_decode(2), util_twice(1));
	return 0;
}
EOF
ln -s "$S" "$O/source"
# the build defines the tag (crossym cocci checks that it does)
V='-D__visible=__attribute__((externally_visible))'
cc_one() {      # OBJ SOURCE
	cmd="gcc -O2 -Wall $V -I$S/include -c -o $1 $2"
	(cd "$O" && $cmd) || return 1
	printf 'cmd_%s := %s\n\nsource_%s := %s\n\n' "$1" "$cmd" "$1" "$2" \
		>"$O/$(dirname "$1")/.$(basename "$1").cmd"
}
cc_one lib/insn.o "$S/lib/insn.c" && cc_one lib/util.o "$S/lib/util.c" &&
	cc_one main/main.o "$S/main/main.c" &&
	(cd "$O" && gcc -o prog main/main.o lib/insn.o lib/util.o)
ok $? "the tree builds"
# objtool's check, as sync-check.sh runs it
sync_check() {  # TREE
	diff -I '^.*\/\*.*__ignore_sync_check__.*\*\/.*$' "$1/tools/lib/insn.c" "$1/lib/insn.c" >/dev/null
}
sync_check "$S"
ok $? "before tagging, lib/insn.c passes the sync check"

"$CROSSYM" report "$O" >"$TMP/report.txt" 2>"$TMP/report.err"
expect_grep "^  insn_decode  lib/insn.c  in a file kept equal to its copy under tools/: tools/lib/insn.c (objtool's sync check" \
	"$TMP/report.txt" "report: insn_decode is placed as synced, naming the tools/ copy"
"$CROSSYM" cocci -o "$TMP/c" --tag __visible "$O" 2>"$TMP/cocci.err"
ok $? "crossym cocci exits 0"
cut -f1,2,5,6 "$TMP/c/wanted.tsv" >"$TMP/got.w"
printf 'lib/insn.c\tinsn_decode\ttools/lib/insn.c\tsynced\nlib/util.c\tutil_twice\t-\tdeclarator\n' >"$TMP/want.w"
expect_eq "$TMP/want.w" "$TMP/got.w" "wanted.tsv: insn_decode synced, util_twice (tools/ copy differs) in place"
grep -q insn_decode "$TMP/c/cocci/lib/insn.c.cocci"
ok $((! $?)) "no spatch rule for the synced definition"
cp -R "$S" "$TMP/tagged"
sh "$TOP/scripts/annotate.sh" "$TMP/c" "$TMP/tagged" --apply >"$TMP/annotate.log" 2>&1
ok $? "annotate.sh --apply exits 0"
sed 's/^/# /' "$TMP/annotate.log" | tail -n 5
printf '%s\n' "lib/insn.c	insn_decode	redeclared	kept equal to tools/lib/insn.c by objtool's sync check" \
	"lib/util.c	util_twice	inplace	-" >"$TMP/want.f"
expect_eq "$TMP/want.f" "$TMP/c/forms.tsv" "forms.tsv: insn_decode re-declared with the reason, util_twice in place"
tail -n 1 "$TMP/tagged/lib/insn.c" >"$TMP/got.l"
echo 'extern __typeof__(insn_decode) insn_decode __visible; /* __ignore_sync_check__ */' >"$TMP/want.l"
expect_eq "$TMP/want.l" "$TMP/got.l" "lib/insn.c ends with the re-declaration carrying the comment"
grep -q 'int __visible util_twice' "$TMP/tagged/lib/util.c"
ok $? "lib/util.c tagged in place"
sync_check "$TMP/tagged"
ok $? "after tagging, lib/insn.c still passes the sync check"
cmp -s "$S/tools/lib/insn.c" "$TMP/tagged/tools/lib/insn.c"
ok $? "the tools/ copy is left alone"
for f in insn util; do
	gcc -O2 -Wall -Werror "$V" -I"$S/include" -flto -c -o "$TMP/$f.o" "$TMP/tagged/lib/$f.c" || break
done &&
	gcc -O2 -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program -r -nostdlib \
		"$TMP/insn.o" "$TMP/util.o" -o "$TMP/lib-unit.o" &&
	gcc -o "$TMP/prog" "$O/main/main.o" "$TMP/lib-unit.o" &&
	[ "$("$TMP/prog")" = "3 4" ]
ok $? "the tagged unit compiles with -Werror, links whole-program and runs"
"$CROSSYM" check --tag __visible --srctree "$TMP/tagged" "$O" >"$TMP/check.out" 2>"$TMP/check.err"
ok $? "crossym check on the tagged sources: exit 0"
expect_grep "0 missing, 0 stale" "$TMP/check.err" "check: nothing missing"
# a second run has nothing to do: the re-declaration counts as the tag
"$CROSSYM" cocci -o "$TMP/c2" --tag __visible --srctree "$TMP/tagged" "$O" 2>"$TMP/cocci2.err"
ok $? "crossym cocci on the tagged sources exits 0"
[ ! -s "$TMP/c2/wanted.tsv" ]
ok $? "nothing more to tag"
done_testing
