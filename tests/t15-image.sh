#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t15-image: the final link's own inputs and the sections the linker script
# keeps (tests/trees/image). The image link names start/start.o and
# start/os.o directly, beside thin archives called built-in.o linked with
# --whole-archive; a command table lives in .list_* sections that the -T
# script KEEPs and nobody names. Checks the exact report, then the proof:
# the whole-program build with crossym's tags keeps every table entry, and
# without the rows the linker script causes it silently loses them.
. "$(dirname "$0")/lib.sh"
tree=$TOP/tests/trees/image
out=$TMP/normal

sh "$tree/build.sh" "$out" >"$TMP/build.log" 2>&1
ok $? "the image tree builds"
"$out/image" >"$TMP/run.out"
echo "commands: 3" >"$TMP/want.out"
expect_eq "$TMP/want.out" "$TMP/run.out" "the normal image walks 3 table entries"
head -c 8 "$out/a/built-in.o" | grep -q '^!<thin>$'
ok $? "a/built-in.o is a thin archive (told by its magic, not its name)"

cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from
b_helper	b	b/b.o	b/b.c	tag	start
cmd_b	b	b/b.o	b/b.c	tag	image.lds
cmd_hello	a	a/cmds.o	a/cmds.c	tag	image.lds
cmd_more	a	a/more.o	a/more.c	tag	image.lds
os_ticks	start	start/os.o	start/os.c	tag	a
table_count	a	a/cmds.o	a/cmds.c	tag	start
TSV
"$CROSSYM" report --format=tsv "$out" >"$TMP/got.tsv" 2>"$TMP/err"
ok $? "report exits 0"
tsv6 "$TMP/got.tsv"
expect_eq "$TMP/want.tsv" "$TMP/got.tsv" "exact TSV: loose start objects, KEEP table entries"
"$CROSSYM" objects "$out" >"$TMP/objects"
expect_grep '^start/os.o$' "$TMP/objects" "objects: a loose input of the image link is linked"

# The table entries in the linked image: entries of .list, from the symbols.
entries() { nm "$1" | grep -c ' [DdRr] cmd_'; }
[ "$(entries "$out/image")" -eq 3 ]
ok $? "nm: 3 table entries in the normal image"

# Whole-program: every directory one -fwhole-program unit, tagged by crossym.
sh "$tree/build.sh" "$TMP/wp" "$TMP/got.tsv" >"$TMP/wp.log" 2>&1
ok $? "whole-program build with crossym's tags links"
"$TMP/wp/image" >"$TMP/wp.out" 2>&1
expect_eq "$TMP/want.out" "$TMP/wp.out" "whole-program image walks the same 3 entries"
[ "$(entries "$TMP/wp/image")" -eq 3 ]
ok $? "nm: 3 table entries in the whole-program image"

# Without the rows the linker script causes, the link still succeeds and
# the table is empty: the loss crossym's KEEP rule prevents.
grep -v '	image\.lds$' "$TMP/got.tsv" >"$TMP/nokeep.tsv"
sh "$tree/build.sh" "$TMP/wp0" "$TMP/nokeep.tsv" >"$TMP/wp0.log" 2>&1
ok $? "whole-program build without the KEEP rows links too"
echo "commands: 0" >"$TMP/want0.out"
"$TMP/wp0/image" >"$TMP/wp0.out" 2>&1
expect_eq "$TMP/want0.out" "$TMP/wp0.out" "... and silently loses every table entry"

# An image link naming an object that is not there: an error naming both.
cp "$out/.image.cmd" "$TMP/image.cmd.orig"
sed -i 's|start/os.o|start/gone.o|' "$out/.image.cmd"
grep -q 'start/gone.o' "$out/.image.cmd"
ok $? "(.image.cmd now names start/gone.o)"
expect_status 1 "$CROSSYM" report --format=tsv "$out"
expect_grep "^crossym: .image.cmd: the final link names start/gone.o: No such file or directory" \
	"$TMP/err" "a final link naming a missing object: named, exit 1"
cp "$TMP/image.cmd.orig" "$out/.image.cmd"
# The image link is what names start/: without its .cmd file the loose
# objects are not known, and their references are missing.
rm "$out/.image.cmd"
"$CROSSYM" report --format=tsv "$out" >"$TMP/nocmd.tsv" 2>/dev/null
! grep -q '^os_ticks	' "$TMP/nocmd.tsv"
ok $? "without .image.cmd start/os.o is not known (the .cmd is what counts)"

# nm input prints no sections: a script with KEEP makes that an error.
cp "$TMP/objects" "$TMP/objects.keep"
sh "$tree/build.sh" "$TMP/n2" >/dev/null 2>&1
(cd "$TMP/n2" && "$CROSSYM" objects . | xargs nm -A) >"$TMP/nm.txt" 2>/dev/null
expect_status 1 "$CROSSYM" report --format=tsv --nm "$TMP/nm.txt" "$TMP/n2"
expect_grep "image.lds: KEEPs input sections, but the sections of .* objects are unknown" \
	"$TMP/err" "nm input with KEEP: an error naming the script"
expect_grep "cannot be found: nm -A text names no sections; scan the objects instead of --nm$" \
	"$TMP/err" "... saying why (nm text) and what to do"

# crossym wholeprogram on the tree as built: the image command names loose
# objects and thin archives; each becomes the units' (the loose objects give
# way to start/unit.o, each archive is made again around its unit file).
# Untagged it fails on the undefined symbols; from a tagged copy it links,
# runs, and its global symbols are what the units keep.
sh "$tree/build.sh" "$TMP/w1" >/dev/null 2>&1
tag_copy "$tree" "$TMP/w1" "$TMP/src" "$TMP/cocci"
ok $? "cocci + annotate --apply on a copy of the sources"
expect_status 1 wp "$TMP/w1"
expect_grep "^wholeprogram: table_count: defined in a/cmds.o, made local by its unit a (a/unit.o)" "$TMP/err" \
	"wholeprogram, untagged: the link fails, naming what the units made local"
[ "$(cd "$TMP/w1" && ar t a/built-in.o | tr '\n' ' ')" = "a/cmds.o a/more.o " ] &&
	[ "$(cd "$TMP/w1" && ar t b/built-in.o)" = b/b.o ] && [ ! -e "$TMP/w1/.wp/orig/a/built-in.o.orig" ]
ok $? "... and the normal build is back: each thin archive holds its normal members"
grep -qx 'a/cmds.o' "$TMP/w1/.wp/agg/a/built-in.o.in" && [ "$(cat "$TMP/w1/.wp/agg/a/built-in.o.out")" = a/unit.o ]
ok $? "... which the failed link had replaced by the unit file"
grep -qx 'start/unit.o' "$TMP/w1/.wp/image.argv" && ! grep -q 'start/os.o' "$TMP/w1/.wp/image.argv"
ok $? "... the loose objects gave way to their unit file"
expect_status 0 wp --srctree "$TMP/src" "$TMP/w1"
expect_grep "^wholeprogram: image: whole-program: the 3 unit files linked; [0-9]* global symbols, not one of the [1-9][0-9]* definitions the units made local" \
	"$TMP/err" "wholeprogram, tagged: linked, and proved whole-program"
"$TMP/w1/image" >"$TMP/w1.out" 2>&1
expect_eq "$TMP/want.out" "$TMP/w1.out" "... and the image walks the same 3 entries"
# the build directory now holds units: a scan of it is refused, named
expect_status 1 "$CROSSYM" report --format=tsv "$TMP/w1"
expect_grep "^crossym: a/unit.o: a whole-program unit that crossym wholeprogram made (crossym_unit.a/unit.o), not an object of the normal build" \
	"$TMP/err" "a scan of the whole-program build: each unit file named, exit 1"
# A final link made by a script the rewrite cannot see into links the normal
# objects: never exit 0 for that image.
cat >"$TMP/w1/link.sh" <<'EOF'
gcc -Wl,--gc-sections -o image -Wl,-T,image.lds start/start.o start/os.o a/cmds.o a/more.o b/b.o
EOF
printf 'cmd_image := sh link.sh\n' >"$TMP/w1/.image.cmd"
expect_status 2 wp --srctree "$TMP/src" "$TMP/w1"
expect_grep "^wholeprogram: no top-level command names the aggregates or the objects of the units (the top-level .cmd files: .image.cmd ): none links them" "$TMP/err" \
	"a link crossym cannot see into: exit 2, said"
# one that names what it links but takes the normal objects: never proved
printf 'cmd_image := sh link.sh a/built-in.o\n' >"$TMP/w1/.image.cmd"
expect_status 2 wp --srctree "$TMP/src" "$TMP/w1"
expect_grep "^wholeprogram: image is not whole-program: 2 of 2 unit files not linked" "$TMP/err" \
	"a link of the normal objects: exit 2, said"
expect_grep "^wholeprogram: image: a/unit.o: not linked into the image (its marker crossym_unit.a/unit.o is missing)" "$TMP/err" \
	"... naming the unit"

# --db keeps the sections: a second scan from the db gives the same report.
"$CROSSYM" report --format=tsv --db "$TMP/scan.db" "$TMP/n2" >"$TMP/db1.tsv" 2>/dev/null
"$CROSSYM" report --format=tsv --db "$TMP/scan.db" "$TMP/n2" >"$TMP/db2.tsv" 2>"$TMP/db.err"
tsv6 "$TMP/db2.tsv"
expect_eq "$TMP/want.tsv" "$TMP/db2.tsv" "--db: the report from the db equals the scan"
expect_grep "0 object files read" "$TMP/db.err" "--db: the second scan read nothing"
done_testing
