#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# tests/trees/ltofail/build.sh OUT: a kbuild-style build (x86-64; the
# compiler $CC, default gcc; $HOT_CFLAGS added to p/hot.c's command) where
# p/hot.o compiles normally but not with -flto (a section type conflict), and
# names definitions of its own inside asm strings; p/cool.o names p_util
# (p/util.c) inside one. Commands run in OUT and are recorded in
# DIR/.NAME.cmd; p/built-in.a and main/built-in.a are thin archives linked
# by `.prog.cmd`, which defines const_pcpu_hot (as 6.12's linker script does).
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
out=$1
begin_build "$out" "$(dirname "$0")" main p
CFLAGS="-O2 -ffunction-sections -fdata-sections -fno-pie"
cc=${CC:-gcc}
for o in main/main p/hot p/cool p/util; do
	extra=
	[ "$o" != p/hot ] || extra=${HOT_CFLAGS:-}
	record "$o.o" "$cc $CFLAGS $extra -Wp,-MMD,$o.d -c -o $o.o $src/$o.c" "$src/$o.c"
done
record_thin main:main/main.o p:p/hot.o,p/cool.o,p/util.o
record prog "$cc -no-pie -o prog -Wl,--defsym=const_pcpu_hot=pcpu_hot -Wl,--whole-archive main/built-in.a p/built-in.a -Wl,--no-whole-archive"
