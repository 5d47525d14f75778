#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t40-demo: the README's `make demo` job end to end on the example tree: the
# untagged whole-program link fails with exactly the tag symbols undefined, the
# tagged one links and prints the expected output (asserted inside demo.sh);
# then the annotation is idempotent and `crossym check` agrees.
. "$(dirname "$0")/lib.sh"
for layout in ldr thin; do
	DEMO_DIR=$TMP/demo-$layout LAYOUT=$layout CROSSYM=$CROSSYM \
		sh "$TOP/scripts/demo.sh" >"$TMP/demo.log" 2>&1
	ok $? "$layout: demo.sh succeeds (failing untagged link, working tagged link)"
	grep "FAILED" "$TMP/demo.log" | sed 's/^/# /'
	expect_grep "they are exactly the 19 symbols of the report's tag rows" "$TMP/demo.log" \
		"$layout: undefined symbols of the untagged link == the tag rows' symbols"
	test "$(grep -c '^wholeprogram: [a-z_]*: defined in [^ ]*\.o)*, made local by its unit [^ ]* ([^ ]*unit\.o): tag the definition' "$TMP/demo-$layout/wp-untagged.log")" -eq 19
	ok $? "$layout: the failed link names the unit that made each of the 19 symbols local"
	expect_grep "^tag rows in the TSV report: *20$" "$TMP/demo.log" "$layout: 20 tag rows"
	expect_grep "^definitions crossym tagged: *20$" "$TMP/demo.log" "$layout: 20 tags written"
	expect_grep "^compiler warnings: 0 tagged, 0 untagged (the tagged build)$" "$TMP/demo.log" \
		"$layout: the tagged build adds no compiler warning (no 'used' ignored on a re-declared variable)"
	expect_grep "^compiler warnings: 0 tagged, 0 untagged (crossym wholeprogram --tag)$" \
		"$TMP/demo.log" "$layout: nor the one command's"
done
d=$TMP/demo-ldr
# Idempotence: a second cocci + annotate on the tagged copy changes nothing.
make -s -C "$TOP/tests/trees/example" O="$d/retag" SRC="$d/src-tagged" LAYOUT=ldr >/dev/null 2>&1
"$CROSSYM" cocci -o "$d/cocci2" "$d/retag" 2>"$TMP/err"
expect_grep "0 tags to add, 0 to remove, 20 in place already" "$TMP/err" "second run: nothing to add"
sh "$TOP/scripts/annotate.sh" "$d/cocci2" "$d/src-tagged" --apply >"$TMP/out" 2>&1
ok $? "second annotate.sh run succeeds"
[ ! -s "$d/cocci2/annotate.patch" ]
ok $? "second run: the patch is empty"
expect_status 0 "$CROSSYM" check "$d/retag"
# The tags sit exactly where the hand-derived expectation puts them.
fails=0
while IFS='	' read -r path sym line; do
	grep -qxF "$line" "$d/src-tagged/$path" || { fails=$((fails + 1)); echo "# not found in $path: $line"; }
done <"$TOP/tests/trees/example/expected-tags.txt"
ok $fails "every tagged line is as expected-tags.txt says (historic style)"
done_testing
