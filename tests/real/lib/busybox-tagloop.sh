#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# busybox-tagloop.sh SRC NORMAL_BUILD COPY WP_OUT [UNDEFINED0]: prove the whole-program
# recipe without crossym.  COPY becomes a copy of the BusyBox tree SRC; then,
# until busybox-wholeprog.sh COPY WP_OUT links: for every undefined symbol S of
# the failing link, the file that defines S in NORMAL_BUILD (a normal build of
# SRC: nm of its objects + the .cmd files, see busybox-oracle.sh --defs) gets
#     extern __typeof__(S) S TAG;
# appended (a tagged re-declaration after the definition; GCC honours
# externally_visible on it).  Fails when a symbol has no definer or stays
# undefined after its tag.  Writes COPY/.crossym-tags (`round<TAB>symbol`, the
# tags in the order added) and prints the rounds on stderr.
# Incremental: an existing COPY keeps its tags and the loop goes on from there.
# UNDEFINED0: the undefined symbols of a failed whole-program link of SRC as it
# is (busybox-wholeprog.sh's undefined.txt), taken as round 0's result instead
# of linking the untagged copy again (busybox-proof.sh has just done that).
set -eu
[ $# -eq 4 ] || [ $# -eq 5 ] || { echo "usage: $0 SRC NORMAL_BUILD COPY WP_OUT [UNDEFINED0]" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$1" && pwd)
NORMAL=$(cd "$2" && pwd)
COPY=$3
WP=$4
UNDEFINED0=${5:-}
TAG=${CROSSYM_TAG:-__global}
MAXROUNDS=${MAXROUNDS:-20}
export LC_ALL=C
say() { echo "busybox-tagloop: $*" >&2; }

if [ ! -f "$COPY/.crossym-tags" ]; then
	rm -rf "$COPY"
	mkdir -p "$COPY"
	(cd "$SRC" && tar cf - --exclude=./.fetched .) | (cd "$COPY" && tar xf -)
	: >"$COPY/.crossym-tags"
fi
COPY=$(cd "$COPY" && pwd)
defs=$COPY/.crossym-defs
[ -s "$defs" ] || sh "$HERE/busybox-oracle.sh" --defs "$NORMAL" >"$defs"

round=$(awk -F'\t' 'END { print $1 + 0 }' "$COPY/.crossym-tags")
while :; do
	if [ "$round" -eq 0 ] && [ -n "$UNDEFINED0" ]; then
		undefined=$UNDEFINED0
		say "round 0: the untagged link's $(wc -l <"$undefined") undefined symbols ($undefined)"
	else
		undefined=$WP/undefined.txt
		rc=0
		sh "$HERE/busybox-wholeprog.sh" "$COPY" "$WP" >/dev/null || rc=$?
		[ $rc -eq 0 ] && break
		[ $rc -eq 1 ] || exit $rc
	fi
	round=$((round + 1))
	[ $round -le "$MAXROUNDS" ] || { say "no link after $MAXROUNDS rounds"; exit 1; }
	n=0
	while IFS= read -r s; do
		if awk -F'\t' -v s="$s" '$2 == s { f = 1 } END { exit !f }' "$COPY/.crossym-tags"; then
			say "round $round: $s is tagged but still undefined"; exit 1
		fi
		files=$(awk -F'\t' -v s="$s" '$1 == s && $4 != "-" { print $4 }' "$defs" | sort -u)
		[ -n "$files" ] || { say "round $round: no definition of $s"; exit 1; }
		for f in $files; do
			printf '\nextern __typeof__(%s) %s %s;\n' "$s" "$s" "$TAG" >>"$COPY/$f"
		done
		printf '%s\t%s\n' "$round" "$s" >>"$COPY/.crossym-tags"
		n=$((n + 1))
	done <"$undefined"
	say "round $round: $n undefined symbols tagged"
done
say "links after $round rounds with $(wc -l <"$COPY/.crossym-tags") tags"
