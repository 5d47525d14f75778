#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t58-emptyobj: an object that assembles to nothing on this host (found in
# BusyBox 1.37's libbb/lib.a: hash_sha1_hwaccel_x86-32.S on x86-64) has no
# symbol table and nothing else: it defines nothing, which is no error.
# report exits 0, quiet, exact, and so does cocci; the same read through
# --db. An object with contents and no symbol table (a
# stripped one) is still an unreadable object: named, exit 1. wholeprogram
# builds the tree, the empty object outside the unit (assembly), and the
# program runs.
. "$(dirname "$0")/lib.sh"
tree=$TOP/tests/trees/emptyobj
b=$TMP/b

sh "$tree/build.sh" "$b" >"$TMP/build.log" 2>&1 && [ "$("$b/prog")" = 5 ]
ok $? "the emptyobj tree builds and runs"
if [ "$(uname -m)" = x86_64 ]; then
	! readelf -S "$b/lib/fast_x86-32.o" | grep -q SYMTAB &&
		[ "$(size -A "$b/lib/fast_x86-32.o" | awk '$1 == "Total" { print $2 }')" = 0 ]
	ok $? "lib/fast_x86-32.o: no symbol table, no contents"
else
	skip "lib/fast_x86-32.o is empty on x86-64 hosts only"
fi

cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from	kind	bind	line
fast_sum	lib	lib/lib.a(fast.o)	lib/fast.c	tag	main	func	global	4
TSV
expect_status 0 "$CROSSYM" report --format=tsv "$b"
expect_eq "$TMP/want.tsv" "$TMP/out" "report: exact"
expect_eq /dev/null "$TMP/err" "report: nothing on stderr"
expect_status 0 "$CROSSYM" report --format=tsv --db "$TMP/scan.db" "$b"
expect_status 0 "$CROSSYM" report --format=tsv --db "$TMP/scan.db" "$b"
expect_eq "$TMP/want.tsv" "$TMP/out" "report --db, the second scan: the same"
expect_status 0 "$CROSSYM" cocci -o "$TMP/c" --define-tag "$b"
[ -f "$TMP/c/.complete" ] && [ "$(cut -f1,2 "$TMP/c/wanted.tsv")" = "$(printf 'lib/fast.c\tfast_sum')" ]
ok $? "cocci: OUTDIR complete, the one tag wanted"

# a stripped object with contents: still unreadable
cp -a "$b" "$TMP/s"
(cd "$TMP/s/lib" && ar x lib.a fast.o && strip -o fast.o fast.o 2>/dev/null &&
	! readelf -S fast.o | grep -q SYMTAB && ar rcs lib.a fast.o && rm fast.o)
ok $? "a copy with lib/fast.o stripped of its symbol table"
expect_status 1 "$CROSSYM" report --format=tsv "$TMP/s"
expect_grep '^crossym: lib/lib.a(fast.o): no symbol table (stripped?)$' "$TMP/err" \
	"a stripped object with contents: named, exit 1"

if wp_wanted && command -v spatch >/dev/null 2>&1; then
	sh "$tree/build.sh" "$TMP/w" >/dev/null 2>&1
	expect_status 0 wp --define-tag -j 2 "$TMP/w"
	printf 'lib/unit.o\tlib/fast.o\n' >"$TMP/want.units"
	grep '^lib/' "$TMP/w/.wp/units.txt" >"$TMP/units"
	expect_eq "$TMP/want.units" "$TMP/units" "wholeprogram: lib's unit, the empty assembly object outside it"
	out=$("$TMP/w/prog" 2>&1)
	[ "$out" = 5 ]
	ok $? "wholeprogram: the program runs ($out)"
fi
done_testing
