#!/bin/sh
# bench/run.sh: speed and memory of crossym, printed as figures (no pass/fail).
#  1. a synthetic tree: N objects in D directories, each defining and using
#     S symbols across directories (made with build/mkelf);
#  2. the cached Linux 6.1 builds, when tests/real/kernel-build.sh made them.
# Each line: what, wall seconds, max RSS (KiB), rows.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
crossym=${CROSSYM:-$top/crossym}
mkelf=$top/build/mkelf
n=${BENCH_OBJECTS:-4000}
dirs=${BENCH_DIRS:-200}
syms=${BENCH_SYMS:-20}
work=$(mktemp -d "${TMPDIR:-/tmp}/crossym-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

measure() {     # measure LABEL CMD...: one line of figures
	label=$1; shift
	/usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err" || true
	read -r secs rss <"$work/time"
	printf '%-44s %7s s %8s KiB %7s rows\n' "$label" "$secs" "$rss" \
		"$(($(wc -l <"$work/out") - 1))"
}

echo "crossym bench: $(nproc) cores, $(date -u +%F)"
t=$work/tree
i=0
while [ "$i" -lt "$n" ]; do
	d=$t/d$((i % dirs))
	mkdir -p "$d"
	set -- "$d/o$i.o" 64 lsb 62
	k=0
	while [ "$k" -lt "$syms" ]; do
		set -- "$@" "T:f${i}_$k" "U:f$(((i + 1) % n))_$k"
		k=$((k + 1))
	done
	"$mkelf" "$@"
	i=$((i + 1))
done
measure "synthetic: $n objects, $((n * syms)) definitions" "$crossym" report --format=tsv "$t"
measure "synthetic: first scan with --db" "$crossym" report --format=tsv --db "$work/db" "$t"
measure "synthetic: rescan with --db, nothing changed" "$crossym" report --format=tsv --db "$work/db" "$t"
touch "$t/d0/o0.o"
measure "synthetic: rescan with --db, one object touched" "$crossym" report --format=tsv --db "$work/db" "$t"
grep -h 'object files read' "$work/err" | sed 's/^/    /'

cache=${CROSSYM_CACHE:-$HOME/.cache/crossym}/linux-6.1
for c in i386-tiny x86_64-tiny x86_64-mod x86_64-dwarf; do
	b=$cache/build-$c
	[ -f "$b/vmlinux" ] || continue
	measure "linux 6.1 $c: report --format=tsv" "$crossym" report --format=tsv "$b"
	measure "linux 6.1 $c: report (text, reads sources)" "$crossym" report "$b"
	"$crossym" report --format=tsv --db "$work/k.db" "$b" >/dev/null 2>&1
	measure "linux 6.1 $c: rescan with --db, no change" \
		"$crossym" report --format=tsv --db "$work/k.db" "$b"
	rm -f "$work/k.db"
done
