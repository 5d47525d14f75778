#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t83-knobs: annotate's progress output and the knobs of `make coccicheck` on
# the example tree: progress lines (not a terminal: per 10% of the files,
# ending with the total; terminal: one rewritten line), V=1 (each spatch
# command), J= (-j), M=DIR (only that subdirectory: the patch is the full
# patch's part for DIR, other files are not even checked), SPFLAGS= (reach
# spatch; a failing spatch leaves its log in OUTDIR/spatch-logs/).
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "spatch (coccinelle) not installed"
EXAMPLE=$TOP/tests/trees/example
ANNOTATE="sh $TOP/scripts/annotate.sh"
command -v dash >/dev/null 2>&1 && ANNOTATE="dash $TOP/scripts/annotate.sh"

# fresh NAME: a copy of the sources in $TMP/NAME and crossym cocci's OUTDIR
# for it in $TMP/NAME.out.
fresh() {
	rm -rf "$TMP/$1" "$TMP/$1.out"
	cp -R "$EXAMPLE" "$TMP/$1"
	cp -R "$TMP/cocci" "$TMP/$1.out"
}

make -s -C "$EXAMPLE" O="$TMP/build" >/dev/null 2>&1 || { echo "Bail out! the example does not build"; exit 1; }
"$CROSSYM" cocci -o "$TMP/cocci" "$TMP/build" 2>/dev/null
nfiles=$(grep -c . "$TMP/cocci/files.tsv")
# the files whose semantic patch has a rule (the others need no spatch run)
nrules=$(cut -f4 "$TMP/cocci/files.tsv" | while read -r c; do grep -q '^@' "$TMP/cocci/$c" && echo "$c"; done | wc -l)

# ---- progress ------------------------------------------------------------------------

fresh full
CROSSYM_PROGRESS=lines $ANNOTATE "$TMP/full.out" "$TMP/full" >"$TMP/out" 2>"$TMP/err"
ok $? "annotate succeeds"
grep '^\[' "$TMP/err" >"$TMP/progress"
bad=0
grep -v -E "^\[[0-9]+/$nfiles\] files, [0-9]+ re-declared, (ETA [0-9]+ s|ETA \?|[0-9]+ s)\$" "$TMP/progress" |
	sed 's/^/# bad progress line: /' | grep . && bad=1
tail -n 1 "$TMP/progress" | grep -qE "^\[$nfiles/$nfiles\] files, 2 re-declared, [0-9]+ s\$" ||
	{ echo "# last progress line: $(tail -n 1 "$TMP/progress")"; bad=1; }
sed 's/^\[\([0-9]*\)\/.*/\1/' "$TMP/progress" | sort -n -c 2>/dev/null || { echo "# not increasing"; bad=1; }
[ "$(wc -l <"$TMP/progress")" -le 11 ] || { echo "# more than one line per 10%"; bad=1; }
ok $bad "not a terminal: [done/total] files, N re-declared, ETA lines, increasing, the last one the total"
expect_grep "18 in place, 0 already tagged, 2 re-declared" "$TMP/err" "the summary gives the exact forms"

fresh tty
CROSSYM_PROGRESS=tty $ANNOTATE "$TMP/tty.out" "$TMP/tty" >/dev/null 2>"$TMP/err"
tr '\r' '\n' <"$TMP/err" | sed 's/\x1b\[K$//' | grep "^\[$nfiles/$nfiles\] files, 2 re-declared, [0-9]* s\$" >/dev/null &&
	[ "$(grep -c '^\[' "$TMP/err")" -eq 0 ] && grep -q "$(printf '\r')" "$TMP/err"
ok $? "terminal: one line rewritten with carriage returns, ending with the total"

fresh quiet
CROSSYM_PROGRESS=none $ANNOTATE "$TMP/quiet.out" "$TMP/quiet" >/dev/null 2>"$TMP/err"
! grep -q 'files, ' "$TMP/err"
ok $? "CROSSYM_PROGRESS=none: no progress"

# ---- V=1, J= -------------------------------------------------------------------------

fresh verbose
expect_status 0 $ANNOTATE "$TMP/verbose.out" "$TMP/verbose" V=1 J=1
n=$(grep -c -- "--sp-file .* --in-place " "$TMP/err")
[ "$n" -eq "$nrules" ] && [ "$nrules" -gt 0 ]
ok $? "V=1: one spatch command line per file with a rule ($n of $nrules)"
expect_grep "with -j 1;" "$TMP/err" "J=1 sets the number of spatch processes"
cmp -s "$TMP/full.out/annotate.patch" "$TMP/verbose.out/annotate.patch"
ok $? "V=1 J=1: the same patch"

# ---- M=DIR -----------------------------------------------------------------------------

fresh sub
echo "/* changed after the scan */" >>"$TMP/sub/lib/string.c"
expect_status 1 $ANNOTATE "$TMP/sub.out" "$TMP/sub"
expect_status 0 $ANNOTATE "$TMP/sub.out" "$TMP/sub" M=kernel/
expect_grep "files under kernel/ in" "$TMP/err" "M=kernel: the summary says so"
awk '/^--- a\// { keep = index($0, "--- a/kernel/") == 1 } keep' "$TMP/full.out/annotate.patch" >"$TMP/want.patch"
expect_eq "$TMP/want.patch" "$TMP/sub.out/annotate.patch" "M=kernel: exactly the kernel/ part of the full patch"
awk -F '\t' 'index($1, "kernel/") == 1' "$TMP/full.out/forms.tsv" >"$TMP/want.forms"
expect_eq "$TMP/want.forms" "$TMP/sub.out/forms.tsv" "M=kernel: forms.tsv for kernel/ only"
expect_status 2 $ANNOTATE "$TMP/sub.out" "$TMP/sub" M=nosuchdir
expect_grep "M=nosuchdir: not a directory" "$TMP/err" "M= naming no directory: usage error"
expect_status 2 $ANNOTATE "$TMP/sub.out" "$TMP/sub" M=../x
# ---- SPFLAGS= and the logs ----------------------------------------------------------------

fresh flags
expect_status 1 $ANNOTATE "$TMP/flags.out" "$TMP/flags" SPFLAGS="--no-such-flag --quiet"
expect_grep "spatch failed on every file ($nrules)" "$TMP/err" "flags spatch refuses: an error"
expect_grep "nothing written; spatch's logs are in $TMP/flags.out/spatch-logs/" "$TMP/err" \
	"the error names the logs"
expect_grep "unknown option '--no-such-flag'" "$TMP/flags.out/spatch-logs/lib/list.c.log" \
	"SPFLAGS reach spatch; its log is kept in OUTDIR/spatch-logs/"
n=$(find "$TMP/flags.out/spatch-logs" -name '*.log' | wc -l)
[ "$n" -eq "$nrules" ]
ok $? "one log per failed file ($n of $nrules)"
[ ! -e "$TMP/flags.out/annotate.patch" ]
ok $? "spatch failing everywhere: no patch"

# A spatch that fails on lib/list.c alone and counts the runs given --mark.
cat >"$TMP/spatch" <<'EOF'
#!/bin/sh
for a do
	shift
	[ "$a" = --mark ] && { echo x >>"$MARKS"; continue; }
	set -- "$@" "$a"
done
case " $* " in *" lib/list.c "*) echo "wrapper: refusing lib/list.c" >&2; exit 3 ;; esac
exec spatch "$@"
EOF
chmod +x "$TMP/spatch"
fresh one
MARKS=$TMP/marks SPATCH=$TMP/spatch $ANNOTATE "$TMP/one.out" "$TMP/one" SPFLAGS=--mark >"$TMP/out" 2>"$TMP/err"
ok $? "spatch failing on one file: annotate succeeds"
[ "$(wc -l <"$TMP/marks")" -eq "$nrules" ]
ok $? "SPFLAGS reach every spatch run ($(wc -l <"$TMP/marks") of $nrules)"
expect_grep "lib/list.c: spatch failed .*(log: $TMP/one.out/spatch-logs/lib/list.c.log)" "$TMP/err" \
	"the warning names the failed file's log"
expect_grep "refusing lib/list.c" "$TMP/one.out/spatch-logs/lib/list.c.log" "the log is spatch's output"
[ "$(find "$TMP/one.out/spatch-logs" -name '*.log' | wc -l)" -eq 1 ]
ok $? "only the failed file's log is kept"
expect_status 0 $ANNOTATE "$TMP/one.out" "$TMP/one"
[ ! -e "$TMP/one.out/spatch-logs" ]
ok $? "a run without failures removes the old logs"
expect_status 0 $ANNOTATE --help
for k in V=1 J=N M=DIR SPFLAGS=; do
	grep -q "^  $k" "$TMP/out" || { echo "# --help: no $k"; false; }
done
ok $? "--help lists the knobs"

done_testing
