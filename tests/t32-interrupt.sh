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
# four files of the shapes tree: enough for a half-written tree, a quarter of
# the spatch time
SHAPES_TARGETS=$TMP/targets.tsv
grep -E '^#|	(mm/pgtable|drivers/dma|drivers/quote|kernel/sys)\.c	' "$SHAPES/targets.tsv" >"$SHAPES_TARGETS"

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


# ---- journals and paths crossym did not write -----------------------------------------
# a journal shipped in the tree (host and pid of a dead run of this machine)
# whose files list leaves the tree: refused, nothing written outside
fresh_tree "$tree"
write_outdir "$out" "$tree"
mkdir -p "$tree/.crossym-apply/orig" "$TMP/outside"
echo 999999 >"$tree/.crossym-apply/pid"
uname -n >"$tree/.crossym-apply/host"
echo "victim" >"$TMP/outside/victim"
printf 'planted\n' >"$tree/.crossym-apply/orig/x"
printf '../outside/victim\t%s\t%s\n' "$(cksum <"$tree/.crossym-apply/orig/x" | cut -d' ' -f1,2)" \
	"$(cksum <"$TMP/outside/victim" | cut -d' ' -f1,2)" >"$tree/.crossym-apply/files"
: >"$tree/.crossym-apply/ready"
expect_status 3 $ANNOTATE "$out" "$tree"
expect_grep "crossym-apply: not a journal crossym can replay (line 1: ../outside/victim leaves the source tree): refused" \
	"$TMP/err" "a journal naming a file out of the tree: refused, exit 3"
[ "$(cat "$TMP/outside/victim")" = victim ]
ok $? "... and the file outside the tree is untouched"
rm -rf "$tree/.crossym-apply"
# a .crossym-apply that is a symbolic link
ln -s "$TMP/outside" "$tree/.crossym-apply"
expect_status 3 $ANNOTATE "$out" "$tree" --apply
expect_grep "crossym-apply: a symbolic link, not a lock crossym made: refused" "$TMP/err" \
	"a symbolic link as the lock: refused by name"
rm "$tree/.crossym-apply"
# a files.tsv row that leaves the tree
fresh_tree "$tree"
write_outdir "$out" "$tree"
printf '../../etc/passwd\t1\t2\tx.cocci\n' >>"$out/files.tsv"
expect_status 2 $ANNOTATE "$out" "$tree"
expect_grep "files.tsv: ../../etc/passwd: leaves the source tree" "$TMP/err" \
	"a files.tsv path out of the tree: refused"
# a source that is a symbolic link out of the tree
fresh_tree "$tree"
write_outdir "$out" "$tree"
first=$(cut -f1 "$out/files.tsv" | sed 1q)
cp "$tree/$first" "$TMP/outside/first.c"
rm "$tree/$first"
ln -s "$TMP/outside/first.c" "$tree/$first"
expect_status 2 $ANNOTATE "$out" "$tree" --apply
expect_grep "files.tsv: $first: leaves the source tree" "$TMP/err" \
	"a source that links out of the tree: refused"

# a file edited while the patch is being renamed into place: not overwritten,
# the tree restored
fresh_tree "$tree"
write_outdir "$out" "$tree"
last=$(cut -f1 "$out/files.tsv" | tail -n 1)
# (and an empty lock left in the tree: a run that could not write it)
mkdir "$tree/.crossym-apply"
BG_ENV="CROSSYM_TEST_APPLY_DELAY=0.3" start_annotate "$out" "$tree" --apply
i=0
while [ ! -f "$tree/.crossym-apply/ready" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
echo "/* edited meanwhile */" >>"$tree/$last"
finish_annotate
[ "$rc" -eq 1 ]
ok $? "a file edited during the renames: exit 1 (got $rc)"
expect_grep "$last: changed while the patch was being applied" "$TMP/bg.err" \
	"... named"
expect_grep "stale lock: its pid or host is empty or unreadable" "$TMP/bg.err" \
	"an empty lock: stale, said so, taken over"
tail -n 1 "$tree/$last" | grep -qx "/\* edited meanwhile \*/"
ok $? "... the edit kept"
cp "$tree/$last" "$TMP/edited.c"
fresh_tree "$TMP/pristine2"
cp "$TMP/edited.c" "$TMP/pristine2/$last"
! diff -rq -x .crossym-apply "$TMP/pristine2" "$tree" >/dev/null 2>&1 && bad=1 || bad=0
ok $bad "... every other file as before the apply"
done_testing
