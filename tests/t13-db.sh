#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t13-db: --db keeps what the later steps derived per file (an object's DWARF
# definitions, where a source file shows a definition: the line column) and
# derives it again when that file changes; an older or corrupt db is never
# taken for an answer.
. "$(dirname "$0")/lib.sh"
ex=$TOP/tests/trees/example
src=$TMP/src
cp -R "$ex" "$src"

# plain: lines from the source text; dwarf: from the build's DWARF (-g)
make -s -C "$src" O="$TMP/plain" LAYOUT=thin >"$TMP/build.log" 2>&1
ok $? "the example tree builds"
make -s -C "$src" O="$TMP/dwarf" LAYOUT=thin \
	BASE_CFLAGS="-O2 -ffunction-sections -fdata-sections -Wall -g" >"$TMP/build.log" 2>&1
ok $? "the example tree builds with -g"

for b in plain dwarf; do
	db=$TMP/$b.db
	"$CROSSYM" report --format=tsv "$TMP/$b" >"$TMP/full.tsv"
	"$CROSSYM" report --format=tsv --db "$db" "$TMP/$b" >"$TMP/db1.tsv" 2>"$TMP/err1"
	expect_eq "$TMP/full.tsv" "$TMP/db1.tsv" "$b: the first --db scan equals a full scan"
	grep -q '	[0-9][0-9]*$' "$TMP/full.tsv"
	ok $? "$b: the report has lines to keep"
	"$CROSSYM" report --format=tsv --db "$db" "$TMP/$b" >"$TMP/db2.tsv" 2>"$TMP/err2"
	expect_eq "$TMP/full.tsv" "$TMP/db2.tsv" "$b: the second scan, from the db, equals it"
	expect_grep ": 0 object files read, " "$TMP/err2" "$b: the second scan read no object"
done

# DWARF definitions are kept: the dwarf db holds them, the plain one none.
grep -q '^D	' "$TMP/dwarf.db"
ok $? "dwarf: the db keeps the DWARF definitions"
! grep -q '^D	' "$TMP/plain.db"
ok $? "plain: no DWARF, no definitions kept"
grep -q '^W	1	' "$TMP/plain.db"
ok $? "plain: the db keeps where the sources show the definitions"

# A source edited (two lines added at the top): its lines are looked up again.
f=kernel/sched/core.c
sym=$(awk -F '\t' -v f="$f" '$4 == f && $9 != "-" { print $1; exit }' "$TMP/full.tsv")
"$CROSSYM" report --format=tsv "$TMP/plain" >"$TMP/before.tsv"
{ printf '/* moved */\n/* down */\n'; cat "$src/$f"; } >"$TMP/edited.c"
cat "$TMP/edited.c" >"$src/$f"
"$CROSSYM" report --format=tsv --db "$TMP/plain.db" "$TMP/plain" >"$TMP/db3.tsv" 2>/dev/null
"$CROSSYM" report --format=tsv "$TMP/plain" >"$TMP/after.tsv"
expect_eq "$TMP/after.tsv" "$TMP/db3.tsv" "edited source: the --db scan equals a full scan"
old=$(awk -F '\t' -v s="$sym" '$1 == s { print $9 }' "$TMP/before.tsv")
new=$(awk -F '\t' -v s="$sym" '$1 == s { print $9 }' "$TMP/db3.tsv")
[ -n "$sym" ] && [ "$new" = "$((old + 2))" ]
ok $? "edited source: $sym moved from line $old to $new"

# An object rebuilt (new stamp): its DWARF is read again.
touch "$TMP/dwarf/kernel/sched/core.o"
"$CROSSYM" report --format=tsv --db "$TMP/dwarf.db" "$TMP/dwarf" >"$TMP/db4.tsv" 2>"$TMP/err4"
"$CROSSYM" report --format=tsv "$TMP/dwarf" >"$TMP/full4.tsv"
expect_eq "$TMP/full4.tsv" "$TMP/db4.tsv" "touched object: the --db scan equals a full scan"
expect_grep ": 1 object files read, " "$TMP/err4" "touched object: read again"

# A db of an older crossym: a warning, and the scan starts afresh.
printf 'crossym-db 3\nF\t1\t2\t3\t4\t/nowhere\n' >"$TMP/old.db"
"$CROSSYM" report --format=tsv --db "$TMP/old.db" "$TMP/plain" >"$TMP/old.tsv" 2>"$TMP/err"
ok $? "older db: exit 0"
expect_eq "$TMP/after.tsv" "$TMP/old.tsv" "older db: the report of a full scan"
expect_grep "old.db: written by an older crossym (crossym-db 3): scanning afresh" "$TMP/err" \
	"older db: named"
head -1 "$TMP/old.db" | grep -qx 'crossym-db 6'
ok $? "older db: rewritten in the current version"

# Corrupt records are an error naming the line, never an answer.
for bad in 'D	x	f' 'S	9	0	f' 'O	62	2	1	3	x.o' 'O	62	2	2	x.o' 'W	1	5	f' 'L	1	2	x' 'E	/x.c' 'A	f	x.c:1' 'R	1	2	/x.o'; do
	printf 'crossym-db 6\nF\t1\t2\t3\t4\t/x.o\nO\t62\t2\t1\t2\tx.o\n%s\n' "$bad" >"$TMP/bad.db"
	expect_status 2 "$CROSSYM" report --format=tsv --db "$TMP/bad.db" "$TMP/plain"
	expect_grep "bad.db:4: not a crossym database line" "$TMP/err" "corrupt db ($bad): named"
done
# a DWARF definition without its file line, at the end of the file
printf 'crossym-db 6\nF\t1\t2\t3\t4\t/x.o\nO\t62\t2\t1\t2\tx.o\nD\t1\tf\n' >"$TMP/bad.db"
expect_status 2 "$CROSSYM" report --format=tsv --db "$TMP/bad.db" "$TMP/plain"
expect_grep "bad.db:5: not a crossym database line" "$TMP/err" "corrupt db (cut after D): named"
# an asm-string reference needs its object's R record; version 4 is read afresh
printf 'crossym-db 6\nR\t1\t2\t3\t4\t/x.o\nA\tf\n' >"$TMP/bad.db"
expect_status 2 "$CROSSYM" report --format=tsv --db "$TMP/bad.db" "$TMP/plain"
expect_grep "bad.db:3: not a crossym database line" "$TMP/err" "corrupt db (A without its place): named"
printf 'crossym-db 4\nF\t1\t2\t3\t4\t/nowhere\n' >"$TMP/old.db"
"$CROSSYM" report --format=tsv --db "$TMP/old.db" "$TMP/plain" >/dev/null 2>"$TMP/err"
expect_grep "old.db: written by an older crossym (crossym-db 4): scanning afresh" "$TMP/err" \
	"a version 4 db (no asm-string checks): named, scanned afresh"
printf 'crossym-db 5\nF\t1\t2\t3\t4\t/nowhere\n' >"$TMP/old.db"
"$CROSSYM" report --format=tsv --db "$TMP/old.db" "$TMP/plain" >/dev/null 2>"$TMP/err"
expect_grep "old.db: written by an older crossym (crossym-db 5): scanning afresh" "$TMP/err" \
	"a version 5 db (no byte order): named, scanned afresh"
done_testing
