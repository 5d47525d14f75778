#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t45-units: `crossym units` on the example tree (both layouts): the linked
# objects in link order (the Makefile's prog link: built-in.o/.a, then lib.a),
# equal to expected-units.tsv (derived by hand from tests/trees/example/Makefile);
# --exclude and --runs change the units of the listing and of the decision
# alike (checked against nm); an excluded object needs no tag and cocci
# does not read its source; a bad --exclude is an error;
# scripts/wholeprogram.sh on the tagged tree is covered by t40-demo.
. "$(dirname "$0")/lib.sh"
ex=$TOP/tests/trees/example
for layout in ldr thin; do
	make -s -C "$ex" O="$TMP/$layout" LAYOUT="$layout" >"$TMP/build.log" 2>&1
	ok $? "$layout: the example tree builds"
	"$CROSSYM" units "$TMP/$layout" >"$TMP/units.tsv"
	ok $? "$layout: units exits 0"
	expect_eq "$ex/expected-units.tsv" "$TMP/units.tsv" "$layout: each object in link order, with its unit and role"
	"$CROSSYM" units --runs "$TMP/$layout" >"$TMP/runs.tsv"
	expect_eq "$ex/expected-units.tsv" "$TMP/runs.tsv" "$layout: --runs changes nothing where each directory is contiguous"
done
b=$TMP/ldr

# --exclude: fair.o becomes a unit of its own, in the listing and in the report
"$CROSSYM" units --exclude kernel/sched/fair.o "$b" | awk -F '\t' '$2 == "kernel/sched/fair.o"' >"$TMP/row"
printf 'kernel/sched/fair.o\tkernel/sched/fair.o\tkernel/sched/fair.o\texcluded\t-\n' >"$TMP/want"
expect_eq "$TMP/want" "$TMP/row" "--exclude: the object is a unit of its own, role excluded"
"$CROSSYM" report --format=tsv --exclude kernel/sched/fair.o "$b" >"$TMP/ex.tsv"
ok $? "report --exclude exits 0"
# nm: what fair.o defines and core.o uses, and the other way round
(cd "$b/kernel/sched" && nm fair.o) | awk '$2 ~ /^[A-Z]$/ && $2 != "U" { print $3 }' | sort >"$TMP/fair.defs"
(cd "$b/kernel/sched" && nm core.o) | awk '$1 == "U" { print $2 }' | sort >"$TMP/core.refs"
(cd "$b/kernel/sched" && nm core.o) | awk '$2 ~ /^[A-Z]$/ && $2 != "U" { print $3 }' | sort >"$TMP/core.defs"
(cd "$b/kernel/sched" && nm fair.o) | awk '$1 == "U" { print $2 }' | sort >"$TMP/fair.refs"
comm -12 "$TMP/fair.defs" "$TMP/core.refs" >"$TMP/want.fair"
awk -F '\t' '$3 == "kernel/sched/fair.o" && (","$6",") ~ /,kernel\/sched,/ { print $1 }' "$TMP/ex.tsv" | sort >"$TMP/got.fair"
[ -s "$TMP/want.fair" ]
ok $? "nm: fair.o defines symbols core.o uses ($(wc -l <"$TMP/want.fair"))"
expect_eq "$TMP/want.fair" "$TMP/got.fair" "--exclude: fair.o's definitions that core.o uses are referenced from kernel/sched"
comm -12 "$TMP/core.defs" "$TMP/fair.refs" >"$TMP/want.core"
awk -F '\t' '$3 == "kernel/sched/core.o" && (","$6",") ~ /,kernel\/sched\/fair\.o,/ { print $1 }' "$TMP/ex.tsv" | sort >"$TMP/got.core"
expect_eq "$TMP/want.core" "$TMP/got.core" "--exclude: core.o's definitions that fair.o uses are referenced from kernel/sched/fair.o"
printf '# heads\nkernel/sched/fair.o   # a comment\n\n' >"$TMP/list"
"$CROSSYM" report --format=tsv --exclude "@$TMP/list" "$b" >"$TMP/ex2.tsv"
expect_eq "$TMP/ex.tsv" "$TMP/ex2.tsv" "--exclude @FILE equals --exclude OBJ"
expect_status 1 "$CROSSYM" units --exclude kernel/nosuch.o "$b"
"$CROSSYM" units --exclude kernel/nosuch.o "$b" 2>&1 >/dev/null | grep -q 'kernel/nosuch.o: no such object'
ok $? "--exclude naming no object: the message names it"


# an excluded object is compiled normally, outside any unit: its definitions
# need no tag (status excluded), and cocci wants nothing of its source
awk -F '\t' '$3 == "kernel/sched/fair.o" { print $5 }' "$TMP/ex.tsv" | sort -u >"$TMP/got.st"
echo excluded >"$TMP/want.st"
expect_eq "$TMP/want.st" "$TMP/got.st" "--exclude: every row of fair.o has status excluded"
"$CROSSYM" report --format=tsv "$b" >"$TMP/report.tsv"
awk -F '\t' '$3 == "kernel/sched/fair.o" && $5 == "tag"' "$TMP/report.tsv" | grep -q .
ok $? "without --exclude fair.o has rows to tag"
cp -R "$ex" "$TMP/src" && rm "$TMP/src/kernel/sched/fair.c"
expect_status 0 "$CROSSYM" cocci -o "$TMP/cx" --exclude kernel/sched/fair.o --srctree "$TMP/src" "$b"
! grep -r -q 'fair\.c' "$TMP/cx"
ok $? "--exclude: cocci names fair.c nowhere and needs it not"
expect_status 1 "$CROSSYM" cocci -o "$TMP/cy" --srctree "$TMP/src" "$b"

# --runs: excluding kernel/cpu.o splits kernel/ into kernel (core.o) and kernel@2 (time.o, rwsem.o)
"$CROSSYM" units --runs --exclude kernel/cpu.o "$b" | awk -F '\t' '$2 ~ /^kernel\/[a-z]*\.o$/ { print $1 "\t" $2 }' >"$TMP/runs"
printf 'kernel\tkernel/core.o\nkernel/cpu.o\tkernel/cpu.o\nkernel@2\tkernel/time.o\nkernel@2\tkernel/rwsem.o\n' >"$TMP/want"
expect_eq "$TMP/want" "$TMP/runs" "--runs: a directory split by an excluded object is two units"
"$CROSSYM" report --format=tsv --runs --exclude kernel/cpu.o "$b" >"$TMP/runs.tsv"
awk -F '\t' '$3 == "kernel/time.o" { print $2 }' "$TMP/runs.tsv" | sort -u >"$TMP/got.time"
echo 'kernel@2' >"$TMP/want.time"
expect_eq "$TMP/want.time" "$TMP/got.time" "--runs: the report's rows of time.o name its unit kernel@2"
done_testing
