#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t86-config: one set of options per tree (SRCTREE/.crossym, doc/CONTRACT.md
# "The tree's options") on a copy of the example tree, built with O=:
#  - cocci writes OUTDIR/crossym.conf, its options, and nothing into the tree;
#  - every command reads SRCTREE/.crossym, says so in one line, and an option
#    on the command line overrides it (report, units: a note; --no-config
#    ignores it);
#  - check with other options than the file's is an error naming the file and
#    the key (exit 2);
#  - a malformed file is an error naming FILE:LINE;
#  - check --keep-stale counts no stale tag;
#  - the quick start: tagged with --tag __visible --tag-exports --keep-stale
#    and annotate --apply, then `crossym check BUILD` alone: 0 missing (it
#    used to say 20 of 20 missing); annotate installs .crossym with the patch
#    (spatch needed for this part).
. "$(dirname "$0")/lib.sh"
ex=$TOP/tests/trees/example
t=$TMP/t b=$TMP/b conf=$TMP/t/.crossym

# the tree defines __visible, as a kernel tree does (cocci checks the tag is real)
visible() {
	printf '#define __visible __attribute__((externally_visible, used))\n' >>"$1/include/compiler.h"
}
cp -R "$ex" "$t"
visible "$t"
make -s -C "$ex" SRC="$t" O="$b" LAYOUT=ldr >"$TMP/build.log" 2>&1
ok $? "the example tree builds (O=, a source link)"

# ---- cocci records its options in OUTDIR, not in the tree --------------------------
expect_status 0 "$CROSSYM" cocci -o "$TMP/c" --tag __visible --keep-stale --tag-exports \
	--exclude kernel/sched/fair.o "$b"
cat >"$TMP/want.conf" <<'EOF'
tag = __visible
tag-exports = yes
keep-stale = yes
tag-macros = no
runs = no
run-build-commands = no
exclude = kernel/sched/fair.o
EOF
grep -v '^#' "$TMP/c/crossym.conf" >"$TMP/got.conf"
expect_eq "$TMP/want.conf" "$TMP/got.conf" "cocci: OUTDIR/crossym.conf holds the options of the run"
[ ! -e "$conf" ]
ok $? "cocci leaves the source tree alone (annotate --apply installs the file)"

# ---- precedence: the file, then the command line --------------------------------
"$CROSSYM" report --format=tsv --no-config "$b" >"$TMP/plain.tsv" 2>/dev/null
"$CROSSYM" report --format=tsv --no-config --tag-exports --exclude kernel/sched/fair.o "$b" \
	>"$TMP/opts.tsv" 2>/dev/null
cp "$TMP/c/crossym.conf" "$conf"
"$CROSSYM" report --format=tsv "$b" >"$TMP/file.tsv" 2>"$TMP/err"
expect_eq "$TMP/opts.tsv" "$TMP/file.tsv" "report reads .crossym: as if its options were given"
expect_grep "^crossym report: read $conf: --tag-exports --exclude kernel/sched/fair.o (--no-config: ignore it)$" \
	"$TMP/err" "report: one line says what the file added"
[ "$(grep -c "crossym report: read" "$TMP/err")" -eq 1 ]
ok $? "report: that line once"
"$CROSSYM" report -q --format=tsv "$b" >"$TMP/file-q.tsv" 2>"$TMP/err"
expect_eq "$TMP/opts.tsv" "$TMP/file-q.tsv" "report -q reads .crossym too"
! grep -q "read $conf" "$TMP/err"
ok $? "-q: the line is not printed"
"$CROSSYM" report --format=tsv --no-config "$b" >"$TMP/nocfg.tsv" 2>"$TMP/err"
expect_eq "$TMP/plain.tsv" "$TMP/nocfg.tsv" "--no-config: the file is not read"
! grep -q "\.crossym" "$TMP/err"
ok $? "--no-config: nothing said about the file"
! cmp -s "$TMP/plain.tsv" "$TMP/opts.tsv"
ok $? "(control: the options change the report)"

"$CROSSYM" units --no-config --runs --exclude kernel/sched/fair.o "$b" >"$TMP/u-opts.tsv" 2>/dev/null
sed 's/^runs = no/runs = yes/' "$TMP/c/crossym.conf" >"$conf"
"$CROSSYM" units "$b" >"$TMP/u-file.tsv" 2>"$TMP/err"
expect_eq "$TMP/u-opts.tsv" "$TMP/u-file.tsv" "units reads --runs and --exclude from .crossym"
expect_grep "^crossym units: read $conf: --runs --exclude kernel/sched/fair.o" "$TMP/err" \
	"units: says so (only the keys it takes)"

# the command line over the file: a different --tag for cocci; a note says so
cp "$TMP/c/crossym.conf" "$conf"
expect_status 0 "$CROSSYM" cocci -o "$TMP/c2" --tag __global "$b"
expect_grep "^crossym cocci: note: --tag __global overrides $conf (tagged with tag = __visible)$" \
	"$TMP/err" "cocci: a command-line option overrides the file, and a note says so"
expect_grep "^tag = __global$" "$TMP/c2/crossym.conf" "cocci: OUTDIR/crossym.conf has the command line's tag"
expect_grep "^keep-stale = yes$" "$TMP/c2/crossym.conf" "cocci: ... and the file's other options"
expect_grep "^exclude = kernel/sched/fair.o$" "$TMP/c2/crossym.conf" "cocci: ... its --exclude too"
expect_eq "$TMP/c/crossym.conf" "$conf" "cocci does not rewrite the tree's file"
expect_status 0 "$CROSSYM" cocci -o "$TMP/c3" --exclude kernel/cpu.o "$b"
expect_grep "^exclude = kernel/cpu.o$" "$TMP/c3/crossym.conf" "--exclude adds to the file's:"
expect_grep "^exclude = kernel/sched/fair.o$" "$TMP/c3/crossym.conf" "... which stay"

# ---- check with other options than the tree was tagged with -------------------------
expect_status 2 "$CROSSYM" check --tag __global "$b"
expect_grep "^crossym check: $conf: the tree was tagged with tag = __visible; --tag __global differs (edit or remove the file to change it, or give --no-config)$" \
	"$TMP/err" "check --tag other than the file's: an error naming the file and the key"
[ ! -s "$TMP/out" ]
ok $? "check: nothing on stdout then"
expect_status 2 "$CROSSYM" check --runs "$b"
expect_grep "tagged with runs = no; --runs differs" "$TMP/err" "check --runs, the file says no: an error"
expect_status 2 "$CROSSYM" check --exclude kernel/cpu.o "$b"
expect_grep "tagged without exclude = kernel/cpu.o; --exclude kernel/cpu.o differs" "$TMP/err" \
	"check --exclude the file does not have: an error"
"$CROSSYM" check --tag __visible --tag-exports --keep-stale --exclude kernel/sched/fair.o "$b" >/dev/null 2>"$TMP/err"
[ $? -le 1 ] && ! grep -q differs "$TMP/err"
ok $? "check with the file's own options: no error"
"$CROSSYM" check --no-config --tag __global --runs "$b" >/dev/null 2>"$TMP/err"
[ $? -le 1 ]
ok $? "check --no-config: any options"

# ---- a malformed file: FILE:LINE --------------------------------------------------
bad() {         # bad LINE DESCRIPTION WANT: .crossym with LINE as its 3rd line
	printf '# a comment\n\n%s\n' "$1" >"$conf"
	for cmd in check report units; do
		"$CROSSYM" $cmd "$b" >/dev/null 2>"$TMP/err"
		st=$?
		[ $st -eq 2 ] && grep -q "^crossym: $conf:3: $3" "$TMP/err"
		ok $? "$cmd: $2: exit 2 (got $st), naming $conf:3"
	done
}
bad "colour = blue" "an unknown key" "unknown key (tag, "
bad "tag-exports = maybe" "a yes/no key's bad value" "a yes/no key: the value is yes or no"
bad "tag = 9lives" "a tag that is no C identifier" "tag: not a C identifier"
bad "tag" "no =" "expected KEY = VALUE"
# (found by fuzz-conf: what the file keeps must read back the same)
bad "exclude = x/../@list" "an exclude that normalises to @FILE" "exclude: an object"
printf 'tag = __visible\ntag = __global\n' >"$conf"
expect_status 2 "$CROSSYM" check "$b"
expect_grep "^crossym: $conf:2: key given twice$" "$TMP/err" "a key given twice: FILE:LINE"
printf '  # indented comment\n\ttag   =   __visible  \nexclude = kernel/sched/fair.o\nexclude = kernel/cpu.o\n' >"$conf"
"$CROSSYM" check "$b" >/dev/null 2>"$TMP/err"
expect_grep "read $conf: --tag __visible --exclude kernel/sched/fair.o --exclude kernel/cpu.o" "$TMP/err" \
	"blanks around = and the value, comments, exclude repeated"
expect_status 2 "$CROSSYM" check --no-config --tag 9lives "$b"
expect_grep "^crossym: --tag 9lives: not a C identifier$" "$TMP/err" "a --tag that is no C identifier: refused"
# (issue 39, point 7) an empty exclude; a NUL byte, after which a line
# would be lost; a link to nothing; an editor's byte order mark
bad "exclude =" "an empty exclude" "exclude: an object"
printf 'tag = __visible\n\0exclude = kernel/cpu.o\n' >"$conf"
expect_status 2 "$CROSSYM" report "$b"
expect_grep "^crossym: $conf: holds a NUL byte: not a text file$" "$TMP/err" "a NUL byte: refused, named"
rm -f "$conf" && ln -s "$TMP/nowhere" "$conf"
expect_status 2 "$CROSSYM" report "$b"
expect_grep "^crossym: $conf: a symbolic link to nothing$" "$TMP/err" "a .crossym linked to nothing: refused, named"
rm -f "$conf" && printf '\357\273\277exclude = kernel/cpu.o\n' >"$conf"
"$CROSSYM" check "$b" >/dev/null 2>"$TMP/err"
expect_grep "read $conf: --exclude kernel/cpu.o" "$TMP/err" "a UTF-8 byte order mark: the first key still read"
rm -f "$conf"

# ---- cocci -o into a directory of the user's (issue 39, point 7) -------------------
mkdir -p "$TMP/mine/cocci" && echo '@r@ @@' >"$TMP/mine/cocci/mine.cocci"
expect_status 2 "$CROSSYM" cocci -o "$TMP/mine" "$b"
expect_grep "^crossym: $TMP/mine: exists and is no OUTDIR crossym wrote" "$TMP/err" \
	"cocci -o into a non-empty directory without OUTDIR/tag: refused"
[ -f "$TMP/mine/cocci/mine.cocci" ] && [ ! -e "$TMP/mine/tag" ]
ok $? "... its files untouched, nothing written"
mkdir "$TMP/empty" && expect_status 0 "$CROSSYM" cocci -o "$TMP/empty" "$b"
expect_status 0 "$CROSSYM" cocci -o "$TMP/empty" "$b"

# ---- check --keep-stale ------------------------------------------------------------
s=$TMP/s
cp -R "$ex" "$s"
sed -i 's/^unsigned long kstrlen(/unsigned long __global kstrlen(/; s/^int list_count(/int __global list_count(/' \
	"$s/lib/string.c" "$s/lib/list.c"
sed -i 's/kstrlen(linux_banner)/0/' "$s/drivers/char/mem.c"
make -s -C "$ex" SRC="$s" O="$TMP/sb" LAYOUT=ldr >"$TMP/build.log" 2>&1
ok $? "a tree with a stale tag builds"
expect_status 1 "$CROSSYM" check "$TMP/sb"
expect_grep "stale tag: kstrlen" "$TMP/out" "check: the stale tag"
"$CROSSYM" check --keep-stale "$TMP/sb" >"$TMP/out" 2>"$TMP/err"
! grep -q "stale tag" "$TMP/out"
ok $? "check --keep-stale: no stale tag printed"
expect_grep ", 0 stale, .* (1 stale tags kept: --keep-stale)$" "$TMP/err" "check --keep-stale: the count says it kept one"
printf 'keep-stale = yes\n' >"$s/.crossym"
"$CROSSYM" check "$TMP/sb" >"$TMP/out" 2>"$TMP/err"
! grep -q "stale tag" "$TMP/out"
ok $? "keep-stale = yes in .crossym: the same"
rm -f "$s/.crossym"

# ---- the quick start, then check BUILD alone ----------------------------------------
if command -v spatch >/dev/null 2>&1; then
	q=$TMP/q
	cp -R "$ex" "$q"
	visible "$q"
	make -s -C "$ex" SRC="$q" O="$TMP/qb" LAYOUT=ldr >"$TMP/build.log" 2>&1
	"$CROSSYM" cocci -o "$TMP/qc" --tag __visible --keep-stale --tag-exports "$TMP/qb" 2>/dev/null
	sh "$TOP/scripts/annotate.sh" "$TMP/qc" "$q" >/dev/null 2>&1
	[ ! -e "$q/.crossym" ]
	ok $? "annotate without --apply: the tree is not touched (no .crossym)"
	sh "$TOP/scripts/annotate.sh" "$TMP/qc" "$q" --apply >"$TMP/out" 2>"$TMP/err"
	ok $? "annotate --apply"
	expect_eq "$TMP/qc/crossym.conf" "$q/.crossym" "annotate --apply installs OUTDIR/crossym.conf as SRCTREE/.crossym"
	expect_grep "^crossym: annotate: note: wrote $q/.crossym " "$TMP/err" "annotate says it wrote it"
	! grep -q crossym "$TMP/qc/annotate.patch" 2>/dev/null || ! grep -q '^+++ b/.crossym' "$TMP/qc/annotate.patch"
	ok $? "the file is not part of annotate.patch"
	make -s -C "$ex" SRC="$q" O="$TMP/qb" LAYOUT=ldr >"$TMP/build.log" 2>&1
	expect_status 0 "$CROSSYM" check "$TMP/qb"
	expect_grep "^crossym check: 0 missing, 0 stale, 21 exact$" "$TMP/err" \
		"tagged as the quick start says, check BUILD alone: 0 missing (was 20 of 20)"
	expect_status 1 "$CROSSYM" check --no-config "$TMP/qb"
	expect_grep "^crossym check: 20 missing" "$TMP/err" "(control: without the file, 20 missing)"
	# the merge loop reads it too: cocci BUILD, annotate --apply: nothing to do
	"$CROSSYM" cocci -o "$TMP/qc2" "$TMP/qb" 2>/dev/null
	expect_eq "$q/.crossym" "$TMP/qc2/crossym.conf" "merge loop: cocci BUILD alone records the same options"
	sh "$TOP/scripts/annotate.sh" "$TMP/qc2" "$q" --apply >"$TMP/out" 2>&1
	expect_grep "nothing to apply" "$TMP/out" "merge loop: annotate --apply has nothing to do"
	# a rewrite, and its rollback when interrupted (the file the apply adds goes)
	"$CROSSYM" cocci -o "$TMP/qc3" --tag-macros "$TMP/qb" 2>/dev/null
	sh "$TOP/scripts/annotate.sh" "$TMP/qc3" "$q" --apply >"$TMP/out" 2>"$TMP/err"
	expect_grep "^crossym: annotate: note: rewrote $q/.crossym " "$TMP/err" "a changed option: annotate rewrites it"
	expect_grep "^tag-macros = yes$" "$q/.crossym" "... with the new option"
else
	ok 0 "# SKIP spatch (coccinelle) not installed: the annotate part"
fi

# ---- a tree's own file never turns on running its commands (issue 39) ----------
# A spy compiler in one .cmd file: it leaves a mark when anything runs it.
r=$TMP/r rb=$TMP/rb
cp -R "$ex" "$r"
make -s -C "$ex" SRC="$r" O="$rb" LAYOUT=ldr >"$TMP/build.log" 2>&1
mkdir -p "$TMP/spy"
printf '#!/bin/sh\ntouch "%s/spy/ran"\nexec gcc "$@"\n' "$TMP" >"$TMP/spy/cc" && chmod +x "$TMP/spy/cc"
sed -i "s|^cmd_kernel/core.o := gcc |cmd_kernel/core.o := $TMP/spy/cc |" "$rb/kernel/.core.o.cmd"
printf 'tag = __global\nrun-build-commands = yes\n' >"$r/.crossym"
for c in report check "cocci -o $TMP/rc --define-tag"; do
	# shellcheck disable=SC2086
	expect_status 2 "$CROSSYM" $c "$rb"
	expect_grep "^crossym ${c%% *}: $r/.crossym: the tree was tagged with run-build-commands = yes, which runs the build's compile commands; crossym runs them only when its command line says so: give --run-build-commands (or --no-config)$" \
		"$TMP/err" "${c%% *}: run-build-commands = yes in .crossym is refused, naming the file"
	[ ! -e "$TMP/spy/ran" ]
	ok $? "${c%% *}: nothing of the tree ran"
done
[ ! -e "$TMP/rc" ]
ok $? "cocci: no OUTDIR written"
"$CROSSYM" report --run-build-commands "$rb" >/dev/null 2>&1
[ -e "$TMP/spy/ran" ]
ok $? "with --run-build-commands on the command line the commands run (the spy works)"

# ---- an exclude naming no object: said where it was given ------------------------
printf 'keep-stale = yes\n# objects out of their units\nexclude = lib/nothere.o\n' >"$s/.crossym"
expect_status 1 "$CROSSYM" report "$TMP/sb"
expect_grep "^crossym: $s/.crossym:3: exclude lib/nothere.o: no such object in the build $TMP/sb$" "$TMP/err" \
	".crossym's exclude naming no object: its FILE:LINE, not --exclude"
printf 'init/main.o\n\n  zz/q.o  # gone\n' >"$TMP/excl.list"
expect_status 1 "$CROSSYM" report --no-config --exclude "@$TMP/excl.list" --exclude yy.o "$TMP/sb"
expect_grep "^crossym: $TMP/excl.list:3: exclude zz/q.o: no such object in the build $TMP/sb$" "$TMP/err" \
	"an @FILE list's line naming no object: FILE:LINE"
expect_grep "^crossym: $TMP/sb: --exclude yy.o: no such object in the build$" "$TMP/err" \
	"... and one on the command line: --exclude"
! grep -q "init/main.o" "$TMP/err"
ok $? "... an object the build has: nothing said"

done_testing
