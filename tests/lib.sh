# SPDX-License-Identifier: GPL-2.0-only
# tests/lib.sh: TAP helpers for the shell tests, sourced by tests/t*.sh.
# Each test script: . "$(dirname "$0")/lib.sh"; ok/expect_eq/...; done_testing
# Environment: CROSSYM (the binary), TOP (repo root), TMP (a fresh scratch dir).
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
while [ ! -f "$TOP/Makefile" ] && [ "$TOP" != / ]; do TOP=$(dirname "$TOP"); done  # tests/real/
CROSSYM=${CROSSYM:-$TOP/crossym}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/crossym-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
tap_n=0
tap_failed=0

# ok COND_EXIT_STATUS DESCRIPTION: pass when the status is 0.
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

# wp ARGS...: crossym wholeprogram, with this tree's driver scripts
wp() { env CROSSYM_LIBEXECDIR="$TOP/scripts" "$CROSSYM" wholeprogram "$@"; }
# tag_copy TREE BUILD COPY OUTDIR [COCCI_OPTION...]: COPY a copy of the source
# tree TREE, tagged with crossym cocci --define-tag (into OUTDIR) on BUILD and
# annotate --apply; the status of the two
tag_copy() {
	tc_tree=$1 tc_build=$2 tc_copy=$3 tc_out=$4
	shift 4
	cp -R "$tc_tree" "$tc_copy" &&
		"$CROSSYM" cocci -o "$tc_out" --define-tag "$@" "$tc_build" >/dev/null 2>&1 &&
		env CROSSYM_LIBEXECDIR="$TOP/scripts" "$CROSSYM" annotate "$tc_out" "$tc_copy" --apply >/dev/null 2>&1
}
# wp_wanted: 0 unless CROSSYM_TEST_WHOLEPROGRAM=0 (make check-asan: the time
# of a whole-program build is gcc's; its crossym steps, units and cmd --argv,
# run under ASan elsewhere), which it says as a TAP skip
wp_wanted() {
	[ "${CROSSYM_TEST_WHOLEPROGRAM:-1}" != 0 ] && return 0
	skip "crossym wholeprogram: CROSSYM_TEST_WHOLEPROGRAM=0"
	return 1
}

# skip DESCRIPTION: a test not run, and why (TAP's "# skip")
skip() {
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # skip $1"
}

# expect_eq EXPECTED_FILE ACTUAL_FILE DESCRIPTION: pass when the files are equal;
# on failure the diff goes to the TAP diagnostics.
expect_eq() {
	if diff -u "$1" "$2" >"$TMP/.diff" 2>&1; then
		ok 0 "$3"
	else
		ok 1 "$3"
		sed 's/^/# /' "$TMP/.diff" | head -n 60
	fi
}

# expect_status WANT CMD...: run CMD, pass when its exit status is WANT.
# stdout goes to $TMP/out, stderr to $TMP/err.
expect_status() {
	want=$1; shift
	"$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	if [ "$got" -eq "$want" ]; then
		ok 0 "exit $want: $*"
	else
		ok 1 "exit $want: $* (got $got)"
		sed 's/^/# stderr: /' "$TMP/err" | head -n 20
	fi
}

# expect_grep PATTERN FILE DESCRIPTION: pass when FILE has a line matching PATTERN.
expect_grep() {
	if grep -q -- "$1" "$2"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		sed 's/^/# /' "$2" | head -n 20
	fi
}

# tsv6 FILE: keep the first six columns of a report TSV (the ones the oracles
# compute), as a script of the six-column era would read it.
tsv6() {
	cut -f1-6 "$1" >"$1.6" && mv "$1.6" "$1"
}

skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}


# db_reseal DB: after a test edited a --db file, write its checksum line again
# (FNV-1a 64 of every byte before it, as crossym does; src/kbuild/db.c).
db_reseal() {
	perl -e 'use integer; local $/; my $t = <STDIN>; $t =~ s/Z\t[0-9a-f]*\n?\z//;
		my $h = -3750763034362895579;	# 0xcbf29ce484222325
		$h = ($h ^ $_) * 1099511628211 for unpack("C*", $t);
		printf "%sZ\t%016x\n", $t, $h;' <"$1" >"$1.resealed" && mv "$1.resealed" "$1"
}
done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
}
