#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t45-units: `crossym units` on the example tree (both layouts): the linked
# objects in link order (the Makefile's prog link: built-in.o/.a, then lib.a),
# equal to expected-units.tsv (derived by hand from tests/trees/example/Makefile);
# --exclude and --runs change the units of the listing and of the decision
# alike (checked against nm); an excluded object needs no tag and cocci
# does not read its source; a bad --exclude is an error;
# --unit selects DIR, its runs DIR@N and DIR#asm in report and check alike;
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
printf 'kernel/sched/fair.o\tkernel/sched/fair.o\tkernel/sched/fair.o\texcluded\t-\t-\n' >"$TMP/want"
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
# --unit with --runs (issue 26): DIR selects its runs DIR@N, its DIR#asm and
# the units below it, in report (every format) and check alike; --unit
# DIR@N or DIR#asm selects that one unit (units_selected(), doc/CONTRACT.md)
r="--runs --exclude kernel/cpu.o"
awk -F '\t' 'NR > 1 && ($2 == "kernel" || $2 ~ /^kernel[@#\/]/)' "$TMP/runs.tsv" >"$TMP/want.k"
awk -F '\t' '$2 == "kernel@2"' "$TMP/want.k" | grep -q .
ok $? "--runs: unit kernel@2 has rows to select"
"$CROSSYM" report --format=tsv $r --unit kernel "$b" | awk 'NR > 1' >"$TMP/got.k"
expect_eq "$TMP/want.k" "$TMP/got.k" "report --unit kernel: the rows of kernel, kernel@2, kernel/cpu.o and kernel/sched"
awk -F '\t' '$5 == "tag" { print $4 ":" $9 ": " $1 }' "$TMP/got.k" | sort >"$TMP/want.c"
"$CROSSYM" check $r --unit kernel "$b" 2>/dev/null |
	sed -n 's/^\([^:]*:[0-9]*\): missing tag: \([^:]*\):.*/\1: \2/p' | sort >"$TMP/got.c"
[ -s "$TMP/want.c" ]
ok $? "report --unit kernel: tag rows ($(wc -l <"$TMP/want.c"))"
expect_eq "$TMP/want.c" "$TMP/got.c" "check --unit kernel: the missing tags are report --unit kernel's tag rows"
"$CROSSYM" report $r --unit kernel "$b" >"$TMP/k.txt"
expect_grep "^kernel@2: 3 " "$TMP/k.txt" "report --unit kernel (text): unit kernel@2 is listed"
"$CROSSYM" report --format=dot $r --unit kernel "$b" >"$TMP/k.dot"
expect_grep '"kernel@2"' "$TMP/k.dot" "report --unit kernel (dot): node kernel@2"
awk -F '\t' 'NR > 1 && $2 == "kernel@2"' "$TMP/runs.tsv" >"$TMP/want.k2"
"$CROSSYM" report --format=tsv $r --unit kernel@2 "$b" | awk 'NR > 1' >"$TMP/got.k2"
expect_eq "$TMP/want.k2" "$TMP/got.k2" "report --unit kernel@2: that unit alone"
"$CROSSYM" check $r --unit kernel@2 "$b" 2>/dev/null | sed -n 's/.*: missing tag: \([^:]*\):.*/\1/p' | sort >"$TMP/got.c2"
awk -F '\t' '$5 == "tag" { print $1 }' "$TMP/want.k2" | sort >"$TMP/want.c2"
expect_eq "$TMP/want.c2" "$TMP/got.c2" "check --unit kernel@2: that unit's missing tags alone"
"$CROSSYM" report --format=tsv --unit arch/demo "$b" | awk -F '\t' 'NR > 1 { print $2 }' | sort -u >"$TMP/got.a"
printf 'arch/demo\narch/demo#asm\n' >"$TMP/want.a"
expect_eq "$TMP/want.a" "$TMP/got.a" "report --unit arch/demo: arch/demo and arch/demo#asm"
"$CROSSYM" report --format=tsv --unit 'arch/demo#asm' "$b" | awk -F '\t' 'NR > 1 { print $2 }' | sort -u >"$TMP/got.a"
echo 'arch/demo#asm' >"$TMP/want.a"
expect_eq "$TMP/want.a" "$TMP/got.a" "report --unit arch/demo#asm: that unit alone"

# --unit as people type it (issue 25): `kernel/` (tab completion), `./kernel`
# select what `kernel` does; a DIR that selects no unit, or leaves the tree,
# is an error (exit 2, named), never an empty exit-0 answer.
for u in kernel/ ./kernel .//kernel//; do
	"$CROSSYM" report --format=tsv $r --unit "$u" "$b" | awk 'NR > 1' >"$TMP/got.n"
	expect_eq "$TMP/want.k" "$TMP/got.n" "report --unit $u = report --unit kernel"
	"$CROSSYM" check $r --unit "$u" "$b" 2>/dev/null |
		sed -n 's/^\([^:]*:[0-9]*\): missing tag: \([^:]*\):.*/\1: \2/p' | sort >"$TMP/got.cn"
	expect_eq "$TMP/want.c" "$TMP/got.cn" "check --unit $u = check --unit kernel"
done
for cmd in report check; do
	expect_status 2 "$CROSSYM" $cmd --unit kernl "$b"
	expect_grep "^crossym: --unit kernl: no unit of the build is kernl or below it" "$TMP/err" \
		"$cmd --unit kernl (mistyped): named, exit 2"
	expect_status 2 "$CROSSYM" $cmd --unit ../kernel "$b"
	expect_grep "^crossym: --unit \.\./kernel: not a directory of the build" "$TMP/err" \
		"$cmd --unit ../kernel: refused, exit 2"
done
expect_status 2 "$CROSSYM" report --unit kernel --unit nosuch/dir "$b"
expect_grep "nosuch/dir: no unit" "$TMP/err" "one good --unit does not hide a bad one"

# an object whose -flto compile fails is kept out of its unit, automatically,
# with the compiler's first error line; the rest are built whole-program
cp -R "$ex" "$TMP/fsrc"
make -s -C "$ex" O="$TMP/fail" SRC="$TMP/fsrc" LAYOUT=ldr >/dev/null 2>&1
echo '#error boom' >>"$TMP/fsrc/kernel/time.c"
# (CROSSYM_LIBEXECDIR: the ASan binary in build/asan has no scripts/ beside it;
# exit 1: untagged, the link fails on what the units made local)
expect_status 1 env CROSSYM_LIBEXECDIR="$TOP/scripts" "$CROSSYM" wholeprogram "$TMP/fail"
expect_grep "^wholeprogram:   1 lto: their -flto compile fails (error: #error boom): kernel/time.o$" \
	"$TMP/err" "wholeprogram: an object whose -flto compile fails is kept out, said with its error"
printf 'kernel/time.o\tlto\tits -flto compile fails: kernel/time.c:15:2: error: #error boom\n' >"$TMP/excl.want"
expect_eq "$TMP/excl.want" "$TMP/fail/.wp/excluded.tsv" "... and listed in .wp/excluded.tsv"
grep -qx 'kernel/unit.o	kernel/core.o kernel/cpu.o kernel/rwsem.o' "$TMP/fail/.wp/units.txt"
ok $? "... its unit built without it"
done_testing
