#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t51-clashes: same-named definitions of one unit that an initcall entry
# (top-level asm, as Linux 6.1's on PREL32 architectures) names
# (tests/trees/clash; drivers/hid's ch_driver_init in small):
#  - the normal image runs both drv_init statics and prints plain_value();
#  - `crossym units --clashes` lists drv/cherry.o and drv/chicony.o with the
#    label naming drv_init in each; not drv/plain.o's plain_init (named by
#    an entry, defined once) nor helper (static in drv/ and init/: two units);
#  - the proof that it is a hazard: drv/ as one unit (by hand) leaves
#    drv_init undefined (lto1 renamed both statics, the asm kept the name);
#    scripts/wholeprogram.sh keeps drv/chicony.o out itself and links;
#  - with drv/chicony.o excluded nothing is listed, the link succeeds and
#    the image prints what the normal one prints;
#  - an object that cannot be read is an error naming it (the label parser:
#    tests/unit/test-clashes.c).
. "$(dirname "$0")/lib.sh"
tree=$TOP/tests/trees/clash

fresh() { rm -rf "$1" && sh "$tree/build.sh" "$1" >"$TMP/build.log" 2>&1; }
fresh "$TMP/b"
ok $? "the clash tree builds"
printf 'cherry\nchicony\nplain 7 1\n' >"$TMP/want.out"
"$TMP/b/image" >"$TMP/normal.out" 2>&1
expect_eq "$TMP/want.out" "$TMP/normal.out" "the normal image runs both initcalls"

"$CROSSYM" units --clashes "$TMP/b" >"$TMP/got.tsv"
ok $? "units --clashes exits 0"
{ printf 'unit\tobject\tsymbol\tentry\n'
  printf 'drv\tdrv/cherry.o\tdrv_init\t__initcall__kmod_cherry__0_9_drv_init6\n'
  printf 'drv\tdrv/chicony.o\tdrv_init\t__initcall__kmod_chicony__0_9_drv_init6\n'; } >"$TMP/want.tsv"
expect_eq "$TMP/want.tsv" "$TMP/got.tsv" "units --clashes: drv_init in cherry.o and chicony.o, each with its entry"
# the same facts from nm, independently
for o in cherry chicony; do
	nm "$TMP/b/drv/$o.o" | grep -q " t drv_init$" &&
		nm "$TMP/b/drv/$o.o" | grep -q " __initcall__kmod_${o}__0_9_drv_init6$"
	ok $? "nm: drv/$o.o defines static drv_init and its entry label"
done
nm "$TMP/b/drv/plain.o" | grep -q ' t helper$' && nm "$TMP/b/init/main.o" | grep -q ' t helper$'
ok $? "nm: helper is static in drv/plain.o and init/main.o (two units: not listed)"

# the hazard, by hand: drv/'s C files as one whole-program unit
for o in cherry chicony plain; do
	gcc -O2 -D__KBUILD_MODNAME=kmod_$o -flto -c -o "$TMP/$o.lto.o" "$tree/drv/$o.c"
done
gcc -O2 -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program -r -nostdlib \
	"$TMP/cherry.lto.o" "$TMP/chicony.lto.o" "$TMP/plain.lto.o" -o "$TMP/drv-unit.o"
nm "$TMP/drv-unit.o" | grep -q ' U drv_init$'
ok $? "drv/ as one unit: drv_init undefined (the statics were renamed, the asm was not)"
# wholeprogram keeps all but the first object of the name out itself
sh "$TOP/scripts/wholeprogram.sh" "$TMP/b" >"$TMP/wp.out" 2>"$TMP/wp.err"
ok $? "wholeprogram links"
grep -q "^wholeprogram:   1 clashes: same-named definitions share a unit.*: drv/chicony.o$" "$TMP/wp.err"
ok $? "... keeping drv/chicony.o out of drv/'s unit, said"
"$TMP/b/image" >"$TMP/wp.run" 2>&1
expect_eq "$TMP/want.out" "$TMP/wp.run" "... and the image prints the same"

fresh "$TMP/b"
"$CROSSYM" units --clashes --exclude drv/chicony.o "$TMP/b" | sed 1d >"$TMP/after"
expect_eq /dev/null "$TMP/after" "with drv/chicony.o excluded nothing is listed"
sh "$TOP/scripts/wholeprogram.sh" --exclude drv/chicony.o "$TMP/b" >"$TMP/wp.out" 2>"$TMP/wp.err"
ok $? "whole-program with drv/chicony.o out of the unit links"
"$TMP/b/image" >"$TMP/wp.run" 2>&1
expect_eq "$TMP/want.out" "$TMP/wp.run" "the whole-program image prints the same"
"$CROSSYM" units --clashes --flatten "$TMP/b" >/dev/null 2>"$TMP/both.err"
[ $? -eq 2 ] && grep -q 'exclude each other' "$TMP/both.err"
ok $? "--clashes with --flatten: exit 2, says why"

# an object that cannot be read: said, named, exit 1
fresh "$TMP/c"
printf 'not an object\n' >"$TMP/c/drv/chicony.o"
"$CROSSYM" units --clashes "$TMP/c" >/dev/null 2>"$TMP/bad.err"
[ $? -ne 0 ] && grep -q 'drv/chicony.o' "$TMP/bad.err"
ok $? "an unreadable object: non-zero exit, the file named"
sed "s/^/# /" "$TMP/bad.err"
done_testing
