#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel-links.sh SRC COPY OUTDIR: after `annotate.sh OUTDIR COPY --apply` on
# COPY, a `cp -al` copy of SRC, check that the apply never wrote a hard-linked
# file in place: every patched file (annotate.patch) has its own inode, every
# file crossym scanned (files.tsv) still has its cksum/size in SRC, and the
# unpatched files of COPY/kernel still share SRC's inodes. Prints
#   patched N / own-inode N / files.tsv N / pristine N / shared-kernel-c N
set -eu
SRC=$1 COPY=$2 OUT=$3
n=0 own=0 pristine=0
while read -r f; do
	[ -n "$f" ] || continue
	n=$((n + 1))
	[ "$(stat -c %h "$COPY/$f")" -eq 1 ] && own=$((own + 1))
done <<EOF
$(grep '^+++ b/' "$OUT/annotate.patch" | sed 's|^+++ b/||; s|\t.*||' | sort -u)
EOF
while IFS='	' read -r f sum size rest; do
	# shellcheck disable=SC2046
	set -- $(cksum <"$SRC/$f")
	[ "$1" = "$sum" ] && [ "$2" = "$size" ] && pristine=$((pristine + 1))
done <"$OUT/files.tsv"
echo "patched $n"
echo "own-inode $own"
echo "files.tsv $(wc -l <"$OUT/files.tsv")"
echo "pristine $pristine"
echo "shared-kernel-c $(find "$COPY/kernel" -maxdepth 1 -name '*.c' -links +1 | wc -l)"
