#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# busybox-wholeprog.sh SRC OUT: build BusyBox from the (possibly tagged) source
# tree SRC with every directory compiled as one -fwhole-program unit, in the
# build directory OUT, and link it with BusyBox's own link step.
#
#   1. kbuild (make O=OUT, defconfig or $BUSYBOX_CONFIG) compiles every object
#      of every directory with its exact flags plus
#      EXTRA_CFLAGS="-D'TAG=__attribute__((externally_visible))'"
#      (kbuild pastes EXTRA_CFLAGS unquoted into the shell command).
#      Only the directories are built (make DIR...), not the normal link.
#   2. scripts/wholeprogram.sh OUT does the rest: crossym units (each
#      directory's linked lib.a members and built-in.o inputs, in link order),
#      each object compiled again from its .cmd command with -flto, each unit
#      one DIR/unit.o (-flto-partition=one -fno-use-linker-plugin
#      -fwhole-program -r -nostdlib + kbuild's CFLAGS), and scripts/trylink
#      links busybox_unstripped from the units, exactly as the normal build
#      links the archives; then it is stripped to busybox.
#
# Incremental: a second run recompiles only what kbuild finds changed and
# recombines only the units whose objects changed.
# Results in OUT: units.txt (`unit<TAB>object...`), undefined.txt (sorted
# undefined symbols of the link, empty when it links), wholeprog.log
# (compile), .wp/ (wholeprogram.sh: units.tsv, compile.log, link.log).
# Exit 0 when busybox links; 1 when the link fails (the undefined symbols are
# printed on stdout, one per line); 2 for other errors.
# Environment: JOBS (2), CROSSYM_TAG (__global), BUSYBOX_CONFIG (a .config to
# use instead of defconfig), CROSSYM (the crossym binary).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { echo "usage: $0 SRC OUT" >&2; exit 2; }
SRC=$(cd "$1" && pwd)
mkdir -p "$2"
OUT=$(cd "$2" && pwd)
JOBS=${JOBS:-2}
TAG=${CROSSYM_TAG:-__global}
export LC_ALL=C
say() { echo "busybox-wholeprog: $*" >&2; }
die() { say "$*"; exit 2; }

if [ -f "$SRC/.config" ] || [ -f "$SRC/include/autoconf.h" ]; then
	die "$SRC is configured in place; run 'make mrproper' there"
fi
# The tree OUT was configured for must be SRC (kbuild records it here).
if [ -f "$OUT/Makefile" ] &&
   [ "$(sed -n 's/^KERNELSRC *:= *//p' "$OUT/Makefile")" != "$SRC" ]; then
	die "$OUT was configured for another source tree"
fi

# kbuild run directly in OUT (what `make O=OUT` recurses into): one make for
# all goals, so -j does not race (the O= wrapper runs one sub-make per goal).
kmake() { make -C "$OUT" -f "$SRC/Makefile" KBUILD_SRC="$SRC" "$@"; }

if [ ! -f "$OUT/.config" ]; then
	if [ -n "${BUSYBOX_CONFIG:-}" ]; then
		cp "$BUSYBOX_CONFIG" "$OUT/.config"
		yes '' | make -C "$SRC" O="$OUT" oldconfig >"$OUT/config.log" 2>&1
	else
		make -C "$SRC" O="$OUT" defconfig >"$OUT/config.log" 2>&1
	fi || die "configuration failed, see $OUT/config.log"
fi

# What kbuild knows: the directories (wholeprogram.sh reads the link's pieces).
cat >"$OUT/.crossym-vars.mk" <<'EOF'
crossym-print-vars:
	@printf 'dirs=%s\n' '$(busybox-dirs)'
EOF
kmake -s --no-print-directory -f "$OUT/.crossym-vars.mk" crossym-print-vars \
	>"$OUT/.crossym-vars" 2>"$OUT/config.log" || die "cannot read kbuild's variables"
dirs=$(sed -n 's/^dirs=//p' "$OUT/.crossym-vars")
[ -n "$dirs" ] || die "kbuild gave no directories"

# 1. Compile.
start=$(date +%s)
# shellcheck disable=SC2086
kmake -j"$JOBS" EXTRA_CFLAGS="-D'$TAG=__attribute__((externally_visible))'" \
	$dirs >"$OUT/wholeprog.log" 2>&1 || {
	grep -E 'error|Error' "$OUT/wholeprog.log" | head -n 20 >&2
	die "compilation failed, see $OUT/wholeprog.log"
}
t_compile=$(($(date +%s) - start))

# 2. Units, link.
start=$(date +%s)
rc=0
JOBS=$JOBS sh "$HERE/../../../scripts/wholeprogram.sh" "$OUT" >/dev/null 2>"$OUT/units.log" || rc=$?
cp "$OUT/.wp/units.txt" "$OUT/units.txt" 2>/dev/null || : >"$OUT/units.txt"
cp "$OUT/.wp/undefined.txt" "$OUT/undefined.txt" 2>/dev/null || : >"$OUT/undefined.txt"
t_wp=$(($(date +%s) - start))
[ $rc -le 1 ] || { cat "$OUT/units.log" >&2; die "wholeprogram.sh failed"; }
say "compile ${t_compile}s, $(wc -l <"$OUT/units.txt") units and link ${t_wp}s:" \
	"$(if [ $rc -eq 0 ]; then echo linked; else echo "$(wc -l <"$OUT/undefined.txt") undefined"; fi)"
[ $rc -eq 0 ] || cat "$OUT/undefined.txt"
exit $rc
