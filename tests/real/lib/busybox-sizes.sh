#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# busybox-sizes.sh NORMAL_BUILD WP_OUT: size report in the 2006 sizes.csv form,
#     old,new,delta,percent*100,name
# (old size, new size, new - old, 10000 * delta / old truncated to an integer,
# name), no header:
#   - one line per unit of WP_OUT/.wp/units.txt (crossym wholeprogram;
#     WP_OUT/units.txt, busybox-wholeprog.sh's copy, without it), sorted by
#     name: old = the sum over the unit's objects in NORMAL_BUILD (the members
#     of DIR/lib.a plus the inputs of DIR/built-in.o), new = DIR/unit.o;
#   - `busybox_unstripped`: the two linked binaries;
#   - `total`, last: the sum of the unit lines.
# The number is `size`'s dec column, text + data + bss (Berkeley format: every
# allocated section; read-only data counts as text).  Object sizes are before
# the final link's --gc-sections; the binary line is after it.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 NORMAL_BUILD WP_OUT" >&2; exit 2; }
NORMAL=$(cd "$1" && pwd)
WP=$(cd "$2" && pwd)
export LC_ALL=C
UNITS=$WP/.wp/units.txt
[ -s "$UNITS" ] || UNITS=$WP/units.txt

# dec FILE...: text+data+bss summed over FILE... (archives: all members).
dec() { size -t "$@" | awk 'END { print $4 }'; }

line() {
	awk -v o="$1" -v n="$2" -v name="$3" 'BEGIN {
		d = n - o; p = (o == 0) ? 0 : int(d * 10000 / o)
		printf "%d,%d,%d,%d,%s\n", o, n, d, p, name }'
}

while IFS='	' read -r unit objs; do
	d=${unit%/unit.o}
	# shellcheck disable=SC2086
	o=$(cd "$NORMAL" && dec $objs)
	n=$(dec "$WP/$unit")
	line "$o" "$n" "$d"
done <"$UNITS" | sort -t, -k5,5 >"${TMPDIR:-/tmp}/bb-sizes.$$"
cat "${TMPDIR:-/tmp}/bb-sizes.$$"
if [ -f "$NORMAL/busybox_unstripped" ] && [ -f "$WP/busybox_unstripped" ]; then
	line "$(dec "$NORMAL/busybox_unstripped")" "$(dec "$WP/busybox_unstripped")" busybox_unstripped
fi
awk -F, '{ o += $1; n += $2 } END { printf "%d %d\n", o, n }' "${TMPDIR:-/tmp}/bb-sizes.$$" |
	{ read -r to tn; line "$to" "$tn" total; }
rm -f "${TMPDIR:-/tmp}/bb-sizes.$$"
