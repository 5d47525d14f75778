#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# busybox-proof.sh: the real-world proof on BusyBox 1.35.0 (defconfig), as TAP.
#   1. fetch the Debian source package, build it normally (cached);
#   2. crossym's report of the normal build == an independent nm + awk oracle
#      (busybox-oracle.sh); the `tag` rows are the tags;
#   3. the untagged whole-program build (every directory one -fwhole-program
#      unit) fails to link, and every undefined symbol is a tag row;
#   4. closure: tagging only what the link reports, round after round, until it
#      links (busybox-tagloop.sh, no crossym) needs exactly the tag rows;
#   5. one command, `crossym wholeprogram --define-tag --tagged COPY WP` on
#      WP, a copy of the normal build: it tags a copy of the sources (cocci +
#      annotate), builds the units and links busybox at the first try (no
#      undefined symbol); the units export exactly the tags (+ main), each
#      referenced from another unit;
#   6. the binary runs, and BusyBox's test suite gives the same result, test by
#      test, as the normal build;
#   7. the size report (old,new,delta,percent*100,name; proof/sizes.csv) and
#      wholeprogram's own table (proof/sizes.tsv).
# Everything lands in ${CROSSYM_CACHE:-$HOME/.cache/crossym}/busybox/ (proof/
# holds the reports); a second run rebuilds only what changed, and skips
# wholeprogram when crossym, its scripts and the normal build are the same.
# Without a built crossym ($CROSSYM, default ./crossym) the oracle stands in for
# `crossym report` and the tag-loop copy for the crossym-tagged copy, so the
# rest of the chain still runs; the TAP lines say so.
# Environment: CROSSYM, CROSSYM_CACHE, JOBS, CROSSYM_PROOF_CLOSURE: 1 runs
# steps 3 and 4 (two whole-program builds, about 6 minutes on 2 cores), 0
# leaves them out; unset, they run when their builds are cached or crossym is
# not built (the tag-loop copy then stands in) and are left out, said as a
# TAP skip, on a fresh cache (make check-real's cold time; `make busybox-proof`
# runs them).
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
CROSSYM=${CROSSYM:-$ROOT/crossym}
. "$HERE/../../lib.sh"
TOP=$ROOT  # lib.sh took tests/ for the top
export TOP
export LC_ALL=C
CACHE=${CROSSYM_CACHE:-$HOME/.cache/crossym}
BB=$CACHE/busybox
P=$BB/proof
mkdir -p "$P"
have_crossym=0
[ -x "$CROSSYM" ] && have_crossym=1

# fresh FILE THAN: FILE exists and is newer than THAN.
fresh() { [ -s "$1" ] && [ -n "$(find "$1" -newer "$2" 2>/dev/null)" ]; }
# counts RESULTS: "P pass, F fail, S skipped".
counts() {
	awk -F'\t' '{ n[$2]++ } END { printf "%d pass, %d fail, %d skipped",
		n["PASS"], n["FAIL"], n["SKIPPED"] }' "$1"
}

# 1. Source and normal build.
SRC=$(sh "$HERE/busybox-fetch.sh" 2>"$P/fetch.log")
ok $? "fetch BusyBox 1.35.0 from Debian's source package"
[ -n "$SRC" ] || { done_testing; exit 1; }
NORMAL=$(sh "$HERE/busybox-build.sh" "$SRC" "$BB/build-normal" 2>"$P/build.log")
ok $? "normal defconfig build ($BB/build-normal)"
# (its wall time, when it was built now; kept for the cached runs)
t=$(sed -n 's/.* built in \([0-9]*\) s$/\1/p' "$P/build.log" | tail -n 1)
[ -z "$t" ] || echo "$t" >"$P/build-normal.time"
[ -x "$NORMAL/busybox" ] || { done_testing; exit 1; }

# 2. The report and the tags.
sh "$HERE/busybox-oracle.sh" "$NORMAL" >"$P/oracle.tsv"
ok $? "nm oracle of the normal build: $(($(wc -l <"$P/oracle.tsv") - 1)) rows"
# ---- crossym plugs in here (report) -------------------------------------
# A BusyBox O= build has no `source` link; crossym finds the tree through the
# Makefile kbuild writes there (KERNELSRC := ...).
if [ $have_crossym -eq 1 ]; then
	"$CROSSYM" report --format=tsv "$NORMAL" >"$P/report.tsv" 2>"$P/report.err"
	ok $? "crossym report --format=tsv exits 0"
	tsv6 "$P/report.tsv"
	expect_eq "$P/oracle.tsv" "$P/report.tsv" "crossym report == the nm oracle"
else
	echo "# crossym not built ($CROSSYM): the nm oracle stands in for its report"
	cp "$P/oracle.tsv" "$P/report.tsv"
fi
# -------------------------------------------------------------------------
awk -F'\t' 'NR > 1 && $5 == "tag" { print $1 }' "$P/report.tsv" | sort -u >"$P/tags.txt"
ntags=$(wc -l <"$P/tags.txt")
echo "# tags: $(awk -F'\t' 'NR > 1 && $5 == "tag"' "$P/report.tsv" | wc -l) tag rows, $ntags symbols"
[ "$ntags" -gt 0 ]
ok $? "the report has tag rows"

closure=${CROSSYM_PROOF_CLOSURE:-}
if [ -z "$closure" ]; then
	closure=0
	{ [ -f "$BB/wp-untagged/undefined.txt" ] && [ -f "$BB/src-looptag/.crossym-tags" ]; } ||
		[ $have_crossym -eq 0 ] && closure=1
fi
if [ "$closure" = 0 ]; then
	skip "steps 3 and 4, the untagged link and the closure: not cached (CROSSYM_PROOF_CLOSURE=1 runs them)"
fi

# 3. Untagged whole-program build: must fail, on tag rows only.
rc=0
if [ "$closure" != 0 ]; then
	sh "$HERE/busybox-wholeprog.sh" "$SRC" "$BB/wp-untagged" >/dev/null 2>"$P/wp-untagged.log" || rc=$?
	[ $rc -eq 1 ]
	ok $? "untagged whole-program link fails (exit $rc)"
	cp "$BB/wp-untagged/undefined.txt" "$P/undefined-untagged.txt" 2>/dev/null || : >"$P/undefined-untagged.txt"
	echo "# untagged link: $(wc -l <"$P/undefined-untagged.txt") undefined symbols ($P/undefined-untagged.txt)"
	comm -23 "$P/undefined-untagged.txt" "$P/tags.txt" >"$TMP/not-tags"
	expect_eq /dev/null "$TMP/not-tags" "every undefined symbol of the untagged link is a tag row"
fi

# 4. Closure: what the link itself asks for, round by round, == the tag rows.
if [ "$closure" != 0 ]; then
	# round 0 is the untagged link of step 3 (its undefined symbols), not linked again
	u0=
	[ $rc -ne 1 ] || u0=$P/undefined-untagged.txt
	# shellcheck disable=SC2086
	sh "$HERE/busybox-tagloop.sh" "$SRC" "$NORMAL" "$BB/src-looptag" "$BB/wp-looptag" $u0 2>"$P/tagloop.log"
	ok $? "tagging only the undefined symbols of each failing link converges"
	cut -f2 "$BB/src-looptag/.crossym-tags" | sort -u >"$P/tags-needed.txt"
	echo "# closure: $(wc -l <"$P/tags-needed.txt") tags in" \
		"$(cut -f1 "$BB/src-looptag/.crossym-tags" | sort -u | wc -l) rounds" \
		"($(cut -f1 "$BB/src-looptag/.crossym-tags" | uniq -c | awk '{ printf "%s%s", s, $1; s = "+" }'))"
	expect_eq "$P/tags-needed.txt" "$P/tags.txt" "the tags the links need == the tag rows"
fi

# 5. The whole-program image, one command: crossym wholeprogram on a copy WP
# of the normal build (a BusyBox O= build names its own path only in its
# generated Makefile, KERNELOUTPUT: rewritten in the copy, so that its make
# works there and never in NORMAL; the .cmd files name only the source tree).
# It decides and tags the sources (cocci + annotate into the hard-linked copy
# COPY), compiles the units with -flto, links them with trylink, proves the
# image whole-program and leaves it in WP (WP/busybox).
# Cached: WP/.crossym-proof-key holds the key of the last finished run
# (crossym, scripts/*.sh, the macro file, the normal build); when it matches,
# the command is not run again; when only crossym or its scripts changed, it
# runs again in WP (it recompiles only what its tags changed).
# ---- crossym plugs in here (wholeprogram: cocci + annotate, units, link) --
JOBS=${JOBS:-2}
if [ $have_crossym -eq 1 ]; then
	COPY=$BB/src-tagged
	WP=$BB/wp-tagged
	normal_key=$( { cat "$NORMAL/.crossym-build"; cksum <"$NORMAL/busybox"; } | cksum)
	key=$( { echo "$normal_key"; cksum <"$CROSSYM"; cat "$ROOT"/scripts/*.sh | cksum
		cksum <"$HERE/busybox-macros.h"; } | cksum)
	# COPY: made by wholeprogram (a copy it did not make is refused)
	[ -f "$COPY/.crossym-wp-copy" ] || rm -rf "$COPY"
	rc=0
	if [ "$(cat "$WP/.crossym-proof-key" 2>/dev/null)" = "$key" ] && [ -x "$WP/busybox" ] &&
	   [ -s "$WP/.wp/units.txt" ] && [ -f "$P/wp-tagged.time" ]; then
		echo "# cached: crossym wholeprogram ran on $WP with this crossym and this normal build"
	else
		# a failed run again in WP (left by another crossym) is tried once more
		# from a fresh copy
		fresh_wp=0
		for try in 1 2; do
			if [ "$(cat "$WP/.crossym-proof-normal" 2>/dev/null)" != "$normal_key" ]; then
				rm -rf "$WP"
				cp -a "$NORMAL" "$WP" &&
				sed -i "s|^KERNELOUTPUT *:=.*|KERNELOUTPUT := $WP|" "$WP/Makefile" &&
				echo "$normal_key" >"$WP/.crossym-proof-normal"
				ok $? "WP: a copy of the normal build ($WP)"
				fresh_wp=1
			fi
			rm -f "$WP/.crossym-proof-key"
			rc=0
			start=$(date +%s)
			env CROSSYM_LIBEXECDIR="$ROOT/scripts" "$CROSSYM" wholeprogram --define-tag \
				--macro-file "$HERE/busybox-macros.h" --tagged "$COPY" -j "$JOBS" "$WP" \
				>"$P/wp-tagged.out" 2>"$P/wp-tagged.log" || rc=$?
			echo "$(($(date +%s) - start))" >"$P/wp-tagged.time"
			[ $rc -ne 0 ] || { echo "$key" >"$WP/.crossym-proof-key"; break; }
			[ $fresh_wp = 0 ] || break
			sed 's/^/# again in WP: /' "$P/wp-tagged.log" | tail -n 5
			echo "# the run again in $WP failed (exit $rc): once more from a fresh copy"
			rm -f "$WP/.crossym-proof-normal"
		done
	fi
	ok $rc "crossym wholeprogram --define-tag --tagged $COPY $WP exits 0 ($(cat "$P/wp-tagged.time") s; the normal build: $(cat "$P/build-normal.time" 2>/dev/null || echo '?') s)"
	[ $rc -eq 0 ] || sed 's/^/# /' "$P/wp-tagged.log" | tail -n 40
	sed -n 's/^wholeprogram: \(.*units of.*\)/# \1/p; s/^wholeprogram:   /#   /p; s/^wholeprogram: \(tags: .*\)/# \1/p; s/^  crossym cocci: \([0-9]* tags .*\)/# cocci: \1/p' "$P/wp-tagged.log"
	echo "# exclusions: $(wc -l <"$WP/.wp/excluded.tsv" 2>/dev/null || echo none) ($WP/.wp/excluded.tsv)$(cut -f2 "$WP/.wp/excluded.tsv" 2>/dev/null | sort | uniq -c | awk '{ printf " %s %s", $1, $2 }')"
	grep 'annotate: [0-9]* in place' "$WP/.wp/annotate.log" | sed 's/^ *crossym: /# /'
	awk -F'\t' '$3 == "redeclared" { n[$4]++ } END { for (r in n) printf "# re-declared (%s): %d\n", r, n[r] }' \
		"$WP/.wp/tags/forms.tsv" 2>/dev/null | sort
	# (the copy's .crossym records cocci's --run-build-commands, which wholeprogram gives)
	"$CROSSYM" check --run-build-commands --srctree "$COPY" "$NORMAL" >"$P/check.out" 2>"$P/check.err"
	ok $? "crossym check on the tagged copy: every tag row tagged ($(tail -n 1 "$P/check.err"))"
	sed 's/^/# /' "$P/check.out" | head -n 20
else
	echo "# crossym not built: the tag-loop copy stands in for the crossym-tagged copy"
	COPY=$BB/src-looptag
	WP=$BB/wp-looptag
	rc=0
	sh "$HERE/busybox-wholeprog.sh" "$COPY" "$WP" >/dev/null 2>"$P/wp-tagged.log" || rc=$?
	ok $rc "tagged whole-program busybox links ($WP)"
fi
# -------------------------------------------------------------------------
cp "$WP/.wp/undefined.txt" "$P/undefined-tagged.txt" 2>/dev/null || : >"$P/undefined-tagged.txt"
expect_eq /dev/null "$P/undefined-tagged.txt" "no undefined symbols: the image links at the first try"
if [ $rc -eq 0 ]; then
	cut -f1 "$WP/.wp/units.txt" | (cd "$WP" && xargs nm) |
		awk '$2 ~ /^[A-TV-Z]$/ && $3 != "main" && $3 !~ /^crossym_unit\./ { print $3 }' |
		sort -u >"$P/unit-globals.txt"
	expect_eq "$P/tags.txt" "$P/unit-globals.txt" "the units export exactly the tags (and main, and the unit marker wholeprogram.sh adds, an absolute symbol)"
	# Minimality: every tagged symbol is still referenced from another unit.
	cut -f1 "$WP/.wp/units.txt" | while read -r u; do
		(cd "$WP" && nm "$u") | awk -v u="$u" '$1 == "U" { print $2 "\t" u }'
	done | sort -u >"$TMP/unit-refs"
	cut -f1 "$TMP/unit-refs" | sort -u | comm -23 "$P/tags.txt" - >"$TMP/unreferenced"
	expect_eq /dev/null "$TMP/unreferenced" \
		"minimality: every tag is referenced from another unit after the whole-program build"

	# 6. It runs; the test suite agrees.
	out=$("$WP/busybox" echo whole-program 2>&1)
	[ "$out" = whole-program ]
	ok $? "the whole-program busybox runs"
	# the two runs side by side (each single-threaded, in its own scratch copy)
	npid= nrc=0 wrc=0
	if ! fresh "$P/results-normal.txt" "$NORMAL/busybox"; then
		sh "$HERE/busybox-runtest.sh" "$NORMAL" "$P/results-normal.txt" 2>/dev/null &
		npid=$!
	fi
	res=$P/results-${WP##*/}.txt
	fresh "$res" "$WP/busybox" ||
		sh "$HERE/busybox-runtest.sh" "$WP" "$res" 2>/dev/null || wrc=$?
	[ -z "$npid" ] || wait "$npid" || nrc=$?
	ok $nrc "test suite on the normal build: $(counts "$P/results-normal.txt")"
	ok $wrc "test suite on the whole-program build: $(counts "$res")"
	expect_eq "$P/results-normal.txt" "$res" \
		"test suite: the same result for every test"

	# 7. Sizes.
	sh "$HERE/busybox-sizes.sh" "$NORMAL" "$WP" >"$P/sizes.csv"
	ok $? "size report ($P/sizes.csv)"
	sed 's/^/# /' "$P/sizes.csv"
	# wholeprogram's table (WHAT BEFORE AFTER CHANGE %: text, the binary's functions)
	if [ -f "$WP/.wp/sizes.tsv" ]; then
		cp "$WP/.wp/sizes.tsv" "$P/sizes.tsv"
		awk -F'\t' '$1 !~ /\// { print "# wholeprogram: " $0 }' "$P/sizes.tsv"
	fi
fi
done_testing
