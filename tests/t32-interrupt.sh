#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t32-interrupt: annotate.sh --apply on the shapes tree killed at several
# points (during spatch, while staging, half-way through writing the tree)
# with SIGINT, SIGTERM and SIGKILL: the tree is byte for byte what it was
# (diff -r against a pristine copy), spatch dies with the driver, no lock is
# left behind, and after a SIGKILL the next run rolls the half-done apply back
# (or refuses, with the way out, when the tree changed since).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-annotate.sh"

tree=$TMP/tree
out=$TMP/outdir
pristine=$TMP/pristine
fresh_tree "$pristine"

# The expected result: an uninterrupted run's patch applied to a copy.
fresh_tree "$tree"
write_outdir "$out" "$tree"
expect_status 0 $ANNOTATE "$out" "$tree"
fresh_tree "$TMP/expected"
(cd "$TMP/expected" && patch -p1 -s <"$out/annotate.patch")
ok $? "the uninterrupted patch applies to a copy"
nchanged=$(grep -c '^+++ ' "$out/annotate.patch")

# in_tree_changed: the tree differs from the pristine copy (some file written).
in_tree_changed() {
	! diff -rq -x .crossym-apply "$pristine" "$tree" >/dev/null 2>&1
}
# staging: the journal has staged a file and is not ready yet.
staging() {
	[ -s "$tree/.crossym-apply/files" ] && [ ! -f "$tree/.crossym-apply/ready" ]
}

# ---- a signal during spatch --------------------------------------------------

for sig in INT TERM; do
	case $sig in INT) n=2 ;; TERM) n=15 ;; esac
	fresh_tree "$tree"
	write_outdir "$out" "$tree"
	BG_ENV="SPATCH=$SLOW_SPATCH"
	start_annotate "$out" "$tree" --apply -j 2
	wait_for "spatch to start" test -s "$TMP/spatch.pids"
	kill -$sig "$APID"
	finish_annotate
	ok $([ $rc -eq $((128 + n)) ]; echo $?) "SIG$sig during spatch: exit $((128 + n)) (got $rc)"
	echo "crossym: annotate: interrupted (signal $n): the tree is unchanged" >"$TMP/want"
	expect_eq "$TMP/want" "$TMP/bg.err" "SIG$sig during spatch: the message"
	gone $(cat "$TMP/spatch.pids")
	ok $? "SIG$sig during spatch: every spatch ended with the driver"
	same_tree "$pristine" "$tree" "SIG$sig during spatch: the tree is byte-identical (diff -r)"
	[ ! -e "$out/.annotate.lock" ] && [ ! -e "$out/annotate.patch" ]
	ok $? "SIG$sig during spatch: no lock, no patch left in OUTDIR"
done

# ---- SIGKILL during spatch, then a rerun ------------------------------------------

fresh_tree "$tree"
write_outdir "$out" "$tree"
BG_ENV="SPATCH=$SLOW_SPATCH"
start_annotate "$out" "$tree" --apply -j 2
wait_for "spatch to start" test -s "$TMP/spatch.pids"
kill -KILL "$APID"
finish_annotate
gone $(cat "$TMP/spatch.pids")
ok $? "SIGKILL during spatch: spatch ended anyway (the watchdog)"
[ -d "$out/.annotate.lock" ] && [ -d "$tree/.crossym-apply" ]
ok $? "SIGKILL during spatch: the two locks are left behind"
killed_work=$(cat "$out/.annotate.lock/work")
same_tree "$pristine" "$tree" "SIGKILL during spatch: the tree is unchanged" "-x .crossym-apply"
expect_status 0 $ANNOTATE "$out" "$tree" --apply
expect_grep "^crossym: annotate: $out/.annotate.lock: stale lock of pid $APID on .*, which is not running (killed?): taken over$" \
	"$TMP/err" "rerun after SIGKILL during spatch: the stale OUTDIR lock explained"
expect_grep "^crossym: annotate: $tree/.crossym-apply: stale lock of pid $APID on " \
	"$TMP/err" "rerun after SIGKILL during spatch: the stale tree lock explained"
same_tree "$TMP/expected" "$tree" "rerun after SIGKILL during spatch: the tree is patched, nothing else"
[ -n "$killed_work" ] && [ ! -e "$killed_work" ]
ok $? "rerun after SIGKILL during spatch: the killed run's temporary directory is removed"

# ---- a signal while writing the tree ---------------------------------------------------

# A shell started with SIGHUP ignored (nohup) cannot trap it: no HUP case then.
sigs="INT TERM HUP"
ign=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status 2>/dev/null)
[ -n "$ign" ] && [ $((0x$ign & 1)) -eq 1 ] && sigs="INT TERM" && echo "# SIGHUP is ignored here (nohup?): its case is left out"
for sig in $sigs; do
	case $sig in INT) n=2 ;; TERM) n=15 ;; HUP) n=1 ;; esac
	fresh_tree "$tree"
	write_outdir "$out" "$tree"
	BG_ENV="CROSSYM_TEST_APPLY_DELAY=1"
	start_annotate "$out" "$tree" --apply -j 2
	wait_for "a file written" in_tree_changed
	kill -$sig "$APID"
	finish_annotate
	ok $([ $rc -eq $((128 + n)) ]; echo $?) "SIG$sig while applying: exit $((128 + n)) (got $rc)"
	expect_grep "^crossym: annotate: interrupted (signal $n) while applying: the tree is restored$" \
		"$TMP/bg.err" "SIG$sig while applying: the message"
	same_tree "$pristine" "$tree" "SIG$sig while applying: the tree is byte-identical (diff -r)"
	[ ! -e "$out/.annotate.lock" ]
	ok $? "SIG$sig while applying: no lock left"
done

# ---- SIGKILL while staging, while writing; reruns ---------------------------------------------

# kill_applying WAIT_FOR: start an --apply run, SIGKILL it once WAIT_FOR holds.
kill_applying() {
	fresh_tree "$tree"
	write_outdir "$out" "$tree"
	BG_ENV="CROSSYM_TEST_APPLY_DELAY=1"
	start_annotate "$out" "$tree" --apply -j 2
	wait_for "$1" "$1"
	kill -KILL "$APID"
	finish_annotate
}

kill_applying staging
same_tree "$pristine" "$tree" "SIGKILL while staging: the tree is unchanged" "-x .crossym-apply"
expect_status 0 $ANNOTATE "$out" "$tree"
expect_grep "^crossym: annotate: $tree/.crossym-apply: an apply by pid $APID on .* was interrupted; it had not changed any file yet: journal removed$" \
	"$TMP/err" "rerun after SIGKILL while staging: said so"
same_tree "$pristine" "$tree" "rerun after SIGKILL while staging: the journal is gone, the tree as before"

kill_applying in_tree_changed
in_tree_changed && [ -f "$tree/.crossym-apply/ready" ]
ok $? "SIGKILL while writing: the tree is half-written, the journal says so"
expect_status 0 $ANNOTATE "$out" "$tree"
expect_grep "^crossym: annotate: $tree/.crossym-apply: an apply by pid $APID on .* was interrupted: rolled back, [1-9][0-9]* files restored; the tree is as it was before it$" \
	"$TMP/err" "rerun without --apply after SIGKILL while writing: rolled back, said so"
same_tree "$pristine" "$tree" "rerun without --apply after SIGKILL while writing: the tree is byte-identical"

kill_applying in_tree_changed
expect_status 0 $ANNOTATE "$out" "$tree" --apply
expect_grep "was interrupted: rolled back" "$TMP/err" "rerun with --apply after SIGKILL while writing: rolled back first"
same_tree "$TMP/expected" "$tree" "rerun with --apply after SIGKILL while writing: the tree is patched, nothing else"

kill_applying in_tree_changed
written=$(diff -rq -x .crossym-apply "$pristine" "$tree" | sed -n 's/^Files .* and \(.*\) differ$/\1/p' | sed 1q)
echo "/* edited after the crash */" >>"$written"
rm -rf "$TMP/before"
cp -R "$tree" "$TMP/before"
expect_status 3 $ANNOTATE "$out" "$tree" --apply
expect_grep "^crossym: annotate: $written: changed since the interrupted apply (neither the original nor the patched text)$" \
	"$TMP/err" "a file edited after the crash: named"
expect_grep "^crossym: annotate: $tree/.crossym-apply: an apply by pid $APID on .* was interrupted and the tree changed since; nothing done. The originals are in $tree/.crossym-apply/orig/: copy back the ones you want, then remove $tree/.crossym-apply$" \
	"$TMP/err" "a file edited after the crash: the way out"
same_tree "$TMP/before" "$tree" "a file edited after the crash: nothing touched"
ok $([ "$nchanged" -gt 1 ]; echo $?) "the patch changes several files ($nchanged), so half-way is a real state"

done_testing
