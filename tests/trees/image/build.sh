#!/bin/sh
# tests/trees/image/build.sh OUT [TAGS.tsv]: a kbuild-style build of this tree
# in OUT whose final link names objects directly:
#   cc -o image -Wl,-T,image.lds start/start.o start/os.o
#      -Wl,--whole-archive a/built-in.o b/built-in.o -Wl,--no-whole-archive
# where each DIR/built-in.o is a THIN archive (ar cDPrsT), as one kbuild fork
# writes them. Every command runs in OUT, is recorded in DIR/.NAME.cmd
# (cmd_... :=, source_... :=), and OUT/source links to this tree.
# With TAGS.tsv (crossym's TSV report) the tree is built whole-program
# instead: each directory's C files compiled -flto with the tag rows
# re-declared externally_visible after the definitions (a wrapper file
# per source), linked into DIR/unit.o with the GCC 12 recipe, and the image
# linked from the units with the same linker script.
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
out=$1 tags=${2:-}
begin_build "$out" "$(dirname "$0")" start a b
cp "$src/image.lds" image.lds
CFLAGS="-O2 -ffunction-sections -fdata-sections -I$src/include"


if [ -z "$tags" ]; then
	for o in start/start start/os a/cmds a/more b/b; do
		record "$o.o" "gcc $CFLAGS -c -o $o.o $src/$o.c" "$src/$o.c"
	done
	record a/built-in.o "rm -f a/built-in.o; ar cDPrsT a/built-in.o a/cmds.o a/more.o"
	record b/built-in.o "rm -f b/built-in.o; ar cDPrsT b/built-in.o b/b.o"
	record image "gcc -Wl,--gc-sections -o image -Wl,-T,image.lds start/start.o start/os.o -Wl,--whole-archive a/built-in.o b/built-in.o -Wl,--no-whole-archive"
else
	units=
	for d in start a b; do
		objs=
		for c in $(cd "$src" && ls $d/*.c); do
			o=${c%.c}.o
			gcc $CFLAGS -flto -c -o "$o" "$(wrap "$c")"
			objs="$objs $o"
		done
		gcc $CFLAGS -flto -flto-partition=one -fno-use-linker-plugin \
			-fwhole-program -r -nostdlib $objs -o "$d/unit.o"
		units="$units $d/unit.o"
	done
	gcc -Wl,--gc-sections -o image -Wl,-T,image.lds $units
fi
# SPDX-License-Identifier: GPL-2.0-only
