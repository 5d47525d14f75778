#!/bin/sh
# kernel-annotate-def.sh: outside CI (a ~30-60 minute build): tag the sources
# of the Linux 6.1 x86_64 defconfig build with the kernel's own __visible,
# rebuild the tagged copy with CONFIG_WERROR=y, and run crossym check on it.
#
#  B  = CACHE/build-x86_64-def, the untagged build; used only when its
#       .crossym-build stamp exists (another run makes it: this script never
#       builds that config);
#  crossym cocci -o R/out --tag __visible --keep-stale B;
#  COPY = CACHE/src-tagged-def (cp -al of the source: patched files get their
#       own inode, the cached source is left alone);
#  scripts/annotate.sh R/out COPY --apply [--verify-build B when VERIFY_BUILD=1];
#  BT = CACHE/build-x86_64-def-tagged: B's .config with CONFIG_WERROR=y,
#       olddefconfig, `nice make -k vmlinux` from COPY;
#  crossym check --tag __visible BT.
# Results in R = CACHE/annotate-x86_64-def: cocci.{err,rc}, annotate.{log,rc},
# build.rc, build.errors, warnings.{untagged,tagged,new}, check.{out,err,rc},
# figures.txt (files, in place, re-declared, fallbacks, build, check).
# Environment: CROSSYM, JOBS (default 2), CROSSYM_CACHE, VERIFY_BUILD.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$here/../../.." && pwd)
CROSSYM=${CROSSYM:-$TOP/crossym}
JOBS=${JOBS:-2}
CACHE=${CROSSYM_CACHE:-$HOME/.cache/crossym}/linux-6.1
SRC=$CACHE/src
B=$CACHE/build-x86_64-def
COPY=$CACHE/src-tagged-def
BT=$CACHE/build-x86_64-def-tagged
R=$CACHE/annotate-x86_64-def
TAG=__visible
LC_ALL=C
export LC_ALL

say() { echo "kernel-annotate-def: $*" >&2; }
die() { say "$*"; exit 1; }

[ -f "$B/.crossym-build" ] || die "$B: no .crossym-build stamp (build x86_64-def first; not started here)"
command -v spatch >/dev/null 2>&1 || die "spatch not found (coccinelle)"
[ -x "$CROSSYM" ] || die "$CROSSYM: not built"
mkdir -p "$R"
exec 8>"$CACHE/annotate-x86_64-def.lock"
if command -v flock >/dev/null 2>&1; then flock -n 8 || die "another run holds $CACHE/annotate-x86_64-def.lock"; fi

rm -rf "$R/out"
rc=0
"$CROSSYM" cocci -o "$R/out" --tag "$TAG" --keep-stale "$B" 2>"$R/cocci.err" || rc=$?
echo $rc >"$R/cocci.rc"
[ -f "$R/out/files.tsv" ] || die "crossym cocci wrote no files.tsv (exit $rc)"

rm -rf "$COPY" "$COPY.tmp"
cp -al "$SRC" "$COPY.tmp" 2>/dev/null || { rm -rf "$COPY.tmp"; cp -a "$SRC" "$COPY.tmp"; }
mv "$COPY.tmp" "$COPY"
set -- "$R/out" "$COPY" -j "$JOBS" --apply
[ "${VERIFY_BUILD:-0}" = 1 ] && set -- "$@" --verify-build "$B"
rc=0
nice sh "$TOP/scripts/annotate.sh" "$@" >"$R/annotate.log" 2>&1 || rc=$?
echo $rc >"$R/annotate.rc"
[ $rc -eq 0 ] || die "annotate.sh failed (exit $rc), see $R/annotate.log"

rm -rf "$BT"
mkdir -p "$BT"
cp "$B/.config" "$BT/.config"
"$SRC/scripts/config" --file "$BT/.config" --enable WERROR
say "building the tagged tree in $BT (log: $BT/build.log)"
t0=$(date +%s)
rc=0
{
	make -C "$COPY" O="$BT" ARCH=x86_64 olddefconfig &&
	nice make -C "$COPY" O="$BT" ARCH=x86_64 -k -j"$JOBS" vmlinux
} >"$BT/build.log" 2>&1 || rc=$?
echo $rc >"$R/build.rc"
echo $(($(date +%s) - t0)) >"$R/build.time"
grep -E 'error:' "$BT/build.log" | sed "s|$COPY/||g" >"$R/build.errors" || true
warnings() {
	grep -E 'warning:' "$1" | sed -e "s|$COPY/||g; s|$SRC/||g" \
		-e 's/^\([^ :]*\):\([0-9][0-9]*\):[0-9][0-9]*:/\1:\2:/' | sort || true
}
warnings "$B/build.log" >"$R/warnings.untagged"
warnings "$BT/build.log" >"$R/warnings.tagged"
comm -13 "$R/warnings.untagged" "$R/warnings.tagged" >"$R/warnings.new"
rc=0
"$CROSSYM" check --tag "$TAG" "$BT" >"$R/check.out" 2>"$R/check.err" || rc=$?
echo $rc >"$R/check.rc"

count() { awk -F '\t' -v f="$1" '$3 == f { n++ } END { print n + 0 }' "$R/out/forms.tsv"; }
{
	echo "files $(grep -c '^+++ ' "$R/out/annotate.patch" || true)"
	echo "inplace $(count inplace)"
	echo "redeclared $(count redeclared)"
	echo "fallbacks $(grep -c 'fell back' "$R/annotate.log" || true)"
	echo "cocci-rc $(cat "$R/cocci.rc")"
	echo "build-rc $(cat "$R/build.rc") ($(cat "$R/build.time") s, $(wc -l <"$R/build.errors") error lines, $(wc -l <"$R/warnings.new") new warnings)"
	echo "check $(grep '^crossym check:' "$R/check.err" || echo "rc $(cat "$R/check.rc")")"
} >"$R/figures.txt"
cat "$R/figures.txt" >&2
echo "$R"
