# SPDX-License-Identifier: GPL-2.0-only
# tests/lib-annotate.sh: helpers for the tests that interrupt or race
# scripts/annotate.sh on the shapes tree; sourced after lib.sh.
TEST_COCCI=${UNIT_DIR:-$TOP/build}/test-cocci
SHAPES=$TOP/tests/trees/shapes
ANNOTATE="sh $TOP/scripts/annotate.sh"
command -v dash >/dev/null 2>&1 && ANNOTATE="dash $TOP/scripts/annotate.sh"
command -v spatch >/dev/null 2>&1 || skip_all "spatch (coccinelle) not installed"
[ -x "$TEST_COCCI" ] || skip_all "$TEST_COCCI not built (make unit)"
env --default-signal=INT true 2>/dev/null || skip_all "env --default-signal missing (coreutils >= 8.31)"

# fresh_tree DIR: a copy of the shapes sources.
fresh_tree() {
	rm -rf "$1"
	cp -R "$SHAPES/src" "$1"
}

# write_outdir OUTDIR TREE: the OUTDIR crossym cocci would write for the
# shapes targets (completion marker last). SHAPES_TARGETS: another targets file
# (the tests of the driver alone take a few files: spatch is their time).
write_outdir() {
	rm -rf "$1"
	"$TEST_COCCI" --write "$1" "$2" __global "${SHAPES_TARGETS:-$SHAPES/targets.tsv}" &&
		: >"$1/.complete"
}

# A spatch that sleeps on every file (its pids appended to $TMP/spatch.pids).
SLOW_SPATCH=$TMP/slow-spatch
cat >"$SLOW_SPATCH" <<EOS
#!/bin/sh
case " \$* " in *" --sp-file "*) ;; *) exec spatch "\$@" ;; esac
echo \$\$ >>"$TMP/spatch.pids"
exec sleep 120
EOS
chmod +x "$SLOW_SPATCH"

# wait_for DESCRIPTION CMD...: poll CMD (every 0.1 s, up to 60 s) until it
# succeeds; status 1, with a diagnostic, on timeout.
wait_for() {
	wf_what=$1
	shift
	wf_i=0
	until "$@" >/dev/null 2>&1; do
		wf_i=$((wf_i + 1))
		[ $wf_i -lt 600 ] || { echo "# timed out waiting for $wf_what"; return 1; }
		sleep 0.1
	done
}

# running PID: status 0 while PID is a live process (not a zombie).
running() {
	case $(ps -o stat= -p "$1" 2>/dev/null) in ''|Z*) return 1 ;; esac
}

# gone PID...: status 0 when every PID has ended within 10 s.
gone() {
	for g_pid in "$@"; do
		g_i=0
		while running "$g_pid"; do
			g_i=$((g_i + 1))
			[ $g_i -lt 100 ] || { echo "# pid $g_pid still runs"; return 1; }
			sleep 0.1
		done
	done
}

# start_annotate ARGS...: run annotate.sh in the background with SIGINT at its
# default (a script's background jobs ignore it); pid in $APID, output in
# $TMP/bg.out and $TMP/bg.err. Environment through $BG_ENV.
BG_ENV=
start_annotate() {
	rm -f "$TMP/spatch.pids"
	env --default-signal=INT $BG_ENV $ANNOTATE "$@" >"$TMP/bg.out" 2>"$TMP/bg.err" &
	APID=$!
}

# finish_annotate: wait for the background run; its status in $rc.
finish_annotate() {
	wait "$APID" 2>/dev/null
	rc=$?
}

# same_tree A B DESCRIPTION [DIFF_OPTION]: diff -r finds no difference.
same_tree() {
	if diff -r ${4:-} "$1" "$2" >"$TMP/tree.diff" 2>&1; then
		ok 0 "$3"
	else
		ok 1 "$3"
		sed 's/^/# /' "$TMP/tree.diff" | head -n 20
	fi
}
