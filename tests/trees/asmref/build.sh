#!/bin/sh
# tests/trees/asmref/build.sh OUT [TAGS.tsv]: a kbuild-style build (x86-64;
# the compiler $CC, default gcc)
# where k/entry.c calls k_helper (k/helper.c) only from an inline asm string.
# Commands run in OUT and are recorded in DIR/.NAME.cmd; k/built-in.a and
# main/built-in.a are thin archives linked by `.prog.cmd`. With TAGS.tsv the
# build is whole-program instead (each directory one -fwhole-program unit, the
# tag rows re-declared externally_visible in a wrapper per source).
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
out=$1 tags=${2:-}
begin_build "$out" "$(dirname "$0")" main k
CFLAGS="-O2 -ffunction-sections -fdata-sections -fno-pie"
cc=${CC:-gcc}
if [ -z "$tags" ]; then
	for o in main/main k/entry k/helper; do
		record "$o.o" "$cc $CFLAGS -Wp,-MMD,$o.d -DNAME='\"$o\"' -c -o $o.o $src/$o.c" "$src/$o.c"
	done
	record main/built-in.a "rm -f main/built-in.a; ar cDPrST main/built-in.a main/main.o"
	record k/built-in.a "rm -f k/built-in.a; ar cDPrST k/built-in.a k/entry.o k/helper.o"
	record prog "$cc -no-pie -o prog -Wl,--whole-archive main/built-in.a k/built-in.a -Wl,--no-whole-archive"
else
	units=
	for d in main k; do
		objs=
		for c in $(cd "$src" && ls $d/*.c); do
			o=${c%.c}.o w=$d/.wrap-${c##*/}
			{ printf '#include "%s/%s"\n' "$src" "$c"
			  awk -F '\t' -v s="$c" 'NR > 1 && $4 == s && $5 == "tag" {
				printf "extern __typeof__(%s) %s __attribute__((externally_visible));\n", $1, $1 }' "$tags"
			} >"$w"
			gcc $CFLAGS -flto -c -o "$o" "$w"
			objs="$objs $o"
		done
		gcc $CFLAGS -flto -flto-partition=one -fno-use-linker-plugin \
			-fwhole-program -r -nostdlib $objs -o "$d/unit.o"
		units="$units $d/unit.o"
	done
	gcc -no-pie -o prog $units
fi
# SPDX-License-Identifier: GPL-2.0-only
