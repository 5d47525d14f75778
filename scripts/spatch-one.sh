#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# spatch-one.sh: annotate.sh's spatch steps, one job each.
#
#   spatch-one.sh --macros WORK TAG [MACROFILE]
#       write WORK/macros.h (the tag, MACROFILE) and WORK/builtins.h (spatch's
#       standard macros less the definer macros the semantic patches of
#       WORK/list name: the tag must be known to spatch's parser, or
#       `TAG DEFINE_X(name);` does not parse; the definer macros must stay
#       unexpanded (standard.h expands DEFINE_PER_CPU), or spatch cannot see
#       them as declarers; SYSCALL_DEFINEn(x) must expand to sys_x, not x, or
#       spatch fails on the whole file when the real function x is wanted
#       ("try to delete an expanded token: x"));
#   spatch-one.sh --spatch-one WORK ID SOURCE COCCI
#       run spatch with the semantic patch COCCI on WORK/b's copy of SOURCE
#       (WORK/list line ID), in place; a macro spatch expands that defines
#       the same name is dropped from the patch and spatch run again (up to
#       5 times); exit status in WORK/status/ID, the log in WORK/log/ID;
#   spatch-one.sh --parse-one WORK ID SOURCE COCCI
#       spatch --parse-c on WORK/a's copy: the source goes to WORK/parsed/ID
#       when it has parse errors.
# Run by annotate.sh (through xargs -0 -n 3 for the per-file modes: the
# arguments from WORK/list, a process per file and nothing else forked
# when spatch succeeds), with SPATCH, TIMEOUT, VERBOSE and SPFLAGS in the
# environment.
set -u

macros() {
	WORK=$1 TAG=$2 MACROFILE=${3:-}
	{
		echo "#define $TAG"
		[ -z "$MACROFILE" ] || cat "$MACROFILE"
	} >"$WORK/macros.h" || exit 2
	builtins=$("$SPATCH" --help 2>&1 | sed -n 's/.*--macro-file-builtins.*default=\([^)]*\)).*/\1/p' | sed 1q)
	[ -n "$builtins" ] && [ -f "$builtins" ] || exit 0
	while IFS='	' read -r src cocci; do cat "$cocci"; done <"$WORK/list" |
		sed -n 's/^declarer name \([A-Za-z0-9_]*\);$/\1/p' | sort -u >"$WORK/definers"
	awk 'FNR == NR { drop[$1] = 1; next }
	     /^#define[ \t]/ { name = $2; sub(/\(.*/, "", name); skip = (name in drop)
				sc = name ~ /^SYSCALL_DEFINE[0-9]$/ }
	     sc && /^[ \t]/ { sub(/ func\(/, " sys_##func("); sc = 0 }
	     !skip { print }
	     skip && !/\\$/ { skip = 0 }' "$WORK/definers" "$builtins" >"$WORK/builtins.h" || exit 2
}

worker() {
	mode=$1 WORK=$2 id=$3 src=$4 cocci=$5
	if [ -f "$WORK/builtins.h" ]; then
		set -- --very-quiet --no-includes --macro-file "$WORK/macros.h" \
			--macro-file-builtins "$WORK/builtins.h"
	else
		set -- --very-quiet --no-includes --macro-file "$WORK/macros.h"
	fi
	if [ "$mode" = --spatch-one ]; then
		cd "$WORK/b" || exit 2
		tries=0
		while :; do
			# shellcheck disable=SC2086
			[ "${VERBOSE:-0}" = 1 ] && echo "  (cd $WORK/b && $SPATCH $* --timeout $TIMEOUT" \
				"${SPFLAGS:+$SPFLAGS }--sp-file $cocci --in-place $src)" >&2
			# shellcheck disable=SC2086
			"$SPATCH" "$@" --timeout "$TIMEOUT" ${SPFLAGS:-} \
				--sp-file "$cocci" --in-place "$src" >"$WORK/log/$id" 2>&1
			rc=$?
			[ $rc -ne 0 ] && [ $tries -lt 5 ] || break
			# A macro spatch expands defines the same name: retry without it.
			name=$(sed -n '/.*try to delete an expanded token: \([A-Za-z_][A-Za-z0-9_]*\).*/{s//\1/p;q;}' \
				"$WORK/log/$id")
			[ -n "$name" ] || break
			tries=$((tries + 1))
			sed "/^identifier /{s/{$name}/{crossym_none__}/; s/{$name, /{/; s/, $name}/}/; s/, $name,/,/;}" \
				"$cocci" >"$WORK/retry/$id.$tries.cocci"
			cocci=$WORK/retry/$id.$tries.cocci
			echo "$name" >>"$WORK/expanded/$id"
		done
		echo $rc >"$WORK/status/$id"
	else
		(cd "$WORK/a" && "$SPATCH" --parse-c "$src" "$@") >"$WORK/parse/$id" 2>&1
		rc=$?
		if [ $rc -ne 0 ] || grep -q 'nb bad = [1-9]' "$WORK/parse/$id"; then
			printf '%s\n' "$src" >"$WORK/parsed/$id"      # parse errors
		fi
	fi
	exit 0
}

case ${1:-} in
--macros)
	[ $# -ge 3 ] || { echo "spatch-one.sh: usage: --macros WORK TAG [MACROFILE]" >&2; exit 2; }
	shift
	macros "$@"
	;;
--spatch-one|--parse-one)
	[ $# -eq 5 ] || { echo "spatch-one.sh: usage: $1 WORK ID SOURCE COCCI" >&2; exit 2; }
	worker "$@"
	;;
*)
	echo "spatch-one.sh: usage: --macros WORK TAG [MACROFILE] | --spatch-one WORK ID SOURCE COCCI | --parse-one WORK ID SOURCE COCCI" >&2
	exit 2
	;;
esac
