#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# demo.sh: crossym's whole job on the bundled example tree (tests/trees/example):
# build it, audit it, annotate a copy of its sources, then build every directory
# as one -fwhole-program unit (GCC 12 recipe) from the untagged sources (the link
# must fail) and from the tagged copy (it must link and run correctly), with
# scripts/wholeprogram.sh on a normal build of each; then all of it in one
# command (crossym wholeprogram --tag). A tagged build with more compiler
# warnings than the same build untagged fails the demo.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
crossym=${CROSSYM:-$top/crossym}
example=$top/tests/trees/example
work=${DEMO_DIR:-$top/build/demo}
layout=${LAYOUT:-ldr}

say() { printf '\n=== %s\n' "$*"; }
fail() { echo "demo: FAILED: $*" >&2; exit 1; }
# compiler_logs DIR: DIR.log and the per-object logs of wholeprogram.sh's
# -flto compiles in DIR (F.lto.o.log), if any
compiler_logs() {
	echo "$1.log"
	[ ! -d "$1" ] || find "$1" -name '*.lto.o.log' | sort
}
# warnings LOG...: the compiler's and the linker's warnings in the logs (not
# crossym's own: `crossym: warning: ...`), one a line
warnings() {
	cat "$@" 2>/dev/null | grep ': warning:' | grep -v '^ *crossym[ :]' || true
}
# no_new_warnings WHAT TAGGED_LOGS UNTAGGED_LOGS: fail when the tagged build
# warns more than the untagged one (the tags must add no warning)
no_new_warnings() {
	warnings $2 >"$work/warnings.tagged"
	warnings $3 >"$work/warnings.untagged"
	wt=$(wc -l <"$work/warnings.tagged") wu=$(wc -l <"$work/warnings.untagged")
	if [ "$wt" -gt "$wu" ]; then
		sed 's/^/    /' "$work/warnings.tagged"
		fail "$1: $wt compiler warnings, $wu untagged: the tags add warnings"
	fi
	echo "compiler warnings: $wt tagged, $wu untagged ($1)"
}

rm -rf "$work"
mkdir -p "$work"

say "1. normal build of the example tree (LAYOUT=$layout, per-directory built-in)"
make -s -C "$example" O="$work/normal" LAYOUT="$layout" >"$work/normal.log" 2>&1 ||
	{ cat "$work/normal.log"; fail "the example tree does not build"; }
"$work/normal/prog" >"$work/normal.out" || fail "the normal program fails"
cmp -s "$work/normal.out" "$example/expected-output.txt" ||
	fail "the normal program prints something unexpected"
echo "built and ran $work/normal/prog"

say "2. audit: crossym report $work/normal"
"$crossym" report "$work/normal"
"$crossym" report --format=tsv "$work/normal" >"$work/report.tsv"
tags=$(awk -F '\t' 'NR > 1 && $5 == "tag"' "$work/report.tsv" | wc -l)

say "3. annotate a copy of the sources (crossym cocci + scripts/annotate.sh)"
cp -R "$example" "$work/src-tagged"
"$crossym" cocci -o "$work/cocci" "$work/normal"
sh "$top/scripts/annotate.sh" "$work/cocci" "$work/src-tagged" --apply
echo "the patch: $work/cocci/annotate.patch"
sed 's/^/    /' "$work/cocci/annotate.patch"

say "4. whole-program build of the UNTAGGED sources (scripts/wholeprogram.sh): the link must fail"
# wp BUILD [SRC]: a normal build of SRC in BUILD, then wholeprogram.sh on it
wp() {
	make -s -C "$example" O="$1" LAYOUT="$layout" ${2:+SRC="$2"} >"$1.log" 2>&1 &&
	CROSSYM=$crossym sh "$top/scripts/wholeprogram.sh" "$1" >>"$1.log" 2>&1
}
if wp "$work/wp-untagged"; then
	fail "the untagged whole-program build linked: the units were not localised"
fi
[ -f "$work/wp-untagged/.wp/undefined.txt" ] || { cat "$work/wp-untagged.log"; fail "wholeprogram.sh failed"; }
cp "$work/wp-untagged/.wp/undefined.txt" "$work/undefined.txt"
echo "link failed as it must; $(wc -l <"$work/undefined.txt") undefined symbols:"
sed 's/^/    /' "$work/undefined.txt"
awk -F '\t' 'NR > 1 && $5 == "tag" { print $1 }' "$work/report.tsv" | sort -u >"$work/tag-symbols.txt"
cmp -s "$work/undefined.txt" "$work/tag-symbols.txt" ||
	fail "the undefined symbols are not exactly the report's tag symbols"
echo "they are exactly the $(wc -l <"$work/tag-symbols.txt") symbols of the report's tag rows"

say "5. whole-program build of the TAGGED copy: it must link and run"
wp "$work/wp-tagged" "$work/src-tagged" ||
	{ cat "$work/wp-tagged.log"; fail "the tagged whole-program build does not link"; }
echo "units (crossym units $work/wp-tagged):"
sed 's/^/    /' "$work/wp-tagged/.wp/units.tsv"
"$work/wp-tagged/prog" >"$work/wp-tagged.out" || fail "the whole-program binary fails"
cmp -s "$work/wp-tagged.out" "$example/expected-output.txt" ||
	fail "the whole-program binary prints something else"
echo "linked and ran: output identical to the normal build"
sed 's/^/    /' "$work/wp-tagged.out"
no_new_warnings "the tagged build" "$(compiler_logs "$work/wp-tagged")" \
	"$(compiler_logs "$work/wp-untagged")"

say "6. figures"
intree=$(grep -c . "$work/cocci/wanted.tsv" || true)
echo "tag rows in the TSV report:      $tags"
echo "definitions crossym tagged:      $intree"
[ "$tags" -eq "$intree" ] || fail "tag count differs from the report"
size "$work/normal/prog" "$work/wp-tagged/prog" | awk '
	NR == 1 { print "    " $0; next }
	{ print "    " $0; dec[NR] = $4 }
	END { printf "program size: %d bytes normal, %d whole-program (%+d)\n",
		dec[2], dec[3], dec[3] - dec[2] }'
echo

say "7. all of it in one command: crossym wholeprogram --tag __global on a normal build"
# (the units, the tags into a hard-linked copy, the whole-program build, the
# proof and the size table; --restore gives the normal build back)
make -s -C "$example" O="$work/one" LAYOUT="$layout" >"$work/one.log" 2>&1 ||
	{ cat "$work/one.log"; fail "the example tree does not build"; }
CROSSYM_LIBEXECDIR=${CROSSYM_LIBEXECDIR:-$top/scripts} "$crossym" wholeprogram --tag __global "$work/one" \
	2>"$work/one.err" || { cat "$work/one.err"; fail "crossym wholeprogram failed"; }
grep '^wholeprogram: .*whole-program: the' "$work/one.err"
"$work/one/prog" >"$work/one.out" || fail "the one-command whole-program binary fails"
cmp -s "$work/one.out" "$example/expected-output.txt" ||
	fail "the one-command whole-program binary prints something else"
echo "linked, proved and ran: output identical to the normal build"
no_new_warnings "crossym wholeprogram --tag" "$(compiler_logs "$work/one")" \
	"$(compiler_logs "$work/wp-untagged")"
echo
echo "demo: OK"
