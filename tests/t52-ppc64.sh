#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t52-ppc64: 64-bit big-endian PowerPC, ELFv1 (tests/trees/ppc64, cross-built
# with powerpc64-linux-gnu-gcc). Every global function `f` is a descriptor
# symbol `f` in .opd, and the kernel-like linker script says KEEP(*(.opd))
# beside a real table (.list_*) nobody names. start/ and a/ are compiled as Linux
# compiles them (-mcall-aixdesc): the code of f is a second global .f and calls
# name .f; .f and f are one function f. .opd is the ABI's, not a table:
# functions used only inside their unit get no tag, cross-unit ones do, the
# table entries still count as referenced by the script, and a descriptor is
# a function. Then the proof: each directory compiled -fwhole-program with
# crossym's tags links with the cross toolchain, 0 undefined, entries kept.
. "$(dirname "$0")/lib.sh"
CROSS=${CROSS_COMPILE:-powerpc64-linux-gnu-}
command -v "${CROSS}gcc" >/dev/null 2>&1 ||
	skip_all "${CROSS}gcc not installed (scripts/deps.sh installs gcc-powerpc64-linux-gnu)"
tree=$TOP/tests/trees/ppc64
out=$TMP/normal

sh "$tree/build.sh" "$out" >"$TMP/build.log" 2>&1
ok $? "the ppc64 tree cross-builds"
# The premise: ELFv1 objects, the function a FUNC symbol in .opd, no .f.
readelf -hsW "$out/b/b.o" >"$TMP/b.elf"
expect_grep 'Machine: *PowerPC64' "$TMP/b.elf" "b/b.o is a PowerPC64 object"
idx=$(readelf -SW "$out/b/b.o" | sed -n 's/^ *\[ *\([0-9]*\)\] \.opd .*/\1/p')
awk -v i="$idx" '$4 == "FUNC" && $5 == "GLOBAL" && $7 == i && $8 == "b_helper"' \
	"$TMP/b.elf" | grep -q .
ok $? "b_helper is a global FUNC in .opd (the descriptor)"
! "${CROSS}nm" "$out/b/b.o" | grep -q ' \.b_helper$'
ok $? "no dot-symbol .b_helper in the object"
# -mcall-aixdesc (start/, a/, as Linux): the code is a second global .f, calls
# name it; b/ defines b_helper only (ld makes .b_helper from the descriptor).
"${CROSS}nm" "$out/a/cmds.o" "$out/start/os.o" >"$TMP/aix.nm"
grep -q "^[0-9a-f]* T \.table_count$" "$TMP/aix.nm" &&
	grep -q "^[0-9a-f]* D table_count$" "$TMP/aix.nm" &&
	grep -q "^ *U \.b_helper$" "$TMP/aix.nm"
ok $? "a/cmds.o defines .table_count and table_count, start/os.o calls .b_helper"

cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from	kind	bind
_start	start	start/start.o	start/start.c	tag	ppc64.lds	func	global
b_helper	b	b/b.o	b/b.c	tag	start	func	global
b_unused	b	b/b.o	b/b.c	unreferenced	-	func	global
cmd_b	b	b/b.o	b/b.c	tag	ppc64.lds	object	global
cmd_hello	a	a/cmds.o	a/cmds.c	tag	ppc64.lds	object	global
cmd_helper	a	a/cmds.o	a/cmds.c	unit-local	-	func	global
cmd_more	a	a/more.o	a/more.c	tag	ppc64.lds	object	global
os_init	start	start/os.o	start/os.c	unit-local	-	func	global
os_local	start	start/os.o	start/os.c	unit-local	-	func	global
os_ticks	start	start/os.o	start/os.c	tag	a	object	global
result	start	start/start.o	start/start.c	file-local	-	object	global
table_count	a	a/cmds.o	a/cmds.c	tag	start	func	global
TSV
"$CROSSYM" report --format=tsv --all "$out" >"$TMP/all.tsv" 2>"$TMP/err"
ok $? "report exits 0"
cut -f1-8 "$TMP/all.tsv" >"$TMP/got.tsv"
expect_eq "$TMP/want.tsv" "$TMP/got.tsv" \
	"exact rows: .opd keeps no function, .list_* entries by the script, descriptors are functions"
"$CROSSYM" report --format=tsv "$out" >"$TMP/tags.tsv" 2>/dev/null
[ "$(grep -c '	tag	' "$TMP/tags.tsv")" -eq 7 ]
ok $? "7 tag rows (11 with .opd taken for a table)"

# units --ordered: the script names .opd one by one; when one object holds
# every descriptor (a/ alone: a/cmds.o) .opd looked like an ordered section.
(
	. "$TOP/tests/trees/record.sh"
	begin_build "$TMP/aonly" "$tree" a
	cp "$src/ppc64.lds" .
	for o in a/cmds a/more; do
		record "$o.o" "${CROSS}gcc -O2 -I$src/include -c -o $o.o $src/$o.c" "$src/$o.c"
	done
	record_thin a:a/cmds.o,a/more.o
	record image "${CROSS}gcc -nostdlib -static -Wl,--unresolved-symbols=ignore-all -Wl,--no-warn-rwx-segments -o image -Wl,-T,ppc64.lds -Wl,--whole-archive built-in.a -Wl,--no-whole-archive"
) >"$TMP/aonly.log" 2>&1
ok $? "a/ alone cross-builds"
"$CROSSYM" units --ordered "$TMP/aonly" >"$TMP/ordered" 2>&1
echo "unit	object	symbol	section	script" >"$TMP/want.ordered"
expect_eq "$TMP/want.ordered" "$TMP/ordered" "units --ordered: .opd orders nothing"

# --db: the report from the db equals the scan, also from a db an older
# crossym wrote (descriptors recorded with kind object, 1).
"$CROSSYM" report --format=tsv --all --db "$TMP/scan.db" "$out" >/dev/null 2>&1
awk 'NR > 1 { if ($0 == "X\t.opd" && p ~ /^S\t/) {
		split(p, f, "\t"); p = "S\t" f[2] "\t1\t" f[4] }
	print p } { p = $0 } END { print p }' "$TMP/scan.db" >"$TMP/old.db"
! cmp -s "$TMP/scan.db" "$TMP/old.db" && mv "$TMP/old.db" "$TMP/scan.db" && db_reseal "$TMP/scan.db"
ok $? "a db with the descriptors recorded as objects"
"$CROSSYM" report --format=tsv --all --db "$TMP/scan.db" "$out" >"$TMP/db.tsv" 2>"$TMP/db.err"
cut -f1-8 "$TMP/db.tsv" >"$TMP/db8.tsv"
expect_eq "$TMP/want.tsv" "$TMP/db8.tsv" "--db: the same rows, descriptors are functions"
expect_grep "0 object files read" "$TMP/db.err" "--db: the second scan read nothing"

# The whole-program build with those tags, linked with the cross toolchain.
entries() { "${CROSS}nm" "$1" | grep -cE " [DdRr] cmd_(b|hello|more)$"; }
sh "$tree/build.sh" "$TMP/wp" "$TMP/tags.tsv" >"$TMP/wp.log" 2>&1
ok $? "whole-program build with crossym's tags links (static: nothing undefined)"
[ "$(${CROSS}nm -u "$TMP/wp/image" | wc -l)" -eq 0 ]
ok $? "0 undefined symbols in the whole-program image"
[ "$(entries "$out/image")" -eq 3 ] && [ "$(entries "$TMP/wp/image")" -eq 3 ]
ok $? "3 table entries in the normal and the whole-program image"
"${CROSS}nm" "$TMP/wp/image" | grep -E ' [A-Z] (os_init|os_local|cmd_helper)$' >"$TMP/global"
[ ! -s "$TMP/global" ] && "${CROSS}nm" "$out/image" | grep -q ' D cmd_helper$'
ok $? "unit-local functions are global in the normal image, not in the whole-program one"

# Without the rows the .list_* KEEP causes, the table is silently lost:
# the KEEP rule still counts for a real table.
awk -F "\t" '!($1 ~ /^cmd_/ && $6 == "ppc64.lds")' "$TMP/tags.tsv" >"$TMP/nokeep.tsv"
sh "$tree/build.sh" "$TMP/wp0" "$TMP/nokeep.tsv" >"$TMP/wp0.log" 2>&1
ok $? "whole-program build without the script's rows links too"
[ "$(entries "$TMP/wp0/image")" -eq 0 ]
ok $? "... and loses every table entry"

# crossym wholeprogram with the cross toolchain of the .cmd files: untagged the
# link fails on what the units made local; from a tagged copy it links and
# is proved whole-program (every unit file in the image, nothing they made
# local global in it)
if wp_wanted; then
	sh "$tree/build.sh" "$TMP/w" >/dev/null 2>&1
	tag_copy "$tree" "$TMP/w" "$TMP/wsrc" "$TMP/wout"
	ok $? "cocci + annotate --apply on a copy of the sources"
	expect_status 2 wp "$TMP/w"
	expect_grep "^wholeprogram: the image has no entry symbol _start (ld only warned" "$TMP/err" \
		"wholeprogram, untagged: the units lost the entry (ld only warns): exit 2, said"
	expect_status 0 wp --srctree "$TMP/wsrc" "$TMP/w"
	expect_grep "^wholeprogram: image: whole-program: the 3 unit files linked; [0-9]* global symbols, not one of the [1-9][0-9]* definitions" \
		"$TMP/err" "wholeprogram, tagged: linked by the cross toolchain, proved"
	readelf -h "$TMP/w/image" | grep -q 'PowerPC64'
	ok $? "... a PowerPC64 image"
fi

# nm input has no sections: a KEEP of a table is then an error, a KEEP of
# only ABI sections is not (it keeps no table to lose).
(cd "$out" && "$CROSSYM" objects . | xargs "${CROSS}nm" -A) >"$TMP/nm.txt" 2>/dev/null
expect_status 1 "$CROSSYM" report --format=tsv --nm "$TMP/nm.txt" "$out"
expect_grep "ppc64.lds: KEEPs input sections, but the sections of" "$TMP/err" \
	"nm input, script KEEPs a table: the error"
sed 's/KEEP(\*(SORT(\.list_\*)))/*(SORT(.list_*))/' "$out/ppc64.lds" >"$TMP/lds" &&
	cp "$TMP/lds" "$out/ppc64.lds"
! grep -q 'list_.*KEEP\|KEEP.*list_' "$out/ppc64.lds"
ok $? "the script without the table's KEEP"
expect_status 0 "$CROSSYM" report --format=tsv --all --nm "$TMP/nm.txt" "$out"
expect_grep '^cmd_helper	a	a/cmds.o	a/cmds.c	unit-local	' "$TMP/out" \
	"nm input, script KEEPs only .opd: exit 0, cmd_helper unit-local"
! grep -q "^\." "$TMP/out" && grep -q "^table_count	a	a/cmds.o	a/cmds.c	tag	start	" "$TMP/out"
ok $? "nm input: .f folded into f (T .f beside D f), table_count tagged for start"
done_testing
