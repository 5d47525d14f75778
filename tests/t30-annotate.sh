#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t30-annotate: scripts/annotate.sh on the shapes tree (tests/trees/shapes):
# the exact patch per file and forms.tsv, the whole-program compile proof of
# the applied tree, idempotence, --tag __visible, the changed-since-the-scan
# error, a spatch that fails on one file, a stale tag that cannot be found,
# and the usage errors. Each spatch run is timed (seconds per file in the TAP
# diagnostics).
. "$(dirname "$0")/lib.sh"
TEST_COCCI=${UNIT_DIR:-$TOP/build}/test-cocci
SHAPES=$TOP/tests/trees/shapes
ANNOTATE="sh $TOP/scripts/annotate.sh"
command -v dash >/dev/null 2>&1 && ANNOTATE="dash $TOP/scripts/annotate.sh"
command -v spatch >/dev/null 2>&1 || skip_all "spatch (coccinelle) not installed"
[ -x "$TEST_COCCI" ] || skip_all "$TEST_COCCI not built (make unit)"
GLOBAL="-D__global=__attribute__((externally_visible))"
GLOBAL_USED="-D__global=__attribute__((externally_visible,used))"
ANNOTATE_ENV=

# fresh_tree DIR: a copy of the shapes sources.
fresh_tree() {
	rm -rf "$1"
	cp -R "$SHAPES/src" "$1"
}

# write_outdir OUTDIR TREE TAG TARGETS: the OUTDIR crossym cocci would write
# (its completion marker last).
write_outdir() {
	rm -rf "$1"
	"$TEST_COCCI" --write "$1" "$2" "$3" "$4" && : >"$1/.complete"
}

# annotate NAME ARGS...: run annotate.sh, timing it; status in $rc.
annotate() {
	name=$1; shift
	t0=$(date +%s.%N)
	$ANNOTATE_ENV $ANNOTATE "$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	t1=$(date +%s.%N)
	nfiles=$(wc -l <"$1/files.tsv")
	echo "# $name: annotate.sh on $nfiles files took" \
		"$(echo "$t0 $t1 $nfiles" | awk '{ printf "%.2f s, %.2f s per file", $2 - $1, ($2 - $1) / ($3 ? $3 : 1) }')"
}

# split_patch PATCH DIR: one DIR/<source>.patch per file of a diff -u patch.
split_patch() {
	rm -rf "$2"
	mkdir -p "$2"
	awk -v dir="$2" '
		/^--- a\// { if (out) close(out); f = substr($0, 7); out = dir "/" f ".patch";
			     d = out; sub(/\/[^\/]*$/, "", d); system("mkdir -p \"" d "\"") }
		{ print > out }' "$1"
}

# compare_patches EXPECTED_DIR GOT_DIR LABEL: the same files, each identical.
compare_patches() {
	(cd "$1" && find . -name '*.patch' | sed 's|^\./||' | sort) >"$TMP/want.list"
	(cd "$2" && find . -name '*.patch' | sed 's|^\./||' | sort) >"$TMP/got.list"
	expect_eq "$TMP/want.list" "$TMP/got.list" "$3: the expected files are patched"
	while read -r f; do
		[ -f "$2/$f" ] || continue
		expect_eq "$1/$f" "$2/$f" "$3: exact patch for ${f%.patch}"
	done <"$TMP/want.list"
}

# whole_program TREE SOURCE CFLAGS: the globally defined symbols left after a
# whole-program link of the file alone (GCC keeps only externally_visible ones).
whole_program() {
	o=$TMP/wp.$$
	gcc -O2 -w $3 -flto -c "$1/$2" -o "$o.lto.o" &&
		gcc -O2 -w $3 -flto -fno-use-linker-plugin -fwhole-program -r -nostdlib \
			"$o.lto.o" -o "$o.o" &&
		nm "$o.o" | awk 'NF == 3 && $2 ~ /^[A-Z]$/ { print $3 }' | sort
}

# proof TREE OUTDIR CFLAGS: every file compiles with no more warnings
# (-Wall -Wextra) than the untagged one, and after a whole-program link every
# wanted symbol is still global and every stale one is not. Diagnostics as
# TAP comments; status 0 when all holds.
proof() {
	status=0
	for f in $(cd "$1" && find . -name '*.c' | sed 's|^\./||' | sort); do
		if ! gcc -c -Wall -Wextra $3 "$1/$f" -o "$TMP/c.o" 2>"$TMP/cc.err"; then
			echo "# $f does not compile:"; sed 's/^/#   /' "$TMP/cc.err"
			status=1
			continue
		fi
		gcc -c -Wall -Wextra $3 "$SHAPES/src/$f" -o "$TMP/c0.o" 2>"$TMP/cc0.err"
		if [ "$(grep -c ': warning:' "$TMP/cc.err")" -gt "$(grep -c ': warning:' "$TMP/cc0.err")" ]; then
			echo "# $f: the tags add warnings:"; grep ': warning:' "$TMP/cc.err" | sed 's/^/#   /'
			status=1
		fi
		whole_program "$1" "$f" "$3" >"$TMP/kept" || { status=1; continue; }
		for s in $(awk -F '\t' -v f="$f" '$1 == f { print $2 }' "$2/wanted.tsv"); do
			grep -qx "$s" "$TMP/kept" || { echo "# $f: $s not kept global"; status=1; }
		done
		for s in $(awk -F '\t' -v f="$f" '$1 == f { print $2 }' "$2/stale.tsv"); do
			! grep -qx "$s" "$TMP/kept" || { echo "# $f: stale $s still global"; status=1; }
		done
	done
	return $status
}

# ---- the shapes with the default tag ------------------------------------------------

tree=$TMP/tree
out=$TMP/out1
fresh_tree "$tree"
write_outdir "$out" "$tree" __global "$SHAPES/targets.tsv"
ok $? "test-cocci writes the OUTDIR"
annotate shapes "$out" "$tree"
ok $rc "annotate.sh exits 0 (got $rc)"
[ $rc -eq 0 ] || sed 's/^/# /' "$TMP/err"
split_patch "$out/annotate.patch" "$TMP/got-global"
compare_patches "$SHAPES/expected/global" "$TMP/got-global" "global"
expect_eq "$SHAPES/expected/global/forms.tsv" "$out/forms.tsv" "global: forms.tsv"
echo "crossym: annotate: 43 in place, 4 already tagged, 8 re-declared, 6 removed, 11 files" >"$TMP/want"
grep '^crossym: annotate: [0-9]* in place' "$TMP/err" >"$TMP/got"
expect_eq "$TMP/want" "$TMP/got" "global: summary line (on stderr)"
[ ! -s "$TMP/out" ]
ok $? "global: nothing on stdout"
expect_grep "^kernel/sys.c:[0-9][0-9]*: re-declared sys_getlevel (name not in source)$" "$TMP/err" \
	"global: re-declared ones listed as FILE:LINE with their reason"
annotate shapes-quiet "$out" "$tree" -q
ok $rc "annotate.sh -q exits 0 (got $rc)"
! grep -q "in place,\|re-declared \|spatch: [0-9]* files" "$TMP/err" && [ ! -s "$TMP/out" ]
ok $? "annotate.sh -q: no summary, no re-declared list, no timing"
expect_grep "drivers/quote.c: spatch result discarded" "$TMP/err" \
	"global: a file spatch garbled is reported"
cmp -s "$SHAPES/src/mm/pgtable.c" "$tree/mm/pgtable.c"
ok $? "global: without --apply the tree is untouched"

(cd "$tree" && git init -q . && git apply --check "$out/annotate.patch") >/dev/null 2>&1
ok $? "global: git apply takes the patch"
(cd "$tree" && patch -p1 --dry-run -s <"$out/annotate.patch") >/dev/null 2>&1
ok $? "global: patch -p1 takes the patch"
rm -rf "$tree/.git"

proof "$SHAPES/src" "$out" "$GLOBAL" >/dev/null
ok $([ $? -ne 0 ]; echo $?) "the untagged tree fails the whole-program proof (it can fail)"

# ---- --apply, the compile proof, idempotence --------------------------------------

annotate apply "$out" "$tree" --apply -j 1
ok $rc "--apply -j 1 exits 0 (got $rc)"
(cd "$TMP" && cp -R "$SHAPES/src" orig && cd orig && patch -p1 -s <"$out/annotate.patch")
diff -r "$TMP/orig" "$tree" >/dev/null
ok $? "--apply leaves the tree the patch describes"
rm -rf "$TMP/orig"
proof "$tree" "$out" "$GLOBAL"
ok $? "applied tree: every file compiles; whole-program keeps the wanted, drops the stale"
proof "$tree" "$out" "$GLOBAL_USED"
ok $? "... and so with \`used' in the tag (the re-declared variables: no \`used' ignored warning)"

grep -v '^remove' "$SHAPES/targets.tsv" >"$TMP/again.tsv"
write_outdir "$TMP/out2" "$tree" __global "$TMP/again.tsv"
annotate again "$TMP/out2" "$tree"
ok $rc "second run exits 0 (got $rc)"
[ ! -s "$TMP/out2/annotate.patch" ]
ok $? "second run: empty patch"
awk -F '\t' '$3 != "already"' "$TMP/out2/forms.tsv" >"$TMP/not-already"
[ ! -s "$TMP/not-already" ] && [ -s "$TMP/out2/forms.tsv" ]
ok $? "second run: every definition already tagged"

# ---- changed since the scan ----------------------------------------------------------

fresh_tree "$tree"
write_outdir "$out" "$tree" __global "$SHAPES/targets.tsv"
echo "/* edited */" >>"$tree/kernel/vars.c"
ls "$out" >"$TMP/before"
expect_status 1 $ANNOTATE "$out" "$tree" --apply
echo "crossym: annotate: kernel/vars.c: changed since the scan" >"$TMP/want"
expect_eq "$TMP/want" "$TMP/err" "changed file: the message"
ls "$out" >"$TMP/after"
expect_eq "$TMP/before" "$TMP/after" "changed file: nothing written to OUTDIR"
cmp -s "$SHAPES/src/mm/pgtable.c" "$tree/mm/pgtable.c"
ok $? "changed file: nothing applied"

# ---- --tag __visible ---------------------------------------------------------------------

fresh_tree "$tree"
write_outdir "$out" "$tree" __visible "$SHAPES/targets-visible.tsv"
# (stdout a full device: annotate writes nothing there, so no I/O error)
$ANNOTATE "$out" "$tree" --apply >/dev/full 2>"$TMP/err"
rc=$?
ok $rc "--tag __visible --apply >/dev/full: exits 0 (got $rc)"
split_patch "$out/annotate.patch" "$TMP/got-visible"
compare_patches "$SHAPES/expected/visible" "$TMP/got-visible" "visible"
expect_eq "$SHAPES/expected/visible/forms.tsv" "$out/forms.tsv" "visible: forms.tsv"
proof "$tree" "$out" ""
ok $? "visible: applied tree compiles; whole-program keeps the wanted"

# ---- spatch failing on one file ------------------------------------------------------------

cat >"$TMP/fake-spatch" <<'EOF'
#!/bin/sh
# spatch, except that it fails on drivers/good.c
for a in "$@"; do
	[ "$a" = drivers/good.c ] && { echo "Fatal error: simulated" >&2; exit 255; }
done
exec spatch "$@"
EOF
chmod +x "$TMP/fake-spatch"
fresh_tree "$tree"
write_outdir "$out" "$tree" __global "$SHAPES/targets.tsv"
ANNOTATE_ENV="env SPATCH=$TMP/fake-spatch"
annotate failing "$out" "$tree"
ANNOTATE_ENV=
ok $rc "spatch failing on one file: still exits 0 (got $rc)"
grep '^drivers/good.c' "$out/forms.tsv" >"$TMP/got"
printf 'drivers/good.c\tgood_count\tredeclared\tparse error\ndrivers/good.c\tgood_probe\tredeclared\tparse error\n' >"$TMP/want"
expect_eq "$TMP/want" "$TMP/got" "spatch failing on one file: its definitions are re-declared"
expect_grep "drivers/good.c: spatch failed (Fatal error: simulated)" "$TMP/err" \
	"spatch failing on one file: warned"
split_patch "$out/annotate.patch" "$TMP/got-failing"
expect_eq "$SHAPES/expected/global/mm/pgtable.c.patch" "$TMP/got-failing/mm/pgtable.c.patch" \
	"spatch failing on one file: the other files are still tagged in place"

# ---- one definition that fails costs the tree nothing -----------------------------------------------

fresh_tree "$tree"
{
	awk -F '\t' '$3 != "good_probe"' "$SHAPES/targets.tsv"
	printf 'remove\tdrivers/good.c\tgood_probe\tfunc\t7\n'
} >"$TMP/bad.tsv"
write_outdir "$out" "$tree" __global "$TMP/bad.tsv"
annotate failing-check "$out" "$tree" --apply
ok $([ $rc -eq 1 ]; echo $?) "a stale tag that is not there: exit 1 (got $rc)"
expect_grep "^drivers/good.c:7: good_probe: stale tag left (stale tag not found)" \
	"$TMP/err" "a stale tag that is not there: named by file:line: symbol"
grep '^drivers/good.c' "$out/forms.tsv" >"$TMP/got"
printf 'drivers/good.c\tgood_count\tinplace\t-\ndrivers/good.c\tgood_probe\tfailed\tstale tag not found\n' >"$TMP/want"
expect_eq "$TMP/want" "$TMP/got" "a stale tag that is not there: failed in forms.tsv, the rest of its file tagged"
split_patch "$out/annotate.patch" "$TMP/got-failed"
compare_patches "$SHAPES/expected/global/lib" "$TMP/got-failed/lib" "a failed one"
(cd "$TMP" && rm -rf orig && cp -R "$SHAPES/src" orig && cd orig && patch -p1 -s <"$out/annotate.patch")
diff -r "$TMP/orig" "$tree" >/dev/null
ok $? "a failed one: the rest of the patch applied"
rm -rf "$TMP/orig"

# ---- spatch and crossym's scanner disagree on one definition --------------------------------------

cat >"$TMP/disagree-spatch" <<'EOF2'
#!/bin/sh
# spatch, except that in drivers/good.c good_count's tag lands on its use
spatch "$@" || exit
for a in "$@"; do
	[ "$a" = drivers/good.c ] &&
		sed -i 's/^int __global good_count;$/int good_count;/; s/return good_count;/return __global good_count;/' "$a"
done
exit 0
EOF2
chmod +x "$TMP/disagree-spatch"
fresh_tree "$tree"
write_outdir "$out" "$tree" __global "$SHAPES/targets.tsv"
ANNOTATE_ENV="env SPATCH=$TMP/disagree-spatch"
annotate disagree "$out" "$tree" --apply
ANNOTATE_ENV=
ok $rc "spatch and the scanner disagree on one definition: exit 0 (got $rc)"
[ $rc -eq 0 ] || sed 's/^/# /' "$TMP/err"
grep '^drivers/good.c' "$out/forms.tsv" >"$TMP/got"
printf 'drivers/good.c\tgood_count\tredeclared\tits tag is not on a definition crossym sees\ndrivers/good.c\tgood_probe\tinplace\t-\n' >"$TMP/want"
expect_eq "$TMP/want" "$TMP/got" "disagreement: that one re-declared, with the reason; the other in place"
split_patch "$out/annotate.patch" "$TMP/got-disagree"
for f in mm/pgtable.c lib/knr.c kernel/vars.c; do
	expect_eq "$SHAPES/expected/global/$f.patch" "$TMP/got-disagree/$f.patch" "disagreement: $f still tagged"
done
! grep -q 'return __global' "$tree/drivers/good.c" && grep -qx '__typeof__(good_count) good_count __global;' "$tree/drivers/good.c"
ok $? "disagreement: spatch's misplaced tag taken back, a re-declaration instead"
proof "$tree" "$out" "$GLOBAL"
ok $? "disagreement: the applied tree compiles; whole-program keeps the wanted"

# ---- a broken spatch is an error, not a re-declaration of everything ---------------------------------

cat >"$TMP/broken-spatch" <<'EOF'
#!/bin/sh
# answers --version, fails on every file
[ "$1" = --version ] && exec spatch --version
# what spatch 1.1.1 prints for a semantic patch it cannot parse: the error
# line, then its place, then context lines (the last one blank-ish)
printf 'init_defs_builtins: /usr/lib/coccinelle/standard.h\nminus: parse error: \n  File "x.cocci", line 5, column 0, charpos = 29\n  around = \047\047,\n  whole content = \n' >&2
exit 1
EOF
chmod +x "$TMP/broken-spatch"
fresh_tree "$tree"
write_outdir "$out" "$tree" __global "$SHAPES/targets.tsv"
expect_status 1 env SPATCH="$TMP/broken-spatch" $ANNOTATE "$out" "$tree"
expect_grep "spatch failed on every file ([0-9]*), e.g. .*: minus: parse error: File \"x.cocci\", line 5, column 0$" \
	"$TMP/err" "spatch failing on every file: said so, quoting spatch's error line and place"
[ ! -e "$out/annotate.patch" ] && [ ! -e "$out/forms.tsv" ]
ok $? "spatch failing on every file: no patch, no forms.tsv"
expect_status 2 env SPATCH=false $ANNOTATE "$out" "$tree"
expect_grep "false --version fails: not a working spatch" "$TMP/err" "a spatch that does not run: said so"

# ---- a 200 KiB symbol name -----------------------------------------------------------------------------

fresh_tree "$tree"
long=$(awk 'BEGIN { s = "f"; while (length(s) < 204800) s = s s; print substr(s, 1, 204800) }')
printf 'int %s(void)\n{\n\treturn 1;\n}\n' "$long" >"$tree/lib/long.c"
printf 'add\tlib/long.c\t%s\tfunc\t1\n' "$long" >"$TMP/long.tsv"
write_outdir "$out" "$tree" __global "$TMP/long.tsv"
expect_status 0 $ANNOTATE "$out" "$tree"
! grep -q "Argument list too long" "$TMP/err"
ok $? "a 200 KiB name: no 'Argument list too long'"
awk -F '\t' -v n=${#long} 'length($2) == n && ($3 == "inplace" || $3 == "redeclared") { k++ } END { exit k != 1 }' \
	"$out/forms.tsv"
ok $? "a 200 KiB name: tagged (in place or re-declared)"

# ---- usage ------------------------------------------------------------------------------------------

expect_status 2 $ANNOTATE
expect_status 2 $ANNOTATE "$TMP/nowhere" "$tree"
expect_status 2 $ANNOTATE "$out" "$tree" -j 0
write_outdir "$out" "$tree" __global "$SHAPES/targets.tsv"
expect_status 2 env SPATCH=/nonexistent/spatch $ANNOTATE "$out" "$tree"
expect_grep "not found" "$TMP/err" "no spatch: said so"

done_testing
