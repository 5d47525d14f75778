#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench/compile-all.sh BUILD: compile again, by the command kbuild recorded
# (crossym cmd --argv, no shell), every C object the asm-string check of
# `crossym report --run-build-commands` compiles (the C objects of BUILD's
# units, modules aside), into scratch files, two at a time: the compile
# CPU of the build, the denominator of bench's asm-check ratio.
#   compile-all.sh --one BUILD SCRATCH OBJ...: the compiles themselves.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
crossym=${CROSSYM:-$top/crossym}
if [ "${1:-}" = --one ]; then
	b=$2 scratch=$3
	shift 3
	for obj in "$@"; do
		"$crossym" cmd --argv "$b/$obj" >"$scratch/words.$$" || exit 1
		# the object to the scratch file; no dependency file into the build
		exec 9<"$scratch/words.$$"
		set --
		out=0
		while IFS= read -r w <&9; do
			if [ $out = 1 ]; then w=$scratch/obj.$$.o out=0; fi
			case $w in -o) out=1 ;; -Wp,-MMD,*|-Wp,-MD,*) continue ;; esac
			set -- "$@" "$w"
		done
		exec 9<&-
		(cd "$b" && "$@") >/dev/null 2>&1 || { echo "compile-all: $obj failed" >&2; exit 1; }
	done
	exit 0
fi
[ $# -eq 1 ] || { echo "usage: $0 BUILD" >&2; exit 2; }
b=$(cd "$1" && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/compile-all.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
"$crossym" units "$b" 2>/dev/null | awk -F '\t' 'NR > 1 && $4 == "c" && $1 !~ /\.ko$/ { print $2 }' >"$scratch/list"
[ -s "$scratch/list" ] || { echo "compile-all: no C objects in $b" >&2; exit 1; }
xargs -P 2 -n 16 sh "$0" --one "$b" "$scratch" <"$scratch/list"
