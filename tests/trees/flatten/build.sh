#!/bin/sh
# tests/trees/flatten/build.sh OUT: a kbuild-style build of this tree in OUT:
# init/main.o, mm/{walk,step,raw}.o and lib/solo.o, each directory a thin
# archive DIR/built-in.a, the top thin archive built-in.a listing them again,
# and `cc -o image -Wl,--whole-archive built-in.a`. Every command runs in OUT
# and is recorded in DIR/.NAME.cmd; OUT/source links to this tree. mm/walk.c
# and mm/raw.c give functions GCC's flatten attribute (tests/t48-flatten.sh).
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
out=$1
begin_build "$out" "$(dirname "$0")" init mm lib

for o in init/main mm/walk mm/step mm/raw lib/solo; do
	record "$o.o" "gcc -O2 -c -o $o.o $src/$o.c" "$src/$o.c"
done
record_thin init:init/main.o mm:mm/walk.o,mm/step.o,mm/raw.o lib:lib/solo.o
record image "gcc -o image -Wl,--whole-archive built-in.a -Wl,--no-whole-archive"
# SPDX-License-Identifier: GPL-2.0-only
