#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t25-audit: the audit views on real small trees with exact expected output:
# report --all (every class, holding in every build), the TSV's kind/bind/line,
# --unit, JSON (checked with jq), the DOT coupling graph (rendered with dot),
# the text report's per-unit summary and coupled pairs, crossym diff, and
# --mismatches through DWARF (the tree's two deliberate mismatches, nothing else).
. "$(dirname "$0")/lib.sh"
ex=$TOP/tests/trees/example
au=$TOP/tests/trees/audit
X=$TMP/ex A=$TMP/audit-a B=$TMP/audit-b

make -s -C "$ex" O="$X" LAYOUT=ldr >"$TMP/build.log" 2>&1
ok $? "the example tree builds"
make -s -C "$au" O="$A" >>"$TMP/build.log" 2>&1 &&
	make -s -C "$au" O="$B" CONFIG_B=1 >>"$TMP/build.log" 2>&1
ok $? "the audit tree builds (config A, and CONFIG_B)"

# run NAME EXPECTED_STATUS ARGS...: crossym ARGS into $TMP/NAME, compared with
# $au/expected-NAME; a second run must give the same bytes.
run() {
	name=$1 want=$2
	shift 2
	"$CROSSYM" "$@" >"$TMP/$name" 2>"$TMP/$name.err"
	st=$?
	[ "$st" -eq "$want" ]
	ok $? "$name: exit $want (got $st): crossym $*"
	expect_eq "$au/expected-$name" "$TMP/$name" "$name: exact output"
	"$CROSSYM" "$@" 2>/dev/null | cmp -s - "$TMP/$name"
	ok $? "$name: a second run gives identical bytes"
}

# --- report --all: every class, kind/bind/line --------------------------------------
run all-a.tsv 0 report --all --format=tsv "$A"
run all-union.tsv 0 report --all --format=tsv "$A" "$B"
grep -q '^dead_fn	a	a/def.o	a/def.c	unreferenced	-	func	global	' "$TMP/all-a.tsv" &&
	grep -q '^dead_fn	a	a/def.o	a/def.c	tag	b	' "$TMP/all-union.tsv"
ok $? "unreferenced in one config, called in the other: not unreferenced in the union"
grep -q '^maybe_local	.*	unit-local	' "$TMP/all-union.tsv"
ok $? "unreferenced in A, unit-local in B: unit-local in the union"
[ "$(grep -c '	multiply-defined	' "$TMP/all-a.tsv")" -eq 2 ]
ok $? "a weak/strong pair inside a unit: both definitions multiply-defined"
grep -q '^inlined_fn	.*	file-local	' "$TMP/all-a.tsv" &&
	grep -q '^file_fn	.*	file-local	' "$TMP/all-a.tsv"
ok $? "file-local: a relocation (file_fn) or a second mention in the source (inlined_fn)"
awk -F '\t' 'NR > 1 && $7 == "tls" { t++ } NR > 1 && $7 == "common" { c++ }
	END { exit !(t == 1 && c == 4) }' "$TMP/all-a.tsv"
ok $? "kind: tls and common definitions told apart"
run all-union.txt 0 report --all "$A" "$B"
run example-all.tsv 0 report --all --format=tsv "$X"
cut -f1-6 "$TMP/example-all.tsv" | grep -v '	-$' >"$TMP/six"
cut -f1-6 "$ex/expected.tsv" | cmp -s - "$TMP/six"
ok $? "--all adds rows and columns only: the six columns of the cross rows are unchanged"

# --- the text report, --unit, JSON, DOT ----------------------------------------------
run example.txt 0 report "$X"
grep -Eq '(^|[^0-9])1 (units|definitions|symbols|pairs)' "$TMP/example.txt" "$TMP/all-union.txt"
[ $? -ne 0 ]
ok $? "plurals: never '1 units', '1 definitions', '1 symbols'"
run unit-kernel.txt 0 report --all --unit kernel "$X"
run unit-mm.tsv 0 report --format=tsv --unit mm --unit drivers/char "$X"
run example.json 0 report --format=json --all "$X"
jq -e '.format == "crossym-report" and .version == 1
	and (.symbols | length) == .counts.definitions
	and (.units | length) == .counts.units and (.edges | length) == .counts.edges
	and ([.symbols[] | select(.status == "tag")] | length) == 20
	and all(.symbols[]; (.symbol | type) == "string" and (.referenced_from | type) == "array"
		and (.line == null or (.line | type) == "number")
		and (.kind | IN("func", "object", "tls", "common"))
		and (.bind | IN("global", "weak")))
	and ([.edges[].symbols] | add) == ([.units[].used] | add)' \
	"$TMP/example.json" >/dev/null
ok $? "JSON: valid for jq, and its parts agree with its counts"
run example.dot 0 report --format=dot "$X"
if command -v dot >/dev/null; then
	dot -Tsvg "$TMP/example.dot" >"$TMP/example.svg" 2>"$TMP/dot.err" &&
		[ ! -s "$TMP/dot.err" ] && grep -q '<svg' "$TMP/example.svg" &&
		[ "$(grep -c 'class="edge"' "$TMP/example.svg")" -eq 20 ]
	ok $? "DOT: Graphviz renders it to SVG, 20 edges, no warnings"
else
	ok 1 "DOT: Graphviz (dot) is not installed: run scripts/deps.sh"
fi

# --- check: compiler-style lines, --unit ----------------------------------------------
cp -R "$ex" "$TMP/src"
expect_status 1 "$CROSSYM" check --srctree "$TMP/src" "$X"
grep -v '^[^ :]*:[0-9][0-9]*: \(missing\|stale\) tag: ' "$TMP/out" >"$TMP/odd"
[ -s "$TMP/out" ] && [ ! -s "$TMP/odd" ]
ok $? "check: every line is FILE:LINE: missing|stale tag: ..."
expect_status 1 "$CROSSYM" check --unit mm --srctree "$TMP/src" "$X"
awk -F: '$1 !~ /^mm\// { bad = 1 } END { exit bad || NR != 5 }' "$TMP/out"
ok $? "check --unit mm: the 5 lines of mm/ only"

# --- diff -----------------------------------------------------------------------------
"$CROSSYM" report -q --all --format=tsv "$B" >"$TMP/all-b.tsv"
run diff-a-b.txt 1 diff "$TMP/all-a.tsv" "$TMP/all-b.tsv"
expect_status 0 "$CROSSYM" diff "$TMP/all-a.tsv" "$TMP/all-a.tsv"
expect_grep "0 changes" "$TMP/err" "diff: no change, exit 0"
cut -f1-6 "$ex/expected.tsv" >"$TMP/old6.tsv"
sed -e '/^kstrlen	/d' -e 's/^jiffies	kernel	kernel\/time.o	kernel\/time.c	tag	init,kernel\/sched/jiffies	kernel\/sched	kernel\/sched\/clock.o	kernel\/sched\/clock.c	tag	init/' \
	"$TMP/old6.tsv" >"$TMP/new6.tsv"
run diff-six.txt 1 diff "$TMP/old6.tsv" "$TMP/new6.tsv"
printf 'not a report\n' >"$TMP/bad.tsv"
expect_status 2 "$CROSSYM" diff "$TMP/bad.tsv" "$TMP/old6.tsv"
expect_grep "bad.tsv:1: not a crossym TSV report" "$TMP/err" "diff: bad input named, exit 2"

# --- mismatches -----------------------------------------------------------------------
run mismatches.txt 1 report --mismatches "$A"
expect_grep "2 inconsistent declarations (13 declarations compared" "$TMP/mismatches.txt.err" \
	"mismatches: 13 declarations compared, 2 inconsistent"
expect_status 0 "$CROSSYM" report --mismatches --unit c "$A"
[ ! -s "$TMP/out" ]
ok $? "mismatches --unit c: neither file is under c/, none"
expect_status 1 "$CROSSYM" report --mismatches --unit a "$A"
cmp -s "$au/expected-mismatches.txt" "$TMP/out"
ok $? "mismatches --unit a: the definitions are in a/, both"
expect_status 2 "$CROSSYM" report --mismatches "$X"
expect_grep "no object has DWARF" "$TMP/err" "mismatches without debug info: said so, exit 2"
done_testing
