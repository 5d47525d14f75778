#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t54-knr: old-style (K&R) definitions (tests/trees/knr), as zlib and other
# imported code has them, the whole way: the report names the four lib/
# definitions app/ uses; cocci + annotate tag each in place (forms.tsv), in
# the K&R shapes (register parameters, `char *` on the line before, a macro
# before the name); crossym wholeprogram fails untagged, naming them, and
# from the tagged copy links a program that prints what the normal one does,
# proved whole-program, lib's own helpers gone from its unit.
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "no spatch (coccinelle)"
tree=$TOP/tests/trees/knr
b=$TMP/b

sh "$tree/build.sh" "$b" >"$TMP/build.log" 2>&1
ok $? "the K&R tree builds (-std=gnu89)"
"$b/prog" >"$TMP/normal.out"
echo "sum 5 scale 20 pick ! total 10" >"$TMP/want.out"
expect_eq "$TMP/want.out" "$TMP/normal.out" "the program prints its sums"

cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from
knr_pick	lib	lib/knr.o	lib/knr.c	tag	app
knr_scale	lib	lib/knr.o	lib/knr.c	tag	app
knr_sum	lib	lib/knr.o	lib/knr.c	tag	app
lib_total	lib	lib/more.o	lib/more.c	tag	app
TSV
expect_status 0 "$CROSSYM" report --format=tsv "$b"
tsv6 "$TMP/out"
expect_eq "$TMP/want.tsv" "$TMP/out" "report: the four K&R definitions app/ uses"

cp -R "$tree" "$TMP/src"
expect_status 0 "$CROSSYM" cocci -o "$TMP/cocci" --define-tag "$b"
expect_status 0 env CROSSYM_LIBEXECDIR="$TOP/scripts" "$CROSSYM" annotate "$TMP/cocci" "$TMP/src" --apply
printf 'lib/knr.c\tknr_pick\tinplace\t-\nlib/knr.c\tknr_scale\tinplace\t-\nlib/knr.c\tknr_sum\tinplace\t-\nlib/more.c\tlib_total\tinplace\t-\n' >"$TMP/want.forms"
expect_eq "$TMP/want.forms" "$TMP/cocci/forms.tsv" "every K&R definition tagged in place (forms.tsv)"
grep -qx 'long __global knr_scale (n, m)' "$TMP/src/lib/knr.c" &&
	grep -qx '__global knr_pick(p, v, n)' "$TMP/src/lib/knr.c" &&
	grep -qx 'int __global knr_sum(a, b)' "$TMP/src/lib/knr.c"
ok $? "... before the name, the parameter lists left as they were"
expect_status 0 "$CROSSYM" check --srctree "$TMP/src" "$b"
expect_grep "0 missing, 0 stale, 4 exact" "$TMP/err" "check on the tagged copy: 4 exact"

expect_status 1 wp "$b"
expect_grep "^wholeprogram: knr_scale: defined in lib/knr.o, made local by its unit lib (lib/unit.o)" \
	"$TMP/err" "wholeprogram, untagged: the link fails, naming what lib made local"
expect_status 0 wp --srctree "$TMP/src" "$b"
expect_grep "^wholeprogram: prog: whole-program: the 2 unit files linked" "$TMP/err" \
	"wholeprogram, tagged: linked and proved"
"$b/prog" >"$TMP/wp.out"
expect_eq "$TMP/want.out" "$TMP/wp.out" "the whole-program program prints the same"
nm "$b/lib/unit.o" >"$TMP/unit.nm"
grep -q ' T knr_scale$' "$TMP/unit.nm" && ! grep -q 'knr_helper' "$TMP/unit.nm" && ! grep -q ' T knr_inner$' "$TMP/unit.nm"
ok $? "lib/unit.o keeps the tagged definitions global; knr_helper and knr_inner (lib only) are gone"
done_testing
