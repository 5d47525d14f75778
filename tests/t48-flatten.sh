#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t48-flatten: functions given GCC's flatten attribute in a whole-program
# unit (tests/trees/flatten, mm/percpu.c's pcpu_build_alloc_info in small).
# Compiled apart, a flatten function can only inline its own file's
# functions; in a unit it inlines the unit's whole call tree below it (on
# Linux 6.1 defconfig the mm unit took lto1 past 24 GiB). No symbol table
# shows the attribute (build_info is static):
#  - `crossym units --flatten` lists the two functions mm/ gives it, by both
#    spellings (__flatten, __attribute__((flatten))), with unit, object,
#    source and line; not lib/solo.c's, alone in its unit; with an object
#    excluded its row goes; --ordered and --flatten together are refused;
#  - scripts/wholeprogram.sh keeps those objects out of their unit itself;
#  - the proof that the attribute crosses files in a unit: normally
#    mm/walk.o calls step() (mm/step.c); in mm/ as one unit (by hand) mm_setup
#    and raw_total call nothing, while step_twice (no flatten) still calls
#    step(); the image prints what the normal one prints;
#  - an unreadable source is an error naming it, exit 1.
. "$(dirname "$0")/lib.sh"
tree=$TOP/tests/trees/flatten
b=$TMP/b

sh "$tree/build.sh" "$b" >"$TMP/build.log" 2>&1
ok $? "the flatten tree builds"
"$b/image" >"$TMP/normal.out" 2>&1
echo "mm: 18 6 10 38" >"$TMP/want.out"
expect_eq "$TMP/want.out" "$TMP/normal.out" "the normal image prints its sums"

"$CROSSYM" units --flatten "$b" >"$TMP/got.tsv"
ok $? "units --flatten exits 0"
printf 'unit\tobject\tsymbol\tsource\tline\n' >"$TMP/want.tsv"
printf 'mm\tmm/walk.o\tbuild_info\tmm/walk.c\t5\n' >>"$TMP/want.tsv"
printf 'mm\tmm/raw.o\traw_total\tmm/raw.c\t3\n' >>"$TMP/want.tsv"
expect_eq "$TMP/want.tsv" "$TMP/got.tsv" "units --flatten: mm's two flatten functions, not lib's lone one"
# the same facts from the sources, independently
sed -n 5p "$tree/mm/walk.c" | grep -q '__flatten build_info('
ok $? "mm/walk.c line 5 gives build_info __flatten"
sed -n 3p "$tree/mm/raw.c" | grep -q '__attribute__((flatten)) raw_total('
ok $? "mm/raw.c line 3 gives raw_total __attribute__((flatten))"
grep -q '__flatten twice(' "$tree/lib/solo.c"
ok $? "lib/solo.c has one too (alone in unit lib: not listed)"

"$CROSSYM" units --flatten --exclude mm/raw.o "$b" | cut -f 2 | sed 1d >"$TMP/after"
echo mm/walk.o >"$TMP/want.after"
expect_eq "$TMP/want.after" "$TMP/after" "with mm/raw.o excluded only mm/walk.o is listed"
"$CROSSYM" units --flatten --ordered "$b" >/dev/null 2>"$TMP/both.err"
[ $? -eq 2 ] && grep -q 'exclude each other' "$TMP/both.err"
ok $? "--flatten with --ordered: exit 2, says why"

# the attribute crosses files only in a unit
calls() { objdump -d --no-show-raw-insn "$1" | awk '/>:$/ { f = $2 } /call/ { print f, $NF }' | sort -u; }
calls "$b/mm/walk.o" | grep -q '^<mm_setup>:'
ok $? "normal build: mm/walk.o calls out (step is in another file)"
# (by hand: mm/'s C files as one whole-program unit)
for o in walk step raw; do
	gcc -O2 -flto -c -o "$TMP/$o.lto.o" "$tree/mm/$o.c"
done
gcc -O2 -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program -r -nostdlib \
	"$TMP/walk.lto.o" "$TMP/step.lto.o" "$TMP/raw.lto.o" -o "$TMP/mm-unit.o"
calls "$TMP/mm-unit.o" >"$TMP/unit.calls"
printf '<step_twice>: <step>\n' >"$TMP/want.calls"
expect_eq "$TMP/want.calls" "$TMP/unit.calls" "mm/ as one unit: only step_twice (no flatten) still calls step()"
# wholeprogram keeps the flatten objects out itself, and tags what that takes
# (mm/step.o's step is now called from outside its unit)
expect_status 0 wp --tag __global --define-tag "$b"
expect_grep "^wholeprogram:   2 flatten: a function given the flatten attribute shares a unit.*: mm/walk.o mm/raw.o$" \
	"$TMP/err" "... keeping the two flatten objects out of mm/'s unit, said"
grep -q '__global.*step(' "$b/.wp/src/mm/step.c" && grep -qx 'exclude = mm/walk.o' "$b/.wp/src/.crossym"
ok $? "... step tagged in the copy, the exclusion recorded in its .crossym"
"$b/image" >"$TMP/wp.run" 2>&1
expect_eq "$TMP/want.out" "$TMP/wp.run" "the whole-program image prints the same"

# a source that cannot be read: said, named, exit 1
cp -R "$tree" "$TMP/src"
rm "$TMP/src/mm/raw.c"
"$CROSSYM" units --flatten --srctree "$TMP/src" "$b" >/dev/null 2>"$TMP/missing.err"
[ $? -eq 1 ] && grep -q 'mm/raw.c: .*flatten' "$TMP/missing.err"
ok $? "an unreadable source: exit 1, the file named"
sed "s/^/# /" "$TMP/missing.err"
done_testing
