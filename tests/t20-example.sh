#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t20-example: crossym on the bundled example tree, both layouts (ld -r
# built-in.o and thin built-in.a, with a regular lib.a), against the report
# derived by hand (expected.tsv) and an independent nm+awk computation.
. "$(dirname "$0")/lib.sh"
ex=$TOP/tests/trees/example

for layout in ldr thin; do
	out=$TMP/$layout
	make -s -C "$ex" O="$out" LAYOUT="$layout" >"$TMP/build.log" 2>&1
	ok $? "$layout: the example tree builds"
	"$out/prog" >"$TMP/prog.out"
	expect_eq "$ex/expected-output.txt" "$TMP/prog.out" "$layout: the program runs"
	"$CROSSYM" report --format=tsv "$out" >"$TMP/got.tsv" 2>"$TMP/err"
	ok $? "$layout: report exits 0"
	tsv6 "$TMP/got.tsv"
	expect_eq "$ex/expected.tsv" "$TMP/got.tsv" "$layout: exact TSV (hand-derived)"
	sh "$ex/nm-xref.sh" "$out" >"$TMP/xref.tsv"
	expect_eq "$TMP/xref.tsv" "$TMP/got.tsv" "$layout: equals the nm+awk computation"
	(cd "$out" && "$CROSSYM" objects . | xargs nm -A) >"$TMP/nm.txt" 2>/dev/null
	"$CROSSYM" report -q --format=tsv --nm "$TMP/nm.txt" "$out" >"$TMP/got-nm.tsv"
	tsv6 "$TMP/got-nm.tsv"
	expect_eq "$TMP/got.tsv" "$TMP/got-nm.tsv" "$layout: nm text input, byte-identical"
	"$CROSSYM" report -q "$out" >"$TMP/text"
	expect_grep "^22 definitions in 8 units used from outside: 20 to tag, 1 exported, 1 in assembly" \
		"$TMP/text" "$layout: text report summary"
done

# The traps of the decision, named.
t=$TMP/ldr
"$CROSSYM" report -q --format=tsv "$t" >"$TMP/got.tsv"
tsv6 "$TMP/got.tsv"
for sym in print_banner update_curr sched_nr panic_timeout mm_debug_dump stat_writes; do
	! grep -q "^$sym	" "$TMP/got.tsv"
	ok $? "not reported: $sym (used inside its unit, or nowhere)"
done
[ "$(grep -c '^nr_running	' "$TMP/got.tsv")" -eq 1 ] &&
	grep -q '^nr_running	kernel/sched	kernel/sched/core.o	' "$TMP/got.tsv"
ok $? "a same-named static elsewhere (drivers/char/mem.c) is not the definition"
grep -q "^arch_do_entry	arch/demo	.*	tag	arch/demo#asm$" "$TMP/got.tsv"
ok $? "a C function called by assembly of its own directory needs the tag"
[ "$(grep -c '^arch_early_init	' "$TMP/got.tsv")" -eq 2 ]
ok $? "weak/strong pair: both definitions reported"
grep -q "^demo_entry	arch/demo#asm	.*	asm	arch/demo,init$" "$TMP/got.tsv"
ok $? "assembly definition: status asm"
grep -q "^misc_register	.*	exported	" "$TMP/got.tsv"
ok $? "exported symbol: status exported"

# Several builds at once: the union of two layouts is the same set.
"$CROSSYM" report -q --format=tsv "$TMP/ldr" "$TMP/thin" >"$TMP/union.tsv"
tsv6 "$TMP/union.tsv"
expect_eq "$ex/expected.tsv" "$TMP/union.tsv" "two builds of one tree: union, merged"
# Bad input: a source file gone since the build.
cp -R "$ex" "$TMP/src-missing"
rm "$TMP/src-missing/lib/string.c"
expect_status 1 "$CROSSYM" cocci -o "$TMP/c-missing" --srctree "$TMP/src-missing" "$TMP/ldr"
expect_grep "lib/string.c: missing source" "$TMP/err" "missing source: named, exit 1"
expect_status 3 "$CROSSYM" check --srctree "$TMP/src-missing" "$TMP/ldr"
expect_grep "lib/string.c: missing source" "$TMP/err" "check: missing source named, exit 3 (the answer is incomplete), not 1 (tags wrong)"
# A build whose source tree moved: its `source` link points to nothing. Said,
# naming the old tree; --srctree maps the recorded paths to the new place.
cp -R "$ex" "$TMP/src-old"
make -s -C "$TMP/src-old" O="$TMP/moved" >/dev/null 2>&1
mv "$TMP/src-old" "$TMP/src-new"
expect_status 3 "$CROSSYM" check "$TMP/moved"
expect_grep "moved: built from $TMP/src-old (its .source. link), which is not there: .*give --srctree DIR" \
	"$TMP/err" "a build whose source tree moved: the old tree named, --srctree offered"
"$CROSSYM" check "$TMP/ldr" >"$TMP/check-ldr.txt" 2>/dev/null
expect_status 1 "$CROSSYM" check --srctree "$TMP/src-new" "$TMP/moved"
expect_eq "$TMP/check-ldr.txt" "$TMP/out" "... with --srctree the new place: the same check as the tree in place"
# check --format: the same issues as the text lines, as TSV and as JSON
"$CROSSYM" check "$TMP/ldr" >"$TMP/check.txt" 2>/dev/null
expect_status 1 "$CROSSYM" check --format=tsv "$TMP/ldr"
head -n 1 "$TMP/out" | grep -qx "file	line	issue	symbol	unit	why"
ok $? "check --format=tsv: a header line"
tail -n +2 "$TMP/out" | awk -F '\t' '{ u = $2 == "-"; print $1 ":" (u ? 1 : $2) ": " $3 " tag: " $4 ": " $6 (u ? " (line unknown)" : "") }' \
	>"$TMP/check.from-tsv"
expect_eq "$TMP/check.txt" "$TMP/check.from-tsv" "check --format=tsv: the text lines' facts"
grep -q "^arch/demo/setup.c	[0-9]*	missing	arch_do_entry	arch/demo	" "$TMP/out"
ok $? "check --format=tsv: the unit column"
expect_status 1 "$CROSSYM" check --format=json "$TMP/ldr"
jq -r '.issues[] | "\(.file):\(.line // 1): \(.issue) tag: \(.symbol): \(.why)\(if .line then "" else " (line unknown)" end)"' "$TMP/out" \
	>"$TMP/check.from-json" && expect_eq "$TMP/check.txt" "$TMP/check.from-json" \
	"check --format=json: the text lines' facts"
[ "$(jq '.counts.missing' "$TMP/out")" -eq "$(wc -l <"$TMP/check.txt")" ]
ok $? "check --format=json: counts.missing is the number of lines"
expect_status 2 "$CROSSYM" check --format=xml "$TMP/ldr"
expect_grep "format xml: not a format (text, tsv or json)" "$TMP/err" "check --format=xml: refused"
# -q: the notes, the summary and the warnings that repeat on every run go;
# the output and the exit status stay
"$CROSSYM" check "$TMP/ldr" >/dev/null 2>"$TMP/loud.err"
grep -q "note: " "$TMP/loud.err" && grep -q "^crossym check: [0-9]* missing" "$TMP/loud.err"
ok $? "check without -q: notes and a summary on stderr"
expect_status 1 "$CROSSYM" check -q "$TMP/ldr"
expect_eq "$TMP/check.txt" "$TMP/out" "check -q: the same output"
[ ! -s "$TMP/err" ]
ok $? "check -q: nothing on stderr ($(wc -l <"$TMP/err") lines)"
expect_status 3 "$CROSSYM" check --quiet --srctree "$TMP/src-missing" "$TMP/ldr"
expect_grep "lib/string.c: missing source" "$TMP/err" "check --quiet: errors stay"
"$CROSSYM" report --help | grep -q "^  -q, --quiet "
ok $? "-q in report --help"
done_testing
