#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel-annotate-def.sh: outside CI: tag the sources of the Linux 6.1 x86_64
# defconfig build with the kernel's own __visible as a user would, build the
# tagged tree with CONFIG_WERROR=y (defconfig has it), compare its diagnostics
# with the untagged build's, and run crossym check on it. Prints the figures.
#
#  B  = CACHE/build-x86_64-def, the untagged build (kernel-build.sh x86_64-def,
#       vmlinux + modules); used only when its .crossym-build stamp exists
#       (this script never builds that config: `make bench-kernel` does);
#       DEF_BUILD_DIR=DIR: another cached kernel build instead (its own
#       .config: without CONFIG_WERROR=y only DEF_BUILD=full adds it, the
#       figures say werror no; warnings are compared all the same), the
#       source tree being the one DIR was built from (DIR/source);
#  crossym cocci -o R/out --tag __visible --keep-stale --run-build-commands B
#       (RUN_BUILD_COMMANDS=0: without it, which spares recompiling every C
#       object as the preprocessor and with -flto: about a build's time);
#  COPY = CACHE/src-tagged-def (cp -al of the source), then
#       scripts/annotate.sh R/out COPY --apply [--verify-build B when
#       VERIFY_BUILD=1]; the apply must write no hard-linked file in place
#       (kernel-links.sh, R/links.txt);
#  the tagged build BT = CACHE/build-x86_64-def-tagged, `make -k vmlinux
#       modules`, by DEF_BUILD:
#       incremental (default): BT is a copy of B (cp -a, B is not touched) and
#         make runs in a private mount namespace where COPY is bind-mounted on
#         the source path and BT on the build path B was built with: every
#         command line and path is B's (otherwise the tools/objtool build,
#         whose .cmd files hold absolute paths, is redone, and every object
#         depends on objtool), so
#         kbuild itself recompiles exactly the objects whose sources or
#         headers the tags changed (and relinks vmlinux and the modules);
#         the unchanged objects are B's, which compiled with -Werror and no
#         diagnostic. Needs CONFIG_WERROR=y in B's .config and unshare(1).
#       full: BT from scratch, O=BT, B's .config + CONFIG_WERROR=y,
#         olddefconfig (as long as B's build: about 16 minutes on 2 idle cores,
#         hours on a loaded machine);
#       changed: no kbuild run; every changed file compiled from COPY with its
#         object's own .cmd command (-Werror), kernel-compile-changed.sh;
#  crossym check --tag __visible [--run-build-commands] BT, with COPY on the
#       source path as for the build (B for DEF_BUILD=changed, --srctree COPY).
# Results in R = CACHE/annotate-x86_64-def: cocci.{err,rc}, annotate.{log,rc},
# links.txt, build.rc, build.errors, diags.{untagged,tagged,new} (normalised
# warning/error lines: paths relative, columns dropped), check.{out,err,rc},
# times.tsv (STEP<TAB>SECONDS), figures.txt (also on stderr). Prints R.
# Exit 1 when a step could not run; the figures say whether the tagged tree
# built, with how many new diagnostics, and what check found.
# Environment: CROSSYM, JOBS (default 2), CROSSYM_CACHE, VERIFY_BUILD, DEF_BUILD,
# RUN_BUILD_COMMANDS (default 1), DEF_BUILD_DIR.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$here/../../.." && pwd)
CROSSYM=${CROSSYM:-$TOP/crossym}
JOBS=${JOBS:-2}
DEF_BUILD=${DEF_BUILD:-incremental}
RBC=--run-build-commands
[ "${RUN_BUILD_COMMANDS:-1}" = 1 ] || RBC=
CACHE=${CROSSYM_CACHE:-$HOME/.cache/crossym}/linux-${KB_LINUX:-6.1}
B=${DEF_BUILD_DIR:-$CACHE/build-x86_64-def}
SRC=$( (cd "$B/source" && pwd -P) 2>/dev/null) || SRC=$CACHE/src
COPY=$CACHE/src-tagged-def
BT=$CACHE/build-x86_64-def-tagged
R=$CACHE/annotate-x86_64-def
TAG=__visible
LC_ALL=C
export LC_ALL

say() { echo "kernel-annotate-def: $*" >&2; }
die() { say "$*"; exit 1; }
now() { date +%s; }
# timed STEP SECONDS
timed() { printf '%s\t%s\n' "$1" "$2" >>"$R/times.tsv"; say "$1: $2 s"; }
# in_copy CMD...: CMD in a private mount namespace where COPY is mounted on SRC
# and BT on B: every absolute path of B's build (objtool, tools/, .cmd files)
# is the same, so kbuild rebuilds only what the tags changed
in_copy() {
	# shellcheck disable=SC2016
	unshare -m sh -c 'mount --bind "$0" "$1" && mount --bind "$2" "$3" && shift 3 && exec "$@"' \
		"$COPY" "$SRC" "$BT" "$B" "$@"
}
# diags LOG: the diagnostics of a build log (the compilers', modpost's
# WARNING:, and the objtool sync check's "Warning: Kernel ABI header at
# tools/... differs": a tag in a file tools/ mirrors), paths relative,
# columns dropped (an inserted tag moves them), sorted
diags() {
	grep -E '([Ww]arning|[Ee]rror|WARNING):' "$1" |
		sed -e "s|$COPY/||g; s|$SRC/||g; s|$BT/||g; s|$B/||g" \
			-e 's/^\([^ :]*\):\([0-9][0-9]*\):[0-9][0-9]*:/\1:\2:/' | sort || true
}

case $DEF_BUILD in
incremental|full|changed) ;;
*) die "DEF_BUILD=$DEF_BUILD: one of incremental, full, changed" ;;
esac
[ -f "$B/.crossym-build" ] || die "$B: no .crossym-build stamp (build x86_64-def first: make bench-kernel; not started here)"
command -v spatch >/dev/null 2>&1 || die "spatch not found (coccinelle)"
[ -x "$CROSSYM" ] || die "$CROSSYM: not built"
targets=vmlinux
grep -q '^CONFIG_MODULES=y' "$B/.config" && targets="vmlinux modules"
# B built without CONFIG_WERROR=y (DEF_BUILD_DIR of another config): only the
# full build adds it; the others' warnings are compared all the same
werror=yes
[ "$DEF_BUILD" = full ] || grep -q '^CONFIG_WERROR=y' "$B/.config" || werror=no
if [ "$DEF_BUILD" = incremental ]; then
	unshare -m true || die "unshare -m does not work here (try DEF_BUILD=full)"
fi
mkdir -p "$R"
exec 8>"$CACHE/annotate-x86_64-def.lock"
if command -v flock >/dev/null 2>&1; then flock -n 8 || die "another run holds $CACHE/annotate-x86_64-def.lock"; fi
: >"$R/times.tsv"

# --- crossym cocci, as a user runs it --------------------------------------------
rm -rf "$R/out"
t0=$(now)
rc=0
"$CROSSYM" cocci -o "$R/out" --tag "$TAG" --keep-stale $RBC "$B" 2>"$R/cocci.err" || rc=$?
echo $rc >"$R/cocci.rc"
timed cocci $(($(now) - t0))
[ -f "$R/out/files.tsv" ] || die "crossym cocci wrote no files.tsv (exit $rc)"

# --- annotate.sh --apply on a hard-linked copy ----------------------------------
t0=$(now)
rm -rf "$COPY" "$COPY.tmp"
cp -al "$SRC" "$COPY.tmp" 2>/dev/null || { rm -rf "$COPY.tmp"; cp -a "$SRC" "$COPY.tmp"; }
mv "$COPY.tmp" "$COPY"
timed copy $(($(now) - t0))
set -- "$R/out" "$COPY" -j "$JOBS" --apply
if [ "${VERIFY_BUILD:-0}" = 1 ]; then set -- "$@" --verify-build "$B"; fi
t0=$(now)
rc=0
nice sh "$TOP/scripts/annotate.sh" "$@" >"$R/annotate.log" 2>&1 || rc=$?
echo $rc >"$R/annotate.rc"
timed annotate $(($(now) - t0))
[ $rc -eq 0 ] || die "annotate.sh failed (exit $rc), see $R/annotate.log"
sh "$here/kernel-links.sh" "$SRC" "$COPY" "$R/out" >"$R/links.txt"

# --- the tagged build ---------------------------------------------------------------
t0=$(now)
rc=0
case $DEF_BUILD in
incremental)
	rm -rf "$BT" "$BT.tmp"
	cp -a "$B" "$BT.tmp"
	mv "$BT.tmp" "$BT"
	rm -f "$BT/.crossym-build" "$BT/.crossym-build-seconds"
	timed copy-build $(($(now) - t0))
	say "building the tagged tree in $BT, incrementally (log: $BT/build.log)"
	t0=$(now)
	# shellcheck disable=SC2086
	in_copy nice make -C "$SRC" O="$B" ARCH=x86_64 -k -j"$JOBS" $targets >"$BT/build.log" 2>&1 || rc=$?
	;;
full)
	rm -rf "$BT"
	mkdir -p "$BT"
	cp "$B/.config" "$BT/.config"
	"$SRC/scripts/config" --file "$BT/.config" --enable WERROR
	say "building the tagged tree in $BT from scratch (log: $BT/build.log)"
	# shellcheck disable=SC2086
	{
		make -C "$COPY" O="$BT" ARCH=x86_64 olddefconfig &&
		nice make -C "$COPY" O="$BT" ARCH=x86_64 -k -j"$JOBS" $targets
	} >"$BT/build.log" 2>&1 || rc=$?
	;;
changed)
	# the files with definer-macro or generated-source placements first
	grep '^+++ b/' "$R/out/annotate.patch" | sed 's|^+++ b/||; s|\t.*||' | sort -u >"$R/changed.list"
	awk -F '\t' '$6 ~ /^declarer|^generated/ { print $1 }' "$R/out/wanted.tsv" | sort -u >"$R/first.list"
	{ cat "$R/first.list"; grep -vxF -f "$R/first.list" "$R/changed.list"; } >"$R/changed-ordered.list"
	sh "$here/kernel-compile-changed.sh" "$B" "$COPY" "$R/changed-ordered.list" "$R/cc" "$JOBS" >"$R/cc.out"
	grep -q ', failed 0, ' "$R/cc.out" && grep -q 'diagnostics 0$' "$R/cc.out" || rc=1
	;;
esac
echo $rc >"$R/build.rc"
timed build $(($(now) - t0))
t0=$(now)
if [ "$DEF_BUILD" = changed ]; then
	build="changed files compiled with -Werror: $(cat "$R/cc.out")"
	: >"$R/build.errors"
	: >"$R/diags.new"
	rc=0
	"$CROSSYM" check --tag "$TAG" $RBC --srctree "$COPY" "$B" >"$R/check.out" 2>"$R/check.err" || rc=$?
else
	grep -E 'error:' "$BT/build.log" | sed "s|$COPY/||g; s|$SRC/||g" >"$R/build.errors" || true
	diags "$B/build.log" >"$R/diags.untagged"
	diags "$BT/build.log" >"$R/diags.tagged"
	comm -13 "$R/diags.untagged" "$R/diags.tagged" >"$R/diags.new"
	ok=no
	[ $rc -eq 0 ] && [ -f "$BT/vmlinux" ] && { [ "$targets" = vmlinux ] || [ -f "$BT/modules.order" ]; } && ok=yes
	build="$DEF_BUILD make -k $targets: exit $rc, built: $ok, werror $werror,"
	build="$build $(grep -c '^  CC ' "$BT/build.log" || true) CC lines (untagged $(grep -c '^  CC ' "$B/build.log" || true)),"
	build="$build $(wc -l <"$R/build.errors") error lines, $(wc -l <"$R/diags.new") new diagnostics"
	rc=0
	if [ "$DEF_BUILD" = incremental ]; then
		in_copy "$CROSSYM" check --tag "$TAG" $RBC "$B" >"$R/check.out" 2>"$R/check.err" || rc=$?
	else
		"$CROSSYM" check --tag "$TAG" $RBC "$BT" >"$R/check.out" 2>"$R/check.err" || rc=$?
	fi
fi
echo $rc >"$R/check.rc"
timed check $(($(now) - t0))

count() { awk -F '\t' -v f="$1" '$3 == f { n++ } END { print n + 0 }' "$R/out/forms.tsv"; }
{
	echo "files $(grep -c '^+++ ' "$R/out/annotate.patch" || true)"
	echo "inplace $(count inplace)"
	echo "redeclared $(count redeclared)"
	echo "fallbacks $(grep -c 'fell back to re-declaration:' "$R/annotate.log" || true)"
	echo "cocci-rc $(cat "$R/cocci.rc")"
	echo "links $(tr '\n' ' ' <"$R/links.txt")"
	echo "build $build"
	echo "check $(grep '^crossym check:' "$R/check.err" || echo "rc $(cat "$R/check.rc")"), missing $(grep -c ': missing tag: ' "$R/check.out" || true), stale $(grep -c ': stale tag: ' "$R/check.out" || true)"
	echo "times $(awk -F '\t' '{ printf "%s %ss ", $1, $2 }' "$R/times.tsv")"
} >"$R/figures.txt"
cat "$R/figures.txt" >&2
echo "$R"
