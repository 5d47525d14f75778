#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# busybox-build.sh SRC OUT [CONFIG_TARGET]: build BusyBox from the source tree SRC
# in the separate build directory OUT (kbuild's `make O=OUT`), `defconfig` unless
# CONFIG_TARGET names another config target, with -j${JOBS:-2}, quietly (the
# log is OUT/build.log).  Cached: when OUT holds a finished build of the same
# SRC and config target, nothing is run.  SRC stays clean (O= builds write
# nothing into it).  Prints OUT on stdout.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 SRC OUT [CONFIG_TARGET]" >&2; exit 2; }
SRC=$(cd "$1" && pwd)
mkdir -p "$2"
OUT=$(cd "$2" && pwd)
TARGET=${3:-defconfig}
JOBS=${JOBS:-2}
STAMP=$OUT/.crossym-build
want="$SRC $TARGET"

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ] && [ -x "$OUT/busybox" ]; then
	echo "$OUT"
	exit 0
fi
# A source tree configured in place refuses O= builds.
if [ -f "$SRC/.config" ] || [ -f "$SRC/include/autoconf.h" ]; then
	echo "busybox-build: $SRC is configured in place; run 'make mrproper' there" >&2
	exit 1
fi

rm -f "$STAMP"
log=$OUT/build.log
start=$(date +%s)
{
	make -C "$SRC" O="$OUT" "$TARGET" &&
	make -C "$OUT" -j"$JOBS" &&
	# generate_BUFSIZ.sh --post may rewrite include/common_bufsiz.h after the
	# first link; a second make then rebuilds what depends on it.
	make -C "$OUT" -j"$JOBS"
} >"$log" 2>&1 || {
	echo "busybox-build: build failed, last lines of $log:" >&2
	tail -n 30 "$log" >&2
	exit 1
}
echo "busybox-build: $TARGET of $SRC built in $OUT in $(($(date +%s) - start)) s" >&2
echo "$want" >"$STAMP"
echo "$OUT"
