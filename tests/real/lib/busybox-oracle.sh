#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
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
list=${TMPDIR:-/tmp}/bb-oracle.$$
# O lines: object and source (one awk reads every .cmd file).
{
awk -F'\t' -v st="$srctree" '{
	cmd = $3; src = ""; dsrc = ""; deps = 0
	while ((getline l < cmd) > 0) {
		if (l ~ /^source_[^ ]* := /) { sub(/^source_[^ ]* := /, "", l); src = l; break }
		if (deps == 1) { split(l, w, " "); dsrc = w[1]; deps = 2 }
		if (l ~ /^deps_/) deps = 1
	}
	close(cmd)
	if (src == "") src = dsrc
	if (index(src, st "/") == 1) src = substr(src, length(st) + 2)
	if (src == "") src = "-"
	printf "O\t%s\t%s\n", $1, src
}' "$list"
# D/R lines: one nm -A over the archives and the loose objects.
awk -F'\t' '{ f = $1; sub(/\(.*$/, "", f); if (!seen[f]++) print f }' "$list" |
	xargs nm -A 2>/dev/null | awk '
	{ o = $1; sub(/:[0-9a-f]*$/, "", o)
	  if (o ~ /:/) { a = o; sub(/:.*$/, "", a); m = substr(o, length(a) + 2); o = a "(" m ")" } }
	NF == 3 && $2 ~ /^[A-TV-Z]$/ { print "D\t" o "\t" $3 "\t" $2 }
	NF == 3 && $2 ~ /^[Uwv]$/   { print "R\t" o "\t" $3 }'
} |
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
