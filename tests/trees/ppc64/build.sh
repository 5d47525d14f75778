#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# tests/trees/ppc64/build.sh OUT [TAGS.tsv]: a kbuild-style cross build of
# this tree for 64-bit big-endian PowerPC (ELFv1: every global function `f`
# is a descriptor symbol `f` in .opd) in OUT, with powerpc64-linux-gnu-gcc
# (CROSS_COMPILE overrides the prefix): start/{start,os}.o, a/{cmds,more}.o,
# b/b.o (start/ and a/ with -mcall-aixdesc, as Linux: .f is the code of f),
# each directory a thin archive DIR/built-in.a, the top thin archive
# built-in.a listing them again, and a freestanding image linked with the
# kernel-like ppc64.lds (KEEP(*(.opd)) and a KEEP'd .list_* table):
#   CC -nostdlib -static -Wl,--gc-sections ... -o image -Wl,-T,ppc64.lds
#      -Wl,--whole-archive built-in.a -Wl,--no-whole-archive
# Every command runs in OUT and is recorded in DIR/.NAME.cmd; OUT/source
# links to this tree.
# With TAGS.tsv (crossym's TSV report) the tree is built whole-program
# instead: each directory's C files compiled -flto with the tag rows
# re-declared externally_visible after the definitions (a wrapper file per
# source), linked into DIR/unit.o with the GCC 12 recipe, and the image
# linked from the units with the same linker script.
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
out=$1 tags=${2:-}
CC=${CROSS_COMPILE:-powerpc64-linux-gnu-}gcc
begin_build "$out" "$(dirname "$0")" start a b
cp "$src/ppc64.lds" ppc64.lds
CFLAGS="-O2 -ffreestanding -ffunction-sections -fdata-sections -I$src/include"
# start/ and a/ as Linux compiles ppc64 ELFv1 (-mcall-aixdesc: the code of f is a
# second global .f, calls name .f), b/ with the compiler's default (f only).
aix() { case $1 in b/*) ;; *) echo -mcall-aixdesc ;; esac; }
LDFLAGS="-nostdlib -static -Wl,--gc-sections -Wl,--no-warn-rwx-segments"

if [ -z "$tags" ]; then
	for o in start/start start/os a/cmds a/more b/b; do
		record "$o.o" "$CC $CFLAGS $(aix $o) -c -o $o.o $src/$o.c" "$src/$o.c"
	done
	record_thin start:start/start.o,start/os.o a:a/cmds.o,a/more.o b:b/b.o
	record image "$CC $LDFLAGS -o image -Wl,-T,ppc64.lds -Wl,--whole-archive built-in.a -Wl,--no-whole-archive"
else
	units=
	for d in start a b; do
		objs=
		for c in $(cd "$src" && ls $d/*.c); do
			o=${c%.c}.o
			$CC $CFLAGS $(aix $d/) -flto -c -o "$o" "$(wrap "$c")"
			objs="$objs $o"
		done
		$CC $CFLAGS $(aix $d/) -flto -flto-partition=one -fno-use-linker-plugin \
			-fwhole-program -r -nostdlib $objs -o "$d/unit.o"
		units="$units $d/unit.o"
	done
	$CC $LDFLAGS -o image -Wl,-T,ppc64.lds $units
fi
