#!/bin/sh
# nm-xref.sh BUILDDIR: an independent check of crossym's decision rule
# (doc/CONTRACT.md), using binutils nm and awk only.  Prints the TSV report
# (`symbol unit object source status referenced_from`) for a build of the
# example tree, LAYOUT=ldr or thin.
#
# Objects: the inputs of the top built-in.o, expanded through each
# .built-in.o.cmd (ldr), or the members of the top thin built-in.a (thin),
# plus the members of every regular DIR/lib.a that the link pulls in (the
# closure over undefined `U` references, as ld computes it).  Sources come
# from the objects' .NAME.o.cmd `source_` lines, relative to BUILDDIR/source.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 BUILDDIR" >&2; exit 2; }
cd "$1"
src=$(readlink -f source 2>/dev/null || pwd -P)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nm-xref.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# expand AGGREGATE|OBJECT...: the objects a built-in.o was linked from.
expand() {
	for f in "$@"; do
		case $f in
		built-in.o | */built-in.o)
			c=$(dirname "$f")/.built-in.o.cmd
			[ -f "$c" ] || { echo "nm-xref: $c missing" >&2; exit 1; }
			expand $(sed -n 1p "$c" | awk '{
				for (i = 3; i <= NF; i++)
					if ($i == "-o") i++
					else if ($i !~ /^-/ && $i != "ld") print $i }')
			;;
		*) echo "$f" ;;
		esac
	done
}

if [ -f built-in.o ]; then
	expand built-in.o >"$tmp/objs"
elif [ -f built-in.a ]; then
	ar t built-in.a >"$tmp/objs"
else
	echo "nm-xref: no built-in.o or built-in.a in $1" >&2
	exit 1
fi
awk '!seen[$0]++' "$tmp/objs" >"$tmp/objs.u"

# Symbols as `kind object symbol type`: L for linked objects, A for members of
# regular archives (in archive order).  nm -P -A: `FILE: SYM TYPE ...` and
# `ARCHIVE[MEMBER]: SYM TYPE ...`.
xargs nm -P -A <"$tmp/objs.u" 2>/dev/null |
	awk '{ f = $1; sub(/:$/, "", f); print "L", f, $2, $3 }' >"$tmp/syms"
find . -name lib.a -type f | sed 's|^\./||' | LC_ALL=C sort | while read -r a; do
	[ "$(head -c 7 "$a")" = '!<thin>' ] && continue
	nm -P -A "$a" 2>/dev/null | awk '{
		f = $1; sub(/:$/, "", f); sub(/\[/, "(", f); sub(/\]$/, ")", f)
		print "A", f, $2, $3 }'
done >>"$tmp/syms"

# Sources: `object source` for every object and archive member seen.
awk '{ print $2 }' "$tmp/syms" | awk '!seen[$0]++' | while read -r o; do
	case $o in
	*"("*")") d=$(dirname "${o%%(*}"); m=${o#*(}; m=${m%)} ;;
	*) d=$(dirname "$o"); m=$(basename "$o") ;;
	esac
	s=$(sed -n "s|^source_[^ ]* := *||p" "$d/.$m.cmd" 2>/dev/null | head -n 1)
	case $s in
	"") s=- ;;
	"$src"/*) s=${s#"$src"/} ;;
	esac
	echo "$o $s"
done >"$tmp/srcs"

tab=$(printf '\t')
printf 'symbol\tunit\tobject\tsource\tstatus\treferenced_from\n'
LC_ALL=C awk -v srcs="$tmp/srcs" '
function add(o,    n, j, b) {
	inc[o] = 1
	n = split(defs[o], b, " ")
	for (j = 1; j <= n; j++) defined[b[j]] = 1
	n = split(urefs[o], b, " ")
	for (j = 1; j <= n; j++) needed[b[j]] = 1
}
function unit(o,    u) {
	u = o
	if (u ~ /\)$/) sub(/\(.*/, "", u)	# DIR/lib.a(member.o) -> DIR/lib.a
	if (u ~ /\//) sub(/\/[^\/]*$/, "", u); else u = "."
	if (source[o] ~ /\.[Ss]$/) u = u "#asm"
	return u
}
BEGIN {
	while ((getline line < srcs) > 0) {
		split(line, f, " ")
		source[f[1]] = f[2]
	}
}
{
	kind = $1; o = $2; s = $3; t = $4
	if (!(o in seen)) {
		seen[o] = 1
		if (kind == "L") linked[o] = 1; else member[++nmem] = o
		order[++nobj] = o
	}
	if (t ~ /^[BCDGRSTVW]$/) {
		defs[o] = defs[o] " " s
		if (t == "W" || t == "V") weak[o, s] = 1
	} else if (t == "U" || t == "w" || t == "v") {
		refs[o] = refs[o] " " s
		if (t == "U") urefs[o] = urefs[o] " " s
	}
}
END {
	# what the link takes: the linked objects, then archive members that
	# define a symbol still undefined, until nothing changes
	for (o in linked) add(o)
	do {
		changed = 0
		for (i = 1; i <= nmem; i++) {
			o = member[i]
			if (o in inc) continue
			n = split(defs[o], a, " ")
			for (j = 1; j <= n; j++)
				if ((a[j] in needed) && !(a[j] in defined)) {
					add(o); changed = 1; break
				}
		}
	} while (changed)

	for (k = 1; k <= nobj; k++) {
		o = order[k]
		if (!(o in inc)) continue
		u = unit(o)
		n = split(refs[o], a, " ")
		for (j = 1; j <= n; j++)
			if (!((a[j], u) in ref)) {
				ref[a[j], u] = 1
				reflist[a[j]] = reflist[a[j]] " " u
			}
		n = split(defs[o], a, " ")
		for (j = 1; j <= n; j++) {
			s = a[j]
			d = ++ndef[s]
			dobj[s, d] = o
			if (s ~ /^__ksymtab_/) exported[substr(s, 11)] = 1
		}
	}
	for (s in ndef) for (i = 1; i <= ndef[s]; i++) {
		o = dobj[s, i]; u = unit(o)
		delete r; nr = 0
		n = split(reflist[s], a, " ")
		for (j = 1; j <= n; j++)
			if (a[j] != u && !(a[j] in r)) { r[a[j]] = 1; l[++nr] = a[j] }
		for (j = 1; j <= ndef[s]; j++) {
			o2 = dobj[s, j]; u2 = unit(o2)
			if (j == i || !(weak[o, s] || weak[o2, s])) continue
			if (u2 != u && !(u2 in r)) { r[u2] = 1; l[++nr] = u2 }
		}
		if (nr == 0) continue
		for (j = 2; j <= nr; j++)	# insertion sort, byte order (LC_ALL=C)
			for (m = j; m > 1 && l[m - 1] > l[m]; m--) { t = l[m]; l[m] = l[m - 1]; l[m - 1] = t }
		from = l[1]
		for (j = 2; j <= nr; j++) from = from "," l[j]
		status = u ~ /#asm$/ ? "asm" : (s in exported) ? "exported" : "tag"
		printf "%s\t%s\t%s\t%s\t%s\t%s\n", s, u, o, source[o], status, from
	}
}' "$tmp/syms" | LC_ALL=C sort -t "$tab" -k1,1 -k2,2 -k3,3
# SPDX-License-Identifier: GPL-2.0-only
