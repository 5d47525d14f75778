#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# refactor-compare.sh [REF_COMMIT]: show that a refactoring changed no output.
# Builds crossym at REF_COMMIT (default c181822) in a temp dir, then runs that
# binary with its scripts/annotate.sh and the working tree's own on the cached
# real trees, comparing byte for byte:
#   - every cached Linux 6.1 build (build-CONFIG with a .crossym-build stamp):
#     `report` (text, tsv, json, --all tsv), `check` (stdout, stderr, status),
#     `cocci -o --define-tag` (every OUTDIR file; wanted.tsv on the columns REF_COMMIT
#     wrote); then `report` (tsv, --all) and `cocci --static` (when REF_COMMIT
#     has it) of all those builds merged;
#   - x86_64-tiny with --run-build-commands (it compiles: the asm-string and
#     preprocessor checks): report --format=tsv and check;
#   - x86_64-tiny with `--tag __visible --keep-stale`: the same, then
#     annotate.sh OUTDIR SRC (no --apply): annotate.patch, forms.tsv, the log
#     (less its timing and progress lines), the exit status;
#   - the BusyBox defconfig build: report (text, tsv, json, --all tsv), check,
#     cocci and annotate.sh with tests/real/lib/busybox-macros.h
#     (SKIP_BUSYBOX=1 leaves it out; SKIP_KERNEL=1 the kernel builds,
#     ONLY_CONFIG=CONFIG all but one).
# Prints one line per comparison (`same` / `DIFFERENT`) and exits 1 when any
# differs. Environment: CROSSYM (default ./crossym), CROSSYM_CACHE, JOBS.
set -u
here=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$here/../../.." && pwd)
REF=${1:-c181822}
NEW=${CROSSYM:-$TOP/crossym}
CACHE=${CROSSYM_CACHE:-$HOME/.cache/crossym}
JOBS=${JOBS:-2}
LC_ALL=C
export LC_ALL
tmp=$(mktemp -d "${TMPDIR:-/tmp}/crossym-compare.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
status=0

say() { echo "refactor-compare: $*"; }
[ -x "$NEW" ] || { say "$NEW: not built"; exit 2; }
mkdir "$tmp/ref"
(cd "$TOP" && git archive "$REF") | tar -x -C "$tmp/ref" || exit 2
make -s -C "$tmp/ref" crossym >"$tmp/ref-build.log" 2>&1 || { cat "$tmp/ref-build.log"; exit 2; }
REFBIN=$tmp/ref/crossym
# the driver with the helpers it sources and runs (apply.sh, series.sh...):
# later edits do not reach this run
cp -R "$TOP/scripts" "$tmp/scripts" || exit 2

# same WHAT FILE_A FILE_B
same() {
	if cmp -s "$2" "$3"; then
		say "same       $1"
	else
		say "DIFFERENT  $1"
		diff -u "$2" "$3" | head -n 20 | sed 's/^/    /'
		status=1
	fi
}

# outdirs WHAT DIR_A DIR_B: every file of both OUTDIRs
outdirs() {
	(cd "$2" && find . -type f | sort) >"$tmp/files.a"
	(cd "$3" && find . -type f | sort) >"$tmp/files.b"
	same "$1: the OUTDIR's files" "$tmp/files.a" "$tmp/files.b"
	while read -r f; do
		[ -f "$3/$f" ] || continue
		if [ "$f" = ./wanted.tsv ]; then
			# the columns REF_COMMIT wrote (4 before placement was kept)
			nc=$(awk -F "$(printf '\t')" 'NR == 1 { print NF }' "$2/$f")
			cut -f1-"${nc:-4}" "$2/$f" >"$tmp/w.a"
			cut -f1-"${nc:-4}" "$3/$f" >"$tmp/w.b"
			same "$1: $f (columns 1-${nc:-4})" "$tmp/w.a" "$tmp/w.b"
		else
			cmp -s "$2/$f" "$3/$f" || same "$1: $f" "$2/$f" "$3/$f"
		fi
	done <"$tmp/files.a"
	say "compared   $1: $(wc -l <"$tmp/files.a") files"
}

# run NAME BIN ARGS...: stdout, stderr and status into $tmp/NAME.{out,err,rc}
run() {
	name=$1 bin=$2
	shift 2
	"$bin" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	echo $? >"$tmp/$name.rc"
}

# both WHAT ARGS...: run the two binaries, compare all they print
both() {
	what=$1
	shift
	run a "$REFBIN" "$@"
	run b "$NEW" "$@"
	for x in out err rc; do same "$what ($x)" "$tmp/a.$x" "$tmp/b.$x"; done
}

# annotate WHAT SRC OUTA OUTB ARGS...: both annotate.sh runs, compared
annotate() {
	what=$1 src=$2 oa=$3 ob=$4
	shift 4
	sh "$tmp/ref/scripts/annotate.sh" "$oa" "$src" -j "$JOBS" "$@" >"$tmp/an.a" 2>&1
	echo $? >"$tmp/an.a.rc"
	CROSSYM=$NEW sh "$tmp/scripts/annotate.sh" "$ob" "$src" -j "$JOBS" "$@" >"$tmp/an.b" 2>&1
	echo $? >"$tmp/an.b.rc"
	for f in annotate.patch forms.tsv annotate.rejected.patch; do
		[ -f "$oa/$f" ] || [ -f "$ob/$f" ] || continue
		same "$what: $f" "$oa/$f" "$ob/$f"
	done
	same "$what: annotate.sh status" "$tmp/an.a.rc" "$tmp/an.b.rc"
	grep -v -e ': spatch: [0-9]* files in' -e '^\[[0-9]*/[0-9]*\] files' "$tmp/an.a" >"$tmp/an.a.log"
	grep -v -e ': spatch: [0-9]* files in' -e '^\[[0-9]*/[0-9]*\] files' "$tmp/an.b" >"$tmp/an.b.log"
	same "$what: annotate.sh output" "$tmp/an.a.log" "$tmp/an.b.log"
}

for stamp in "$CACHE"/linux-6.1/build-*/.crossym-build; do
	[ -f "$stamp" ] && [ "${SKIP_KERNEL:-0}" != 1 ] || continue
	B=$(dirname "$stamp")
	c=${B##*/build-}
	case $c in *-tagged) continue ;; esac
	[ -z "${ONLY_CONFIG:-}" ] || [ "$c" = "$ONLY_CONFIG" ] || continue
	both "$c: report" report "$B"
	both "$c: report tsv" report --format=tsv "$B"
	both "$c: report json" report --format=json "$B"
	both "$c: report --all tsv" report --all --format=tsv "$B"
	builds="${builds:-} $B"
	both "$c: check" check "$B"
	"$REFBIN" cocci -o "$tmp/k-$c.a" --define-tag "$B" 2>&1 | sed "s|$tmp/k-$c.a|OUTDIR|g" >"$tmp/c.a"
	"$NEW" cocci -o "$tmp/k-$c.b" --define-tag "$B" 2>&1 | sed "s|$tmp/k-$c.b|OUTDIR|g" >"$tmp/c.b"
	same "$c: cocci output" "$tmp/c.a" "$tmp/c.b"
	outdirs "$c: cocci" "$tmp/k-$c.a" "$tmp/k-$c.b"
	if [ "$c" = x86_64-tiny ]; then
		both "$c: report --run-build-commands tsv" report --run-build-commands \
			--format=tsv "$B"
		both "$c: check --run-build-commands" check --run-build-commands "$B"
		"$REFBIN" cocci -o "$tmp/v.a" --tag __visible --keep-stale "$B" >"$tmp/c.a" 2>&1
		"$NEW" cocci -o "$tmp/v.b" --tag __visible --keep-stale "$B" >"$tmp/c.b" 2>&1
		same "$c: cocci --tag __visible output" "$tmp/c.a" "$tmp/c.b"
		outdirs "$c: cocci --tag __visible" "$tmp/v.a" "$tmp/v.b"
		annotate "$c: annotate.sh __visible" "$CACHE/linux-6.1/src" "$tmp/v.a" "$tmp/v.b"
		annotate "$c: annotate.sh __global" "$CACHE/linux-6.1/src" \
			"$tmp/k-$c.a" "$tmp/k-$c.b"
	fi
done

# the rows of several builds merged (one source tree, several configs)
if [ -n "${builds:-}" ]; then
	both "merged configs: report tsv" report --format=tsv $builds
	both "merged configs: report --all" report --all $builds
	# cocci --static (a REF_COMMIT that has it): the whole tree's mentions
	if "$REFBIN" cocci --help 2>/dev/null | grep -q -- --static; then
		"$REFBIN" cocci --static -o "$tmp/s.a" $builds >"$tmp/c.a" 2>&1
		"$NEW" cocci --static -o "$tmp/s.b" $builds >"$tmp/c.b" 2>&1
		sed "s|$tmp/s.a|OUTDIR|g" "$tmp/c.a" >"$tmp/c.a2"
		sed "s|$tmp/s.b|OUTDIR|g" "$tmp/c.b" >"$tmp/c.b2"
		same "merged configs: cocci --static output" "$tmp/c.a2" "$tmp/c.b2"
		outdirs "merged configs: cocci --static" "$tmp/s.a" "$tmp/s.b"
	fi
fi

BB=$CACHE/busybox/build-normal
if [ "${SKIP_BUSYBOX:-0}" != 1 ] && [ -f "$BB/busybox_unstripped" ]; then
	both "busybox: report" report "$BB"
	both "busybox: report tsv" report --format=tsv "$BB"
	both "busybox: report json" report --format=json "$BB"
	both "busybox: report --all tsv" report --all --format=tsv "$BB"
	both "busybox: check" check "$BB"
	"$REFBIN" cocci -o "$tmp/bb.a" --define-tag "$BB" >"$tmp/c.a" 2>&1
	"$NEW" cocci -o "$tmp/bb.b" --define-tag "$BB" >"$tmp/c.b" 2>&1
	same "busybox: cocci output" "$tmp/c.a" "$tmp/c.b"
	outdirs "busybox: cocci" "$tmp/bb.a" "$tmp/bb.b"
	annotate "busybox: annotate.sh" "$CACHE/busybox/src" "$tmp/bb.a" "$tmp/bb.b" \
		--macro-file "$here/busybox-macros.h"
fi
[ $status -eq 0 ] && say "all the same" || say "some outputs differ"
exit $status
