#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# busybox-runtest.sh BUILD_DIR RESULT_FILE: run BusyBox's own test suite
# (testsuite/runtest) against BUILD_DIR/busybox under bash, and write one line
# per test, `NAME<TAB>PASS|FAIL|SKIPPED`, sorted (LC_ALL=C), to RESULT_FILE, so
# two builds can be compared test by test with diff.  The raw log goes to
# RESULT_FILE.log.  Prints the counts on stderr; exits 0 when the suite ran
# (failing tests are results, not errors).
#
# The suite assumes bash as /bin/sh (its *.tests scripts start with #!/bin/sh,
# its old-style tests run `sh -x -e`); under dash hundreds of tests fail for
# that reason alone.  The system's /bin/sh is left alone: the suite runs from a
# scratch copy whose #!/bin/sh lines name bash, with a PATH directory holding
# `sh -> bash`.  BUILD_DIR is not written to either (runtest's applet-link
# directory lives in the scratch copy).
#
# The test suite is taken from $BUSYBOX_SRC/testsuite, else from the source tree
# an O= build names in BUILD_DIR/Makefile (KERNELSRC := ...), else from
# BUILD_DIR/testsuite.  UNTESTED (applet not configured) counts as SKIPPED.
# The names are the test descriptions; a few repeat, so compare whole files.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 BUILD_DIR RESULT_FILE" >&2; exit 2; }
BUILD=$(cd "$1" && pwd)
RESULT=$2
case $RESULT in /*) ;; *) RESULT=$(pwd)/$RESULT ;; esac
BASH_BIN=$(command -v bash) || { echo "busybox-runtest: bash is needed" >&2; exit 1; }
[ -x "$BUILD/busybox" ] && [ -f "$BUILD/.config" ] ||
	{ echo "busybox-runtest: $BUILD has no busybox or .config" >&2; exit 1; }

src=${BUSYBOX_SRC:-}
if [ -z "$src" ] && [ -f "$BUILD/Makefile" ]; then
	src=$(sed -n 's/^KERNELSRC *:= *//p' "$BUILD/Makefile" | head -n 1)
fi
[ -n "$src" ] || src=$BUILD
[ -f "$src/testsuite/runtest" ] ||
	{ echo "busybox-runtest: no testsuite/runtest in $src" >&2; exit 1; }

RUN=$(mktemp -d "${TMPDIR:-/tmp}/bb-runtest.XXXXXX")
trap 'rm -rf "$RUN"' EXIT INT TERM
cp -R "$src/testsuite" "$RUN/testsuite"
# Every script of the suite that names /bin/sh names bash instead.
grep -rl '^#! */bin/sh' "$RUN/testsuite" 2>/dev/null | while IFS= read -r f; do
	sed -i "1s|^#! */bin/sh\\b|#!$BASH_BIN|" "$f"
done
mkdir "$RUN/bin" "$RUN/shbin"
ln -s "$BASH_BIN" "$RUN/shbin/sh"
ln -s "$BUILD/busybox" "$RUN/bin/busybox"
cp "$BUILD/.config" "$RUN/bin/.config"

start=$(date +%s)
rc=0
(
	cd "$RUN/testsuite" &&
	env PATH="$RUN/shbin:$PATH" SHELL="$BASH_BIN" LC_ALL=C \
		bindir="$RUN/bin" tsdir="$RUN/testsuite" \
		timeout "${BUSYBOX_TEST_TIMEOUT:-1800}" "$BASH_BIN" ./runtest </dev/null
) >"$RESULT.log" 2>&1 || rc=$?
# runtest exits 1 when any test failed; 124 is the timeout.
if [ "$rc" -gt 1 ]; then
	echo "busybox-runtest: runtest exited $rc (see $RESULT.log)" >&2
	exit 1
fi

LC_ALL=C awk '
	/^(PASS|FAIL|SKIPPED|UNTESTED): / {
		st = $1; sub(/:$/, "", st); if (st == "UNTESTED") st = "SKIPPED"
		name = $0; sub(/^[A-Z]+: /, "", name); gsub(/\t/, " ", name)
		print name "\t" st
	}' "$RESULT.log" | LC_ALL=C sort >"$RESULT"
awk -F'\t' -v t=$(($(date +%s) - start)) '{ n[$2]++ }
	END { printf "busybox-runtest: %d pass, %d fail, %d skipped in %d s\n",
		n["PASS"], n["FAIL"], n["SKIPPED"], t }' "$RESULT" >&2
