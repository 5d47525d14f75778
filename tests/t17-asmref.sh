#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t17-asmref: a symbol named only inside an asm string (k/entry.c: an inline
# "call k_helper", k_helper defined in k/helper.c of the same unit). Without
# --run-build-commands crossym runs nothing and says which objects have asm
# statements; with it, the reference is found (symbol, object, file:line),
# comes from the unit k#asm and gets the tag (also k_real, named by a
# top-level `.set k_alias, k_real`); the whole-program build with
# crossym's tags links, the one without that tag does not.
. "$(dirname "$0")/lib.sh"
[ "$(uname -m)" = x86_64 ] || skip_all "the tree's inline asm is x86-64"
tree=$TOP/tests/trees/asmref
out=$TMP/normal

sh "$tree/build.sh" "$out" >"$TMP/build.log" 2>&1
ok $? "the asmref tree builds"
"$out/prog" >"$TMP/want.out"
expect_grep "k_entry: 42, k_count: 0, k_alias: 7" "$TMP/want.out" "the program runs"

"$CROSSYM" report --format=tsv "$out" >"$TMP/plain.tsv" 2>"$TMP/err"
ok $? "report without --run-build-commands exits 0"
! grep -q '^k_helper	' "$TMP/plain.tsv"
ok $? "... and cannot see the asm-only reference"
expect_grep "warning: 2 C objects have asm statements in their source (k/entry.o and others)" \
	"$TMP/err" "... which it says, naming the object"
# --db keeps which sources have asm statements, and looks again when one changes
cp -R "$(cd "$out/source" && pwd -P)" "$TMP/src"
"$CROSSYM" report --format=tsv --srctree "$TMP/src" --db "$TMP/scan.db" "$out" >/dev/null 2>&1
"$CROSSYM" report --format=tsv --srctree "$TMP/src" --db "$TMP/scan.db" "$out" >/dev/null 2>"$TMP/err"
expect_grep "warning: 2 C objects have asm statements in their source (k/entry.o and others)" \
	"$TMP/err" "... and so does a scan from the db"
grep -v 'asm' "$TMP/src/k/helper.c" >"$TMP/helper.c" && cat "$TMP/helper.c" >"$TMP/src/k/helper.c"
"$CROSSYM" report --format=tsv --srctree "$TMP/src" --db "$TMP/scan.db" "$out" >/dev/null 2>"$TMP/err"
expect_grep "warning: 1 C objects have asm statements in their source (k/entry.o)" \
	"$TMP/err" "... and after an edit takes the asm out of one source, the db scan sees it"

"$CROSSYM" report --format=tsv --run-build-commands --list-dir "$TMP/l1" "$out" >"$TMP/got.tsv" 2>"$TMP/err"
ok $? "report --run-build-commands exits 0"
tsv6 "$TMP/got.tsv"
cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from
k_alias	k	k/helper.o	k/helper.c	tag	main
k_count	k	k/helper.o	k/helper.c	tag	main
k_entry	k	k/entry.o	k/entry.c	tag	main
k_helper	k	k/helper.o	k/helper.c	tag	k#asm
k_real	k	k/helper.o	k/helper.c	tag	k#asm
TSV
expect_eq "$TMP/want.tsv" "$TMP/got.tsv" "exact TSV: k_helper referenced from k#asm"
printf '%s\t%s\t%s\t%s\n' build object symbol where \
	"$out" k/entry.o k_helper k/entry.c:7 "$out" k/helper.o k_real k/helper.c:20 >"$TMP/want.refs"
expect_eq "$TMP/want.refs" "$TMP/l1/asm-refs.tsv" \
	"--list-dir: asm-refs.tsv names each asm reference (object, symbol, file:line); top-level .set k_alias, k_real: k_real; k_alias, made by the asm itself, and the C-level references are none"
expect_grep "^crossym: --run-build-commands: 3 C objects compiled again, 2 asm-string references (list in $TMP/l1/asm-refs.tsv)$" \
	"$TMP/err" "three objects compiled again, two references, one line with the count and the list"
! grep -q 'asm reference' "$TMP/err"
ok $? "... and no line per reference on stderr"
tail -n +2 "$TMP/l1/lto-failed.tsv" >"$TMP/lto.rows"
[ "$(wc -l <"$TMP/err")" -le 2 ] && [ ! -s "$TMP/lto.rows" ] &&
	[ "$(cat "$TMP/l1/lto-failed.tsv")" = "$(printf 'build\tobject\tread_from\tcompiler_error')" ]
ok $? "... stderr short; lto-failed.tsv: its header, no object (every -flto compile worked)"
"$CROSSYM" report --format=tsv --run-build-commands "$out" >/dev/null 2>"$TMP/err"
expect_grep "2 asm-string references (--list-dir DIR writes the list)$" "$TMP/err" \
	"report without --list-dir: the count, and how to get the list"
[ "$(find "$out" -newer "$out/.prog.cmd" | wc -l)" -eq 0 ]
ok $? "the build directory is left untouched"


# --db keeps each object's asm-string answer: a second run compiles nothing and
# gives the same answer; an object remade since is compiled again
cp -R "$out" "$TMP/b2"
"$CROSSYM" report --format=tsv --run-build-commands --db "$TMP/asm.db" "$TMP/b2" >"$TMP/db1.tsv" 2>"$TMP/db1.err"
ok $? "report --run-build-commands --db exits 0"
expect_grep "3 C objects compiled again, 2 asm-string references" "$TMP/db1.err" \
	"... the first run compiles the three objects"
grep -q '^R	.*k/entry.o$' "$TMP/asm.db" && grep -q '^A	k_helper	k/entry.c:7$' "$TMP/asm.db"
ok $? "... and the db records the check of k/entry.o and its reference"
"$CROSSYM" report --format=tsv --run-build-commands --db "$TMP/asm.db" --list-dir "$TMP/l2" "$TMP/b2" >"$TMP/db2.tsv" 2>"$TMP/db2.err"
ok $? "a second run with the db exits 0"
expect_grep "0 C objects compiled again, 2 asm-string references" "$TMP/db2.err" \
	"... compiles nothing"
expect_grep "3 C objects' asm strings taken from the database" "$TMP/db2.err" \
	"... and says it took the three answers from the db"
expect_grep "^$TMP/b2	k/entry.o	k_helper	k/entry.c:7$" "$TMP/l2/asm-refs.tsv" \
	"... listing the reference as the compiling run did"
tsv6 "$TMP/db2.tsv"
expect_eq "$TMP/got.tsv" "$TMP/db2.tsv" "... with the same TSV"
sleep 1
cp "$TMP/b2/k/entry.o" "$TMP/entry.o" && rm "$TMP/b2/k/entry.o" && mv "$TMP/entry.o" "$TMP/b2/k/entry.o" &&
	touch "$TMP/b2/k/entry.o"
"$CROSSYM" report --format=tsv --run-build-commands --db "$TMP/asm.db" "$TMP/b2" >"$TMP/db3.tsv" 2>"$TMP/db3.err"
expect_grep "1 C objects compiled again, 2 asm-string references" "$TMP/db3.err" \
	"an object remade since the last run is compiled again, the others are not"
tsv6 "$TMP/db3.tsv"
expect_eq "$TMP/got.tsv" "$TMP/db3.tsv" "... with the same TSV"
sh "$tree/build.sh" "$TMP/wp" "$TMP/got.tsv" >"$TMP/wp.log" 2>&1
ok $? "whole-program build with crossym's tags links"
"$TMP/wp/prog" >"$TMP/wp.out"
expect_eq "$TMP/want.out" "$TMP/wp.out" "... and runs the same"
sh "$tree/build.sh" "$TMP/wp0" "$TMP/plain.tsv" >"$TMP/wp0.log" 2>&1
[ $? -ne 0 ] && grep -q "undefined reference to .k_helper" "$TMP/wp0.log"
ok $? "without the asm reference's tag the whole-program link fails (k_helper)"
grep -v '^k_real	' "$TMP/got.tsv" >"$TMP/noreal.tsv"
sh "$tree/build.sh" "$TMP/wp1" "$TMP/noreal.tsv" >"$TMP/wp1.log" 2>&1
[ $? -ne 0 ] && grep -q "undefined reference to .k_alias" "$TMP/wp1.log"
ok $? "without k_real's tag the .set alias is lost: the link misses k_alias"
# A clang build (its -flto writes LLVM bitcode, no GCC LTO symbol table): the
# C-level definitions come from clang -S -emit-llvm; the same rows as GCC's.
if command -v clang >/dev/null 2>&1; then
	CC=clang sh "$tree/build.sh" "$TMP/clang" >"$TMP/clang.log" 2>&1
	ok $? "the asmref tree builds with clang"
	"$CROSSYM" report --format=tsv --run-build-commands "$out" 2>/dev/null | cut -f1-6 >"$TMP/gcc6.tsv"
	expect_status 0 "$CROSSYM" report --format=tsv --run-build-commands "$TMP/clang"
	cut -f1-6 "$TMP/out" >"$TMP/clang6.tsv"
	expect_eq "$TMP/gcc6.tsv" "$TMP/clang6.tsv" "clang build, --run-build-commands: the rows of the GCC build"
	! grep -q "failed" "$TMP/err"
	ok $? "... and no compile step failed"
	# the whole-program recipe is GCC's: refused before any compile, said once
	expect_status 2 env CROSSYM_LIBEXECDIR="$TOP/scripts" "$CROSSYM" wholeprogram "$TMP/clang"
	[ "$(grep -c 'compiled by clang, and the whole-program recipe .* is GCC 12.s: build the tree with GCC' "$TMP/err")" -eq 1 ] &&
		[ ! -d "$TMP/clang/.wp" ] || [ ! -f "$TMP/clang/.wp/compile.log" ]
	ok $? "crossym wholeprogram on the clang build: refused once, with what to do, nothing compiled"
else
	ok 0 "# SKIP clang not installed"
fi
done_testing
