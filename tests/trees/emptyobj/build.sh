#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# tests/trees/emptyobj/build.sh OUT: a BusyBox-like build in OUT (the code in
# lib/lib.a, a regular archive; the program linked from main/main.o and it)
# whose archive holds an assembly object that assembles to nothing on this
# host: no symbol table, no contents (tests/t58-emptyobj.sh).
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
begin_build "$1" "$(dirname "$0")" lib main
CFLAGS="-O2 -fno-asynchronous-unwind-tables"
for s in lib/fast.c lib/fast_x86-32.S main/main.c; do
	o=${s%.*}.o
	record "$o" "gcc $CFLAGS -c -o $o $src/$s" "$src/$s"
done
record lib/lib.a "rm -f lib/lib.a; ar rcs lib/lib.a lib/fast.o lib/fast_x86-32.o"
record prog "gcc -o prog main/main.o lib/lib.a"
