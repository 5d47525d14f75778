#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench/run.sh: speed and memory of crossym, measured side by side (no pass/fail).
# Prints tables and writes bench/results.md (with the machine description).
#  1. scan + decide (`crossym report --format=tsv`, also with a warm --db) against,
#     on the same objects:
#     `nm -A` alone, an nm | awk pipeline computing the same rows, `cat` of every
#     object (the I/O floor); trees: the example tree, the cached Linux 6.1
#     builds of `make check`, x86_64 defconfig when `make bench-kernel` built it,
#     synthetic trees (bench/gentree.c) of 1k, 3k, 10k and 30k objects;
#  2. growth of time and peak RSS with the synthetic tree's size;
#  2b. one object of 100k, 300k and 1M symbols (BENCH_BIGOBJ): linear growth;
#  3. --db rescans: nothing changed, one object changed;
#  4. annotation: targeted spatch runs (-j 1, -j 2) against spatch --dir, and a
#     second run with nothing to change;
#  5. the asm-string check (report --run-build-commands) against the compiles
#     of the build (bench/compile-all.sh), by CPU, on x86_64-boot;
#  6. instruction counts of the scan against nm -A (valgrind's callgrind);
#  0. the goals of issue 29, each beside its figure (at the top).
# Medians of BENCH_RUNS (default 5) rounds; the commands of one row run in turn
# within each round (bench/timeit.c), so that load on a shared machine hits
# them alike. Environment: BENCH_RUNS, BENCH_SIZES (default "1000 3000 10000
# 30000"), BENCH_XREF_MAX (largest synthetic tree given the nm | awk pipeline,
# default 10000), BENCH_ANNOTATE=0 to skip part 4, BENCH_ANNOTATE_DIR (the kernel
# directory of part 4, default fs), BENCH_ASM=0 and BENCH_INSN=0 to skip parts
# 5 and 6, CROSSYM_CACHE.
set -eu
LC_ALL=C
export LC_ALL
top=$(cd "$(dirname "$0")/.." && pwd)
crossym=${CROSSYM:-$top/crossym}
timeit=$top/build/timeit
gentree=$top/build/gentree
runs=${BENCH_RUNS:-5}
sizes=${BENCH_SIZES:-1000 3000 10000 30000}
xref_max=${BENCH_XREF_MAX:-10000}
cache=${CROSSYM_CACHE:-$HOME/.cache/crossym}
kcache=$cache/linux-6.1
synth=$cache/bench
results=${BENCH_RESULTS:-$top/bench/results.md}
work=$(mktemp -d "${TMPDIR:-/tmp}/crossym-bench.XXXXXX")
bench_start=$(date +%s)
trap 'rm -rf "$work"' EXIT
xref_kernel=$top/tests/real/lib/kernel-xref.sh
xref_example=$top/tests/trees/example/nm-xref.sh

say() { echo "bench: $*" >&2; }

# field N of a timeit line
field() { printf '%s\n' "$1" | cut -f "$2"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f", a / b; else print "-" }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.0f", 100 * a / b; else print "-" }'; }

# objlists B: B's nm inputs ($work/nm.lst) and every object file ($work/cat.lst)
objlists() {
	(cd "$1" && "$crossym" objects . >"$work/nm.lst" 2>/dev/null) || true
	(cd "$1" && while read -r f; do
		if [ "$(head -c 8 "$f")" = '!<thin>' ]; then ar t "$f"; else echo "$f"; fi
	done <"$work/nm.lst") >"$work/cat.lst"
}

# scan_row NAME B XREF: one row of table 1 (XREF: the nm | awk command or "")
scan_row() {
	name=$1 b=$2 xref=$3
	say "scan: $name ($runs rounds)"
	objlists "$b"
	nobj=$(wc -l <"$work/cat.lst")
	rm -f "$work/warm.db"
	"$crossym" report --format=tsv --db "$work/warm.db" "$b" >/dev/null 2>&1 || true
	set -- \
		crossym "exec '$crossym' report --format=tsv '$b' >/dev/null 2>&1" \
		warm "exec '$crossym' report --format=tsv --db '$work/warm.db' '$b' >/dev/null 2>&1" \
		nm "cd '$b' && exec xargs nm -A <'$work/nm.lst' >/dev/null 2>&1" \
		cat "cd '$b' && exec xargs cat <'$work/cat.lst' >/dev/null"
	[ -z "$xref" ] || set -- "$@" xref "$xref >/dev/null 2>&1"
	"$timeit" "$runs" "$@" >"$work/t"
	c=$(grep '^crossym' "$work/t") n=$(grep '^nm' "$work/t") k=$(grep '^cat' "$work/t")
	ws=$(field "$(grep '^warm' "$work/t")" 2)
	x=$(grep '^xref' "$work/t" || true)
	cs=$(field "$c" 2) ns=$(field "$n" 2) ks=$(field "$k" 2)
	if [ -n "$x" ]; then xs=$(field "$x" 2) xr=$(ratio "$xs" "$cs"); else xs=- xr=-; fi
	printf '| %s | %s | %s | %s | %s | %s | %s | %sx | %sx | %sx | %sx |\n' "$name" "$nobj" \
		"$cs" "$ws" "$ns" "$xs" "$ks" "$(ratio "$ns" "$cs")" "$xr" "$(ratio "$cs" "$ks")" \
		"$(ratio "$ws" "$ks")" >>"$work/scan.md"
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$nobj" "$cs" "$(field "$c" 5)" \
		"$(field "$c" 4)" "$(field "$n" 4)" >>"$work/scan.tsv"
}

# --- the trees ----------------------------------------------------------------------
say "building the example tree"
make -s -C "$top/tests/trees/example" O="$work/example" LAYOUT=thin >"$work/example.log" 2>&1

kernels=
for c in i386-tiny x86_64-tiny x86_64-boot x86_64-mod x86_64-dwarf x86_64-def; do
	[ -f "$kcache/build-$c/.crossym-build" ] && kernels="$kernels $c"
done
[ -n "$kernels" ] || say "no cached Linux builds (make check / make bench-kernel make them)"

say "synthetic trees:$sizes (cached in $synth)"
mkdir -p "$synth"
for n in $sizes; do
	d=$synth/synth-$n
	key="gentree-1 $n $((n / 10)) $(cksum <"$top/bench/gentree.c" | cut -d' ' -f1)"
	if [ "$(cat "$d/.bench-stamp" 2>/dev/null)" != "$key" ]; then
		say "writing $d ($n objects, $((n / 10)) directories)"
		rm -rf "$d" "$d.src"
		"$gentree" "$d" "$n" $((n / 10))
		echo "$key" >"$d/.bench-stamp"
	fi
done

# --- 1. scan + decide ---------------------------------------------------------------
: >"$work/scan.md"
: >"$work/scan.tsv"
scan_row example "$work/example" "sh '$xref_example' '$work/example'"
for c in $kernels; do
	scan_row "linux $c" "$kcache/build-$c" "sh '$xref_kernel' '$kcache/build-$c'"
done
for n in $sizes; do
	x=
	[ "$n" -gt "$xref_max" ] || x="sh '$xref_kernel' '$synth/synth-$n'"
	scan_row "synthetic $n" "$synth/synth-$n" "$x"
done

# --- 2. growth --------------------------------------------------------------------------
: >"$work/growth.md"
first=
for n in $sizes; do
	line=$(grep "^synthetic $n	" "$work/scan.tsv")
	s=$(field "$line" 3) rss=$(field "$line" 4)
	per=$(awk -v s="$s" -v n="$n" 'BEGIN { printf "%.1f", s / n * 1000000 }')
	[ -n "$first" ] || first=$per
	printf '| %s | %s | %s | %s | %s | %s |\n' "$n" "$((n * 50))" "$s" \
		"$((rss / 1024))" "$per" "$(ratio "$per" "$first")" >>"$work/growth.md"
done


# --- 2b. one big object ------------------------------------------------------------------
# One object defining N functions, another referencing every second one (as and
# ld -r, no compiler): time must grow linearly with one object's symbol count.
: >"$work/bigobj.md"
bigobj_tree() {
	d=$synth/bigobj-$1
	[ -f "$d/prog" ] && return 0
	rm -rf "$d" && mkdir -p "$d/a" "$d/b" || return 1
	awk -v n="$1" 'BEGIN { print ".text"; for (i = 0; i < n; i++) printf ".globl f%d\nf%d: ret\n", i, i }' >"$d/a/x.s"
	awk -v n="$1" 'BEGIN { print ".data"; for (i = 0; i < n; i += 2) printf ".quad f%d\n", i }' >"$d/b/y.s"
	(cd "$d" && as a/x.s -o a/x.o && as b/y.s -o b/y.o && rm a/x.s b/y.s &&
		ld -r -o a/built-in.o a/x.o && ld -r -o b/built-in.o b/y.o &&
		ld -o prog -e f0 a/built-in.o b/built-in.o)
}
first=
for n in ${BENCH_BIGOBJ:-100000 300000 1000000}; do
	say "one object of $n symbols"
	bigobj_tree "$n" || { say "bigobj-$n: could not be made"; continue; }
	"$timeit" "$runs" crossym "exec '$crossym' report --format=tsv '$synth/bigobj-$n' >/dev/null 2>&1" \
		nm "exec nm -A '$synth/bigobj-$n/a/x.o' '$synth/bigobj-$n/b/y.o' >/dev/null" >"$work/t"
	c=$(grep '^crossym' "$work/t") nmt=$(grep '^nm' "$work/t")
	per=$(awk -v s="$(field "$c" 4)" -v n="$n" 'BEGIN { printf "%.2f", s / n * 1000000 }')
	[ -n "$first" ] || first=$per
	printf '| %s | %s | %s | %s | %s | %s | %sx |\n' "$n" "$(field "$c" 2)" "$(field "$c" 4)" \
		"$(( $(field "$c" 5) / 1024 ))" "$per" "$(ratio "$per" "$first")" \
		"$(ratio "$(field "$nmt" 4)" "$(field "$c" 4)")" >>"$work/bigobj.md"
done
# --- 3. --db rescans ----------------------------------------------------------------------
: >"$work/db.md"
: >"$work/db.tsv"
db_row() {
	name=$1 b=$2 obj=$3
	say "db: $name"
	db=$work/db.$$
	rm -f "$db"
	"$crossym" report --format=tsv --db "$db" "$b" >/dev/null 2>&1 || true
	stamp=$(stat -c %y "$b/$obj")
	"$timeit" "$runs" \
		full "exec '$crossym' report --format=tsv '$b' >/dev/null 2>&1" \
		same "exec '$crossym' report --format=tsv --db '$db' '$b' >/dev/null 2>&1" \
		one "touch '$b/$obj' && exec '$crossym' report --format=tsv --db '$db' '$b' >/dev/null 2>&1" \
		>"$work/t"
	touch -m -d "$stamp" "$b/$obj"      # the build stays as make left it
	f=$(field "$(grep '^full' "$work/t")" 2)
	s=$(field "$(grep '^same' "$work/t")" 2)
	o=$(field "$(grep '^one' "$work/t")" 2)
	printf '%s\t%s\t%s\n' "$name" "$(pct "$s" "$f")" "$(pct "$o" "$f")" >>"$work/db.tsv"
	printf '| %s | %s | %s (%s%%) | %s (%s%%) |\n' "$name" "$f" "$s" \
		"$(awk -v a="$s" -v b="$f" 'BEGIN { printf "%.0f", 100 * a / b }')" "$o" \
		"$(awk -v a="$o" -v b="$f" 'BEGIN { printf "%.0f", 100 * a / b }')" >>"$work/db.md"
	rm -f "$db"
}
for c in $kernels; do
	b=$kcache/build-$c
	db_row "linux $c" "$b" "$(cd "$b" && ar t vmlinux.a | sed -n 20p)"
done
for n in $sizes; do
	db_row "synthetic $n" "$synth/synth-$n" t00/d0000/obj0.o
done

# --- 4. annotation ------------------------------------------------------------------------
: >"$work/annot.md"
annot_dir=${BENCH_ANNOTATE_DIR:-fs}
b=$kcache/build-x86_64-tiny
if [ "${BENCH_ANNOTATE:-1}" != 0 ] && [ -f "$b/.crossym-build" ] && command -v spatch >/dev/null; then
	sh "$top/bench/annotate-bench.sh" "$crossym" "$b" "$annot_dir" "$work/annot" \
		"$kcache/src-tagged" >"$work/annot.md"
fi

# --- 5. the asm-string check against the build's compiles ---------------------------------
: >"$work/asm.md"
b=$kcache/build-x86_64-boot
if [ "${BENCH_ASM:-1}" != 0 ] && [ -f "$b/.crossym-build" ]; then
	say "asm check: report --run-build-commands against the compiles of x86_64-boot (1 round)"
	"$timeit" 1 \
		asm "exec '$crossym' report --format=tsv --run-build-commands '$b' >/dev/null 2>&1" \
		compile "exec sh '$top/bench/compile-all.sh' '$b' >/dev/null 2>&1" >"$work/t"
	a=$(grep '^asm' "$work/t") k=$(grep '^compile' "$work/t")
	printf 'x86_64-boot\t%s\t%s\n' "$(field "$a" 4)" "$(field "$k" 4)" >"$work/asm.tsv"
	printf '| linux x86_64-boot | %s | %s | %s | %s | %s%% |\n' "$(field "$a" 4)" "$(field "$a" 2)" \
		"$(field "$k" 4)" "$(field "$k" 2)" "$(pct "$(field "$a" 4)" "$(field "$k" 4)")" >"$work/asm.md"
fi

# --- 6. instructions: the scan against nm -A ------------------------------------------------
: >"$work/insn.md"
# insns CMD...: the instructions callgrind counts for CMD and its children
insns() {
	rm -f "$work"/cg.*
	valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$work/cg.%p" "$@" \
		>/dev/null 2>"$work/cg.log" || true
	sed -n 's/^==[0-9]*== Collected : *//p' "$work/cg.log" | awk '{ n += $1 } END { print n + 0 }'
}
if [ "${BENCH_INSN:-1}" != 0 ] && command -v valgrind >/dev/null; then
	for c in $kernels; do
		case $c in x86_64-def|x86_64-dwarf) continue ;; esac
		b=$kcache/build-$c
		say "instructions: $c"
		objlists "$b"
		ci=$(insns "$crossym" report --format=tsv "$b")
		ni=$(cd "$b" && insns xargs nm -A <"$work/nm.lst")
		printf '| linux %s | %s | %s | %sx |\n' "$c" "$(awk -v n="$ci" 'BEGIN { printf "%.0fM", n / 1e6 }')" \
			"$(awk -v n="$ni" 'BEGIN { printf "%.0fM", n / 1e6 }')" "$(ratio "$ni" "$ci")" >>"$work/insn.md"
	done
fi

# --- 0. the goals ------------------------------------------------------------------------
: >"$work/goals.md"
# goal TEXT FIGURE MET: one row (met: "yes", or by how much it is not)
goal() { printf '| %s | %s | %s |\n' "$1" "$2" "$3" >>"$work/goals.md"; }
# within FIGURE LIMIT: "yes", or how many times the limit the figure is
within() { awk -v r="$1" -v g="$2" 'BEGIN { if (r <= g) print "yes"; else printf "no: %.1fx the goal\n", r / g }'; }
if [ -s "$work/asm.tsv" ]; then
	r=$(pct "$(cut -f2 "$work/asm.tsv")" "$(cut -f3 "$work/asm.tsv")")
	goal "asm check CPU <= 15% of the build's compiles (x86_64-boot)" "$r%" "$(within "$r" 15)"
fi
goal "asm check on x86_64 defconfig" "not measured" "no: its compiles take about 50 CPU minutes, beyond this bench's 15"
while IFS='	' read -r name same one; do
	case $name in "linux x86_64-def"|"synthetic 30000"|"linux x86_64-boot") ;; *) continue ;; esac
	goal "--db, nothing changed <= 10% of a full scan ($name)" "$same%" "$(within "$same" 10)"
	goal "--db, one object changed <= 15% of a full scan ($name)" "$one%" "$(within "$one" 15)"
done <"$work/db.tsv"
if [ -f "$work/annot/figures" ]; then
	r=$(ratio "$(cut -f2 "$work/annot/figures")" "$(cut -f3 "$work/annot/figures")")
	goal "annotate.sh -j 2 (with cocci) <= 1.3x bare targeted spatch -j 2" "${r}x" "$(within "$r" 1.3)"
fi
while IFS='	' read -r name nobj cs rss ccpu ncpu; do
	case $name in linux*) ;; *) continue ;; esac
	r=$(ratio "$ncpu" "$ccpu")
	goal "report >= 5x nm -A by CPU ($name)" "${r}x" \
		"$(awk -v r="$r" 'BEGIN { if (r >= 5) print "yes"; else printf "no: %.1fx short\n", 5 / r }')"
done <"$work/scan.tsv"
line=$(grep '^synthetic 30000	' "$work/scan.tsv" || true)
if [ -n "$line" ]; then
	c=$(field "$line" 5) m=$(($(field "$line" 4) / 1024))
	goal "synthetic 30k objects <= 2 s CPU" "$c s" "$(within "$c" 2)"
	goal "synthetic 30k objects <= 200 MB" "$m MiB" "$(within "$m" 200)"
fi
elapsed=$(($(date +%s) - bench_start))
goal "make bench <= 15 minutes (kernel builds cached)" "$((elapsed / 60)) min $((elapsed % 60)) s" \
	"$(within "$elapsed" 900)"

# --- the report --------------------------------------------------------------------------
{
	echo "<!-- SPDX-License-Identifier: GPL-2.0-only -->"
	echo "# crossym bench results"
	echo
	echo "Made by \`make bench\` (bench/run.sh) on $(date -u '+%F %H:%M UTC')."
	echo
	echo "## Machine"
	echo
	echo "- $(uname -srm); $(nproc) cores: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | sort -u | head -1)"
	echo "- memory: $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "- $(gcc --version | head -1); $(nm --version | head -1); $(spatch --version 2>/dev/null | head -1 || echo 'no spatch')"
	echo "- shared machine: every row is measured side by side in one run; medians of $runs rounds"
	echo
	echo "## 0. The goals (issue 29)"
	echo
	echo "| goal | figure | met |"
	echo "|---|---|---|"
	cat "$work/goals.md"
	echo
	echo "## 1. Scan + decide, side by side"
	echo
	echo "Seconds (median wall). crossym: \`crossym report --format=tsv\`; db: the same"
	echo "with \`--db\` written by a run just before (nothing changed: the per-file steps,"
	echo "the sources' line column among them, come from the db); nm: \`nm -A\`"
	echo "over \`crossym objects\`; nm|awk: the independent nm + awk computation of the"
	echo "same rows (tests/real/lib/kernel-xref.sh, the example's nm-xref.sh); cat: \`cat\`"
	echo "of every object file (thin archives expanded) to /dev/null."
	echo
	echo "| tree | objects | crossym | db | nm -A | nm\\|awk | cat | nm/crossym | nm\\|awk/crossym | crossym/cat | db/cat |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|"
	cat "$work/scan.md"
	if [ -f "$kcache/build-x86_64-def/.crossym-build-seconds" ]; then
		echo
		echo "The x86_64 defconfig build (\`make bench-kernel\`) took $(cat "$kcache/build-x86_64-def/.crossym-build-seconds") s."
	fi
	echo
	echo "## 2. Growth (synthetic trees, 50 symbols per object)"
	echo
	echo "| objects | symbols | seconds | peak RSS MiB | ms per 1k objects | vs smallest |"
	echo "|---|---|---|---|---|---|"
	cat "$work/growth.md"
	echo
	echo "## 2b. One big object (issue 28: linear in one object's symbols)"
	echo
	echo "One object defining N functions, another referencing every second one;"
	echo "nm/crossym: \`nm -A\` of the two objects against crossym, by CPU."
	echo
	echo "| symbols | seconds | cpu s | peak RSS MiB | cpu us per symbol | vs smallest | nm/crossym |"
	echo "|---|---|---|---|---|---|---|"
	cat "$work/bigobj.md"
	echo
	echo "## 3. --db rescans"
	echo
	echo "| tree | full scan s | nothing changed s | one object changed s |"
	echo "|---|---|---|---|"
	cat "$work/db.md"
	if [ -s "$work/asm.md" ]; then
		echo
		echo "## 5. The asm-string check against the build's compiles"
		echo
		echo "\`crossym report --run-build-commands\` (no db: every C object preprocessed,"
		echo "one preprocessor per processor; those whose asm strings name a definition of"
		echo "their own compiled again fat) against compiling the same C objects by their"
		echo "kbuild commands (bench/compile-all.sh, two at a time); one round."
		echo
		echo "| tree | asm check cpu s | wall s | compiles cpu s | wall s | asm/compiles |"
		echo "|---|---|---|---|---|---|"
		cat "$work/asm.md"
	fi
	if [ -s "$work/insn.md" ]; then
		echo
		echo "## 6. Instructions (callgrind): the scan against nm -A"
		echo
		echo "| tree | crossym report | nm -A | nm/crossym |"
		echo "|---|---|---|---|"
		cat "$work/insn.md"
	fi
	if [ -s "$work/annot.md" ]; then
		echo
		echo "## 4. Annotation"
		echo
		cat "$work/annot.md"
	fi
} >"$results"
cat "$results"
say "written to $results"
