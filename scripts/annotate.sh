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
#
# Exit status: 0 ok; 1 a check failed or a file changed since the scan;
# 2 usage error, bad OUTDIR or no spatch.
# Environment: SPATCH (the spatch program, default spatch),
# CROSSYM_SPATCH_TIMEOUT (seconds per file, default 600), CROSSYM (the crossym
# binary for `crossym verify`, default: the one beside scripts/, else on PATH).
set -u

prog="crossym: annotate"

usage() {
	[ $# -gt 0 ] && echo "$prog: $*" >&2
	echo "usage: annotate.sh OUTDIR SRCTREE [-j N] [--apply] [--macro-file FILE]" >&2
	exit 2
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
			(cd "$WORK/b" && "$SPATCH" "$@" --timeout "$TIMEOUT" \
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

OUTDIR= SRCTREE= JOBS= APPLY=0 MACROFILE=
while [ $# -gt 0 ]; do
	case $1 in
	-j) [ $# -ge 2 ] || usage "-j needs a number"; JOBS=$2; shift 2 ;;
	-j*) JOBS=${1#-j}; shift ;;
	--apply) APPLY=1; shift ;;
	--macro-file) [ $# -ge 2 ] || usage "--macro-file needs a file"; MACROFILE=$2; shift 2 ;;
	--macro-file=*) MACROFILE=${1#*=}; shift ;;
	-h|--help) usage ;;
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
if [ -z "${CROSSYM:-}" ]; then
	CROSSYM=$(dirname "$SELF")/../crossym
	[ -x "$CROSSYM" ] || CROSSYM=$(command -v crossym) ||
		{ echo "$prog: crossym not found (set CROSSYM)" >&2; exit 2; }
fi
export SPATCH TIMEOUT

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
	done <"$OUTDIR/files.tsv"
	return $status
}
check_sources || exit 1

WORK=$(mktemp -d "${TMPDIR:-/tmp}/crossym-annotate.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
trap 'exit 2' HUP INT TERM
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
done <"$OUTDIR/files.tsv"
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
	awk -v n="$NFILES" 'BEGIN { for (i = 1; i <= n; i++) print i }' |
		xargs -P "$JOBS" -n 1 sh "$SELF" --spatch-one "$WORK"
fi
t1=$(date +%s)
# A spatch that fails on every file it ran on is broken, not the files.
nran=0 nfail=0
for f in "$WORK"/status/*; do
	[ -f "$f" ] || continue
	grep -q '^@' "$(sed -n "${f##*/}p" "$WORK/list" | cut -f2)" || continue   # no rule
	nran=$((nran + 1))
	[ "$(cat "$f")" = 0 ] || nfail=$((nfail + 1))
done
if [ "$nran" -gt 0 ] && [ "$nfail" -eq "$nran" ]; then
	id=$(ls "$WORK/status" | sed 1q)
	echo "$prog: spatch failed on every file ($nran), e.g. $(sed -n "${id}p" "$WORK/list" | cut -f1):" \
		"$(grep -v '^$' "$WORK/log/$id" 2>/dev/null | tail -n 1)" >&2
	echo "$prog: nothing written" >&2
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
awk -F '\t' -v work="$WORK" '
	FNR == NR { n++; id[$1] = n; next }
	$1 == "F" && $4 == "redeclared" {
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
		echo "$prog: warning: $src: spatch failed (${msg:-exit $(cat "$WORK/status/$id")}); re-declared instead" >&2
	done <"$WORK/failed"
fi

for f in "$WORK"/expanded/*; do
	[ -f "$f" ] || continue
	src=$(sed -n "${f##*/}p" "$WORK/list" | cut -f1)
	echo "$prog: warning: $src: a macro spatch expands defines $(tr '\n' ' ' <"$f")- not tagged in place" >&2
done

# The final check (crossym verify: only tags inserted or removed, wanted
# re-declarations appended, stale ones deleted, every wanted definition
# tagged, no stale tag left), and the patch.
"$CROSSYM" verify "$OUTDIR" "$WORK/a" "$WORK/c" >>"$WORK/errors"
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
echo "$prog: spatch: $NFILES files in $((t1 - t0)) s with -j $JOBS; checks in $((t3 - t2)) s"

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
