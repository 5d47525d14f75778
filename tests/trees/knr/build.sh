#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# tests/trees/knr/build.sh OUT: a kbuild-style build of this tree in OUT: old-style
# (K&R) definitions in lib/, used from app/; thin archives lib/built-in.a and
# app/built-in.a, the program linked from them (`.prog.cmd`). -std=gnu89: the
# definitions are the C of the code that has them.
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
begin_build "$1" "$(dirname "$0")" lib app
CFLAGS="-O2 -std=gnu89 -Wno-old-style-definition"
for o in lib/knr lib/more app/main; do
	record "$o.o" "gcc $CFLAGS -c -o $o.o $src/$o.c" "$src/$o.c"
done
record_thin lib:lib/knr.o,lib/more.o app:app/main.o
record prog "gcc -o prog -Wl,--whole-archive built-in.a -Wl,--no-whole-archive"
