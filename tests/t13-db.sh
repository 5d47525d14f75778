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
	"$CROSSYM" report -q --format=tsv "$TMP/$b" >"$TMP/full.tsv"
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
"$CROSSYM" report -q --format=tsv "$TMP/plain" >"$TMP/before.tsv"
{ printf '/* moved */\n/* down */\n'; cat "$src/$f"; } >"$TMP/edited.c"
cat "$TMP/edited.c" >"$src/$f"
"$CROSSYM" report --format=tsv --db "$TMP/plain.db" "$TMP/plain" >"$TMP/db3.tsv" 2>/dev/null
"$CROSSYM" report -q --format=tsv "$TMP/plain" >"$TMP/after.tsv"
expect_eq "$TMP/after.tsv" "$TMP/db3.tsv" "edited source: the --db scan equals a full scan"
old=$(awk -F '\t' -v s="$sym" '$1 == s { print $9 }' "$TMP/before.tsv")
new=$(awk -F '\t' -v s="$sym" '$1 == s { print $9 }' "$TMP/db3.tsv")
[ -n "$sym" ] && [ "$new" = "$((old + 2))" ]
ok $? "edited source: $sym moved from line $old to $new"

# An object rebuilt (new stamp): its DWARF is read again.
touch "$TMP/dwarf/kernel/sched/core.o"
"$CROSSYM" report --format=tsv --db "$TMP/dwarf.db" "$TMP/dwarf" >"$TMP/db4.tsv" 2>"$TMP/err4"
"$CROSSYM" report -q --format=tsv "$TMP/dwarf" >"$TMP/full4.tsv"
expect_eq "$TMP/full4.tsv" "$TMP/db4.tsv" "touched object: the --db scan equals a full scan"
expect_grep ": 1 object files read, " "$TMP/err4" "touched object: read again"

# A db of an older crossym: a warning, and the scan starts afresh.
printf 'crossym-db 3\nF\t1\t2\t3\t4\t/nowhere\n' >"$TMP/old.db"
"$CROSSYM" report --format=tsv --db "$TMP/old.db" "$TMP/plain" >"$TMP/old.tsv" 2>"$TMP/err"
ok $? "older db: exit 0"
expect_eq "$TMP/after.tsv" "$TMP/old.tsv" "older db: the report of a full scan"
expect_grep "old.db: written by an older crossym (crossym-db 3): scanning afresh" "$TMP/err" \
	"older db: named"
head -1 "$TMP/old.db" | grep -qx 'crossym-db 7'
ok $? "older db: rewritten in the current version"
tail -n 1 "$TMP/old.db" | grep -qx 'Z	[0-9a-f]\{16\}'
ok $? "the db ends with its checksum line"

# Corrupt records are an error naming the line, never an answer.
stamp='1	2	3	4	5	6'
for bad in 'D	x	f' 'S	9	0	f' 'O	62	2	1	3	x.o' 'O	62	2	2	x.o' 'W	1	5	f' 'L	1	2	x' 'E	/x.c' 'A	f	x.c:1' 'R	1	2	/x.o' "F	1	2	3	4	/x.o"; do
	printf 'crossym-db 7\nF\t%s\t/x.o\nO\t62\t2\t1\t2\tx.o\n%s\n' "$stamp" "$bad" >"$TMP/bad.db"
	expect_status 2 "$CROSSYM" report --format=tsv --db "$TMP/bad.db" "$TMP/plain"
	expect_grep "bad.db:4: not a crossym database line" "$TMP/err" "corrupt db ($bad): named"
done
# an asm-string reference needs its object's R record
printf 'crossym-db 7\nR\t%s\t/x.o\nA\tf\n' "$stamp" >"$TMP/bad.db"
expect_status 2 "$CROSSYM" report --format=tsv --db "$TMP/bad.db" "$TMP/plain"
expect_grep "bad.db:3: not a crossym database line" "$TMP/err" "corrupt db (A without its place): named"
for v in 4 5 6; do
	printf 'crossym-db %s\nF\t1\t2\t3\t4\t/nowhere\n' "$v" >"$TMP/old.db"
	"$CROSSYM" report --format=tsv --db "$TMP/old.db" "$TMP/plain" >/dev/null 2>"$TMP/err"
	expect_grep "old.db: written by an older crossym (crossym-db $v): scanning afresh" "$TMP/err" \
		"a version $v db: named, scanned afresh"
done

# A db of a newer crossym: refused by name, left as it is.
printf 'crossym-db 99\nF\t1\t2\t3\t4\t/nowhere\n' >"$TMP/new.db"
cp "$TMP/new.db" "$TMP/new.db.orig"
expect_status 2 "$CROSSYM" report --format=tsv --db "$TMP/new.db" "$TMP/plain"
expect_grep "new.db: written by a newer crossym (crossym-db 99; this one reads crossym-db 7)" \
	"$TMP/err" "a newer db: named, with both versions"
cmp -s "$TMP/new.db" "$TMP/new.db.orig"
ok $? "a newer db: left as it was"

# Integrity: a db cut anywhere, or with one byte altered, is never used.
"$CROSSYM" report --format=tsv --db "$TMP/whole.db" "$TMP/plain" >/dev/null 2>&1
size=$(wc -c <"$TMP/whole.db")
used=0 cuts=0
off=20
while [ "$off" -lt "$size" ]; do
	head -c "$off" "$TMP/whole.db" >"$TMP/cut.db"
	"$CROSSYM" report --format=tsv --db "$TMP/cut.db" "$TMP/plain" >/dev/null 2>"$TMP/err"
	[ $? -eq 2 ] && grep -q "cut.db.*\(cut short\|not a crossym database\|checksum\)" "$TMP/err" ||
		{ used=$((used + 1)); echo "# cut at $off: used"; }
	cuts=$((cuts + 1))
	off=$((off + size / 37 + 1))
done
ok $used "a db cut at any of $cuts offsets: refused, exit 2, named ($used used)"
head -c -2 "$TMP/whole.db" >"$TMP/cut.db"
expect_status 2 "$CROSSYM" report --format=tsv --db "$TMP/cut.db" "$TMP/plain"
expect_grep "checksum mismatch\|cut short" "$TMP/err" "a db cut inside its checksum line: refused"
sed '0,/^S\t1\t0\t/s//S\t2\t0\t/' "$TMP/whole.db" >"$TMP/alt.db"
! cmp -s "$TMP/whole.db" "$TMP/alt.db"
ok $? "(a definition's binding altered in the copy)"
expect_status 2 "$CROSSYM" report --format=tsv --db "$TMP/alt.db" "$TMP/plain"
expect_grep "alt.db:[0-9]*: checksum mismatch: the file was changed after crossym wrote it" \
	"$TMP/err" "an altered db: refused, named"

# An object rewritten in place with its size and mtime put back (same inode):
# ctime tells, the object is read again.
o=$TMP/plain/kernel/core.o
"$CROSSYM" report --format=tsv --db "$TMP/ct.db" "$TMP/plain" >/dev/null 2>&1
ino=$(stat -c %i "$o")
cp -p "$o" "$TMP/core.o.orig"
touch -r "$o" "$TMP/mtime.ref"
LC_ALL=C perl -pi -e "s/arch_early_init/arch_early_inix/g" "$TMP/core.o.orig" 2>/dev/null ||
	sed -i "s/arch_early_init/arch_early_inix/g" "$TMP/core.o.orig"
cat "$TMP/core.o.orig" >"$o"
touch -r "$TMP/mtime.ref" "$o"
[ "$(stat -c %i "$o")" = "$ino" ] && [ "$(stat -c %Y "$o")" = "$(stat -c %Y "$TMP/mtime.ref")" ] &&
	! grep -q arch_early_init "$o"
ok $? "(the object rewritten in place: same inode, size and mtime, arch_early_init renamed)"
"$CROSSYM" report --format=tsv "$TMP/plain" >"$TMP/ct-full.tsv" 2>/dev/null
"$CROSSYM" report --format=tsv --db "$TMP/ct.db" "$TMP/plain" >"$TMP/ct-db.tsv" 2>"$TMP/err"
expect_eq "$TMP/ct-full.tsv" "$TMP/ct-db.tsv" "object rewritten with size and mtime kept: the --db scan equals a full scan"
expect_grep ": 1 object files read, " "$TMP/err" "object rewritten with size and mtime kept: read again (ctime)"
done_testing
