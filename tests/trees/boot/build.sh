#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# tests/trees/boot/build.sh OUT: a bootloader-like kbuild-style build in OUT.
# Its top level holds several commands, as U-Boot's does: the ELF link of
# the image (from thin archives), an objcopy of its binary, a device tree
# made apart, a cat of the binary and the device tree, a version file.
# a/hot.c compiles normally but not with -flto (GCC 12's section type
# conflict, Linux 6.12's pcpu_hot). a/clock.c defines a_clock by an alias
# in the #else arm it compiles (6.12's sched_clock_noinstr); a/sys.c a_sys_poke
# by a definer macro call in each arm (6.1's SYSCALL_DEFINE3(ioperm)). Every command
# is recorded in its .cmd.
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
out=$1
begin_build "$out" "$(dirname "$0")" start a b
for o in start/start a/a a/hot a/clock a/sys b/b; do
	record "$o.o" "gcc -O2 -c -o $o.o $src/$o.c" "$src/$o.c"
done
record a/built-in.a "rm -f a/built-in.a; ar cDPrsT a/built-in.a a/a.o a/hot.o a/clock.o a/sys.o"
record b/built-in.a "rm -f b/built-in.a; ar cDPrsT b/built-in.a b/b.o"
record image "gcc -o image -Wl,--defsym=const_pcpu_hot=pcpu_hot start/start.o -Wl,--whole-archive a/built-in.a b/built-in.a -Wl,--no-whole-archive"
record image.bin "objcopy -O binary -j .text image image.bin"
record image.dtb "printf 'dtb\n' > image.dtb"
record image.img "cat image.bin image.dtb > image.img"
record version.txt "echo boot-1 > version.txt"
