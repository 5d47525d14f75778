#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel-annotate.sh [CONFIG]: tag the sources of a Linux 6.1 build (CONFIG,
# default x86_64-boot: the build the boot proof uses too, so make check-real
# builds one tinyconfig less) with
# the kernel's own __visible, rebuild the tagged tree, and record everything
# t61-kernel-annotate.sh checks. Prints the result directory on stdout.
#
#  1. B = kernel-build.sh CONFIG (the untagged build, cached);
#  2. crossym cocci -o R/out --tag __visible --keep-stale --run-build-commands B
#     (it tells names made by top-level asm, which need no tag; the kernel's own
#     __visible tags stay);
#  3. a copy of the source, COPY = CACHE/src-tagged, made with `cp -al` (hard
#     links: annotate.sh --apply writes each new file beside the tree and
#     renames it in, so a patched file gets its own inode and the cached source
#     stays as it is; checked below, see R/links.txt), then
#     scripts/annotate.sh R/out COPY --apply;
#  4. BT = CACHE/build-CONFIG-tagged: B's own .config plus CONFIG_WERROR=y
#     (any warning the tags cause fails the build), olddefconfig, vmlinux from
#     COPY;
#  5. records: the reports of B and BT, crossym check on both, the warnings of
#     both builds (normalised), a second cocci + annotate.sh on the tagged tree
#     (R/out2, must give an empty patch), timings.
#
# Caching (a rerun with nothing changed costs seconds):
#  - the tagged build is keyed by the sha256 of annotate.patch: when the patch is
#    byte-identical to the one BT was built from (BT/.crossym-tagged), BT is kept;
#    otherwise it is removed and built from scratch (a fresh build also gives
#    the complete warning list);
#  - annotate.sh's result is keyed by the sha256 of its inputs (crossym cocci's
#    whole OUTDIR, scripts/annotate.sh, the spatch version): when they are
#    byte-identical to the last run's and COPY still carries that patch, the
#    patch and forms.tsv of the last run are reused and spatch is not run
#    (KERNEL_ANNOTATE_FRESH=1 forces the run).
#
# Result directory R = CACHE/annotate-CONFIG:
#   out/              crossym cocci's OUTDIR, with annotate.patch and forms.tsv
#   cocci.err cocci.rc annotate.log annotate.rc   step outputs and exit codes
#   patch.sha256      the key of BT
#   report.tsv report.txt report-tagged.tsv   crossym report of B (tsv, text), BT
#   check.{out,err,rc} check-tagged.{out,err,rc}   crossym check --tag __visible
#   out2/ cocci2.{err,rc} annotate2.{log,rc}  the second round, on COPY/BT
#   warnings.untagged warnings.tagged warnings.new   normalised `warning:` lines
#   cc.untagged cc.tagged   the number of CC lines of each build log
#   config.diff       diff of the two .config files (CONFIG_WERROR only)
#   links.txt         hard-link and pristine-source checks after --apply
#   build.rc build.errors   the tagged build's status and its `error:` lines
#                     (when it failed, the records below it are not made)
#   times.tsv         STEP<TAB>SECONDS<TAB>run|cached
# Exit status 0 when all steps ran (their findings are for the test to judge),
# 1 when a step could not run (build failure, ...).
# Environment: CROSSYM, JOBS (default 2), CROSSYM_CACHE, KERNEL_ANNOTATE_FRESH.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$here/../../.." && pwd)
CROSSYM=${CROSSYM:-$TOP/crossym}
JOBS=${JOBS:-2}
CACHE=${CROSSYM_CACHE:-$HOME/.cache/crossym}/linux-${KB_LINUX:-6.1}
SRC=$CACHE/src
COPY=$CACHE/src-tagged
CONFIG=${1:-x86_64-boot}
ARCH=${CONFIG%%-*}
BT=$CACHE/build-$CONFIG-tagged
R=$CACHE/annotate-$CONFIG
TAG=__visible
LC_ALL=C
export LC_ALL

say() { echo "kernel-annotate: $*" >&2; }
die() { say "$*"; exit 1; }
now() { date +%s; }
# timed STEP HOW SECONDS
timed() { printf '%s\t%s\t%s\n' "$1" "$3" "$2" >>"$R/times.tsv"; say "$1: $3 s ($2)"; }
sha() { sha256sum "$1" | cut -d ' ' -f 1; }

B=$(sh "$here/kernel-build.sh" "$CONFIG") || die "kernel-build.sh $CONFIG failed"
# the same targets as B's build, so that both compile the same files
TARGETS=vmlinux
[ ! -f "$B/arch/x86/boot/bzImage" ] || TARGETS="vmlinux bzImage"
command -v spatch >/dev/null 2>&1 || die "spatch not found (coccinelle)"
[ -x "$CROSSYM" ] || die "$CROSSYM: not built"

mkdir -p "$R"
exec 8>"$CACHE/annotate-$CONFIG.lock"
if command -v flock >/dev/null 2>&1; then flock 8; fi
: >"$R/times.tsv"

# --- reports and check of the untagged build ----------------------------------------
# --run-build-commands preprocesses every C object again; --db keeps each
# object's answer, so only the first run of each build does it (R/scan.db,
# R/scan-tagged.db: kept, an object remade since is checked again)
"$CROSSYM" report --format=tsv --run-build-commands --db "$R/scan.db" "$B" >"$R/report.tsv"
"$CROSSYM" report --run-build-commands --db "$R/scan.db" "$B" >"$R/report.txt"
rc=0
"$CROSSYM" check --tag "$TAG" --run-build-commands --db "$R/scan.db" "$B" >"$R/check.out" 2>"$R/check.err" || rc=$?
echo $rc >"$R/check.rc"

# --- 2. crossym cocci ------------------------------------------------------------------
rm -rf "$R/out"
t0=$(now)
rc=0
"$CROSSYM" cocci -o "$R/out" --tag "$TAG" --keep-stale --run-build-commands --db "$R/scan.db" "$B" 2>"$R/cocci.err" || rc=$?
echo $rc >"$R/cocci.rc"
timed cocci run $(($(now) - t0))
[ -f "$R/out/files.tsv" ] || { cat "$R/cocci.err" >&2; die "crossym cocci wrote no files.tsv"; }

# --- 3. annotate.sh on the copy ----------------------------------------------------------
key=$( {
	(cd "$R/out" && find . -type f | sort | xargs sha256sum)
	cat "$TOP/scripts/annotate.sh" "$TOP/scripts/apply.sh" | sha256sum
	spatch --version 2>&1 | sed -n 1p
	echo "$TAG $JOBS"
} | sha256sum | cut -d ' ' -f 1)
if [ "${KERNEL_ANNOTATE_FRESH:-0}" != 1 ] && [ -f "$R/annotate.key" ] &&
	[ "$(cat "$R/annotate.key")" = "$key" ] && [ -f "$R/keep/annotate.patch" ] &&
	[ -f "$COPY/.crossym-tagged" ] &&
	[ "$(cat "$COPY/.crossym-tagged")" = "$(sha "$R/keep/annotate.patch")" ]; then
	cp "$R/keep/annotate.patch" "$R/keep/forms.tsv" "$R/out/"
	timed copy cached "$(cat "$R/keep/copy.time")"
	timed annotate cached "$(cat "$R/keep/annotate.time")"
	say "annotate.sh inputs unchanged and $COPY carries the patch: reused"
else
	rm -f "$R/annotate.key"
	t0=$(now)
	rm -rf "$COPY" "$COPY.tmp"
	cp -al "$SRC" "$COPY.tmp" 2>/dev/null || { rm -rf "$COPY.tmp"; cp -a "$SRC" "$COPY.tmp"; }
	rm -f "$COPY.tmp/.crossym-tagged"
	mv "$COPY.tmp" "$COPY"
	t=$(($(now) - t0))
	timed copy run $t
	t0=$(now)
	rc=0
	sh "$TOP/scripts/annotate.sh" "$R/out" "$COPY" -j "$JOBS" --apply >"$R/annotate.log" 2>&1 || rc=$?
	echo $rc >"$R/annotate.rc"
	ta=$(($(now) - t0))
	timed annotate run $ta
	[ $rc -eq 0 ] || { tail -n 20 "$R/annotate.log" >&2; die "annotate.sh failed (exit $rc), see $R/annotate.log"; }
	# hard links: the apply wrote no file of the cached source
	sh "$here/kernel-links.sh" "$SRC" "$COPY" "$R/out" >"$R/links.txt"
	mkdir -p "$R/keep"
	cp "$R/out/annotate.patch" "$R/out/forms.tsv" "$R/keep/"
	cp "$R/annotate.log" "$R/keep/annotate.log"
	echo $ta >"$R/keep/annotate.time"
	echo $t >"$R/keep/copy.time"
	sha "$R/out/annotate.patch" >"$COPY/.crossym-tagged"
	echo "$key" >"$R/annotate.key"
fi
[ -f "$R/annotate.rc" ] || echo 0 >"$R/annotate.rc"
[ -f "$R/annotate.log" ] || cp "$R/keep/annotate.log" "$R/annotate.log"
# the key of BT: the patch and the recipe (CONFIG_WERROR=y on top of B's .config)
echo "$(sha "$R/out/annotate.patch") $(sha "$B/.config") werror" >"$R/patch.sha256"

# --- 4. the tagged build, keyed by the patch -----------------------------------------------
# A failed build is remembered too (BT/.crossym-failed): the same patch fails
# the same way, so a rerun reports it at once.
want=$(cat "$R/patch.sha256")
if [ -f "$BT/.crossym-tagged" ] && [ "$(cat "$BT/.crossym-tagged")" = "$want" ] &&
	[ -f "$BT/vmlinux" ] && [ -f "$BT/build.time" ]; then
	echo 0 >"$R/build.rc"
	timed build cached "$(cat "$BT/build.time")"
elif [ -f "$BT/.crossym-failed" ] && [ "$(cat "$BT/.crossym-failed")" = "$want" ]; then
	echo 1 >"$R/build.rc"
	timed build cached-failure "$(cat "$BT/build.time")"
else
	rm -rf "$BT"
	mkdir -p "$BT"
	say "building the tagged tree in $BT (log: $BT/build.log)"
	t0=$(now)
	rc=0
	{
		cp "$B/.config" "$BT/.config" &&
		"$COPY/scripts/config" --file "$BT/.config" --enable WERROR &&
		make -C "$COPY" O="$BT" ARCH="$ARCH" olddefconfig &&
		make -C "$COPY" O="$BT" ARCH="$ARCH" -j"$JOBS" $TARGETS
	} >"$BT/build.log" 2>&1 || rc=$?
	t=$(($(now) - t0))
	echo $t >"$BT/build.time"
	timed build run $t
	# the build wrote nothing into the source copy
	find "$COPY" -newer "$COPY/.crossym-tagged" ! -path "$COPY" >"$R/copy-written" 2>/dev/null || true
	if [ $rc -eq 0 ]; then
		echo "$want" >"$BT/.crossym-tagged"
		echo 0 >"$R/build.rc"
	else
		echo "$want" >"$BT/.crossym-failed"
		echo 1 >"$R/build.rc"
	fi
fi
grep -E 'error:' "$BT/build.log" | sed "s|$COPY/||g; s|$BT/||g" >"$R/build.errors" || true
if [ "$(cat "$R/build.rc")" -ne 0 ]; then
	say "the tagged build failed (see $BT/build.log):"
	sed 's/^/  /' "$R/build.errors" >&2
	rm -f "$R/report-tagged.tsv" "$R/check-tagged.out" "$R/check-tagged.err" "$R/check-tagged.rc" \
		"$R/cocci2.err" "$R/cocci2.rc" "$R/annotate2.log" "$R/annotate2.rc" \
		"$R/warnings.untagged" "$R/warnings.tagged" "$R/warnings.new" "$R/cc.untagged" "$R/cc.tagged"
	rm -rf "$R/out2"
	echo "$R"
	exit 0
fi

# --- 5. records ---------------------------------------------------------------------------
diff "$B/.config" "$BT/.config" >"$R/config.diff" || true
# warnings: paths made relative, columns dropped (an inserted tag moves them)
warnings() {
	grep -E 'warning:' "$1" |
		sed -e "s|$COPY/||g; s|$SRC/||g; s|$BT/||g; s|$B/||g" \
			-e 's/^\([^ :]*\):\([0-9][0-9]*\):[0-9][0-9]*:/\1:\2:/' | sort || true
}
warnings "$B/build.log" >"$R/warnings.untagged"
warnings "$BT/build.log" >"$R/warnings.tagged"
comm -13 "$R/warnings.untagged" "$R/warnings.tagged" >"$R/warnings.new"
grep -c '^  CC ' "$B/build.log" >"$R/cc.untagged" || true
grep -c '^  CC ' "$BT/build.log" >"$R/cc.tagged" || true

t0=$(now)
"$CROSSYM" report --format=tsv --run-build-commands --db "$R/scan-tagged.db" "$BT" >"$R/report-tagged.tsv"
rc=0
# --no-config: not the --keep-stale annotate --apply recorded in COPY/.crossym,
# so that the kernel's own stale tags are listed (t61 compares them)
"$CROSSYM" check --no-config --tag "$TAG" --run-build-commands --db "$R/scan-tagged.db" "$BT" >"$R/check-tagged.out" 2>"$R/check-tagged.err" || rc=$?
echo $rc >"$R/check-tagged.rc"
timed report+check run $(($(now) - t0))

# the second round: nothing left to do
rm -rf "$R/out2"
t0=$(now)
rc=0
"$CROSSYM" cocci -o "$R/out2" --tag "$TAG" --keep-stale --run-build-commands --db "$R/scan-tagged.db" "$BT" 2>"$R/cocci2.err" || rc=$?
echo $rc >"$R/cocci2.rc"
rc=0
if [ -f "$R/out2/files.tsv" ]; then
	sh "$TOP/scripts/annotate.sh" "$R/out2" "$COPY" -j "$JOBS" >"$R/annotate2.log" 2>&1 || rc=$?
else
	rc=99
fi
echo $rc >"$R/annotate2.rc"
timed second-round run $(($(now) - t0))
echo "$R"
