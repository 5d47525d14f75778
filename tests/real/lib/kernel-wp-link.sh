#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel-wp-link.sh BUILDDIR TAGS.tsv OUTDIR [DIR...]: the whole-program link of every
# directory of vmlinux.a, with the tags of TAGS.tsv (crossym report --format=tsv),
# outside the build directory (which is only read).
#
# Each C member of vmlinux.a is compiled again with its own .cmd command, -flto
# added, from a wrapper OUTDIR/w/OBJ.c that #includes its source and then
# re-declares each tag row of that object `extern __typeof__(S) S
# __attribute__((externally_visible));` (a name the C code does not declare,
# such as a top-level asm alias, is dropped after the first try). Each
# directory's C objects are then linked with the GCC 12 recipe
#   gcc FLAGS -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program
#       -r -nostdlib OBJS -o OUTDIR/u/DIR/unit.o
# and its undefined symbols read back (nm -u). Prints one line per undefined
# symbol of a unit that some object of vmlinux (vmlinux.a, the lib.a members)
# defines: "DIR<TAB>SYMBOL"; then, on stderr, the counts. Exit 0.
# With DIRs, only the members of those directories are compiled and linked.
set -u
B=$(cd "$1" && pwd -P) tags=$(cd "$(dirname "$2")" && pwd -P)/$(basename "$2")
mkdir -p "$3" && out=$(cd "$3" && pwd -P)
shift 3
only=" $* "
cd "$B"
ar t vmlinux.a >"$out/all-members"
libs=$(sed -n 's/.*--start-group\(.*\)--end-group.*/\1/p' .vmlinux.o.cmd)
{ cat "$out/all-members"; for a in $libs; do ar t "$a"; done; } | xargs nm -P --defined-only 2>/dev/null |
	awk '$2 ~ /^[A-TV-Z]$/ { print $1 }' | sort -u >"$out/defined"
# the lib.a members the link pulls in (GNU ld's rule, to a fixpoint)
for a in $libs; do ar t "$a"; done >"$out/lib-members"
{ xargs nm -P -A <"$out/all-members" 2>/dev/null | sed 's/^/base /'
  xargs nm -P -A <"$out/lib-members" 2>/dev/null | sed 's/^/lib /'; } |
	awk '{ o = $2; sub(/:$/, "", o); n++; org[n] = $1; obj[n] = o; sym[n] = $3; t[n] = $4
		if ($1 == "base") linked[o] = 1 }
	END { do { changed = 0; delete def; delete need
		for (i = 1; i <= n; i++) if (linked[obj[i]]) {
			if (t[i] == "U") need[sym[i]] = 1; else if (t[i] ~ /^[A-TV-Z]$/) def[sym[i]] = 1 }
		for (i = 1; i <= n; i++) if (!linked[obj[i]] && t[i] ~ /^[A-TV-Z]$/ && need[sym[i]] && !def[sym[i]]) {
			linked[obj[i]] = 1; changed = 1 }
		} while (changed)
		for (o in linked) if (linked[o]) print o }' | sort -u >"$out/linked"
# what is compiled again: the vmlinux.a members and the linked lib.a members
# (a directory's unit holds both), or those of the DIRs given
if [ "$only" = "  " ]; then cp "$out/linked" "$out/members"
else awk -v only="$only" '{ d = $0; sub(/\/[^\/]*$/, "", d); if (index(only, " " d " ")) print }' "$out/linked" >"$out/members"; fi
nc=0 nfail=0
: >"$out/c-objects"
while read -r o; do
	c=$(dirname "$o")/.$(basename "$o").cmd
	[ -f "$c" ] || continue
	src=$(sed -n 's/^source_[^ ]* := //p' "$c")
	case $src in *.c) ;; *) continue ;; esac
	cmd=$(sed -n '1s/^\(saved\)\{0,1\}cmd_[^ ]* := //p' "$c" | sed 's/ *;.*//; s/  *$//')
	case $src in /*) ;; *) src=$B/$src ;; esac
	mkdir -p "$out/w/$(dirname "$o")" "$out/o/$(dirname "$o")"
	w=$out/w/${o%.o}.c
	{ printf '#include "%s"\n' "$src"
	  awk -F '\t' -v o="$o" 'NR > 1 && $3 == o && $5 == "tag" {
		printf "extern __typeof__(%s) %s __attribute__((externally_visible));\n", $1, $1 }' "$tags"
	} >"$w"
	# -c -o OBJ SRC  ->  -flto -c -o OUT/o/OBJ WRAPPER (the source is the last word)
	new=$(printf '%s\n' "$cmd" | sed "s| -Wp,-MMD,[^ ]*||; s| -c -o $o | -flto -c -o $out/o/$o |; s| [^ ]*\$| $w|")
	if ! sh -c "$new" 2>"$out/o/$o.err"; then
		# drop re-declarations of names the C code does not declare
		sed -n 's/.*error: [^_a-zA-Z0-9]*\([_a-zA-Z][_a-zA-Z0-9]*\)[^_a-zA-Z0-9]* undeclared.*/\1/p' "$out/o/$o.err" | sort -u >"$out/o/$o.drop"
		grep -v -w -F -f "$out/o/$o.drop" "$w" >"$w.1" 2>/dev/null; mv "$w.1" "$w"
		sh -c "$new" 2>"$out/o/$o.err" || { nfail=$((nfail + 1)); echo "# compile failed: $o" >&2; continue; }
	fi
	nc=$((nc + 1))
	printf '%s\t%s\n' "$(dirname "$o")" "$o" >>"$out/c-objects"
	# the flags for the unit's link: the command without -c, -o OBJ and the source
	printf '%s\n' "$new" | sed "s| -flto -c -o [^ ]* | |; s| [^ ]*\$||" >"$out/o/$o.flags"
done <"$out/members"
nu=0 nlfail=0 nund=0
: >"$out/undefined"
for d in $(cut -f1 "$out/c-objects" | sort -u); do
	objs=$(awk -F '\t' -v d="$d" -v p="$out/o/" '$1 == d { printf "%s%s ", p, $2 }' "$out/c-objects")
	first=$(awk -F '\t' -v d="$d" '$1 == d { print $2; exit }' "$out/c-objects")
	flags=$(cat "$out/o/$first.flags")
	mkdir -p "$out/u/$d"
	# shellcheck disable=SC2086
	if ! sh -c "$flags -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program -r -nostdlib $objs -o $out/u/$d/unit.o" \
		2>"$out/u/$d/link.err"; then
		nlfail=$((nlfail + 1)); echo "# unit link failed: $d" >&2; continue
	fi
	nu=$((nu + 1))
done
# After the whole-program links: what the units and every other object (assembly,
# library members, C objects not compiled again) still define, and what they need.
cut -f2 "$out/c-objects" | sort >"$out/redone"
sort -u "$out/linked" | comm -23 - "$out/redone" >"$out/others"
{ xargs nm -P --defined-only <"$out/others" 2>/dev/null
  find "$out/u" -name unit.o | xargs nm -P --defined-only
} | awk '$2 ~ /^[A-TV-Z]$/ { print $1 }' | sort -u >"$out/defined-after"
for u in $(find "$out/u" -name unit.o); do
	d=${u#"$out/u/"}; d=${d%/unit.o}
	nm -u "$u" | awk -v d="$d" '{ print d "\t" $NF }'
done >"$out/needs"
xargs nm -P -A -u <"$out/others" 2>/dev/null | awk '{ o = $1; sub(/:$/, "", o); sub(/\/[^\/]*$/, "", o); print o "\t" $2 }' >>"$out/needs"
# a need that some original object defined and nothing defines any more
awk -F '\t' -v D="$out/defined" -v A="$out/defined-after" '
	BEGIN { while ((getline s <D) > 0) def[s] = 1; while ((getline s <A) > 0) after[s] = 1 }
	def[$2] && !after[$2]' "$out/needs" | sort -u >"$out/undefined"
cat "$out/undefined"
nund=$(wc -l <"$out/undefined")
echo "kernel-wp-link: $nc C objects compiled -flto ($nfail failed), $nu units linked ($nlfail failed), $nund undefined symbols (defined before, by no object after the whole-program links)" >&2
