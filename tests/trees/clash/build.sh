#!/bin/sh
# tests/trees/clash/build.sh OUT: a kbuild-style build of this tree in OUT:
# init/main.o and drv/{cherry,chicony,plain}.o, each directory a thin archive
# DIR/built-in.a, the top thin archive built-in.a listing them again, and
# `cc -o image -Wl,--whole-archive built-in.a`. Every command runs in OUT and
# is recorded in DIR/.NAME.cmd; OUT/source links to this tree. drv/cherry.c
# and drv/chicony.c both define a static drv_init that an initcall entry
# names (tests/t51-clashes.sh).
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
out=$1
begin_build "$out" "$(dirname "$0")" init drv

for o in init/main drv/cherry drv/chicony drv/plain; do
	mod=$(basename "$o")
	record "$o.o" "gcc -O2 -D__KBUILD_MODNAME=kmod_$mod -c -o $o.o $src/$o.c" "$src/$o.c"
done
record_thin init:init/main.o drv:drv/cherry.o,drv/chicony.o,drv/plain.o
record image "gcc -o image -Wl,--whole-archive built-in.a -Wl,--no-whole-archive"
# SPDX-License-Identifier: GPL-2.0-only
