#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t21-fresh: crossym check on a build older than its sources (tests/trees/arms,
# whose lib/pick.o's .cmd has kbuild's deps_ list: lib/pick.c and the
# lib/pick_big.c it #includes). A source changed since the build makes the
# answer stale: check names the object and the file, exit 3 (incomplete),
# whatever the tags. The files annotate --apply tagged do not count (it
# records them in BUILD/.crossym-tagged: the documented cocci, annotate,
# check flow needs no rebuild); a change after the tagging does; a rebuild
# makes the answer sure again.
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "no spatch (coccinelle)"
cp -R "$TOP/tests/trees/arms" "$TMP/src" && cp "$TOP/tests/trees/record.sh" "$TMP/"
b=$TMP/b
sh "$TMP/src/build.sh" "$b" >"$TMP/build.log" 2>&1
ok $? "the arms tree builds"

expect_status 1 "$CROSSYM" check "$b"
! grep -q 'older than' "$TMP/err"
ok $? "a fresh build: missing tags (exit 1), no word of staleness"

expect_status 0 "$CROSSYM" cocci -o "$TMP/cocci" --define-tag "$b"
printf '%s\n' "$(cd "$b" && pwd -P)" >"$TMP/builds.want"
expect_eq "$TMP/builds.want" "$TMP/cocci/builds" "cocci lists the build in OUTDIR/builds"
expect_status 0 env CROSSYM_LIBEXECDIR="$TOP/scripts" "$CROSSYM" annotate "$TMP/cocci" "$TMP/src" --apply
real=$(cd "$TMP/src" && pwd -P)
grep -q "^[0-9]* [0-9]* $real/lib/pick_big.c\$" "$b/.crossym-tagged"
ok $? "annotate --apply records the files it tagged in BUILD/.crossym-tagged"
expect_status 0 "$CROSSYM" check "$b"
! grep -q 'older than' "$TMP/err"
ok $? "tagged and not rebuilt: exact (exit 0), the tagged files are not a change"

# a change that is not a tag, after the build
sleep 1
echo '/* changed after the build */' >>"$TMP/src/lib/pick_big.c"
expect_status 3 "$CROSSYM" check "$b"
expect_grep "^crossym: $b/lib/pick.o: older than $TMP/src/lib/pick_big.c, which changed since the build" \
	"$TMP/err" "a source changed since the build: check names the object and the file, exit 3"
grep -q ' 0 missing, 0 stale' "$TMP/err"
ok $? "... whatever the tags say"

sh "$TMP/src/build.sh" "$b" >"$TMP/build2.log" 2>&1
ok $? "built again"
expect_status 0 "$CROSSYM" check "$b"
done_testing
