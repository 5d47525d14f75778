#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel-compile-changed.sh B COPY LIST OUT [JOBS]: compile each source file of
# LIST (paths relative to the tree) from the tagged copy COPY with its object's
# own compile command from the kbuild build B (.cmd file; the defconfig's
# CONFIG_WERROR=y gives -Werror), output and dependency files into OUT, never
# into B. The command is run by argument vector (after the shell's word
# splitting and quote removal of the .cmd text; a command with `$(`, a
# backtick or a redirection is not run). A file #included by another .c is
# compiled through its includer. Writes OUT/results.tsv (FILE<TAB>rc) and
# OUT/diag/FILE.log; prints "compiled N, failed M, no-command K".
set -u
if [ "${1:-}" = --one ]; then
	B=$2 COPY=$3 OUT=$4 src=$5
	SRC=$( (cd "$B/source" && pwd -P) 2>/dev/null || sed -n 's/^KERNELSRC := //p' "$B/Makefile")
	obj=${src%.c}.o
	cmdf=$B/$(dirname "$obj")/.$(basename "$obj").cmd
	[ -f "$cmdf" ] || cmdf=$(grep -rlF --include='.*.o.cmd' "$SRC/$src \\" "$B" 2>/dev/null | sed 1q)
	log=$OUT/diag/$src.log
	mkdir -p "$(dirname "$log")"
	if [ -z "$cmdf" ] || [ ! -f "$cmdf" ]; then
		printf '%s\tno-command\n' "$src" >"$log.rc"
		exit 0
	fi
	spath=$(sed -n 's/^source_[^ ]* := //p' "$cmdf" | sed 1q)
	comp=${spath#"$SRC"/}
	cmd=$(sed -n 's/^\(saved\)\{0,1\}cmd_[^ ]* := //p' "$cmdf" | sed 1q)
	case $cmd in
	*'`'*|*'$('*|*'<'*|*'>'*) printf '%s\tnot-run\n' "$src" >"$log.rc"; exit 0 ;;
	esac
	cmd=${cmd%%;*}
	eval "set -- $cmd"
	tmpo=$OUT/obj/$obj
	mkdir -p "$(dirname "$tmpo")"
	skip=
	for w do
		shift
		case $skip in
		o) set -- "$@" "$tmpo"; skip=; continue ;;
		drop) skip=; continue ;;
		esac
		case $w in
		-o) set -- "$@" -o; skip=o ;;
		-Wp,-MMD,*|-Wp,-MD,*|-MD|-MMD) ;;
		-MF|-MT|-MQ) skip=drop ;;
		"$spath") set -- "$@" "$COPY/$comp" ;;
		*) set -- "$@" "$w" ;;
		esac
	done
	(cd "$B" && nice "$@") >"$log" 2>&1
	printf '%s\t%s\n' "$src" $? >"$log.rc"
	rm -f "$tmpo"
	exit 0
fi
B=$1 COPY=$2 LIST=$3 OUT=$4 JOBS=${5:-2}
rm -rf "$OUT"
mkdir -p "$OUT/diag" "$OUT/obj"
xargs -P "$JOBS" -n 1 sh "$0" --one "$B" "$COPY" "$OUT" <"$LIST"
find "$OUT/diag" -name '*.rc' -exec cat {} + | sort >"$OUT/results.tsv"
n=$(awk -F '\t' '$2 == "0"' "$OUT/results.tsv" | wc -l)
f=$(awk -F '\t' '$2 ~ /^[0-9]+$/ && $2 != "0"' "$OUT/results.tsv" | wc -l)
k=$(awk -F '\t' '$2 !~ /^[0-9]+$/' "$OUT/results.tsv" | wc -l)
w=$(cat "$OUT"/diag/*.log "$OUT"/diag/*/*.log "$OUT"/diag/*/*/*.log "$OUT"/diag/*/*/*/*.log \
	"$OUT"/diag/*/*/*/*/*.log 2>/dev/null | grep -c 'warning:\|error:')
echo "compiled $n, failed $f, no-command $k, diagnostics $w"
