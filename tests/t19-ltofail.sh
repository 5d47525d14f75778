#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t19-ltofail: --run-build-commands on a tree with an object GCC 12 compiles
# normally but refuses under -flto (p/hot.c: Linux 6.12's pcpu_hot and
# const_pcpu_hot in one section, "section type conflict"), which names
# definitions of its own inside asm strings, beside a normal object with an
# asm reference (p/cool.c). The object's C-level definitions are read from
# its assembly output instead: OUTDIR is complete, exit 0, stderr has one
# line with the count, lto-failed.tsv names the object, and its asm
# references are those of the same source compiled without the conflict
# (whose -flto compile works). With no assembly output either (a compiler
# that refuses -S), the preprocessed text answers: the one difference, a
# name the asm defines and C declares, counts (doc/CONTRACT.md).
. "$(dirname "$0")/lib.sh"
[ "$(uname -m)" = x86_64 ] || skip_all "the tree's inline asm is x86-64"
tree=$TOP/tests/trees/ltofail
out=$TMP/b

sh "$tree/build.sh" "$out" >"$TMP/build.log" 2>&1
ok $? "the ltofail tree builds (p/hot.o compiles normally)"
"$out/prog" >"$TMP/run.out"
expect_grep "hot_read: 9, hot_alias: 7, cool: 11" "$TMP/run.out" "the program runs"
gcc -O2 -flto -ffat-lto-objects -c -o "$TMP/hot.o" "$tree/p/hot.c" 2>"$TMP/lto.err"
[ $? -ne 0 ] && grep -q "section type conflict" "$TMP/lto.err"
ok $? "gcc refuses p/hot.c under -flto (section type conflict)"

# cocci: OUTDIR complete, exit 0, one summary line, the lists
expect_status 0 "$CROSSYM" cocci --run-build-commands --define-tag -o "$TMP/o" "$out"
[ -f "$TMP/o/.complete" ] && [ -f "$TMP/o/wanted.tsv" ]
ok $? "cocci --run-build-commands: OUTDIR complete"
[ "$(grep -c 'objects failed their -flto compile' "$TMP/err")" -eq 1 ]
ok $? "... one line for the objects whose -flto compile failed"
expect_grep "^crossym: 1 objects failed their -flto compile; read from their assembly output instead (list in $TMP/o/lto-failed.tsv)$" \
	"$TMP/err" "... with their count and the list"
expect_grep "^crossym: --run-build-commands: 4 C objects compiled again, 4 asm-string references (list in $TMP/o/asm-refs.tsv)$" \
	"$TMP/err" "... and one with the asm references' count and their list"
[ "$(wc -l <"$TMP/err")" -le 6 ] && ! grep -q "asm reference:\|error\|warning" "$TMP/err"
ok $? "... stderr short: no line per reference, no compiler message, no error"
sed 's/^/# /' "$TMP/err"
awk -F '\t' -v b="$out" 'NR > 1 && $1 == b && $2 == "p/hot.o" && $3 == "assembly" &&
	$4 ~ /section type conflict/ { n++ } END { exit !(n == 1 && NR == 2) }' "$TMP/o/lto-failed.tsv"
ok $? "lto-failed.tsv: p/hot.o alone, read from its assembly output, with the compiler's error"
cut -f2- "$TMP/o/asm-refs.tsv" | sort >"$TMP/got.refs"
cat >"$TMP/want.refs" <<'TSV'
object	symbol	where
p/cool.o	p_util	p/cool.c:8
p/hot.o	hot_helper	p/hot.c:28
p/hot.o	hot_label	p/hot.c:22
p/hot.o	hot_real	p/hot.c:39
TSV
expect_eq "$TMP/want.refs" "$TMP/got.refs" \
	"asm-refs.tsv: hot_helper, the asm label hot_label, hot_real (not hot_alias, which the asm makes), cool's p_util"
for s in hot_helper hot_real p_util; do
	grep -q "	$s	" "$TMP/o/wanted.tsv" || echo "# not wanted: $s"
done >"$TMP/missing"
[ ! -s "$TMP/missing" ]
ok $? "... hot_helper, hot_real and p_util get their tag (OUTDIR/wanted.tsv)"
# hot_label, a name no source spells, is the asm label of the C variable
# hot_var (U-Boot's errno, asm("__u_boot_errno")): tagged there, by its C
# name, not taken for a name top-level asm makes
expect_grep "^p/hot.c	hot_var	var	[0-9]*	-	declarator$" "$TMP/o/wanted.tsv" \
	"... hot_label, an asm label, tagged at its C declarator hot_var"

# the answer equals the -flto one: the same source without the conflict
HOT_CFLAGS=-DHOT_NO_CONFLICT sh "$tree/build.sh" "$TMP/twin" >"$TMP/twin.log" 2>&1
ok $? "the twin tree (no section conflict) builds"
expect_status 0 "$CROSSYM" report --format=tsv --run-build-commands --list-dir "$TMP/tl" "$TMP/twin"
cp "$TMP/out" "$TMP/twin.tsv"
cut -f2- "$TMP/tl/asm-refs.tsv" | sort >"$TMP/twin.refs"
expect_eq "$TMP/want.refs" "$TMP/twin.refs" "the twin's -flto compile gives the same asm references"
[ "$(wc -l <"$TMP/tl/lto-failed.tsv")" -eq 1 ] && ! grep -q "failed their -flto" "$TMP/err"
ok $? "... and no -flto failure"

# report: exit 0, the same rows as the twin, the count with a hint
expect_status 0 "$CROSSYM" report --format=tsv --run-build-commands "$out"
expect_eq "$TMP/twin.tsv" "$TMP/out" "report --run-build-commands: the rows of the twin"
expect_grep "^crossym: 1 objects failed their -flto compile; read from their assembly output instead (--list-dir DIR writes the list)$" \
	"$TMP/err" "... one line with the count and how to get the list"
[ "$(wc -l <"$TMP/err")" -le 3 ]
ok $? "... stderr short"
expect_status 0 "$CROSSYM" report --format=tsv --run-build-commands --list-dir "$TMP/rl" "$out"
cmp -s "$TMP/o/lto-failed.tsv" "$TMP/rl/lto-failed.tsv" &&
	cmp -s "$TMP/o/asm-refs.tsv" "$TMP/rl/asm-refs.tsv"
ok $? "report --list-dir DIR: the lists cocci writes into OUTDIR"
expect_status 1 "$CROSSYM" check --run-build-commands --list-dir "$TMP/cl" "$out"
cmp -s "$TMP/o/lto-failed.tsv" "$TMP/cl/lto-failed.tsv" &&
	cmp -s "$TMP/o/asm-refs.tsv" "$TMP/cl/asm-refs.tsv" &&
	[ "$(grep -c 'objects failed their -flto compile' "$TMP/err")" -eq 1 ]
ok $? "check --list-dir DIR (exit 1: the tags are missing): the same lists, the one line"

# no assembly output either: the preprocessed text, which counts hot_alias
CC=$tree/no-S-gcc sh "$tree/build.sh" "$TMP/nos" >"$TMP/nos.log" 2>&1
ok $? "the tree builds with a gcc that refuses -S"
expect_status 0 "$CROSSYM" report --format=tsv --run-build-commands --list-dir "$TMP/nl" "$TMP/nos"
expect_grep "1 objects failed their -flto compile; read from their assembly output instead, or their preprocessed text where there is none" \
	"$TMP/err" "no assembly output: said in the one line"
awk -F '\t' 'NR > 1 && $2 == "p/hot.o" && $3 == "preprocessed" { n++ } END { exit n != 1 }' \
	"$TMP/nl/lto-failed.tsv"
ok $? "lto-failed.tsv: read from its preprocessed text"
cut -f2- "$TMP/nl/asm-refs.tsv" | sort >"$TMP/nos.refs"
{ cat "$TMP/want.refs"; printf 'p/hot.o\thot_alias\tp/hot.c:39\n'; } | sort >"$TMP/want.nos"
expect_eq "$TMP/want.nos" "$TMP/nos.refs" \
	"... the same references (the asm label hot_label too), and hot_alias, which the asm makes and C declares"
done_testing
