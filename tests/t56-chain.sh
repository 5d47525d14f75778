#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t56-chain: objects made from objects by any chain (tests/trees/chain):
# x/X.o is an objcopy (--rename-section) of x/X-temp.o, an `ld -r` of three
# objects; n/ has one object per step that changes symbols: objcopy
# --prefix-symbols, --localize-symbol, --weaken-symbol, --redefine-sym, `ld
# -r --retain-symbols-file`, `ld -r -T`.
#  - report exits 0 and is exact: each definition of a derived object has the
#    source and line of the object that defines it; what the derived object's
#    symbol table says holds (weak, localized, dropped by
#    --retain-symbols-file: main/dup.c's loc_hide and ret_gone stay in main);
#    a renamed definition keeps its linked name and its source's line;
#  - cocci writes a complete OUTDIR, the renamed ones tagged under their
#    source's names; annotate applies it; the tagged tree, built, checks
#    clean (0 missing, 0 stale) and runs;
#  - one definition crossym cannot place (its input has no .cmd and no
#    source by its name): report exits 0 with one note and `-`; cocci names
#    it on stderr and in OUTDIR/unplaced.tsv, counts it, writes the rest
#    (complete) and exits 1; annotate applies the other tags, names it and
#    exits 1; objcopy --globalize-symbol makes a static of its source a
#    row, with that source, which cocci names unplaced (no tag there keeps
#    it); a step of a tool crossym does not know leaves that object's
#    definitions unknown, the rest as they were;
#  - crossym wholeprogram keeps every derived object out of units by itself
#    (refused, named in .wp/excluded.tsv), builds the rest, and the program
#    linked from the prelink.o it makes again runs the same: on the tree, on
#    the one with the unplaceable definition and with GLOB=1.
. "$(dirname "$0")/lib.sh"
tree=$TOP/tests/trees/chain
b=$TMP/b

sh "$tree/build.sh" "$b" >"$TMP/build.log" 2>&1
ok $? "the chain tree builds"
echo "x 6 n 40 6 7 8 30 300 main 50 60" >"$TMP/want.out"
"$b/chain" >"$TMP/normal.out" 2>&1
expect_eq "$TMP/want.out" "$TMP/normal.out" "chain prints its sums"
# the shape of the tree, from the files themselves
nm "$b/n/loc.init.o" | grep -q ' t loc_hide$' && nm "$b/n/weak.init.o" | grep -q ' W weak_fn$' &&
	nm "$b/n/pfx.init.o" | grep -q ' T init_pfx_fn$' && ! nm "$b/n/ret.o" | grep -q ret_gone &&
	nm "$b/n/r3.o" | grep -q ' T ret_gone$' && objdump -h "$b/x/X.o" | grep -q ' \.init\.text '
ok $? "the steps did what they say (localized, weak, prefixed, dropped, renamed section)"

cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from	kind	bind	line
a_one	x	x/X.o	x/a.c	tag	main	func	global	4
b_two	x	x/X.o	x/b.c	tag	main	func	global	9
c_var	x	x/X.o	x/cvar.c	tag	main	object	global	5
init_pfx_fn	n	n/pfx.init.o	n/pfx.c	tag	main	func	global	8
loc_keep	n	n/loc.init.o	n/loc.c	tag	main	func	global	10
new_name	n	n/rdf.init.o	n/rdf.c	tag	main	func	global	7
ret_one	n	n/ret.o	n/r1.c	tag	main	func	global	4
ret_two	n	n/ret.o	n/r2.c	tag	main	func	global	4
scr_one	n	n/scr.o	n/s1.c	tag	main	func	global	4
scr_two	n	n/scr.o	n/s2.c	tag	main	func	global	4
weak_fn	n	n/weak.init.o	n/weak.c	tag	main	func	weak	5
TSV
"$CROSSYM" report --format=tsv "$b" >"$TMP/got.tsv" 2>"$TMP/report.err"
ok $? "report exits 0"
expect_eq "$TMP/want.tsv" "$TMP/got.tsv" "report: each definition's source and line from the object defining it"
! grep -q 'note\|warning\|crossym:' "$TMP/report.err"
ok $? "report: nothing said on stderr"
cp -a "$b" "$TMP/nodebug"
for o in "$TMP"/nodebug/x/*.o "$TMP"/nodebug/n/*.o; do strip --strip-debug "$o"; done
"$CROSSYM" report --format=tsv "$TMP/nodebug" >"$TMP/nodebug.tsv" 2>/dev/null
expect_eq "$TMP/want.tsv" "$TMP/nodebug.tsv" "without DWARF: the same lines, from the sources (renamed ones by their source's names)"
"$CROSSYM" report --format=tsv --db "$TMP/scan.db" "$b" >/dev/null 2>&1
"$CROSSYM" report --format=tsv --db "$TMP/scan.db" "$b" >"$TMP/db.tsv" 2>/dev/null
expect_eq "$TMP/want.tsv" "$TMP/db.tsv" "--db: the second scan gives the same report"
printf '%s\n' main/dup.o main/main.o n/loc.init.o n/pfx.init.o n/rdf.init.o n/ret.o n/scr.o \
	n/weak.init.o x/X.o >"$TMP/want.objs"
"$CROSSYM" objects "$b" | sort >"$TMP/got.objs"
expect_eq "$TMP/want.objs" "$TMP/got.objs" "objects: the derived ones, ret.o and scr.o read themselves"

"$CROSSYM" cocci -o "$TMP/c" "$b" 2>"$TMP/cocci.err"
ok $? "cocci exits 0"
cat >"$TMP/want.w" <<'TSV'
n/loc.c	loc_keep	func	10	-	declarator
n/pfx.c	pfx_fn	func	8	-	declarator
n/r1.c	ret_one	func	4	-	declarator
n/r2.c	ret_two	func	4	-	declarator
n/rdf.c	old_name	func	7	-	declarator
n/s1.c	scr_one	func	4	-	declarator
n/s2.c	scr_two	func	4	-	declarator
n/weak.c	weak_fn	func	5	-	declarator
x/a.c	a_one	func	4	-	declarator
x/b.c	b_two	func	9	-	declarator
x/cvar.c	c_var	var	5	-	declarator
TSV
expect_eq "$TMP/want.w" "$TMP/c/wanted.tsv" "wanted.tsv: every tag in its source, renamed ones by the source's name"
[ -f "$TMP/c/.complete" ] && [ "$(cat "$TMP/c/unplaced.tsv")" = "$(printf 'symbol\tobject\treason')" ]
ok $? "cocci: OUTDIR complete, unplaced.tsv has its header only"

# a copy of the tree (with record.sh, to build it), tagged
mkdir "$TMP/trees" && cp "$TOP/tests/trees/record.sh" "$TMP/trees/" && cp -R "$tree" "$TMP/trees/chain"
if command -v spatch >/dev/null 2>&1; then
	CROSSYM_LIBEXECDIR=$TOP/scripts "$CROSSYM" annotate "$TMP/c" "$TMP/trees/chain" --apply \
		>"$TMP/annotate.log" 2>&1
	ok $? "annotate --apply exits 0"
	grep -q '^int __global pfx_fn(void)$' "$TMP/trees/chain/n/pfx.c" &&
		grep -q '^int __global old_name(void)$' "$TMP/trees/chain/n/rdf.c" &&
		grep -q '^int __global c_var = 3;$' "$TMP/trees/chain/x/cvar.c" &&
		[ "$(grep -rl __global "$TMP/trees/chain/x" "$TMP/trees/chain/n" | wc -l)" -eq 11 ]
	ok $? "annotate: 11 files tagged, the renamed ones under their source's names"
	sh "$TMP/trees/chain/build.sh" "$TMP/t" >"$TMP/t.log" 2>&1 && "$TMP/t/chain" >"$TMP/t.out" 2>&1
	expect_eq "$TMP/want.out" "$TMP/t.out" "the tagged tree builds and prints the same"
	"$CROSSYM" check "$TMP/t" >"$TMP/check.out" 2>"$TMP/check.err"
	ok $? "check on the tagged build exits 0"
	expect_grep '0 missing, 0 stale, 11 exact' "$TMP/check.err" "check: 0 missing, 0 stale, 11 exact"
else
	skip "annotate, the tagged build: no spatch"
fi

# one definition crossym cannot place: x/c.o's .cmd gone (it was compiled
# from x/cvar.c: no source is named like it)
cp -a "$b" "$TMP/u"
rm "$TMP/u/x/.c.o.cmd"
"$CROSSYM" report --format=tsv "$TMP/u" >"$TMP/u.tsv" 2>"$TMP/u.err"
ok $? "unplaceable: report exits 0"
sed 's|^c_var\tx\tx/X.o\tx/cvar.c\t\(.*\)\t5$|c_var\tx\tx/X.o\t-\t\1\t-|' "$TMP/want.tsv" >"$TMP/want.u.tsv"
expect_eq "$TMP/want.u.tsv" "$TMP/u.tsv" "unplaceable: its source and line are -, the rest the same"
[ "$(grep -c . "$TMP/u.err")" -eq 1 ] &&
	grep -q '^crossym: note: 1 definition with no source known (`-`); the first: c_var in x/X.o: x/c.o: no .cmd file says how it was made, and no source is named like it$' "$TMP/u.err"
ok $? "unplaceable: report says it in one note, with the reason"
expect_status 1 "$CROSSYM" cocci -o "$TMP/cu" "$TMP/u"
expect_grep '^crossym: x/X.o: c_var: source unknown, cannot tag it: x/c.o: no .cmd file says how it was made' \
	"$TMP/err" "cocci: the definition named on stderr, with the reason"
expect_grep '^crossym cocci: 10 tags to add, 0 to remove, 0 in place already, 1 cannot be placed' \
	"$TMP/err" "cocci: the summary counts it"
printf 'symbol\tobject\treason\nc_var\tx/X.o\tx/c.o: no .cmd file says how it was made, and no source is named like it\n' \
	>"$TMP/want.unplaced"
expect_eq "$TMP/want.unplaced" "$TMP/cu/unplaced.tsv" "cocci: OUTDIR/unplaced.tsv lists it"
[ -f "$TMP/cu/.complete" ] && [ "$(wc -l <"$TMP/cu/wanted.tsv")" -eq 10 ] && ! grep -q c_var "$TMP/cu/wanted.tsv"
ok $? "cocci: OUTDIR complete, the other 10 tags in wanted.tsv"
if command -v spatch >/dev/null 2>&1; then
	rm -rf "$TMP/trees/chain" && cp -R "$tree" "$TMP/trees/chain"
	expect_status 1 env CROSSYM_LIBEXECDIR="$TOP/scripts" "$CROSSYM" annotate "$TMP/cu" \
		"$TMP/trees/chain" --apply
	expect_grep '^crossym: annotate: x/X.o: c_var: left untagged (x/c.o: no .cmd file says how it was made, and no source is named like it)$' \
		"$TMP/err" "annotate: names the one left untagged, with the reason"
	[ "$(grep -rl __global "$TMP/trees/chain/x" "$TMP/trees/chain/n" | wc -l)" -eq 10 ] &&
		! grep -q __global "$TMP/trees/chain/x/cvar.c"
	ok $? "annotate: the other 10 tags applied"
else
	skip "annotate of the rest: no spatch"
fi

# objcopy --globalize-symbol (GLOB=1): a static of n/glob.c is global in
# n/glob.init.o, which is what is linked: a row, with its source; no tag in
# its source can keep it, so cocci names it unplaced, the rest complete
GLOB=1 sh "$tree/build.sh" "$TMP/g" >"$TMP/g.log" 2>&1 && "$TMP/g/chain" | grep -q '^glob 9$'
ok $? "GLOB=1: the tree builds, main calls n/glob.c's static glob_fn"
"$CROSSYM" report --format=tsv "$TMP/g" >"$TMP/g.tsv" 2>/dev/null
ok $? "--globalize-symbol: report exits 0"
{ sed -n 1,4p "$TMP/want.tsv"; printf 'glob_fn\tn\tn/glob.init.o\tn/glob.c\ttag\tmain\tfunc\tglobal\t-\n'
  sed 1,4d "$TMP/want.tsv"; } >"$TMP/want.g.tsv"
expect_eq "$TMP/want.g.tsv" "$TMP/g.tsv" "--globalize-symbol: its row, the source its input's"
expect_status 1 "$CROSSYM" cocci -o "$TMP/cg" "$TMP/g"
expect_grep '^crossym: n/glob.init.o: glob_fn: cannot tag it: n/.glob.init.o.cmd: objcopy --globalize-symbol makes glob_fn global: its source defines it file-local, where no tag keeps it$' \
	"$TMP/err" "--globalize-symbol: cocci names it, with the reason"
[ -f "$TMP/cg/.complete" ] && grep -q '^glob_fn	n/glob.init.o	' "$TMP/cg/unplaced.tsv" &&
	cmp -s "$TMP/want.w" "$TMP/cg/wanted.tsv"
ok $? "--globalize-symbol: in unplaced.tsv, the other 11 wanted, OUTDIR complete"

# a step crossym does not know: only that object's definitions are unknown
rm -rf "$TMP/u" && cp -a "$b" "$TMP/u"
printf 'cmd_x/X.o := mytool x/X-temp.o x/X.o\n' >"$TMP/u/x/.X.o.cmd"
"$CROSSYM" report --format=tsv "$TMP/u" >"$TMP/u.tsv" 2>"$TMP/u.err"
ok $? "an unknown tool: report exits 0"
awk -F '\t' -v OFS='\t' '$3 == "x/X.o" { $4 = "-"; $9 = "-" } 1' "$TMP/want.tsv" >"$TMP/want.u.tsv"
expect_eq "$TMP/want.u.tsv" "$TMP/u.tsv" "an unknown tool: x/X.o's sources are -, the rest the same"
expect_grep '^crossym: note: 3 definitions with no source known (`-`); the first: a_one in x/X.o: x/.X.o.cmd: its command compiles no source and is no step crossym follows' \
	"$TMP/u.err" "an unknown tool: one note, naming the .cmd"

# crossym wholeprogram: every derived object (objcopy, ld -r, ld -r -T, of
# one or many) is refused a unit automatically, named with its reason; the
# units that remain are built, prelink.o made again from them, and the
# program linked from it runs the same; on the tree with the unplaceable
# definition and the --globalize-symbol one too (their objects are refused,
# so no tag is wanted there)
if wp_wanted; then
	# wp_chain NAME BUILD: wholeprogram on BUILD, then chain linked from its
	# prelink.o into BUILD/chain
	wp_chain() {
		expect_status 0 wp --define-tag -j 2 "$2"
		expect_grep "^wholeprogram:   $3 refused: made from other objects, or no compile command: " \
			"$TMP/err" "wholeprogram ($1): the $3 derived objects kept out of units"
		cut -f1,2 "$2/.wp/excluded.tsv" | sort >"$TMP/wp.excl"
		expect_eq "$TMP/want.excl" "$TMP/wp.excl" "wholeprogram ($1): excluded.tsv names each, as refused"
		printf 'main/unit.o\tmain/main.o main/dup.o\n' >"$TMP/want.units"
		expect_eq "$TMP/want.units" "$2/.wp/units.txt" "wholeprogram ($1): one unit, main"
		expect_grep '^wholeprogram: prelink.o: whole-program: the 1 unit files linked' "$TMP/err" \
			"wholeprogram ($1): prelink.o made of the unit, proved"
		(cd "$2" && rm -f chain && gcc -o chain prelink.o) && "$2/chain" >"$TMP/wp.out" 2>&1
	}
	printf '%s\trefused\n' n/loc.init.o n/pfx.init.o n/rdf.init.o n/ret.o n/scr.o \
		n/weak.init.o x/X.o >"$TMP/want.excl"
	sh "$tree/build.sh" "$TMP/w" >/dev/null 2>&1
	wp_chain chain "$TMP/w" 7
	expect_eq "$TMP/want.out" "$TMP/wp.out" "wholeprogram: the program linked from it prints the same"
	sh "$tree/build.sh" "$TMP/wu" >/dev/null 2>&1 && rm "$TMP/wu/x/.c.o.cmd"
	wp_chain unplaceable "$TMP/wu" 7
	expect_eq "$TMP/want.out" "$TMP/wp.out" "wholeprogram (unplaceable): the program prints the same"
	printf '%s\trefused\n' n/glob.init.o >>"$TMP/want.excl"
	sort -o "$TMP/want.excl" "$TMP/want.excl"
	GLOB=1 sh "$tree/build.sh" "$TMP/wg" >/dev/null 2>&1
	wp_chain GLOB=1 "$TMP/wg" 8
	{ cat "$TMP/want.out"; echo 'glob 9'; } >"$TMP/want.g.out"
	expect_eq "$TMP/want.g.out" "$TMP/wp.out" "wholeprogram (GLOB=1): the program prints the same"
fi
done_testing
