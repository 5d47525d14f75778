#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t41-redecl-arms: re-declarations of variables defined only in an #if arm
# (tests/trees/arms, built with -DCONFIG_ON). crossym re-declares on_lock
# (its definer macro's expansion begins with a static helper, under
# `#ifdef CONFIG_ON`), total_on (a pasted name, under `#if
# defined(CONFIG_ON)`, with an #else arm) and any_lock (outside any arm),
# with --define-tag (the tag has `used`). Each re-declaration must stand
# right behind its definition, inside its arm: the tagged lib/arms.c,
# compiled with CONFIG_ON and without, warns no more than the untagged one
# and, without CONFIG_ON, defines exactly the symbols the untagged one
# defines; with CONFIG_ON its -fwhole-program unit keeps the variables
# global (untagged, it does not). The controls: the same line at the end of
# the file defines on_lock where the arm is left out, and crossym verify
# refuses it; an extern re-declaration makes GCC warn that `used` is ignored.
# pick_main (lib/pick.c) is defined in both arms, the CONFIG_ON one in a .c
# file the arm #includes: tagged there too, and crossym check wants it there.
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "no spatch (coccinelle)"
tree=$TOP/tests/trees/arms
b=$TMP/b

sh "$tree/build.sh" "$b" >"$TMP/build.log" 2>&1
ok $? "the tree builds with CONFIG_ON"
cp -R "$tree" "$TMP/src"
expect_status 0 "$CROSSYM" cocci -o "$TMP/cocci" --define-tag "$b"
expect_status 0 env CROSSYM_LIBEXECDIR="$TOP/scripts" "$CROSSYM" annotate "$TMP/cocci" \
	"$TMP/src" --apply
cut -f1-3 "$TMP/cocci/forms.tsv" >"$TMP/forms"
{ printf 'lib/arms.c\t%s\n' "any_lock	redeclared" "arms_sum	inplace" "on_lock	redeclared" \
	"total_on	redeclared"
  printf 'lib/pick.c\tpick_main\tredeclared\nlib/pick_big.c\tpick_main\tinplace\n'; } >"$TMP/want.forms"
expect_eq "$TMP/want.forms" "$TMP/forms" \
	"three variables re-declared, arms_sum tagged in place; pick_main in both its files"

# where each re-declaration went: the line after its definition, in its arm
t=$TMP/src/lib/arms.c
grep -qx '#define __global __attribute__((externally_visible, used))' "$t"
ok $? "the tag's #define has used"
awk '
	prev == "DEFINE_LOCKED(on_lock);" && $0 == "__typeof__(on_lock) on_lock __global;" { a = NR }
	a && NR == a + 1 && $0 == "#endif" { a1 = 1 }
	prev == "DEFINE_TOTAL(on) = 5;" && $0 == "__typeof__(total_on) total_on __global;" { b = NR }
	b && NR == b + 1 && $0 == "#else" { b1 = 1 }
	prev == "DEFINE_LOCKED(any_lock);" && $0 == "__typeof__(any_lock) any_lock __global;" { c = 1 }
	/^(extern )?__typeof__/ { n++ }
	{ prev = $0 }
	END { exit !(a1 && b1 && c && n == 3) }' "$t"
ok $? "each re-declaration right behind its definition, inside its #if arm, no extern"
expect_status 0 "$CROSSYM" check --srctree "$TMP/src" "$b"
grep -q '^int __global pick_main(void)$' "$TMP/src/lib/pick_big.c"
ok $? "pick_main tagged in lib/pick_big.c, the .c file CONFIG_ON's arm of lib/pick.c #includes"

# compile ORIG_OR_TAGGED_FILE CONFIG OUT: the object and its compiler output
compile() {
	gcc -O2 -Wall -Wextra $2 -I"$tree/include" -c "$1" -o "$3.o" 2>"$3.err"
}
# defined OBJ: the global symbols OBJ defines
defined() { nm "$1" | awk '$2 ~ /^[A-Z]$/ && $2 != "U" { print $2, $3 }'; }
for cfg in on off; do
	D=
	[ $cfg = on ] && D=-DCONFIG_ON
	compile "$tree/lib/arms.c" "$D" "$TMP/$cfg-untagged"
	ok $? "$cfg: the untagged file compiles"
	compile "$t" "$D" "$TMP/$cfg-tagged"
	ok $? "$cfg: the tagged file compiles"
	wu=$(grep -c ': warning:' "$TMP/$cfg-untagged.err") wt=$(grep -c ': warning:' "$TMP/$cfg-tagged.err")
	[ "$wt" -le "$wu" ]
	ok $? "$cfg: no new warning ($wt tagged, $wu untagged)"
	[ "$wt" -le "$wu" ] || sed 's/^/# /' "$TMP/$cfg-tagged.err"
	defined "$TMP/$cfg-untagged.o" >"$TMP/$cfg-untagged.nm"
	defined "$TMP/$cfg-tagged.o" >"$TMP/$cfg-tagged.nm"
	expect_eq "$TMP/$cfg-untagged.nm" "$TMP/$cfg-tagged.nm" "$cfg: the same symbols defined"
done
grep -q 'on_lock' "$TMP/off-tagged.nm" || grep -q 'total_on' "$TMP/off-tagged.nm"
ok $((! $?)) "off: neither on_lock nor total_on defined (their arms are left out)"

# unit FILE OUT: FILE as a one-file -fwhole-program unit (CONFIG_ON), its nm
unit() {
	gcc -O2 -DCONFIG_ON -I"$tree/include" -flto -c "$1" -o "$2.lto.o" &&
		gcc -O2 -flto -fno-use-linker-plugin -fwhole-program -r -nostdlib "$2.lto.o" \
			-o "$2.unit.o" && nm "$2.unit.o" >"$2.unit.nm"
}
unit "$t" "$TMP/wp-tagged"
ok $? "on: the tagged file links as a whole-program unit"
grep -q ' D on_lock$' "$TMP/wp-tagged.unit.nm" && grep -q ' D total_on$' "$TMP/wp-tagged.unit.nm" &&
	grep -q ' D any_lock$' "$TMP/wp-tagged.unit.nm" && grep -q ' T arms_sum$' "$TMP/wp-tagged.unit.nm"
ok $? "on: the unit keeps on_lock, total_on, any_lock and arms_sum global"
unit "$tree/lib/arms.c" "$TMP/wp-untagged"
! grep -q ' [DB] on_lock$' "$TMP/wp-untagged.unit.nm"
ok $? "on, the control: untagged, the unit does not keep on_lock global"

# pick_main: the unit of the tagged lib/pick.c keeps it global; with only
# lib/pick.c tagged (its own arm's definition and re-declaration), it does not
unit "$TMP/src/lib/pick.c" "$TMP/wp-pick"
grep -q ' T pick_main$' "$TMP/wp-pick.unit.nm"
ok $? "on: the unit of lib/pick.c keeps pick_main, defined in the #included lib/pick_big.c, global"
cp "$TMP/src/lib/pick.c" "$TMP/pick-ctl.c"
sed -i 's|"pick_big.c"|"'"$tree"'/lib/pick_big.c"|' "$TMP/pick-ctl.c"
unit "$TMP/pick-ctl.c" "$TMP/wp-pick-ctl"
! grep -q ' T pick_main$' "$TMP/wp-pick-ctl.unit.nm"
ok $? "on, the control: with lib/pick_big.c untagged, the unit does not keep pick_main global"
check_ctl=$TMP/ctl
cp -R "$TMP/src" "$check_ctl" && cp "$tree/lib/pick_big.c" "$check_ctl/lib/"
expect_status 1 "$CROSSYM" check --srctree "$check_ctl" "$b"
expect_grep "lib/pick_big.c.*pick_main" "$TMP/out" \
	"... and crossym check names the untagged definition in lib/pick_big.c"

# the controls: the re-declaration at the end of the file, outside the arm
cp -R "$tree" "$TMP/end"
{ printf '#define __global __attribute__((externally_visible, used))\n'
  cat "$tree/lib/arms.c"
  printf '__typeof__(on_lock) on_lock __global;\n'; } >"$TMP/end/lib/arms.c"
compile "$TMP/end/lib/arms.c" "" "$TMP/off-end"
defined "$TMP/off-end.o" | grep -q 'on_lock'
ok $? "the control: at the end of the file the same line defines on_lock where its arm is off"
# the tagged file with on_lock's re-declaration moved to the end
grep -v '^__typeof__(on_lock)' "$t" >"$TMP/end/lib/arms.c.t"
printf '__typeof__(on_lock) on_lock __global;\n' >>"$TMP/end/lib/arms.c.t"
mv "$TMP/end/lib/arms.c.t" "$TMP/end/lib/arms.c"
expect_status 1 "$CROSSYM" verify "$TMP/cocci" "$tree" "$TMP/end"
expect_grep "re-declaration without extern not right behind a definition of on_lock" "$TMP/out" \
	"the control: crossym verify refuses it"
sed 's/^__typeof__(on_lock) on_lock __global;$/extern &/' "$t" >"$TMP/extern.c"
compile "$TMP/extern.c" -DCONFIG_ON "$TMP/on-extern"
expect_grep ".used. attribute ignored" "$TMP/on-extern.err" \
	"the control: an extern re-declaration warns that used is ignored"
done_testing
