#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# seeds.sh OUT: seed corpora for the fuzz harnesses, in OUT/seeds/NAME/, made
# from the example tree (built here in both layouts), build/mkelf fixtures
# and, when the cache has them, samples of the Linux 6.1 and BusyBox builds
# (generated each time, never committed: the kernel ones are large).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
seeds=$out/seeds
mkelf=$top/build/mkelf
cache=${CROSSYM_CACHE:-$HOME/.cache/crossym}
rm -rf "$seeds" "$out/example"
for n in elf ar nm cmd lds db srcscan conf tsv; do mkdir -p "$seeds/$n"; done

# small, exact inputs: mkelf objects of every class and byte order
for v in "64 lsb 62" "32 lsb 3" "64 msb 21" "32 msb 20" "32 lsb 62"; do
	set -- $v
	"$mkelf" "$seeds/elf/mk-$1$2$3.o" "$1" "$2" "$3" T:f D:v U:g W:w V:wv w:wu r:__ksymtab_f
done
(cd "$seeds/elf" && ar rcs "$seeds/ar/regular.a" mk-*.o && ar cDPrST "$seeds/ar/thin.a" mk-*.o)
# extended section indexes (SHT_SYMTAB_SHNDX), an undefined local, binding 15
"$mkelf" "$seeds/elf/xindex.o" 64 lsb 62 X:big T:f U:g
"$mkelf" "$seeds/elf/xindex32msb.o" 32 msb 20 N:3 X:big U:g
"$mkelf" "$seeds/elf/oddbind.o" 64 lsb 62 T:f u:lu b:bb U:g

# .crossym: every key, comments, blanks
printf '# c\n\ntag = __visible\ntag-exports = yes\nkeep-stale = no\ntag-macros = yes\nruns = no\nrun-build-commands = yes\nexclude = a/b.o\nexclude = c/d.o\n' >"$seeds/conf/full"
printf '  tag=__global  \r\nexclude = lib/lib.a(x.o)\n' >"$seeds/conf/short"

# the example tree, both layouts
for layout in ldr thin; do
	make -s -C "$top/tests/trees/example" O="$out/example/$layout" LAYOUT=$layout \
		>/dev/null 2>&1 || { echo "seeds.sh: the example tree does not build" >&2; exit 1; }
done
ex=$out/example/ldr
# reports as crossym diff reads them, and escaped fields
"$top/crossym" report -q --format=tsv --all "$ex" >"$seeds/tsv/example-all.tsv" 2>/dev/null || :
"$top/crossym" report -q --format=tsv "$ex" >"$seeds/tsv/example.tsv" 2>/dev/null || :
printf 'a\\tb\\\\c\\nd\\r' >"$seeds/tsv/escaped"
find "$out/example" -name '*.o' -size -64k | head -n 40 | while read -r f; do
	cp "$f" "$seeds/elf/ex-$(echo "$f" | cksum | cut -d' ' -f1).o"
done
find "$out/example" -name '*.a' | while read -r f; do
	cp "$f" "$seeds/ar/ex-$(echo "$f" | cksum | cut -d' ' -f1).a"
done
find "$out/example" -name '.*.cmd' | head -n 40 | while read -r f; do
	cp "$f" "$seeds/cmd/ex-$(echo "$f" | cksum | cut -d' ' -f1).cmd"
done
(cd "$ex" && "$top/crossym" objects . | xargs nm -A) >"$seeds/nm/example.nm" 2>/dev/null || :
# archive members as PATH.a[MEMBER]:, and an unknown type letter
printf 'l/lib.a[m.o]:0000000000000000 T m\nl/lib.a[m.o]:                 U f\na/x.o:0000000000000000 X f\n' \
	>"$seeds/nm/bracket.nm"
"$top/crossym" report --format=tsv --db "$seeds/db/example.db" "$ex" >/dev/null 2>&1 || :
printf 'crossym-db 1\n' >"$seeds/db/empty.db"
printf 'crossym-db 7\nR\t1\t2\t3\t4\t5\t6\t/b/k/entry.o\nA\tk_helper\tk/entry.c:7\nR\t5\t6\t7\t8\t9\t10\t/b/k/x.o\nZ\t0000000000000000\n' >"$seeds/db/asm.db"
for f in $(cd "$top/tests/trees/example" && find . -name '*.c' -o -name '*.h'); do
	sym=$(grep -o '^[a-z_]* [a-z_]*(' "$top/tests/trees/example/$f" | head -n 1 |
		sed 's/.* //; s/(//')
	{ echo "${sym:-main}"; cat "$top/tests/trees/example/$f"; } \
		>"$seeds/srcscan/ex-$(echo "$f" | cksum | cut -d' ' -f1).c"
done
for f in "$top"/tests/trees/shapes/src/*.c; do
	[ -f "$f" ] && { echo "f"; cat "$f"; } >"$seeds/srcscan/shape-$(basename "$f")"
done
cat >"$seeds/lds/small.lds" <<'LDS'
OUTPUT_FORMAT("elf64-x86-64")
ENTRY(phys_startup_64)
jiffies = jiffies_64;
SECTIONS {
	. = 0x1000;
	.text : { _text = .; *(.text) PROVIDE(etext = .); }
	ASSERT(SIZEOF(.text) > 0, "empty text")
	/DISCARD/ : { *(.exit.text) }
}
LDS

# samples of the real builds, when the cache has them
k=$cache/linux-6.1/build-x86_64-tiny
if [ -f "$k/.crossym-build" ]; then
	find "$k/kernel" "$k/lib" -name '*.o' -size -48k 2>/dev/null | head -n 60 |
		while read -r f; do cp "$f" "$seeds/elf/k-$(echo "$f" | cksum | cut -d' ' -f1).o"; done
	find "$k" -name 'built-in.a' -size +1 2>/dev/null | head -n 10 |
		while read -r f; do cp "$f" "$seeds/ar/k-$(echo "$f" | cksum | cut -d' ' -f1).a"; done
	find "$k/kernel" -name '.*.o.cmd' 2>/dev/null | head -n 60 |
		while read -r f; do cp "$f" "$seeds/cmd/k-$(echo "$f" | cksum | cut -d' ' -f1).cmd"; done
	cp "$k/arch/x86/kernel/vmlinux.lds" "$seeds/lds/vmlinux.lds" 2>/dev/null || :
	(cd "$k" && nm -A kernel/*.o 2>/dev/null | head -n 3000) >"$seeds/nm/kernel.nm" || :
	for f in kernel/fork.c kernel/exit.c lib/string.c; do
		[ -f "$cache/linux-6.1/src/$f" ] &&
			{ echo "do_exit"; cat "$cache/linux-6.1/src/$f"; } \
				>"$seeds/srcscan/k-$(basename "$f")"
	done
fi
b=$cache/busybox/build-normal
for f in $(find "$b" -name 'lib.a' -size -200k 2>/dev/null | head -n 4); do
	cp "$f" "$seeds/ar/bb-$(echo "$f" | cksum | cut -d' ' -f1).a"
done
for n in elf ar nm cmd lds db srcscan conf tsv; do
	echo "seeds.sh: $n: $(ls "$seeds/$n" | wc -l) seeds"
done
