#!/bin/sh
# busybox-oracle.sh [--defs] BUILD_DIR: an independent, nm + awk computation of
# what `crossym report --format=tsv BUILD_DIR` must print for a BusyBox build
# (doc/CONTRACT.md decision rule and TSV format), to check crossym against.
# It knows only BusyBox's layout, which is the generic kbuild one minus thin
# archives: the objects are the members of each DIR/lib.a (regular archive:
# member names are basenames, the files are DIR/NAME; written DIR/lib.a(NAME))
# and the inputs of each DIR/built-in.o made with `ld -r` (from its
# .built-in.o.cmd); empty built-in.o archives hold nothing.
# The source of DIR/NAME.o: the `source_` line of DIR/.NAME.o.cmd, else (as in
# BusyBox, whose fixdep writes none) the first entry of its `deps_` list;
# relative to the source tree (KERNELSRC of an O= build's Makefile).
# --defs: every definition instead, `symbol<TAB>unit<TAB>object<TAB>source`.
set -eu
mode=report
[ "${1:-}" = --defs ] && { mode=defs; shift; }
[ $# -eq 1 ] || { echo "usage: $0 [--defs] BUILD_DIR" >&2; exit 2; }
BUILD=$(cd "$1" && pwd)
export LC_ALL=C
srctree=$(sed -n 's/^KERNELSRC *:= *//p' "$BUILD/Makefile" 2>/dev/null | head -n 1)
[ -n "$srctree" ] || srctree=$BUILD
cd "$BUILD"

# objects: `object<TAB>file<TAB>cmdfile`, object as the report writes it.
objects() {
	find . -name lib.a -o -name built-in.o | sed 's|^\./||' | sort |
	while IFS= read -r a; do
		d=${a%/*}
		[ "$d" = "$a" ] && d=.
		case $a in
		*/lib.a|lib.a)
			ar t "$a" | while IFS= read -r m; do
				printf '%s(%s)\t%s/%s\t%s/.%s.cmd\n' "$a" "$m" "$d" "$m" "$d" "$m"
			done ;;
		*)
			[ -f "$d/.built-in.o.cmd" ] || continue
			sed -n '1s/^[a-z]*cmd_[^ ]* := //p' "$d/.built-in.o.cmd" | tr ' ' '\n' |
			awk 'o == 1 { o = 2; next } $0 == "-o" { o = 1; next }
				o == 2 && /\.o$/ { print }' |
			while IFS= read -r o; do
				printf '%s\t%s\t%s/.%s.cmd\n' "$o" "$o" "${o%/*}" "${o##*/}"
			done ;;
		esac
	done
}

objects >"${TMPDIR:-/tmp}/bb-oracle.$$"
trap 'rm -f "${TMPDIR:-/tmp}/bb-oracle.$$"' EXIT
# One awk reads the object list, then `nm` of every object through a pipe.
while IFS='	' read -r obj file cmd; do
	src=-
	if [ -f "$cmd" ]; then
		src=$(sed -n 's/^source_[^ ]* := //p' "$cmd" | head -n 1)
		[ -n "$src" ] || src=$(awk '/^deps_/ { getline; print $1; exit }' "$cmd")
		src=${src#"$srctree"/}
		[ -n "$src" ] || src=-
	fi
	printf 'O\t%s\t%s\n' "$obj" "$src"
	nm "$file" 2>/dev/null | awk -v o="$obj" '
		NF == 3 && $2 ~ /^[A-TV-Z]$/ { print "D\t" o "\t" $3 "\t" $2 }
		NF == 2 && $1 ~ /^[Uwv]$/   { print "R\t" o "\t" $2 }'
done <"${TMPDIR:-/tmp}/bb-oracle.$$" |
awk -F'\t' -v mode="$mode" '
	function unit(o,   u, s) {
		u = o; sub(/\/lib\.a\(.*$/, "", u)
		if (u == o) { if (u ~ /\//) sub(/\/[^\/]*$/, "", u); else u = "." }
		if (u == "lib.a" || u ~ /^lib\.a\(/) u = "."
		s = src[o]; if (s ~ /\.[sS]$/) u = u "#asm"
		return u
	}
	$1 == "O" { src[$2] = $3; next }
	$1 == "D" { nd++; ds[nd] = $3; do_[nd] = $2; dw[nd] = ($4 ~ /^[VW]$/)
		    if ($3 ~ /^__ksymtab_/) exported[$3] = 1; next }
	$1 == "R" { refs[$3] = refs[$3] SUBSEP unit($2); next }
	END {
		for (i = 1; i <= nd; i++) { cnt[ds[i]]++; defs[ds[i]] = defs[ds[i]] SUBSEP i }
		for (i = 1; i <= nd; i++) {
			s = ds[i]; o = do_[i]; u = unit(o)
			if (mode == "defs") { printf "%s\t%s\t%s\t%s\n", s, u, o, src[o]; continue }
			delete from
			n = split(refs[s], r, SUBSEP)
			for (j = 2; j <= n; j++) if (r[j] != u) from[r[j]] = 1
			n = split(defs[s], e, SUBSEP)
			for (j = 2; j <= n; j++) {
				k = e[j]
				if (k != i && (dw[i] || dw[k]) && unit(do_[k]) != u) from[unit(do_[k])] = 1
			}
			list = ""
			m = 0; for (x in from) l[++m] = x
			# sort the units (insertion sort, byte order under LC_ALL=C)
			for (a = 2; a <= m; a++) { v = l[a]; b = a - 1
				while (b > 0 && l[b] > v) { l[b + 1] = l[b]; b-- } l[b + 1] = v }
			for (a = 1; a <= m; a++) list = list (a > 1 ? "," : "") l[a]
			if (m == 0) continue
			st = (u ~ /#asm$/) ? "asm" : (("__ksymtab_" s) in exported ? "exported" : "tag")
			printf "%s\t%s\t%s\t%s\t%s\t%s\n", s, u, o, src[o], st, list
		}
	}' |
sort -t '	' -k1,1 -k2,2 -k3,3 |
{ [ "$mode" = report ] && printf 'symbol\tunit\tobject\tsource\tstatus\treferenced_from\n'; cat; }
