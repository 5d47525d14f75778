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
#  DEF_BUILD=full: BT = CACHE/build-x86_64-def-tagged: B's .config with
#       CONFIG_WERROR=y, olddefconfig, `nice make -k vmlinux` from COPY (hours
#       on a shared 2-core machine); default DEF_BUILD=changed: every changed
#       file compiled from COPY with its own .cmd command (-Werror:
#       kernel-compile-changed.sh), output outside B;
#  crossym check --tag __visible --srctree COPY (BT, or B: the tags do not
#       change the symbol tables).
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
if [ "${VERIFY_BUILD:-0}" = 1 ]; then set -- "$@" --verify-build "$B"; fi
rc=0
nice sh "$TOP/scripts/annotate.sh" "$@" >"$R/annotate.log" 2>&1 || rc=$?
echo $rc >"$R/annotate.rc"
[ $rc -eq 0 ] || die "annotate.sh failed (exit $rc), see $R/annotate.log"

if [ "${DEF_BUILD:-changed}" = full ]; then
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
	CHECKED=$BT
	build="full build $(cat "$R/build.rc") ($(cat "$R/build.time") s, $(wc -l <"$R/build.errors") error lines, $(wc -l <"$R/warnings.new") new warnings)"
else
	# DEF_BUILD=changed (default; a full defconfig build takes hours on a
	# shared 2-core machine): every changed file compiled from COPY with its
	# object's own command (defconfig has CONFIG_WERROR=y: -Werror), the files
	# with definer-macro or generated-source placements first; the untagged
	# build has no warning at all (B/build.log), so any diagnostic is new.
	grep '^+++ b/' "$R/out/annotate.patch" | sed 's|^+++ b/||; s|\t.*||' | sort -u >"$R/changed.list"
	awk -F '\t' '$6 ~ /^declarer|^generated/ { print $1 }' "$R/out/wanted.tsv" | sort -u >"$R/first.list"
	{ cat "$R/first.list"; grep -vxF -f "$R/first.list" "$R/changed.list"; } >"$R/changed-ordered.list"
	t0=$(date +%s)
	sh "$here/kernel-compile-changed.sh" "$B" "$COPY" "$R/changed-ordered.list" "$R/cc" "$JOBS" >"$R/cc.out"
	build="changed files compiled with -Werror: $(cat "$R/cc.out") ($(($(date +%s) - t0)) s)"
	CHECKED=$B
fi
rc=0
# the tags of COPY against B's (or BT's) symbol tables
"$CROSSYM" check --tag "$TAG" --srctree "$COPY" "$CHECKED" >"$R/check.out" 2>"$R/check.err" || rc=$?
echo $rc >"$R/check.rc"

count() { awk -F '\t' -v f="$1" '$3 == f { n++ } END { print n + 0 }' "$R/out/forms.tsv"; }
{
	echo "files $(grep -c '^+++ ' "$R/out/annotate.patch" || true)"
	echo "inplace $(count inplace)"
	echo "redeclared $(count redeclared)"
	echo "fallbacks $(grep -c 'fell back to re-declaration:' "$R/annotate.log" || true)"
	echo "cocci-rc $(cat "$R/cocci.rc")"
	echo "build $build"
	echo "check $(grep '^crossym check:' "$R/check.err" || echo "rc $(cat "$R/check.rc")")"
} >"$R/figures.txt"
cat "$R/figures.txt" >&2
echo "$R"
