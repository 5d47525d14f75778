#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# journal.sh SECONDS: fuzz the reader of annotate --apply's journal
# (scripts/apply.sh), which is shell and awk, so no libFuzzer harness: a real
# journal (an --apply killed half-way on the shapes tree) gets one random byte
# changed, added or removed in one of its files, then annotate runs without
# --apply. Whatever the journal says, the run must exit 0 (rolled back), 1 or
# 3 (refused), must not change a file outside the tree, and must leave the
# tree as it was before the killed apply (rolled back) or as it found it
# (refused). Prints the runs and outcomes; exit 1 at the first violation
# (its input kept in $TMP/bad.*). Needs build/test-cocci (make unit), spatch.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
secs=${1:-60}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/crossym-jfuzz.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
tap_n=0
ok() { :; }
skip_all() { echo "journal.sh: skipped: $*" >&2; exit 0; }
. "$TOP/tests/lib-annotate.sh"
# four files of the shapes tree (as t32): a quarter of the spatch time
SHAPES_TARGETS=$TMP/targets.tsv
grep -E '^#|	(mm/pgtable|drivers/dma|drivers/quote|kernel/sys)\.c	' "$SHAPES/targets.tsv" >"$SHAPES_TARGETS"

tree=$TMP/tree out=$TMP/out
fresh_tree "$TMP/pristine"
fresh_tree "$tree"
write_outdir "$out" "$tree"
# the template: an apply killed once a file is written
BG_ENV="CROSSYM_TEST_APPLY_DELAY=1"
start_annotate "$out" "$tree" --apply -j 2
in_tree_changed() { ! diff -rq -x .crossym-apply "$TMP/pristine" "$tree" >/dev/null 2>&1; }
wait_for "a file written" in_tree_changed || exit 2
kill -KILL "$APID"
finish_annotate
[ -f "$tree/.crossym-apply/ready" ] || { echo "journal.sh: no journal to start from" >&2; exit 2; }
cp -R "$tree" "$TMP/template"
mkdir "$TMP/outside" && echo victim >"$TMP/outside/victim"
(cd "$TMP/outside" && ls -l --full-time) >"$TMP/outside.before"

# mutate FILE SEED: one byte of FILE changed, inserted or deleted
mutate() {
	awk -v seed="$2" '{ s = s $0 "\n" } END { $0 = s; srand(seed)
		n = length($0); p = int(rand() * (n + 1)) + 1; op = int(rand() * 3)
		c = sprintf("%c", int(rand() * 94) + 32)
		if (rand() < 0.2) c = (rand() < 0.5 ? "\t" : "\n")
		if (op == 0) $0 = substr($0, 1, p - 1) c substr($0, p + 1)
		else if (op == 1) $0 = substr($0, 1, p - 1) c substr($0, p)
		else $0 = substr($0, 1, p - 1) substr($0, p + 1)
		printf "%s", $0 }' "$1" >"$1.m" && mv "$1.m" "$1"
}

end=$(($(date +%s) + secs)) runs=0 rolled=0 refused=0 failed=0
while [ "$(date +%s)" -lt "$end" ]; do
	runs=$((runs + 1))
	rm -rf "$tree" && cp -R "$TMP/template" "$tree"
	set -- $(cd "$tree/.crossym-apply" && find . -type f | sort)
	i=$(awk -v s="$runs" -v n=$# 'BEGIN { srand(s); print int(rand() * n) + 1 }')
	eval "victim=\${$i}"
	mutate "$tree/.crossym-apply/$victim" "$runs"
	cp -R "$tree" "$TMP/before"
	timeout 60 $ANNOTATE "$out" "$tree" >"$TMP/run.out" 2>"$TMP/run.err"
	rc=$?
	(cd "$TMP/outside" && ls -l --full-time) >"$TMP/outside.now"
	bad=
	cmp -s "$TMP/outside.before" "$TMP/outside.now" && [ "$(cat "$TMP/outside/victim")" = victim ] ||
		bad="a file outside the tree changed"
	case $rc in
	0) rolled=$((rolled + 1))
	   diff -r -x .crossym-apply "$TMP/pristine" "$tree" >/dev/null 2>&1 || bad="exit 0, the tree not rolled back" ;;
	1) failed=$((failed + 1))
	   diff -r -x .crossym-apply "$TMP/pristine" "$tree" >/dev/null 2>&1 ||
		diff -r "$TMP/before" "$tree" >/dev/null 2>&1 ||
		bad="exit 1, the tree neither rolled back nor as it was found" ;;
	3) refused=$((refused + 1))
	   diff -r "$TMP/before" "$tree" >/dev/null 2>&1 || bad="refused (exit 3), but the tree changed" ;;
	*) bad="exit $rc" ;;
	esac
	if [ -n "$bad" ]; then
		echo "journal.sh: run $runs ($victim mutated): $bad" >&2
		cp -R "$TMP/before" "$TOP/journal-fuzz.bad"
		cp "$TMP/run.err" "$TOP/journal-fuzz.bad.err"
		echo "journal.sh: the input is in $TOP/journal-fuzz.bad" >&2
		exit 1
	fi
	[ -z "${JFUZZ_VERBOSE:-}" ] || echo "# run $runs: $victim: exit $rc: $(tail -n 1 "$TMP/run.err")"
	rm -rf "$TMP/before"
done
echo "fuzz journal: $runs runs in $secs s: $rolled rolled back, $refused refused, $failed exit 1, 0 violations"
