#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# annotate.sh OUTDIR SRCTREE [-j N] [--apply] [--split [--signoff] [--checkpatch[=SCRIPT]]]
#                     [--macro-file FILE]
#
# Turn the OUTDIR written by `crossym cocci` (see doc/CONTRACT.md) into a
# checked patch that adds the tag to every wanted definition and removes the
# stale tags:
#  1. every file of files.tsv must still have the cksum/size of the scan;
#  2. the files are copied into a temp tree and ONE spatch per file runs there
#     (in parallel, -j N, default: the number of processors) with that file's
#     semantic patch from OUTDIR/cocci/;
#  3. `crossym complete` judges what spatch did (only wanted tags inserted,
#     stale ones removed, several tags only on declarators of the name itself
#     or across #if/#else arms, else spatch's result is dropped); a wanted
#     definition spatch did not tag (it could not parse it, its name is made
#     by a macro, ...) gets a tagged re-declaration right behind its
#     definition, inside its #if arm: `extern __typeof__(SYM) SYM TAG;` (a
#     function), `__typeof__(SYM) SYM TAG;` (a variable: GCC ignores `used`
#     on an extern variable, with a warning, and takes it on a tentative
#     definition, which inside the arm defines nothing where a build leaves
#     the arm out); where no definition is found, `extern` at the end of the
#     file; a stale tag spatch cannot reach
#     (`TAG DEFINE_X(sym);`, an earlier re-declaration) is removed as text;
#     by OUTDIR/tag-style, new tags on function definitions move before the
#     return type (position first), and the tag's #define is added
#     (crossym cocci --define-tag);
#  4. `crossym verify`: every changed line is the original with `TAG `
#     inserted or removed (or an added/deleted re-declaration), every
#     wanted definition is tagged, no stale tag is left. Problems are listed
#     per file:symbol. A spatch that fails on every file is an error.
#     No single definition costs the tree its patch: complete makes each
#     file pass verify's test, re-declaring a definition whose in-place tag
#     the scanner does not see on it, else dropping spatch's result for the
#     file; what fails even so (a stale tag not found or left, with
#     --verify-build a re-declaration that does not compile cleanly) is left
#     as it was, form `failed`: the rest is checked without it, written and
#     applied, and the run names each as FILE:LINE: SYMBOL and exits 1.
#
# Writes OUTDIR/annotate.patch (`diff -u`, a/ b/ prefixes, for `git apply` or
# `patch -p1`) and OUTDIR/forms.tsv (`source symbol form reason`, sorted; form
# inplace, already, redeclared, removed or failed; reason - except for
# failed (why) and redeclared:
# `name not in source` (pasted by a macro), `macro-made` (only inside macro
# calls or #define lines), else `parse error` (spatch --parse-c finds errors
# in the file, or spatch failed on it or garbled it), else `not matched`;
# `its tag is not on a definition crossym sees`: spatch tagged it where the
# scanner does not see it). When a check fails beyond that, the patch goes
# to OUTDIR/annotate.rejected.patch and nothing else is written.
# --split: then write OUTDIR/series/, the patch as a git format-patch series
# with a cover letter, per MAINTAINERS entry (scripts/series.sh), its author
# git's (git var GIT_AUTHOR_IDENT; checked before the spatch phase: refused,
# exit 2, when git has none, as git commit refuses); --signoff:
# with a Signed-off-by from git config user.name/user.email (checked before the
# spatch phase: refused, exit 2, when unset). --checkpatch[=SCRIPT]: with
# --split, a tagged line that already broke checkpatch.pl (the tree's own
# scripts/checkpatch.pl, or SCRIPT: run only when asked) gets its tag on a
# line of its own in the series (series.sh).
# --apply: afterwards write the checked files into SRCTREE, and
# OUTDIR/crossym.conf (cocci's options) as SRCTREE/.crossym, all or nothing (a
# journal in SRCTREE/.crossym-apply; scripts/apply.sh). --macro-file FILE:
# extra spatch macros (e.g. a tree's attributes).
# OUTDIR must hold crossym cocci's completion marker (.complete). A run locks
# OUTDIR (OUTDIR/.annotate.lock) and, with --apply, SRCTREE; a lock left by a
# killed run is taken over, and its half-done apply rolled back first.
# --verify-build BUILD (it runs BUILD's compile commands: an explicit choice):
# every changed file is compiled with its object's own kbuild .cmd command,
# before and after tagging, output into a temp dir; a new warning or error on
# a line with an in-place tag makes the definitions on it fall back to a
# re-declaration (forms.tsv reason `compiling: DIAGNOSTIC`) and the file is
# compiled again; any new diagnostic left, or a file that cannot be compiled,
# fails the check (nothing applied).
#
# Definitions crossym cocci could not place (OUTDIR/unplaced.tsv: symbol,
# object, reason) are named as OBJECT: SYMBOL: left untagged (REASON).
#
# Exit status: 0 ok; 1 a check failed, a file changed since the scan, or
# some definitions failed or were unplaced (named; the rest written and
# applied);
# 2 usage error, bad or incomplete OUTDIR, or no spatch; 3 another run holds
# the lock, or an interrupted apply cannot be rolled back (the message says
# what to do); 128+N killed by signal N (HUP, INT, TERM: the tree is as before).
# Environment: SPATCH (the spatch program, default spatch),
# CROSSYM_SPATCH_TIMEOUT (seconds per file, default 600), CROSSYM (the crossym
# binary for `crossym complete` and `verify`; `crossym annotate` sets it to itself;
# default:
# the one beside scripts/, else PREFIX/bin/crossym, else on PATH).
set -u

prog="crossym: annotate"

SYNOPSIS="crossym annotate OUTDIR SRCTREE [-j N] [--apply] [-q]
                        [--split [--signoff] [--checkpatch[=SCRIPT]]]
                        [--macro-file FILE] [V=1] [J=N] [M=DIR] [SPFLAGS=...]
                        [--verify-build BUILD]"

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
(extern __typeof__(S) S TAG; of a function, __typeof__(S) S TAG; of a
variable) right behind its definition, in its #if arm; every changed line
must be the original line
with the tag inserted or removed, and every wanted definition must be tagged.
One definition that cannot be tagged (or untagged) even by re-declaration
is left as it was, named as FILE:LINE: SYMBOL, and listed as failed in
forms.tsv; the rest is written (and applied) and the exit status is 1.
When a check fails beyond that, nothing is written but
OUTDIR/annotate.rejected.patch.

Options:
  -j N, -jN          spatch processes in parallel (default: the processors)
  --apply            then apply the patch to SRCTREE (dry run first; the
                     files are restored when applying fails), and install
                     OUTDIR/crossym.conf as SRCTREE/.crossym (the options
                     every crossym command reads)
  --split            also write OUTDIR/series/: the patch as a git
                     format-patch series, one patch per top-level directory
                     (per MAINTAINERS entry when SRCTREE has a MAINTAINERS
                     file) and a cover letter, subjects in kernel style
                     (sched: ..., x86/mm: ...), Cc: from MAINTAINERS' M:, R:
                     and L:, for git am or git send-email; the author
                     is git's (refused when git has no identity)
  --signoff          with --split: add Signed-off-by: from git config
                     user.name and user.email (refused when unset)
  --checkpatch       with --split: run the tree's scripts/checkpatch.pl on
                     the patch; where a tagged line already broke it, the
                     series puts the tag on a line of its own (the same
                     tokens); the errors left are named
  --checkpatch=SCRIPT  the same with the checkpatch.pl SCRIPT
  --macro-file FILE  extra macros for spatch (e.g. the tree's attributes)
  --verify-build BUILD  compile each changed file with its object's own
                     command from BUILD's .cmd files (runs the build's
                     commands), before and after tagging; a new diagnostic on
                     a tagged line falls back to a re-declaration
  -q, --quiet        leave out the summary, the re-declared list and the
                     timing (on stderr, as every message): errors and
                     warnings stay
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
                     removed, failed), reason (why re-declared or failed)
  series/NNNN-*.patch  with --split, and series/0000-cover-letter.txt
  spatch-logs/       spatch's output for each file it failed on
  annotate.rejected.patch  instead, when a check failed

Environment: SPATCH (the spatch program, default spatch),
CROSSYM_SPATCH_TIMEOUT (seconds per file, default 600), CROSSYM_PROGRESS
(tty, lines or none: the progress display; default by stderr), CROSSYM (the
crossym whose verify makes the final check; crossym annotate sets itself).
Exit status: 0 done; 1 a check failed, a file changed since the scan, the
patch does not apply, or some definitions failed (the rest done); 2 bad
usage, a bad OUTDIR, no spatch, or --split with no git identity; 3 another
run holds the lock, or an interrupted apply cannot be rolled back; 128+N
killed by signal N (the tree as before).
See crossym-annotate(1).

crossym ${version:-(unknown version)}
EOF
}

# ---- options -----------------------------------------------------------------

OUTDIR= SRCTREE= JOBS= APPLY=0 MACROFILE= SPLIT=0 SIGNOFF= CHECKPATCH= VERBOSE=0 MDIR= SPFLAGS= VBUILD= QUIET=0
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
	--signoff) SIGNOFF=--signoff; shift ;;
	--checkpatch) CHECKPATCH=SRCTREE; shift ;;
	--checkpatch=?*) CHECKPATCH=${1#*=}; shift ;;
	-q|--quiet) QUIET=1; shift ;;
	--verify-build) [ $# -ge 2 ] || usage "--verify-build needs a build directory"; VBUILD=$2; shift 2 ;;
	--verify-build=*) VBUILD=${1#*=}; shift ;;
	--macro-file) [ $# -ge 2 ] || usage "--macro-file needs a file"; MACROFILE=$2; shift 2 ;;
	--macro-file=*) MACROFILE=${1#*=}; shift ;;
	-h|--help) help || exit 2; exit 0 ;;
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
[ -f "$OUTDIR/.complete" ] || usage "$OUTDIR/.complete: missing: crossym cocci did not" \
	"finish writing $OUTDIR (it failed or was interrupted); run crossym cocci again"
[ -d "$SRCTREE" ] || usage "$SRCTREE: not a directory"
# An OUTDIR of crossym cocci --static: definitions made static, header
# declarations deleted (OUTDIR/edits.tsv); crossym complete and verify read
# the mode themselves.
MODE=$(sed -n 1p "$OUTDIR/mode" 2>/dev/null)
if [ "$MODE" = static ]; then
	[ -f "$OUTDIR/edits.tsv" ] || usage "$OUTDIR/edits.tsv: missing (a --static OUTDIR without its edits)"
	[ -z "$MDIR" ] || usage "M=$MDIR: not with an OUTDIR of crossym cocci --static (a definition and its header declaration go together)"
	[ -z "$VBUILD" ] || usage "--verify-build: not with an OUTDIR of crossym cocci --static (build the tree: every configuration)"
fi
[ -z "$SIGNOFF" ] || [ "$SPLIT" -eq 1 ] || usage "--signoff: only with --split"
[ -z "$CHECKPATCH" ] || [ "$SPLIT" -eq 1 ] || usage "--checkpatch: only with --split"
[ "$CHECKPATCH" != SRCTREE ] || CHECKPATCH=$SRCTREE/scripts/checkpatch.pl
[ -z "$CHECKPATCH" ] || [ -r "$CHECKPATCH" ] || usage "$CHECKPATCH: cannot read (--checkpatch=SCRIPT names another)"
[ -z "$CHECKPATCH" ] || command -v perl >/dev/null 2>&1 || usage "--checkpatch: perl not found (checkpatch.pl needs it)"
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
# --split: the git identity (the author, with --signoff the sign-off) must be
# there before the spatch phase, not after.
if [ -n "$SIGNOFF" ]; then
	sh "$HERE/series.sh" --ident "$SRCTREE" >/dev/null || exit 2
elif [ "$SPLIT" -eq 1 ]; then
	sh "$HERE/series.sh" --author "$SRCTREE" >/dev/null || exit 2
fi
export SPATCH TIMEOUT VERBOSE SPFLAGS
. "$HERE/apply.sh"
annotate_locks

WORK=$(mktemp -d "${TMPDIR:-/tmp}/crossym-annotate.XXXXXX") || exit 2
WORK=$(cd "$WORK" && pwd) || exit 2     # absolute: the spatch jobs run in WORK/b
echo "$WORK" >"$OUTLOCK/work"            # a killed run's, removed by the next
# The files to change: files.tsv, with M=DIR those under DIR (and for crossym
# verify an OUTDIR that lists them alone: SCOPE).
awk -F '\t' -v m="$MDIR" 'm == "" || index($1, m "/") == 1' "$OUTDIR/files.tsv" >"$WORK/files.tsv"
SCOPE=$OUTDIR
if [ -n "$MDIR" ]; then
	SCOPE=$WORK/scope
	mkdir "$SCOPE" && cp "$OUTDIR/tag" "$WORK/files.tsv" "$SCOPE/" || exit 2
	[ ! -f "$OUTDIR/tag-style" ] || cp "$OUTDIR/tag-style" "$SCOPE/" || exit 2
	[ ! -f "$OUTDIR/tables.tsv" ] || cp "$OUTDIR/tables.tsv" "$SCOPE/" || exit 2
	for f in wanted.tsv stale.tsv; do
		awk -F '\t' -v m="$MDIR" 'index($1, m "/") == 1' "$OUTDIR/$f" >"$SCOPE/$f"
	done
	# --tag-macros: the #defines under DIR; one outside it leaves what it makes untagged
	if [ -f "$OUTDIR/macros.tsv" ]; then
		awk -F '\t' -v m="$MDIR" 'index($1, m "/") == 1' "$OUTDIR/macros.tsv" >"$SCOPE/macros.tsv"
		awk -F '\t' -v m="$MDIR" -v p="$prog" 'index($1, m "/") != 1 && $7 == "tag" {
			print p ": warning: the #define of " $4 " (" $1 ") is outside M=" m \
			      ": the definitions it makes stay untagged until it is applied" }' \
			"$OUTDIR/macros.tsv" >&2
	fi
	# --define-tag=HEADER outside DIR: the tags under DIR need it applied first
	[ ! -f "$OUTDIR/tag-style" ] || awk -F '\t' -v m="$MDIR" -v p="$prog" '
		$1 == "define" && $2 != "-" && $2 != "." && index($2, m "/") != 1 {
			print p ": warning: --define-tag header " $2 " is outside M=" m \
			      ": the tags under it compile only once it is applied" }' \
		"$OUTDIR/tag-style" >&2
fi

# ---- 1. the sources must be the scanned ones ------------------------------------

# Every path of files.tsv stays inside SRCTREE (checked once: the later
# checks read the same list).
while IFS='	' read -r src sum size cocci; do
	{ [ -z "$src" ] || tree_path_ok "$src"; } && continue
	echo "$prog: $OUTDIR/files.tsv: $src: leaves the source tree (an absolute" \
		"path, a .. component or a symbolic link out of it): refused" >&2
	exit 2
done <"$WORK/files.tsv"

# check_sources [ROOT]: print a line per file of ROOT (default SRCTREE) that
# changed since the scan.
check_sources() {
	root=${1:-$SRCTREE}
	status=0
	: >"$WORK/present"
	while IFS='	' read -r src sum size cocci; do
		[ -n "$src" ] || continue
		if [ -f "$root/$src" ]; then
			printf '%s\n' "$src" >>"$WORK/present"
		else
			echo "$prog: $src: missing" >&2
			status=1
		fi
	done <"$WORK/files.tsv"
	sums "$root" "$WORK/present" >"$WORK/present.sums"
	awk -F '\t' -v p="$prog" 'FILENAME == ARGV[1] { got[$1] = $2; next }
		FILENAME == ARGV[2] { want[$1] = $2 " " $3; next }
		got[$0] != want[$0] { print p ": " $0 ": changed since the scan"; bad = 1 }
		END { exit bad }' "$WORK/present.sums" "$WORK/files.tsv" "$WORK/present" >&2 || status=1
	return $status
}
check_sources || exit 1
rm -rf "$OUTDIR/spatch-logs"

: >"$WORK/ruled"
mkdir "$WORK/a" "$WORK/b" "$WORK/c" "$WORK/log" "$WORK/status" \
	"$WORK/parse" "$WORK/parsed" "$WORK/retry" "$WORK/expanded"

# ---- 2. spatch, one process per file ---------------------------------------------

# WORK/list: source<TAB>semantic patch, a line per file; the copies made in
# one pass (tar: the names as they are, ./ first and no unquoting; -h: a
# symbolic link inside the tree copied as its file, as cp does).
awk -F '\t' -v OFS='\t' -v o="$OUTDIR" '$1 != "" { c = $4; if (substr(c, 1, 1) != "/") c = o "/" c
	print $1, c }' "$WORK/files.tsv" >"$WORK/list" || exit 2
n=0
while IFS='	' read -r src cocci; do
	n=$((n + 1))
	[ -f "$cocci" ] || { echo "$prog: $cocci: missing" >&2; exit 2; }
done <"$WORK/list"
NFILES=$n
cut -f1 "$WORK/list" | sed 's|^|./|' >"$WORK/names"
if [ "$NFILES" -gt 0 ]; then
	(cd "$SRCTREE" && tar -chf - --no-unquote -T "$WORK/names") |
		(cd "$WORK/a" && tar -xf - --no-same-owner --no-same-permissions) &&
		cp -R "$WORK/a/." "$WORK/b" || exit 2
fi
check_sources "$WORK/a" || exit 1       # not changed while copied

sh "$HERE/spatch-one.sh" --macros "$WORK" "$TAG" "$MACROFILE" || exit 2

t0=$(date +%s)
if [ "$NFILES" -gt 0 ]; then
	[ "$VERBOSE" = 1 ] && "$SPATCH" --version 2>&1 | sed -n "1s/^/$prog: /p" >&2
	sh "$HERE/progress.sh" "$WORK" "$OUTDIR" "$NFILES" &
	progress=$!
	# the jobs (ID, source, semantic patch: NUL-separated for xargs -0; their
	# IDs in WORK/ruled), a file whose semantic patch has no rule done at once
	# (nothing to do)
	awk -F '\t' -v w="$WORK" '{ rule = 0; while (!rule && (getline l < $2) > 0) rule = l ~ /^@/
		close($2); if (rule) { print NR "\n" $1 "\n" $2; print NR >(w "/ruled") }
		else { print 0 >(w "/status/" NR); close(w "/status/" NR) } }' \
		"$WORK/list" | tr '\n' '\0' >"$WORK/jobs" || exit 2
	run_group "$WORK/jobs" xargs -0 -r -P "$JOBS" -n 3 sh "$HERE/spatch-one.sh" --spatch-one "$WORK"
	: >"$WORK/.spatch-done"
	[ ! -e "$WORK/.progress-up" ] || kill -USR1 "$progress" 2>/dev/null
	wait "$progress"
fi
t1=$(date +%s)
# spatch_error LOG: spatch's error line in LOG with the place it names
# ("minus: parse error: File "x.cocci", line 5, column 0"), else the last
# line that is not blank.
spatch_error() {
	awk '!msg && /[Ee]rror|Fatal|[Ee]xception|[Tt]imeout|No rules apply/ {
			msg = $0; sub(/[ :]+$/, "", msg); want = 1; next }
		want && /File ".*", line/ { sub(/^ +/, ""); sub(/, charpos.*/, ""); msg = msg ": " $0 }
		{ want = 0 } NF { last = $0 }
		END { print msg != "" ? msg : last }' "$1" 2>/dev/null
}
# keep_log ID: keep spatch's log of list line ID as OUTDIR/spatch-logs/SRC.log.
keep_log() {
	kept=$OUTDIR/spatch-logs/$(sed -n "${1}p" "$WORK/list" | cut -f1).log
	mkdir -p "$(dirname "$kept")" && cp "$WORK/log/$1" "$kept"
}
# The statuses, read once: WORK/failed and failed.src, the files whose
# spatch failed (a file without a status, its spatch-one killed: 255);
# WORK/ran and ran.failed, the IDs of those spatch ran on (a rule, a status
# written) and of those of them that failed.
: >"$WORK/failed.src"; : >"$WORK/ran"; : >"$WORK/ran.failed"
awk -F '\t' -v w="$WORK" 'FILENAME == ARGV[1] { ruled[$1]; next }
	{ st = w "/status/" FNR; s = 255; ran = 0
	  if ((getline v < st) > 0) { s = v; ran = FNR in ruled }
	  close(st)
	  if (ran) print FNR >(w "/ran")
	  if (s != 0) { print FNR >(w "/failed"); print $1 >(w "/failed.src")
			if (ran) print FNR >(w "/ran.failed") } }' \
	"$WORK/ruled" "$WORK/list" || exit 2
nran=$(wc -l <"$WORK/ran")
nfail=$(wc -l <"$WORK/ran.failed")
for id in $(cat "$WORK/ran.failed"); do keep_log "$id"; done
# A spatch that fails on every file it ran on is broken, not the files.
if [ "$nran" -gt 0 ] && [ "$nfail" -eq "$nran" ]; then
	id=$(ls "$WORK/status" | sed 1q)
	echo "$prog: spatch failed on every file ($nran), e.g. $(sed -n "${id}p" "$WORK/list" | cut -f1):" \
		"$(spatch_error "$WORK/log/$id")" >&2
	echo "$prog: nothing written; spatch's logs are in $OUTDIR/spatch-logs/" >&2
	exit 1
fi

# ---- 3. classify, complete, check --------------------------------------------------

# crossym complete: keep what spatch did where it only tagged and untagged
# (else re-declare), remove the stale tags it left, re-declare what it did not
# tag; WORK/c is the result, WORK/report says what was done (see complete.h).
t2=$(date +%s)
"$CROSSYM" complete "$SCOPE" "$WORK/a" "$WORK/b" "$WORK/c" "$WORK/failed.src" >"$WORK/report" ||
	{ echo "$prog: crossym complete failed" >&2; exit 2; }

# Why were the re-declared ones not tagged in place? The name is not in the
# source (pasted by a macro), it is only inside macro calls, or else the file
# has parse errors (spatch --parse-c) or spatch failed on it; else not matched.
awk -F '\t' '$1 == "F" && $5 == "?not matched" { print $2 }' "$WORK/report" | sort -u >"$WORK/redecl-files"
if [ -s "$WORK/redecl-files" ]; then
	awk -F '\t' 'FNR == NR { want[$1] = 1; next } ($1 in want) { print FNR "\n" $1 "\n" $2 }' \
		"$WORK/redecl-files" "$WORK/list" | tr '\n' '\0' >"$WORK/jobs" || exit 2
	run_group "$WORK/jobs" xargs -0 -r -P "$JOBS" -n 3 sh "$HERE/spatch-one.sh" --parse-one "$WORK"
fi
{ echo /; cat "$WORK"/parsed/* 2>/dev/null; } >"$WORK/parse-bad"     # "/": never empty
# Definitions whose placement says why they are re-declared (wanted.tsv: a
# definer macro whose expansion cannot carry the tag, a generated source, a
# file mirrored under tools/).
awk -F '\t' -v OFS='\t' 'BEGIN { why["declarer-static"] = "its expansion begins with a static declaration"
		why["declarer-other"] = "its expansion declares another name first"
		why["declarer-arms"] = "defined differently in #if arms" }
	$6 == "generated" { print $1, $2, "defined in " $5 ", which the build generates" }
	$6 == "synced" { print $1, $2, "kept equal to " $5 " by objtool'"'"'s sync check" }
	$6 in why { print $1, $2, "definer macro " $5 ": " why[$6] }' \
	"$OUTDIR/wanted.tsv" >"$WORK/placed-why"
awk -F '\t' -v OFS='\t' 'FILENAME == ARGV[1] { placed[$1 "\t" $2] = $3; next } FILENAME == ARGV[2] { bad[$1] = 1; next }
	$1 != "F" { next } $4 == "redeclared" && (($2 "\t" $3) in placed) { $5 = placed[$2 "\t" $3] }
	$4 == "redeclared" && $5 ~ /^[?!]/ { $5 = $5 == "!not matched" || ($5 == "?not matched" && $2 in bad) ? "parse error" : substr($5, 2) }
	{ print $2, $3, $4, $5 }' "$WORK/placed-why" "$WORK/parse-bad" "$WORK/report" | sort -t '	' -k1,1 -k2,2 >"$WORK/forms.tsv"
grep '^W	' "$WORK/report" >"$WORK/warnings"
grep -v '^[FW]	' "$WORK/report" >"$WORK/errors"

# Spatch failures are worth a word even when the fallback covered them.
[ -s "$WORK/warnings" ] && sed "s/^W	/$prog: warning: /" "$WORK/warnings" >&2
if [ -f "$WORK/failed" ]; then
	while read -r id; do
		src=$(sed -n "${id}p" "$WORK/list" | cut -f1)
		msg=$(spatch_error "$WORK/log/$id")
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
. "$HERE/verify-build.sh"

# Definitions complete could not tag or untag (forms.tsv form `failed`: its
# fallbacks, re-declaring and dropping spatch's result, did not pass the
# check) are left as they are: the final check leaves them out (VSCOPE), the
# rest is written and applied, and the run exits 1 naming them.
VSCOPE=$SCOPE
awk -F '\t' -v OFS='\t' '$3 == "failed" { print $1, $2, $4 }' "$WORK/forms.tsv" >"$WORK/failed.tsv"
if [ -s "$WORK/failed.tsv" ]; then
	VSCOPE=$WORK/vscope
	mkdir "$VSCOPE" && cp "$SCOPE/tag" "$SCOPE/files.tsv" "$VSCOPE/" || exit 2
	[ ! -f "$SCOPE/macros.tsv" ] || cp "$SCOPE/macros.tsv" "$VSCOPE/" || exit 2
	[ ! -f "$SCOPE/tag-style" ] || cp "$SCOPE/tag-style" "$VSCOPE/" || exit 2
	[ ! -f "$SCOPE/tables.tsv" ] || cp "$SCOPE/tables.tsv" "$VSCOPE/" || exit 2
	for f in wanted.tsv stale.tsv; do
		awk -F '\t' 'FNR == NR { out[$1 "\t" $2] = 1; next } !(($1 "\t" $2) in out)' \
			"$WORK/failed.tsv" "$SCOPE/$f" >"$VSCOPE/$f" || exit 2
	done
fi

# The final check (crossym verify: only tags inserted or removed, wanted
# re-declarations added, stale ones deleted, every wanted definition
# tagged, no stale tag left), and the patch.
"$CROSSYM" verify "$VSCOPE" "$WORK/a" "$WORK/c" >>"$WORK/errors"
[ $? -le 1 ] || { echo "$prog: crossym verify could not run" >&2; exit 2; }
: >"$WORK/patch"
# WORK/changed: the files complete (and --verify-build) changed, in list
# order (one diff -rqN: a file missing from WORK/c counts as changed)
(cd "$WORK" && diff -rqN a c) >"$WORK/differ" 2>/dev/null
awk -F '\t' 'FILENAME == ARGV[1] { differ[$0]; next }
	("Files a/" $1 " and c/" $1 " differ") in differ { print $1 }' \
	"$WORK/differ" "$WORK/list" >"$WORK/changed" || exit 2
changed=0
while IFS= read -r src; do
	changed=$((changed + 1))
	(cd "$WORK" && diff -u --label "a/$src" --label "b/$src" "a/$src" "c/$src") >>"$WORK/patch"
done <"$WORK/changed"

t3=$(date +%s)
rm -f "$OUTDIR/annotate.patch" "$OUTDIR/annotate.rejected.patch" "$OUTDIR/forms.tsv"
if [ -s "$WORK/errors" ]; then
	sed "s/^E	//; s/^/$prog: /" "$WORK/errors" >&2
	publish "$WORK/patch" "$OUTDIR/annotate.rejected.patch"
	echo "$prog: checks failed; nothing applied (see $OUTDIR/annotate.rejected.patch)" >&2
	exit 1
fi
publish "$WORK/forms.tsv" "$OUTDIR/forms.tsv"
publish "$WORK/patch" "$OUTDIR/annotate.patch"

# The summary, the #defines tagged, the re-declared definitions (as
# FILE:LINE: from wanted.tsv) and the timing, on stderr; -q leaves them out.
count() { awk -F '\t' -v f="$1" '$3 == f { n++ } END { print n + 0 }' "$WORK/forms.tsv"; }
NFAILED=$(count failed)
if [ "$MODE" = static ]; then
	[ "$QUIET" -eq 1 ] || echo "$prog: $(count static) made static, $(count undeclared) header" \
		"declarations deleted ($(awk -F '\t' '$4 == "text"' "$WORK/forms.tsv" | wc -l)" \
		"of them as text, not by spatch), $changed files;" \
		"spatch: $NFILES files in $((t1 - t0)) s with -j $JOBS" >&2
elif [ "$QUIET" -eq 0 ]; then
	echo "$prog: $(count inplace) in place, $(count already) already tagged," \
		"$(count redeclared) re-declared, $(count removed) removed, $changed files${NFAILED#0}" |
		sed 's/files\([1-9][0-9]*\)$/files, \1 failed/'
	# The tag's position and --define-tag, as crossym cocci chose them (tag-style).
	[ ! -f "$OUTDIR/tag-style" ] || awk -F '\t' -v p="$prog" -v t="$TAG" '
		$1 == "position" { print p ": tag position on function definitions: " \
			($2 == "first" ? "first (before the return type)" : "before the name") " (" $3 ")" }
		$1 == "define" && $2 != "-" && $2 != "" {
			print p ": #define " t " added to " ($2 == "." ? "each file tagged" : $2) }' \
		"$OUTDIR/tag-style"
	awk -F '\t' -v p="$prog" 'FILENAME == ARGV[1] { line[$1 "\t" $2] = $4; next }
		$3 == "macro" { print p ": " $1 ": tagged the #define of " $2 " (macros.tsv)" }
		$3 == "redeclared" { l = line[$1 "\t" $2]
			print (l > 0 ? $1 ":" l : p ": " $1) ": re-declared " $2 " (" $4 ")" }' \
		"$SCOPE/wanted.tsv" "$WORK/forms.tsv"
	echo "$prog: spatch: $NFILES files${MDIR:+ under $MDIR/} in $((t1 - t0)) s with -j $JOBS;" \
		"checks in $((t3 - t2)) s"
fi >&2
# What is left untagged, or a stale tag left, as FILE:LINE: SYMBOL (the line
# of wanted.tsv or stale.tsv), the compiler's form editors and CI annotators
# read; `crossym: annotate: FILE: SYMBOL` when the line is unknown. The same
# form for the re-declarations above.
awk -F '\t' -v p="$prog" 'FILENAME == ARGV[1] { line[$1 "\t" $2] = $4; next }
	FILENAME == ARGV[2] { line[$1 "\t" $2] = $3; stale[$1 "\t" $2] = 1; next }
	$3 == "failed" { k = $1 "\t" $2; l = line[k]
		print (l > 0 ? $1 ":" l : p ": " $1) ": " $2 ": " \
			(k in stale ? "stale tag left" : "left untagged") " (" $4 ")" }' \
	"$SCOPE/wanted.tsv" "$SCOPE/stale.tsv" "$WORK/forms.tsv" >&2
# The definitions crossym cocci could not place (OUTDIR/unplaced.tsv: their
# source is unknown): named, left untagged, the exit status 1.
NUNPLACED=0
if [ -f "$OUTDIR/unplaced.tsv" ]; then
	NUNPLACED=$(awk 'NR > 1' "$OUTDIR/unplaced.tsv" | wc -l)
	awk -F '\t' -v p="$prog" 'NR > 1 { print p ": " $2 ": " $1 ": left untagged (" $3 ")" }' \
		"$OUTDIR/unplaced.tsv" >&2
fi

# --split: the patch as a git format-patch series (scripts/series.sh).
if [ "$SPLIT" -eq 1 ]; then
	CROSSYM=$CROSSYM sh "$(dirname "$SELF")/series.sh" $SIGNOFF ${CHECKPATCH:+"--checkpatch=$CHECKPATCH"} "$OUTDIR" "$SRCTREE" || exit 1
fi

# ---- 4. apply ---------------------------------------------------------------------

DONE=0                                  # 1: some definitions failed (named above)
[ "$NFAILED" -eq 0 ] && [ "$NUNPLACED" -eq 0 ] || DONE=1
[ "$APPLY" -eq 1 ] || exit $DONE
# OUTDIR/crossym.conf (the options cocci ran with) goes into the tree as
# .crossym with the patch, all or nothing, for every later crossym command;
# an OUTDIR of an older crossym has none.
CONF=
if [ -f "$OUTDIR/crossym.conf" ] && ! cmp -s "$OUTDIR/crossym.conf" "$SRCTREE/.crossym"; then
	[ -f "$SRCTREE/.crossym" ] && CONF=rewrote || CONF=wrote
	mkdir -p "$WORK/c" && cp "$OUTDIR/crossym.conf" "$WORK/c/.crossym" || exit 2
fi
[ -s "$OUTDIR/annotate.patch" ] || [ -n "$CONF" ] ||
	{ [ "$QUIET" -eq 1 ] || echo "$prog: nothing to apply" >&2; exit $DONE; }
[ ! -s "$OUTDIR/annotate.patch" ] || check_sources || exit 1
cp "$WORK/changed" "$WORK/apply.list" || exit 2
[ -z "$CONF" ] || echo .crossym >>"$WORK/apply.list"
apply_tree "$WORK/apply.list"
record_tagged "$OUTDIR/builds" "$WORK/journal.files"
# written into the source tree: said even with -q
[ -z "$CONF" ] || echo "$prog: note: $CONF $SRCTREE/.crossym (the options of crossym cocci," \
	"which report, cocci, check and units read from now on)" >&2
[ "$QUIET" -eq 1 ] || echo "$prog: applied to $SRCTREE" >&2
exit $DONE
