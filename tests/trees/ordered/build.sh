#!/bin/sh
# tests/trees/ordered/build.sh OUT: a kbuild-style build of this tree in OUT:
# init/main.o and sched/{core,hi,lo}.o, each directory a thin archive
# DIR/built-in.a, the top thin archive built-in.a listing them again, and
#   cc -o image -Wl,-T,ordered.lds -Wl,--whole-archive built-in.a ...
# Every command runs in OUT and is recorded in DIR/.NAME.cmd (cmd_... :=,
# source_... :=); OUT/source links to this tree. hi_class and lo_class sit
# in sections only ordered.lds orders (tests/t46-ordered.sh).
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
out=$1
begin_build "$out" "$(dirname "$0")" init sched
cp "$src/ordered.lds" ordered.lds

for o in init/main sched/core sched/hi sched/lo; do
	record "$o.o" "gcc -O2 -c -o $o.o $src/$o.c" "$src/$o.c"
done
record_thin init:init/main.o sched:sched/core.o,sched/hi.o,sched/lo.o
record image "gcc -o image -Wl,-T,ordered.lds -Wl,--whole-archive built-in.a -Wl,--no-whole-archive"
# SPDX-License-Identifier: GPL-2.0-only
