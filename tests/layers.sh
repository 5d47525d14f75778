#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# layers.sh HACKING SRC: every #include "..." of every file under SRC names
# its folder (`#include "kbuild/db.h"`) and points at a folder no higher in
# the order HACKING states on its `Layers (lowest first):` line.  Prints
# `FILE:LINE: ...` for each one that does not and exits 1; 0 when all hold,
# 2 when the order cannot be read.
set -eu
[ $# -eq 2 ] || { echo "usage: layers.sh HACKING SRC" >&2; exit 2; }
order=$(sed -n 's/^Layers (lowest first): *//p' "$1" | head -n 1)
[ -n "$order" ] || { echo "layers.sh: $1: no 'Layers (lowest first):' line" >&2; exit 2; }
cd "$2"
find . -name '*.[ch]' | sed 's|^\./||' | LC_ALL=C sort | while read -r f; do
	awk -v order="$order" -v file="$f" '
		BEGIN {
			n = split(order, o, " ")
			for (i = 1; i <= n; i++) rank[o[i]] = i
			split(file, p, "/")
			here = p[1]
			if (!(here in rank)) { printf "%s: folder %s is not in the order\n", file, here; bad = 1 }
		}
		/^[ \t]*#[ \t]*include[ \t]*<(gelf|libelf|dwarf|elfutils\/[^>]*)\.h>/ && here != "objfile" {
			printf "%s:%d: %s: only objfile/ reads ELF and DWARF\n", file, FNR, $0; bad = 1
		}
		/^[ \t]*#[ \t]*include[ \t]*"/ {
			inc = $0
			sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
			if (inc !~ /\//) {
				if (inc != "templates.h" && inc != "version.h") {
					printf "%s:%d: #include \"%s\" names no folder\n", file, FNR, inc; bad = 1
				}
				next
			}
			to = inc; sub(/\/.*/, "", to)
			if (!(to in rank)) {
				printf "%s:%d: #include \"%s\": folder %s is not in the order\n", file, FNR, inc, to; bad = 1
			} else if (here in rank && rank[to] > rank[here]) {
				printf "%s:%d: #include \"%s\" points up: %s is above %s\n", file, FNR, inc, to, here; bad = 1
			}
		}
		END { exit bad }' "$f" || echo FAIL
done | awk '/^FAIL$/ { bad = 1; next } { print } END { exit bad }'
