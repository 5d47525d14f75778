#!/bin/sh
# tests/trees/macros/build.sh OUT [SRC [wp]]: a kbuild-style build (x86-64 or
# any gcc host) of the macros tree (or of SRC, an annotated copy of it).
# Commands run in OUT and are recorded in DIR/.NAME.cmd; k/built-in.a and
# main/built-in.a are thin archives linked by `.prog.cmd`. With `wp` the
# build is whole-program instead: each directory one -fwhole-program unit,
# the tags being those the sources carry. EXTRA_CFLAGS: more compiler flags
# (-DUSE_BETA: a second configuration, where main/ uses hook_beta too).
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
out=$1
wp=${3:-}
begin_build "$out" "${2:-$(dirname "$0")}" main k
CFLAGS="-O2 -Wall -Werror -ffunction-sections -fdata-sections -I$src/include -include $src/include/compiler.h ${EXTRA_CFLAGS:-}"
if [ -z "$wp" ]; then
	for o in main/main k/sys k/hooks k/other; do
		record "$o.o" "gcc $CFLAGS -c -o $o.o $src/$o.c" "$src/$o.c"
	done
	record main/built-in.a "rm -f main/built-in.a; ar cDPrST main/built-in.a main/main.o"
	record k/built-in.a "rm -f k/built-in.a; ar cDPrST k/built-in.a k/sys.o k/hooks.o k/other.o"
	record prog "gcc -o prog -Wl,--whole-archive main/built-in.a k/built-in.a -Wl,--no-whole-archive"
else
	units=
	for d in main k; do
		objs=
		for c in $(cd "$src" && ls $d/*.c); do
			gcc $CFLAGS -flto -c -o "${c%.c}.o" "$src/$c"
			objs="$objs ${c%.c}.o"
		done
		gcc $CFLAGS -flto -flto-partition=one -fno-use-linker-plugin \
			-fwhole-program -r -nostdlib $objs -o "$d/unit.o"
		units="$units $d/unit.o"
	done
	gcc -o prog $units
fi
# SPDX-License-Identifier: GPL-2.0-only
