#!/bin/sh
# annotate.sh OUTDIR SRCTREE [-j N] [--apply] [--macro-file FILE]
#
# Turn the OUTDIR written by `crossym cocci` (see doc/CONTRACT.md) into a
# checked patch that adds the tag to every wanted definition and removes the
# stale tags:
#  1. every file of files.tsv must still have the cksum/size of the scan;
#  2. the files are copied into a temp tree and ONE spatch per file runs there
#     (in parallel, -j N, default: the number of processors) with that file's
#     semantic patch from OUTDIR/cocci/;
#  3. a wanted definition spatch did not tag (it could not parse it, its name
#     is made by a macro, ...) gets a tagged re-declaration appended to its
#     file: `extern __typeof__(SYM) SYM TAG;`; a stale tag spatch cannot reach
#     (`TAG DEFINE_X(sym);`, an earlier re-declaration) is removed as text;
#  4. checks: every wanted definition is tagged (in place, or by the
#     re-declaration; several tags only on declarators of the name itself or
#     across #if/#else arms, never through more than one macro call), every
#     changed line is the original with `TAG ` inserted or removed (or an
#     appended/deleted re-declaration). Problems are listed per file:symbol.
#
# Writes OUTDIR/annotate.patch (`diff -u`, a/ b/ prefixes, for `git apply` or
# `patch -p1`) and OUTDIR/forms.tsv (`source symbol form reason`, sorted; form
# inplace, already, redeclared or removed; reason - except for redeclared:
# `name not in source` (pasted by a macro), `macro-made` (only inside macro
# calls or #define lines), else `parse error` (spatch --parse-c finds errors
# in the file, or spatch failed on it or garbled it), else `not matched`).
# When a check fails, the patch goes to OUTDIR/annotate.rejected.patch and
# nothing else is written.
# --apply: afterwards apply the patch to SRCTREE (dry run first; restored on
# failure). --macro-file FILE: extra spatch macros (e.g. a tree's attributes).
# --verify-build BUILD (it runs BUILD's compile commands: an explicit choice):
# every changed file is compiled with its object's own kbuild .cmd command,
# before and after tagging, output into a temp dir; a new warning or error on
# a line with an in-place tag makes the definitions on it fall back to a
# re-declaration (forms.tsv reason `compiling: DIAGNOSTIC`) and the file is
# compiled again; any new diagnostic left, or a file that cannot be compiled,
# fails the check (nothing applied).
#
# Exit status: 0 ok; 1 a check failed or a file changed since the scan;
# 2 usage error, bad OUTDIR or no spatch.
# Environment: SPATCH (the spatch program, default spatch),
# CROSSYM_SPATCH_TIMEOUT (seconds per file, default 600), CROSSYM (the crossym
# binary for `crossym verify`; `crossym annotate` sets it to itself; default:
# the one beside scripts/, else PREFIX/bin/crossym, else on PATH).
set -u

prog="crossym: annotate"

SYNOPSIS="crossym annotate OUTDIR SRCTREE [-j N] [--apply] [--split] [--macro-file FILE]
                        [V=1] [J=N] [M=DIR] [SPFLAGS=...] [--verify-build BUILD]"

usage() {
	[ $# -gt 0 ] && echo "$prog: $*" >&2
	echo "usage: $SYNOPSIS" >&2
	echo "Try 'crossym annotate --help'." >&2
	exit 2
}

# The full usage (crossym annotate --help), on stdout.
help() {
	here=$(dirname "$0")
	version=${CROSSYM_VERSION:-$(cat "$here/VERSION" 2>/dev/null || cat "$here/../VERSION" 2>/dev/null)}
	cat <<EOF
usage: $SYNOPSIS
       (the same as: sh annotate.sh OUTDIR SRCTREE ...)

Make the patch that \`crossym cocci -o OUTDIR BUILD_DIR\` prepared, check it,
and with --apply apply it to SRCTREE. The files to change must still be the
ones crossym scanned (cksum and size); one spatch runs per file, in parallel;
a definition spatch cannot tag in place gets a tagged re-declaration
(extern __typeof__(S) S TAG;); every changed line must be the original line
with the tag inserted or removed, and every wanted definition must be tagged,
or nothing is written but OUTDIR/annotate.rejected.patch.

Options:
  -j N, -jN          spatch processes in parallel (default: the processors)
  --apply            then apply the patch to SRCTREE (dry run first; the
                     files are restored when applying fails)
  --split            also write OUTDIR/series/: the patch as a git
                     format-patch series, one patch per top-level directory
                     (per MAINTAINERS entry when SRCTREE has a MAINTAINERS
                     file), for git am or git send-email
  --macro-file FILE  extra macros for spatch (e.g. the tree's attributes)
  --verify-build BUILD  compile each changed file with its object's own
                     command from BUILD's .cmd files (runs the build's
                     commands), before and after tagging; a new diagnostic on
                     a tagged line falls back to a re-declaration
  -h, --help         print this help and exit
The knobs of the kernel's \`make coccicheck\`, as arguments:
  V=1                show each spatch command line
  J=N                the same as -j N
  M=DIR              only the files under DIR (relative to SRCTREE)
  SPFLAGS=FLAGS      extra spatch flags (split at spaces)

Progress goes to stderr during the spatch phase: "[120/316] files,
3 re-declared, ETA 14 s", rewritten every second on a terminal, else one
line per 10% of the files. When spatch fails on a file its log is kept as
OUTDIR/spatch-logs/SOURCE.log.

Writes into OUTDIR:
  annotate.patch     the checked patch (diff -u, a/ b/: git apply, patch -p1)
  forms.tsv          source, symbol, form (inplace, already, redeclared,
                     removed), reason (why re-declared)
  series/NNNN-*.patch  with --split
  spatch-logs/       spatch's output for each file it failed on
  annotate.rejected.patch  instead, when a check failed

Environment: SPATCH (the spatch program, default spatch),
CROSSYM_SPATCH_TIMEOUT (seconds per file, default 600), CROSSYM_PROGRESS
(tty, lines or none: the progress display; default by stderr), CROSSYM (the
crossym whose verify makes the final check; crossym annotate sets itself).
Exit status: 0 done; 1 a check failed, a file changed since the scan, or the
patch does not apply; 2 bad usage, a bad OUTDIR, or no spatch.
See crossym-annotate(1).

crossym ${version:-(unknown version)}
EOF
}

# ---- worker modes, run by xargs: annotate.sh --spatch-one|--parse-one WORK ID
# WORK/list line ID is "source<TAB>semantic patch".

worker() {
	mode=$1 WORK=$2 id=$3
	line=$(sed -n "${id}p" "$WORK/list")
	src=${line%%	*}
	cocci=${line#*	}
	if [ -f "$WORK/builtins.h" ]; then
		set -- --very-quiet --no-includes --macro-file "$WORK/macros.h" \
			--macro-file-builtins "$WORK/builtins.h"
	else
		set -- --very-quiet --no-includes --macro-file "$WORK/macros.h"
	fi
	if [ "$mode" = --spatch-one ] && ! grep -q '^@' "$cocci"; then
		echo 0 >"$WORK/status/$id"     # no rule: nothing to do in place
		echo 0 >"$WORK/time/$id"
	elif [ "$mode" = --spatch-one ]; then
		start=$(date +%s)
		tries=0
		while :; do
			# shellcheck disable=SC2086
			[ "${VERBOSE:-0}" = 1 ] && echo "  (cd $WORK/b && $SPATCH $* --timeout $TIMEOUT" \
				"${SPFLAGS:+$SPFLAGS }--sp-file $cocci --in-place $src)" >&2
			# shellcheck disable=SC2086
			(cd "$WORK/b" && "$SPATCH" "$@" --timeout "$TIMEOUT" ${SPFLAGS:-} \
				--sp-file "$cocci" --in-place "$src") >"$WORK/log/$id" 2>&1
			rc=$?
			# A macro spatch expands defines the same name: retry without it.
			name=$(sed -n 's/.*try to delete an expanded token: \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' \
				"$WORK/log/$id" | sed 1q)
			[ $rc -ne 0 ] && [ -n "$name" ] && [ $tries -lt 5 ] || break
			tries=$((tries + 1))
			sed "/^identifier /{s/{$name}/{crossym_none__}/; s/{$name, /{/; s/, $name}/}/; s/, $name,/,/;}" \
				"$cocci" >"$WORK/retry/$id.$tries.cocci"
			cocci=$WORK/retry/$id.$tries.cocci
			echo "$name" >>"$WORK/expanded/$id"
		done
		echo $rc >"$WORK/status/$id"
		echo $(( $(date +%s) - start )) >"$WORK/time/$id"
	else
		(cd "$WORK/a" && "$SPATCH" --parse-c "$src" "$@") >"$WORK/parse/$id" 2>&1
		rc=$?
		if [ $rc -ne 0 ] || grep -q 'nb bad = [1-9]' "$WORK/parse/$id"; then
			echo bad >"$WORK/parsed/$id"
		else
			echo good >"$WORK/parsed/$id"
		fi
	fi
	exit 0
}

case ${1:-} in
--spatch-one|--parse-one)
	[ $# -eq 3 ] || usage "bad worker call"
	worker "$@"
	;;
esac

# ---- options -----------------------------------------------------------------

OUTDIR= SRCTREE= JOBS= APPLY=0 MACROFILE= SPLIT=0 VERBOSE=0 MDIR= SPFLAGS= VBUILD=
while [ $# -gt 0 ]; do
	case $1 in
	-j) [ $# -ge 2 ] || usage "-j needs a number"; JOBS=$2; shift 2 ;;
	-j*) JOBS=${1#-j}; shift ;;
	V=*) VERBOSE=${1#V=}; shift ;;
	J=*) JOBS=${1#J=}; shift ;;
	M=*) MDIR=${1#M=}; shift ;;
	SPFLAGS=*) SPFLAGS=${1#SPFLAGS=}; shift ;;
	--apply) APPLY=1; shift ;;
	--split) SPLIT=1; shift ;;
	--verify-build) [ $# -ge 2 ] || usage "--verify-build needs a build directory"; VBUILD=$2; shift 2 ;;
	--verify-build=*) VBUILD=${1#*=}; shift ;;
	--macro-file) [ $# -ge 2 ] || usage "--macro-file needs a file"; MACROFILE=$2; shift 2 ;;
	--macro-file=*) MACROFILE=${1#*=}; shift ;;
	-h|--help) help; exit 0 ;;
	-*) usage "unknown option $1" ;;
	*)
		if [ -z "$OUTDIR" ]; then OUTDIR=$1
		elif [ -z "$SRCTREE" ]; then SRCTREE=$1
		else usage "too many arguments"
		fi
		shift ;;
	esac
done
[ -n "$OUTDIR" ] && [ -n "$SRCTREE" ] || usage
for f in tag wanted.tsv stale.tsv files.tsv; do
	[ -f "$OUTDIR/$f" ] || usage "$OUTDIR/$f: missing (not an OUTDIR of crossym cocci?)"
done
[ -d "$SRCTREE" ] || usage "$SRCTREE: not a directory"
[ -z "$MACROFILE" ] || [ -r "$MACROFILE" ] || usage "$MACROFILE: cannot read"
if [ -n "$VBUILD" ]; then
	[ -d "$VBUILD" ] || usage "$VBUILD: not a directory"
	VBUILD=$(cd "$VBUILD" && pwd) || exit 2
fi
if [ -z "$JOBS" ]; then
	JOBS=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
fi
case $JOBS in ''|*[!0-9]*|0) usage "-j: not a positive number: $JOBS" ;; esac
SPATCH=${SPATCH:-spatch}
command -v "$SPATCH" >/dev/null 2>&1 || { echo "$prog: $SPATCH: not found (install coccinelle)" >&2; exit 2; }
"$SPATCH" --version >/dev/null 2>&1 || { echo "$prog: $SPATCH --version fails: not a working spatch" >&2; exit 2; }
TIMEOUT=${CROSSYM_SPATCH_TIMEOUT:-600}
TAG=$(sed -n 1p "$OUTDIR/tag")
case $TAG in ''|[0-9]*|*[!A-Za-z0-9_]*) usage "$OUTDIR/tag: not a C identifier: '$TAG'" ;; esac
OUTDIR=$(cd "$OUTDIR" && pwd) || exit 2
SRCTREE=$(cd "$SRCTREE" && pwd) || exit 2
case $0 in /*) SELF=$0 ;; *) SELF=$(pwd)/$0 ;; esac
MDIR=$(echo "$MDIR" | sed 's|^\./||; s|/*$||')
case $MDIR in /*|..|../*) usage "M=$MDIR: not a directory inside SRCTREE" ;; esac
[ -z "$MDIR" ] || [ -d "$SRCTREE/$MDIR" ] || usage "M=$MDIR: not a directory of $SRCTREE"
HERE=$(dirname "$SELF")
if [ -z "${CROSSYM:-}" ]; then
	CROSSYM=$HERE/../crossym                        # scripts/ in the sources
	[ -f "$CROSSYM" ] && [ -x "$CROSSYM" ] ||
		CROSSYM=$HERE/../../bin/crossym         # PREFIX/libexec/crossym
	[ -f "$CROSSYM" ] && [ -x "$CROSSYM" ] || CROSSYM=$(command -v crossym) ||
		{ echo "$prog: crossym not found (set CROSSYM)" >&2; exit 2; }
fi
export SPATCH TIMEOUT VERBOSE SPFLAGS

WORK=$(mktemp -d "${TMPDIR:-/tmp}/crossym-annotate.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
trap 'exit 2' HUP INT TERM
# The files to change: files.tsv, with M=DIR those under DIR (and for crossym
# verify an OUTDIR that lists them alone: SCOPE).
awk -F '\t' -v m="$MDIR" 'm == "" || index($1, m "/") == 1' "$OUTDIR/files.tsv" >"$WORK/files.tsv"
SCOPE=$OUTDIR
if [ -n "$MDIR" ]; then
	SCOPE=$WORK/scope
	mkdir "$SCOPE" && cp "$OUTDIR/tag" "$WORK/files.tsv" "$SCOPE/" || exit 2
	for f in wanted.tsv stale.tsv; do
		awk -F '\t' -v m="$MDIR" 'index($1, m "/") == 1' "$OUTDIR/$f" >"$SCOPE/$f"
	done
fi

# ---- 1. the sources must be the scanned ones ------------------------------------

# check_sources: print a line per file that changed since the scan.
check_sources() {
	status=0
	while IFS='	' read -r src sum size cocci; do
		[ -n "$src" ] || continue
		if [ ! -f "$SRCTREE/$src" ]; then
			echo "$prog: $src: missing" >&2
			status=1
			continue
		fi
		set -- $(cksum <"$SRCTREE/$src")
		if [ "$1" != "$sum" ] || [ "$2" != "$size" ]; then
			echo "$prog: $src: changed since the scan" >&2
			status=1
		fi
	done <"$WORK/files.tsv"
	return $status
}
check_sources || exit 1
rm -rf "$OUTDIR/spatch-logs"

mkdir "$WORK/a" "$WORK/b" "$WORK/c" "$WORK/log" "$WORK/status" "$WORK/time" \
	"$WORK/parse" "$WORK/parsed" "$WORK/retry" "$WORK/expanded"

# ---- 2. spatch, one process per file ---------------------------------------------

n=0
: >"$WORK/list"
while IFS='	' read -r src sum size cocci; do
	[ -n "$src" ] || continue
	n=$((n + 1))
	case $cocci in /*) ;; *) cocci=$OUTDIR/$cocci ;; esac
	[ -f "$cocci" ] || { echo "$prog: $cocci: missing" >&2; exit 2; }
	printf '%s\t%s\n' "$src" "$cocci" >>"$WORK/list"
	for d in a b; do
		mkdir -p "$WORK/$d/$(dirname "$src")" && cp "$SRCTREE/$src" "$WORK/$d/$src" || exit 2
	done
done <"$WORK/files.tsv"
NFILES=$n

# The tag must be known to spatch's parser, or `TAG DEFINE_X(name);` does not
# parse; the definer macros must stay unexpanded (standard.h expands
# DEFINE_PER_CPU), or spatch cannot see them as declarers; SYSCALL_DEFINEn(x)
# must expand to sys_x, not x, or spatch fails on the whole file when the
# real function x is wanted ("try to delete an expanded token: x").
{
	echo "#define $TAG"
	[ -z "$MACROFILE" ] || cat "$MACROFILE"
} >"$WORK/macros.h"
builtins=$("$SPATCH" --help 2>&1 | sed -n 's/.*--macro-file-builtins.*default=\([^)]*\)).*/\1/p' | sed 1q)
if [ -n "$builtins" ] && [ -f "$builtins" ]; then
	while IFS='	' read -r src cocci; do cat "$cocci"; done <"$WORK/list" |
		sed -n 's/^declarer name \([A-Za-z0-9_]*\);$/\1/p' | sort -u >"$WORK/definers"
	awk 'FNR == NR { drop[$1] = 1; next }
	     /^#define[ \t]/ { name = $2; sub(/\(.*/, "", name); skip = (name in drop)
				sc = name ~ /^SYSCALL_DEFINE[0-9]$/ }
	     sc && /^[ \t]/ { sub(/ func\(/, " sys_##func("); sc = 0 }
	     !skip { print }
	     skip && !/\\$/ { skip = 0 }' "$WORK/definers" "$builtins" >"$WORK/builtins.h"
fi

t0=$(date +%s)
if [ "$NFILES" -gt 0 ]; then
	[ "$VERBOSE" = 1 ] && "$SPATCH" --version 2>&1 | sed -n "1s/^/$prog: /p" >&2
	sh "$HERE/progress.sh" "$WORK" "$OUTDIR" "$NFILES" &
	progress=$!
	awk -v n="$NFILES" 'BEGIN { for (i = 1; i <= n; i++) print i }' |
		xargs -P "$JOBS" -n 1 sh "$SELF" --spatch-one "$WORK"
	: >"$WORK/.spatch-done"
	wait "$progress"
fi
t1=$(date +%s)
# keep_log ID: keep spatch's log of list line ID as OUTDIR/spatch-logs/SRC.log.
keep_log() {
	kept=$OUTDIR/spatch-logs/$(sed -n "${1}p" "$WORK/list" | cut -f1).log
	mkdir -p "$(dirname "$kept")" && cp "$WORK/log/$1" "$kept"
}
# A spatch that fails on every file it ran on is broken, not the files.
nran=0 nfail=0
for f in "$WORK"/status/*; do
	[ -f "$f" ] || continue
	grep -q '^@' "$(sed -n "${f##*/}p" "$WORK/list" | cut -f2)" || continue   # no rule
	nran=$((nran + 1))
	[ "$(cat "$f")" = 0 ] || { nfail=$((nfail + 1)); keep_log "${f##*/}"; }
done
if [ "$nran" -gt 0 ] && [ "$nfail" -eq "$nran" ]; then
	id=$(ls "$WORK/status" | sed 1q)
	echo "$prog: spatch failed on every file ($nran), e.g. $(sed -n "${id}p" "$WORK/list" | cut -f1):" \
		"$(grep -v '^$' "$WORK/log/$id" 2>/dev/null | tail -n 1)" >&2
	echo "$prog: nothing written; spatch's logs are in $OUTDIR/spatch-logs/" >&2
	exit 1
fi

# ---- 3. classify, complete, check --------------------------------------------------

# Shared by the two awk programs below: what counts as inserting the tag.
COMMON_AWK='
function isw(c) { return c ~ /^[A-Za-z0-9_]$/ }
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
# 1 when b is a with the tag inserted in NINS places (INS[1..NINS]: where in
# b), each time as "TAG " before a word, or as " TAG" before a non-word
# character or the end of the line, or as the whole line
function insertions(a, b,    i, j, la, lb) {
	NINS = 0; i = 1; j = 1; la = length(a); lb = length(b)
	while (j <= lb) {
		if (substr(b, j, L + 1) == tag " " && (j == 1 || !isw(substr(b, j - 1, 1))) &&
		    substr(a, i, L + 1) != tag " ") {
			INS[++NINS] = j
			j += L + 1
		} else if (substr(b, j, L + 1) == " " tag && !isw(substr(b, j + L + 1, 1)) &&
			   substr(a, i, L + 1) != " " tag) {
			INS[++NINS] = j + 1
			j += L + 1
		} else if (j == 1 && b == tag && a == "") {
			INS[++NINS] = 1
			j += L
		} else if (i <= la && substr(a, i, 1) == substr(b, j, 1)) {
			i++
			j++
		} else
			return 0
	}
	return i > la && NINS > 0
}
'

# The checker: reads the original (A) and spatch's result (B) of one file and
# writes the final text to out. -v: tag, failed (spatch failed: ignore B),
# nonl (A lacks its last newline), wanted_file ("sym kind ..."), stale_file
# ("sym ..."),
# src, report (the file it appends its findings to):
#   F<TAB>src<TAB>sym<TAB>form<TAB>reason   (for redeclared: ?why, or !why when
#                                            spatch failed on the file)
#   W<TAB>message                           (spatch's result discarded)
#   E<TAB>message                           (a check failed)
CHECK_AWK="$COMMON_AWK"'
# position of the word w in s at or after from, 0 when none
function wordat(s, w, from,    t, p, q) {
	while (from <= length(s)) {
		t = substr(s, from)
		p = index(t, w)
		if (!p)
			return 0
		q = from + p - 1
		if ((q == 1 || !isw(substr(s, q - 1, 1))) && !isw(substr(s, q + length(w), 1)))
			return q
		from = q + 1
	}
	return 0
}
function redecl(sym) { return "extern __typeof__(" sym ") " sym " " tag ";" }
function err(msg) { print "E\t" src ": " msg >> report; nerr++ }
function form(sym, f, why) { print "F\t" src "\t" sym "\t" f "\t" why >> report }
# 1 when one of the insertions INS[] of b sits right next to the same tag
function doubled(b,    k) {
	for (k = 1; k <= NINS; k++)
		if (substr(b, INS[k] - L - 1, L + 1) == tag " " ||
		    substr(b, INS[k] + L + 1, L + 1) == tag " ")
			return 1
	return 0
}
# the wanted symbol a tag inserted at q of line i of B belongs to ("" if none)
function owner_add(i, q,    rest, w, j, k, s, best, bp, p, pass) {
	rest = substr(B[i], q + L + 1)
	if (match(rest, /^[A-Za-z_][A-Za-z0-9_]*/)) {
		w = substr(rest, 1, RLENGTH)
		if (w in kind)
			return w
	}
	if (!match(rest, /^[A-Za-z_][A-Za-z0-9_]*[ \t]*\(/))
		return ""
	for (pass = 1; pass <= 2; pass++)        # objects first, then any kind
		for (j = i; j <= nb && j <= i + 3; j++) {
			s = j == i ? rest : B[j]
			best = ""; bp = 0
			for (k in kind) {
				if (pass == 1 && kind[k] == "func")
					continue
				p = wordat(s, k, 1)
				if (p && (!bp || p < bp)) { bp = p; best = k }
			}
			if (best != "")
				return best
			if (index(s, ";"))
				break
		}
	return ""
}
# the stale symbol named after position q of line i of A ("" if none)
function owner_rm(i, q,    j, k, s, best, bp, p) {
	for (j = i; j <= na && j <= i + 3; j++) {
		s = j == i ? substr(A[i], q) : A[j]
		best = ""; bp = 0
		for (k in stale) {
			p = wordat(s, k, 1)
			if (p && (!bp || p < bp)) { bp = p; best = k }
		}
		if (best != "")
			return best
	}
	return ""
}
# tagged lines of sym separated by preprocessor conditionals?
function in_arms(sym,    n, i, j, ok) {
	n = split(lines[sym], ln, " ")
	for (i = 2; i <= n; i++) {
		ok = 0
		for (j = ln[i - 1] + 1; j < ln[i]; j++)
			if (A[j] ~ /^[ \t]*#[ \t]*(if|ifdef|ifndef|else|elif|endif)/)
				ok = 1
		if (!ok)
			return 0
	}
	return 1
}
function already(sym,    i, t) {
	for (i = 1; i <= na; i++) {
		if (!wordat(A[i], tag, 1) || !wordat(A[i], sym, 1))
			continue
		t = trim(A[i])
		if (t == redecl(sym))
			return 1
		if (t ~ /^extern[ \t]/)
			continue
		if (kind[sym] == "func" && t ~ /\)[ \t]*;$/)
			continue
		return 1
	}
	return 0
}
# CODE[]: A without comments and string/char literals
function strip_code(    i, s, out, c, n, j, incom, q) {
	incom = 0
	for (i = 1; i <= na; i++) {
		s = A[i]; out = ""; n = length(s); q = ""
		for (j = 1; j <= n; j++) {
			c = substr(s, j, 1)
			if (incom) {
				if (c == "*" && substr(s, j + 1, 1) == "/") { incom = 0; j++ }
				continue
			}
			if (q != "") {
				if (c == "\\") j++
				else if (c == q) q = ""
				continue
			}
			if (c == "/" && substr(s, j + 1, 1) == "*") { incom = 1; j++; out = out " "; continue }
			if (c == "/" && substr(s, j + 1, 1) == "/") break
			if (c == "\"" || c == "\047") { q = c; out = out " "; continue }
			out = out c
		}
		CODE[i] = out
	}
}
# 1 when position q of s lies inside the parentheses of a call NAME(...)
function in_call(s, q,    j, d, c, pre) {
	d = 0
	for (j = q - 1; j >= 1; j--) {
		c = substr(s, j, 1)
		if (c == ")")
			d++
		else if (c == "(" && d > 0)
			d--
		else if (c == "(") {
			pre = substr(s, 1, j - 1)
			sub(/[ \t]+$/, "", pre)
			if (!match(pre, /[A-Za-z_][A-Za-z0-9_]*$/))
				return 0
			pre = substr(pre, RSTART)
			return pre !~ /^(if|while|for|switch|return|sizeof|__typeof__|typeof)$/
		}
	}
	return 0
}
function why_not(sym,    i, q, seen) {
	seen = 0
	for (i = 1; i <= na; i++)
		for (q = wordat(CODE[i], sym, 1); q; q = wordat(CODE[i], sym, q + 1)) {
			seen = 1
			if (CODE[i] !~ /^[ \t]*#/ && !in_call(CODE[i], q))
				return "not matched"
		}
	return seen ? "macro-made" : "name not in source"
}
BEGIN {
	L = length(tag)
	wanted = stale_list = ""
	getline wanted < wanted_file
	getline stale_list < stale_file
	nw = split(wanted, wl, " ")
	for (i = 1; i < nw; i += 2)
		kind[wl[i]] = wl[i + 1]
	ns = split(stale_list, sl, " ")
	for (i = 1; i <= ns; i++)
		stale[sl[i]] = 1
}
# Look at what spatch did (A to B); problems are counted in nprob/probs.
function problem(msg) { probs = probs "\nW\t  " src ":" msg; nprob++ }
function spatch_changes(    i, k, sym) {
	nprob = 0; probs = ""
	split("", inplace); split("", lines); split("", gone); split("", viamacro)
	if (nb != na) {
		problem(" the number of lines changed")
		return
	}
	for (i = 1; i <= na; i++) {
		if (A[i] == B[i])
			continue
		if (insertions(A[i], B[i]) && doubled(B[i])) {
			B[i] = A[i]     # a tag next to the same tag: spatch missed it
		} else if (insertions(A[i], B[i])) {
			for (k = 1; k <= NINS; k++) {
				sym = owner_add(i, INS[k])
				if (sym == "")
					problem(i ": a tag for no wanted symbol: " B[i])
				else {
					inplace[sym]++
					lines[sym] = lines[sym] " " i
					if (substr(B[i], INS[k] + L + 1, length(sym)) != sym)
						viamacro[sym]++
				}
			}
		} else if (insertions(B[i], A[i])) {
			for (k = 1; k <= NINS; k++) {
				sym = owner_rm(i, INS[k])
				if (sym == "")
					problem(i ": a tag removed from no stale symbol: " A[i])
				else
					gone[sym]++
			}
		} else
			problem(i ": changed beyond the tag: " B[i])
	}
	# Several tags are fine on declarators of the same file-scope name
	# (`int x; ... int x = 1;`) and across #if arms, not on macro calls.
	for (sym in inplace)
		if (inplace[sym] > 1 && viamacro[sym] && !in_arms(sym))
			problem(" " sym ": tagged " inplace[sym] " times")
}
FILENAME == ARGV[1] { A[++na] = $0; next }
{ B[++nb] = $0 }
END {
	if (!failed) {
		spatch_changes()
		if (nprob) {
			# spatch went wrong here: keep none of its changes
			print "W\t" src ": spatch result discarded, re-declaring instead:" probs >> report
			failed = 1
		}
	}
	if (failed) {
		nb = na
		for (i = 1; i <= na; i++)
			B[i] = A[i]
		spatch_changes()
	}
	for (i = 1; i <= na; i++)
		C[i] = B[i]
	# stale tags spatch cannot reach: earlier re-declarations, TAG MACRO(sym),
	# TAG sym in declarators spatch misses, sym TAG (attribute after the name)
	for (n = 1; n <= ns; n++) {
		sym = sl[n]
		by_spatch = gone[sym]
		for (i = 1; i <= na; i++) {
			if (trim(C[i]) == redecl(sym)) {
				del[i] = 1
				gone[sym]++
				continue
			}
			if (!by_spatch && (q = wordat(C[i], tag, 1)) && substr(C[i], q + L, 1) == " " &&
			    (substr(C[i], q + L + 1) ~ ("^" sym "([^A-Za-z0-9_]|$)") ||
			     (C[i] ~ ("^[ \t]*" tag " [A-Za-z_][A-Za-z0-9_]*[ \t]*\\(") && wordat(C[i], sym, 1)))) {
				C[i] = substr(C[i], 1, q - 1) substr(C[i], q + L + 1)
				gone[sym]++
			} else if (!by_spatch && (q = wordat(C[i], sym, 1)) &&
				   substr(C[i], q + length(sym), L + 1) == " " tag &&
				   !isw(substr(C[i], q + length(sym) + L + 1, 1))) {
				q += length(sym)        # SYM TAG: an attribute after the name
				C[i] = substr(C[i], 1, q - 1) substr(C[i], q + L + 1)
				gone[sym]++
			}
		}
		if (gone[sym])
			form(sym, "removed", "-")
		else
			err(sym ": stale tag not found")
	}
	# wanted definitions, in the order of wanted.tsv
	stripped = 0
	for (n = 1; n < nw; n += 2) {
		sym = wl[n]
		if (inplace[sym] && kind[sym] == "several") {
			# which #if arm is live is unknown: re-declare as well
			form(sym, "redeclared", "?several definitions (#if arms), tagged in place too")
			add[++nadd] = redecl(sym)
		} else if (inplace[sym])
			form(sym, "inplace", "-")
		else if (already(sym))
			form(sym, "already", "-")
		else {
			if (!stripped++)
				strip_code()
			form(sym, "redeclared", (failed ? "!" : "?") why_not(sym))
			add[++nadd] = redecl(sym)
		}
	}
	for (last = na; last > 0 && del[last]; last--)
		;
	for (i = 1; i <= na; i++)
		if (!del[i])
			printf "%s%s", C[i], (i == last && nonl && !nadd ? "" : "\n") > out
	for (i = 1; i <= nadd; i++)
		print add[i] > out
	printf "" > out
	close(out)
}'

# The wanted ("sym kind ...") and stale ("sym ...") names of each file.
mkdir "$WORK/wanted" "$WORK/stale"
awk -F '\t' -v work="$WORK" '
	FILENAME == ARGV[1] { id[$1] = FNR; w[FNR] = ""; s[FNR] = ""; n = FNR; next }
	FILENAME == ARGV[2] { if ($1 in id) w[id[$1]] = w[id[$1]] $2 " " $3 " "; next }
	{ if ($1 in id) s[id[$1]] = s[id[$1]] $2 " " }
	END {
		for (i = 1; i <= n; i++) {
			print w[i] > (work "/wanted/" i); close(work "/wanted/" i)
			print s[i] > (work "/stale/" i); close(work "/stale/" i)
		}
	}' "$WORK/list" "$OUTDIR/wanted.tsv" "$OUTDIR/stale.tsv"
t2=$(date +%s)

: >"$WORK/report"
id=0
while IFS='	' read -r src cocci; do
	id=$((id + 1))
	st=$(cat "$WORK/status/$id" 2>/dev/null || echo 255)
	failed=0
	if [ "$st" -ne 0 ]; then
		failed=1
		echo "$id" >>"$WORK/failed"
	fi
	mkdir -p "$WORK/c/$(dirname "$src")"
	nonl=0
	[ -s "$WORK/a/$src" ] && [ -n "$(tail -c 1 "$WORK/a/$src")" ] && nonl=1
	awk -v tag="$TAG" -v failed=$failed -v nonl=$nonl -v wanted_file="$WORK/wanted/$id" \
		-v stale_file="$WORK/stale/$id" \
		-v src="$src" -v report="$WORK/report" -v out="$WORK/c/$src" \
		"$CHECK_AWK" "$WORK/a/$src" "$WORK/b/$src" || exit 2
done <"$WORK/list"

# Why were the re-declared ones not tagged in place? The name is not in the
# source (pasted by a macro), it is only inside macro calls, or else the file
# has parse errors (spatch --parse-c) or spatch failed on it; else not matched.
awk -F '\t' '$1 == "F" && $5 == "?not matched" { print $2 }' "$WORK/report" | sort -u >"$WORK/redecl-files"
if [ -s "$WORK/redecl-files" ]; then
	awk -F '\t' 'FNR == NR { want[$1] = 1; next } ($1 in want) { print FNR }' \
		"$WORK/redecl-files" "$WORK/list" |
		xargs -P "$JOBS" -n 1 sh "$SELF" --parse-one "$WORK"
fi
awk -F '\t' -v work="$WORK" -v wanted="$OUTDIR/wanted.tsv" '
	BEGIN {
		why["declarer-static"] = "its expansion begins with a static declaration"
		why["declarer-other"] = "its expansion declares another name first"
		why["declarer-arms"] = "defined differently in #if arms"
		while ((getline w < wanted) > 0) {
			split(w, c, "\t")
			if (c[6] in why)
				macro[c[1] "\t" c[2]] = "definer macro " c[5] ": " why[c[6]]
			else if (c[6] == "generated")
				macro[c[1] "\t" c[2]] = "defined in " c[5] ", which the build generates"
		}
	}
	FNR == NR { n++; id[$1] = n; next }
	$1 == "F" && $4 == "redeclared" && (($2 "\t" $3) in macro) { $5 = macro[$2 "\t" $3] }
	$1 == "F" && $4 == "redeclared" && $5 ~ /^[?!]/ {
		f = work "/parsed/" id[$2]
		p = ""
		if ((getline p < f) > 0)
			close(f)
		if ($5 == "!not matched" || ($5 == "?not matched" && p == "bad"))
			$5 = "parse error"
		else
			$5 = substr($5, 2)
	}
	$1 == "F" { print $2 "\t" $3 "\t" $4 "\t" $5; next }
	$1 == "W" { print > (work "/warnings"); next }
	{ print > (work "/errors") }' OFS='\t' "$WORK/list" "$WORK/report" |
	sort -t '	' -k1,1 -k2,2 >"$WORK/forms.tsv"

# Spatch failures are worth a word even when the fallback covered them.
[ -f "$WORK/warnings" ] && sed "s/^W	/$prog: warning: /" "$WORK/warnings" >&2
if [ -f "$WORK/failed" ]; then
	while read -r id; do
		src=$(sed -n "${id}p" "$WORK/list" | cut -f1)
		msg=$(grep -v '^$' "$WORK/log/$id" | tail -n 1)
		echo "$prog: warning: $src: spatch failed (${msg:-exit $(cat "$WORK/status/$id")}); re-declared instead" \
			"(log: $OUTDIR/spatch-logs/$src.log)" >&2
	done <"$WORK/failed"
fi

for f in "$WORK"/expanded/*; do
	[ -f "$f" ] || continue
	src=$(sed -n "${f##*/}p" "$WORK/list" | cut -f1)
	echo "$prog: warning: $src: a macro spatch expands defines $(tr '\n' ' ' <"$f")- not tagged in place" >&2
done

# ---- 3b. --verify-build BUILD: compile each changed file, before and after ------
# Each changed file is compiled with its object's own command from BUILD's
# kbuild .cmd file (a file #included by another .c: the includer's), run by
# argument vector in BUILD with the output and dependency files redirected
# into WORK; the source compiled is WORK/a/FILE (before) or WORK/c/FILE
# (after), quote includes still found in SRCTREE. A diagnostic the tagged file
# has and the original has not, on a line with an in-place tag, makes the
# wanted definitions named on that line fall back to a re-declaration, and
# the file is compiled again; any other new diagnostic, a file with no
# command, or a command crossym will not run is an error (nothing applied).

# vb_cmd SRC: "CMDFILE<TAB>SRCPATH_IN_CMD<TAB>COMPILED" for SRC (COMPILED:
# the .c the command compiles, SRC itself or the file that #includes it).
vb_cmd() {
	obj=${1%.c}.o
	f=$VBUILD/$(dirname "$obj")/.$(basename "$obj").cmd
	if [ ! -f "$f" ]; then
		f=$(grep -rlF --include='.*.o.cmd' "/$1 \\" "$VBUILD" 2>/dev/null | sed 1q)
		[ -n "$f" ] || return 1
	fi
	s=$(sed -n 's/^source_[^ ]* := //p' "$f" | sed 1q)
	[ -n "$s" ] || return 1
	case $s in
	/*) rel=${s#"$VSRC"/} ;;
	*) rel=$s ;;
	esac
	printf '%s\t%s\t%s\n' "$f" "$s" "$rel"
}

# vb_compile WHICH SRC LOG: compile SRC as in WORK/WHICH; 0 when it ran.
vb_compile() {
	which=$1 src=$2 log=$3
	line=$(vb_cmd "$src") || { echo "no compile command in $VBUILD" >"$log"; return 3; }
	cmdf=$(echo "$line" | cut -f1) spath=$(echo "$line" | cut -f2) comp=$(echo "$line" | cut -f3)
	cmd=$(sed -n 's/^\(saved\)\{0,1\}cmd_[^ ]* := //p' "$cmdf" | sed 1q)
	case $cmd in
	*'`'*|*'$('*|*'<'*|*'>'*) echo "command has shell substitutions or redirections: not run" >"$log"; return 4 ;;
	esac
	cmd=${cmd%%;*}
	cmd=${cmd%%&&*}
	tree=$WORK/vb/$which.$$
	rm -rf "$tree"
	mkdir -p "$tree/$(dirname "$comp")" "$tree/$(dirname "$src")"
	cp "$WORK/$which/$src" "$tree/$src"
	[ "$comp" = "$src" ] || cp "$SRCTREE/$comp" "$tree/$comp"
	eval "set -- $cmd" || { echo "command does not parse" >"$log"; return 4; }
	skip=
	for w do
		shift
		case $skip in
		o) set -- "$@" "$tree/out.o"; skip=; continue ;;
		drop) skip=; continue ;;
		esac
		case $w in
		-o) set -- "$@" -o; skip=o ;;
		-Wp,-MMD,*|-Wp,-MD,*|-MD|-MMD) ;;
		-MF|-MT|-MQ) skip=drop ;;
		"$spath") set -- "$@" "$tree/$comp" ;;
		*) set -- "$@" "$w" ;;
		esac
	done
	(cd "$VBUILD" && "$@" -iquote "$SRCTREE/$(dirname "$comp")" -iquote "$SRCTREE/$(dirname "$src")") >"$log.raw" 2>&1
	rc=$?
	# diagnostics: path relative to the tree, no column
	sed -n "s#$tree/##g; s#^\\([^ :]*\\):\\([0-9][0-9]*\\):[0-9][0-9]*: \\(warning\\|error\\): #\\1:\\2: \\3: #p" \
		"$log.raw" | sort -u >"$log"
	rm -rf "$tree"
	return $rc
}

if [ -n "$VBUILD" ]; then
	mkdir -p "$WORK/vb"
	# the tree the build was made from (its .cmd paths point there)
	VSRC=$( (cd "$VBUILD/source" 2>/dev/null && pwd -P) ||
		sed -n 's/^KERNELSRC := //p' "$VBUILD/Makefile" 2>/dev/null | sed 1q)
	[ -n "$VSRC" ] || VSRC=$SRCTREE
	: >"$WORK/fallbacks"
	nvb=0
	while IFS='	' read -r src cocci; do
		cmp -s "$WORK/a/$src" "$WORK/c/$src" && continue
		nvb=$((nvb + 1))
		vb_compile a "$src" "$WORK/vb/before"
		st=$?
		if [ $st -ge 3 ]; then
			printf 'E\t%s: --verify-build: %s\n' "$src" "$(cat "$WORK/vb/before")" >>"$WORK/errors"
			continue
		fi
		for round in 1 2; do
			vb_compile c "$src" "$WORK/vb/after"
			comm -13 "$WORK/vb/before" "$WORK/vb/after" >"$WORK/vb/new"
			[ -s "$WORK/vb/new" ] || break
			[ $round -eq 1 ] || break
			# fall back: the in-place tags on the offending lines of src
			wanted=$(cat "$WORK/wanted/$(awk -F '\t' -v s="$src" '$1 == s { print NR; exit }' "$WORK/list")")
			awk -v src="$src" -v tag="$TAG" -v wanted="$wanted" -v orig="$WORK/a/$src" \
				-v fb="$WORK/fallbacks" -v out="$WORK/c/$src.vb" '
				function isw(c) { return c ~ /^[A-Za-z0-9_]$/ }
				function word(s, w,    u, q, r) {
					u = " " s " "; r = 0
					while ((q = index(u, w)) > 0) {
						if (!isw(substr(u, q - 1, 1)) && !isw(substr(u, q + length(w), 1)))
							return 1
						u = substr(u, q + length(w))
					}
					return 0
				}
				BEGIN { n = split(wanted, wl, " "); while ((getline l < orig) > 0) A[l] = 1 }
				FILENAME == "-" {
					split($0, d, ":")
					if (d[1] == src && !(d[2] in why)) { why[d[2]] = $0; sub(/^[^:]*:[0-9]*: /, "", why[d[2]]) }
					next
				}
				{ C[FNR] = $0; nc = FNR }
				END {
					for (i = 1; i <= nc; i++) {
						if (!(i in why) || C[i] ~ ("^extern __typeof__\\(.*" tag ";$"))
							continue
						s = C[i]; gsub(tag " ", "", s)
						if (!(s in A))
							continue
						for (k = 1; k < n; k += 2)
							if (word(C[i], wl[k]) && !(wl[k] in done)) {
								done[wl[k]] = 1
								add[++na] = "extern __typeof__(" wl[k] ") " wl[k] " " tag ";"
								print src "\t" wl[k] "\t" why[i] >> fb
							}
						C[i] = s
					}
					for (i = 1; i <= nc; i++) print C[i] > out
					for (i = 1; i <= na; i++) print add[i] > out
				}' - "$WORK/c/$src" <"$WORK/vb/new"
			if cmp -s "$WORK/c/$src" "$WORK/c/$src.vb"; then
				rm -f "$WORK/c/$src.vb"
				break
			fi
			mv "$WORK/c/$src.vb" "$WORK/c/$src"
		done
		if [ -s "$WORK/vb/new" ]; then
			sed "s|^|E	$src: --verify-build: new diagnostic after tagging: |" "$WORK/vb/new" >>"$WORK/errors"
		fi
	done <"$WORK/list"
	# forms.tsv: what fell back is re-declared, the diagnostic its reason
	awk -F '\t' -v OFS='\t' -v fbfile="$WORK/fallbacks" 'FILENAME == fbfile { fb[$1 "\t" $2] = $3; next }
		(($1 "\t" $2) in fb) { $3 = "redeclared"; $4 = "compiling: " fb[$1 "\t" $2] }
		{ print }' "$WORK/fallbacks" "$WORK/forms.tsv" >"$WORK/forms.vb" &&
		mv "$WORK/forms.vb" "$WORK/forms.tsv"
	echo "$prog: --verify-build: $nvb files compiled before and after tagging," \
		"$(wc -l <"$WORK/fallbacks") definition(s) fell back to re-declaration" >&2
	awk -F '\t' -v p="$prog" '{ print p ": fell back to re-declaration: " $1 ": " $2 ": " $3 }' \
		"$WORK/fallbacks" >&2
fi

# The final check (crossym verify: only tags inserted or removed, wanted
# re-declarations appended, stale ones deleted, every wanted definition
# tagged, no stale tag left), and the patch.
"$CROSSYM" verify "$SCOPE" "$WORK/a" "$WORK/c" >>"$WORK/errors"
[ $? -le 1 ] || { echo "$prog: crossym verify could not run" >&2; exit 2; }
: >"$WORK/patch"
changed=0
while IFS='	' read -r src cocci; do
	if ! cmp -s "$WORK/a/$src" "$WORK/c/$src"; then
		changed=$((changed + 1))
		(cd "$WORK" && diff -u --label "a/$src" --label "b/$src" "a/$src" "c/$src") >>"$WORK/patch"
	fi
done <"$WORK/list"

t3=$(date +%s)
rm -f "$OUTDIR/annotate.patch" "$OUTDIR/annotate.rejected.patch" "$OUTDIR/forms.tsv"
if [ -s "$WORK/errors" ]; then
	sed "s/^E	//; s/^/$prog: /" "$WORK/errors" >&2
	cp "$WORK/patch" "$OUTDIR/annotate.rejected.patch"
	echo "$prog: checks failed; nothing applied (see $OUTDIR/annotate.rejected.patch)" >&2
	exit 1
fi
cp "$WORK/patch" "$OUTDIR/annotate.patch"
cp "$WORK/forms.tsv" "$OUTDIR/forms.tsv"

count() { awk -F '\t' -v f="$1" '$3 == f { n++ } END { print n + 0 }' "$WORK/forms.tsv"; }
echo "$prog: $(count inplace) in place, $(count already) already tagged," \
	"$(count redeclared) re-declared, $(count removed) removed, $changed files"
awk -F '\t' -v p="$prog" '$3 == "redeclared" { print p ": re-declared " $1 ": " $2 " (" $4 ")" }' \
	"$WORK/forms.tsv"
echo "$prog: spatch: $NFILES files${MDIR:+ under $MDIR/} in $((t1 - t0)) s with -j $JOBS; checks in $((t3 - t2)) s"

# --split: the patch as a git format-patch series (scripts/series.sh).
if [ "$SPLIT" -eq 1 ]; then
	sh "$(dirname "$SELF")/series.sh" "$OUTDIR" "$SRCTREE" || exit 1
fi

# ---- 4. apply ---------------------------------------------------------------------

[ "$APPLY" -eq 1 ] || exit 0
[ -s "$OUTDIR/annotate.patch" ] || { echo "$prog: nothing to apply"; exit 0; }
check_sources || exit 1
if ! patch -p1 --dry-run -s -f -N -d "$SRCTREE" <"$OUTDIR/annotate.patch" >"$WORK/patch.log" 2>&1; then
	cat "$WORK/patch.log" >&2
	echo "$prog: the patch does not apply to $SRCTREE; nothing changed" >&2
	exit 1
fi
if ! patch -p1 -s -f -N --no-backup-if-mismatch -d "$SRCTREE" <"$OUTDIR/annotate.patch" >"$WORK/patch.log" 2>&1; then
	cat "$WORK/patch.log" >&2
	while IFS='	' read -r src cocci; do
		cp "$WORK/a/$src" "$SRCTREE/$src"
	done <"$WORK/list"
	echo "$prog: applying failed; the files were restored" >&2
	exit 1
fi
echo "$prog: applied to $SRCTREE"
