#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t46-ordered: definitions whose place only the linker script fixes
# (tests/trees/ordered, the kernel's DEFINE_SCHED_CLASS in small): hi_class
# and lo_class sit alone in sections __hi_class and __lo_class that
# ordered.lds names one by one, and sched/core.c checks that lo_class is
# right after hi_class, as sched_init does.
#  - `crossym units --ordered` lists the two, with unit, object, section and
#    script, and not core_flag, alone in a section ordered.lds names but in
#    another output section; with their objects excluded it lists nothing;
#  - the proof: scripts/wholeprogram.sh with sched/ one unit gives an image
#    that traps (GCC sees both definitions and folds the check: ud2), and
#    with the objects --ordered lists excluded the image runs as the normal
#    one (and a rerun with other units remakes the unit, not a stale one).
. "$(dirname "$0")/lib.sh"
tree=$TOP/tests/trees/ordered
b=$TMP/b

sh "$tree/build.sh" "$b" >"$TMP/build.log" 2>&1
ok $? "the ordered tree builds"
"$b/image" >"$TMP/normal.out" 2>&1
echo "classes: 3" >"$TMP/want.out"
expect_eq "$TMP/want.out" "$TMP/normal.out" "the normal image passes its check"

"$CROSSYM" units --ordered "$b" >"$TMP/got.tsv"
ok $? "units --ordered exits 0"
printf 'unit\tobject\tsymbol\tsection\tscript\n' >"$TMP/want.tsv"
printf 'sched\tsched/hi.o\thi_class\t__hi_class\tordered.lds\n' >>"$TMP/want.tsv"
printf 'sched\tsched/lo.o\tlo_class\t__lo_class\tordered.lds\n' >>"$TMP/want.tsv"
expect_eq "$TMP/want.tsv" "$TMP/got.tsv" "units --ordered: the two definitions only ordered.lds places"
# the same facts from the objects and the script, independently
for o in hi lo; do
	objdump -h "$b/sched/$o.o" | grep -q " __${o}_class "
	ok $? "objdump: sched/$o.o has section __${o}_class"
	grep -q "\*(__${o}_class)" "$b/ordered.lds"
	ok $? "ordered.lds names __${o}_class one by one"
done
objdump -h "$b/sched/core.o" | grep -q " __core_flag " && grep -q '\.flags : { \*(__core_flag) }' "$b/ordered.lds"
ok $? "core_flag: alone in __core_flag, which ordered.lds names in output section .flags"
awk -F '\t' 'NR > 1 { print $2 }' "$TMP/got.tsv" | sort -u >"$TMP/excl"
"$CROSSYM" units --ordered --exclude "@$TMP/excl" "$b" | sed 1d >"$TMP/after"
[ ! -s "$TMP/after" ]
ok $? "with those objects excluded, --ordered lists nothing"

# the hazard, shown by hand: sched/'s C files as one whole-program unit fold
# the check of their order to a trap
for o in core hi lo; do
	gcc -O2 -flto -c -o "$TMP/$o.lto.o" "$tree/sched/$o.c"
done
gcc -O2 -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program -r -nostdlib \
	"$TMP/core.lto.o" "$TMP/hi.lto.o" "$TMP/lo.lto.o" -o "$TMP/sched-unit.o"
objdump -d "$TMP/sched-unit.o" | awk '/<classes_ok>:/ { getline; print $NF; exit }' >"$TMP/first"
echo ud2 >"$TMP/want.first"
expect_eq "$TMP/want.first" "$TMP/first" "the hazard: with sched/ one unit, classes_ok is a bare ud2"

# wholeprogram keeps those objects out of their unit itself
sh "$TOP/scripts/wholeprogram.sh" "$b" >"$TMP/wp.out" 2>"$TMP/wp.err"
ok $? "whole-program links"
expect_grep "^wholeprogram:   2 ordered: definitions only the linker script orders share a unit.*: sched/hi.o sched/lo.o$" \
	"$TMP/wp.err" "... keeping the two ordered objects out, said"
printf 'sched/hi.o\tordered\nsched/lo.o\tordered\n' >"$TMP/excl.want"
cut -f 1,2 "$b/.wp/excluded.tsv" >"$TMP/excl.got"
expect_eq "$TMP/excl.want" "$TMP/excl.got" "... listed in .wp/excluded.tsv"
"$b/image" >"$TMP/wp.run" 2>&1
expect_eq "$TMP/want.out" "$TMP/wp.run" "... and its image passes the check like the normal one"
objdump -d "$b/sched/unit.o" | grep -q '<classes_ok>:'
ok $? "... with sched/core.o whole-program (its unit file holds classes_ok)"
sh "$TOP/scripts/wholeprogram.sh" --exclude "@$TMP/excl" "$b" >"$TMP/wp2.out" 2>"$TMP/wp2.err"
ok $? "whole-program with the --ordered objects excluded by hand links"
! grep -q ordered "$TMP/wp2.err"
ok $? "... and keeps nothing more out"
done_testing
