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

sh "$TOP/scripts/wholeprogram.sh" "$b" >"$TMP/wp.out" 2>"$TMP/wp.err"
ok $? "whole-program with sched/ one unit links"
grep -q "warning: definitions only the linker script orders.*--exclude: sched/hi.o sched/lo.o$" "$TMP/wp.err"
ok $? "wholeprogram.sh warns, naming the two objects to exclude"
"$b/image" >"$TMP/wp.run" 2>&1
rc=$?
[ $rc -ne 0 ] && ! grep -q classes "$TMP/wp.run"
ok $? "... and its image traps (exit $rc): the check folded to a trap"
objdump -d "$b/sched/unit.o" | awk '/<classes_ok>:/ { getline; print $NF; exit }' >"$TMP/first"
echo ud2 >"$TMP/want.first"
expect_eq "$TMP/want.first" "$TMP/first" "objdump: classes_ok in the unit is a bare ud2"

sh "$TOP/scripts/wholeprogram.sh" --exclude "@$TMP/excl" "$b" >"$TMP/wp2.out" 2>"$TMP/wp2.err"
ok $? "whole-program with the --ordered objects excluded links"
! grep -q warning "$TMP/wp2.err"
ok $? "... and does not warn"
"$b/image" >"$TMP/wp2.run" 2>&1
expect_eq "$TMP/want.out" "$TMP/wp2.run" "... and its image passes the check like the normal one"
done_testing
