#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t50-merge: keeping the tags exact after merges (crossym check, stale-tag
# removal, incremental rescans) on the example tree. Three scripted merges: a
# new caller across directories, a caller moved home, a rename.
. "$(dirname "$0")/lib.sh"
ex=$TOP/tests/trees/example

build() {       # build SRC OUT [WHOLEPROG=1]: quiet; the log in $TMP/build.log
	make -s -C "$ex" SRC="$1" O="$2" LAYOUT=ldr ${3:-} >"$TMP/build.log" 2>&1
}

# The annotated starting point.
cp -R "$ex" "$TMP/t0"
build "$TMP/t0" "$TMP/b0"
"$CROSSYM" cocci -o "$TMP/c0" "$TMP/b0" 2>/dev/null
sh "$TOP/scripts/annotate.sh" "$TMP/c0" "$TMP/t0" --apply >/dev/null 2>&1
ok $? "the example tree is annotated"
build "$TMP/t0" "$TMP/b0t"
expect_status 0 "$CROSSYM" check "$TMP/b0t"
expect_grep "0 missing, 0 stale, 20 exact" "$TMP/err" "freshly annotated: check exits 0"

# The three merges, as edits of a copy of the annotated tree.
merge_new_caller() {    # drivers/char now calls init/'s print_banner
	sed -i 's|^\(\tmisc_register("mem");.*\)$|\1\n\tprint_banner();|' "$1/drivers/char/mem.c"
}
merge_caller_home() {   # drivers/char stops calling lib/'s kstrlen
	sed -i 's|kstrlen(linux_banner)|local_strlen(linux_banner)|' "$1/drivers/char/mem.c"
	sed -i 's|^static int chr_dev_init(void)$|static unsigned long local_strlen(const char *s)\n{\n\tunsigned long n = 0;\n\n\twhile (s[n])\n\t\tn++;\n\treturn n;\n}\n\n&|' \
		"$1/drivers/char/mem.c"
}
merge_rename() {        # upstream renamed list_count to list_length (untagged)
	sed -i 's|^int __global list_count(|int list_length(|' "$1/lib/list.c"
	grep -rl list_count "$1" | xargs sed -i 's/\blist_count\b/list_length/g'
}

cat >"$TMP/want.new_caller" <<'OUT'
init/version.c:11: missing tag: print_banner: referenced from outside its unit
OUT
cat >"$TMP/want.caller_home" <<'OUT'
lib/string.c:5: stale tag: kstrlen: not referenced at all (the link leaves its object out)
OUT
cat >"$TMP/want.rename" <<'OUT'
lib/list.c:21: missing tag: list_length: referenced from outside its unit
OUT

for m in new_caller caller_home rename; do
	cp -R "$TMP/t0" "$TMP/t-$m"
	"merge_$m" "$TMP/t-$m"
	build "$TMP/t-$m" "$TMP/b-$m"
	ok $? "$m: the merged tree builds"
	expect_status 1 "$CROSSYM" check "$TMP/b-$m"
	expect_eq "$TMP/want.$m" "$TMP/out" "$m: check lists exactly the change"
done

# All three at once: check, re-annotate (adds and removals), rebuild, check.
t=$TMP/t-all
cp -R "$TMP/t0" "$t"
for m in new_caller caller_home rename; do "merge_$m" "$t"; done
build "$t" "$TMP/b-all"
cat "$TMP/want.new_caller" "$TMP/want.rename" "$TMP/want.caller_home" >"$TMP/want.all"
expect_status 1 "$CROSSYM" check "$TMP/b-all"
expect_eq "$TMP/want.all" "$TMP/out" "all merges: check lists the three changes"
"$CROSSYM" cocci -o "$TMP/c-all" "$TMP/b-all" 2>"$TMP/err"
ok $? "all merges: cocci"
cut -f1 "$TMP/c-all/files.tsv" >"$TMP/files"
printf 'init/version.c\nlib/list.c\nlib/string.c\n' >"$TMP/want.files"
expect_eq "$TMP/want.files" "$TMP/files" "after a merge, spatch runs only on the files to change"
sh "$TOP/scripts/annotate.sh" "$TMP/c-all" "$t" --apply >"$TMP/ann.out" 2>&1
ok $? "all merges: annotate.sh applies additions and removals in one patch"
grep -q '^-unsigned long __global kstrlen' "$TMP/c-all/annotate.patch" &&
	grep -q '^+unsigned long kstrlen' "$TMP/c-all/annotate.patch"
ok $? "the stale tag is removed from the definition"
expect_status 0 "$CROSSYM" check "$TMP/b-all"
expect_grep "0 missing, 0 stale, 20 exact" "$TMP/err" "after annotation: check exits 0"
build "$t" "$TMP/n-all"
"$TMP/n-all/prog" >"$TMP/normal.out"
build "$t" "$TMP/w-all" WHOLEPROG=1
ok $? "after annotation: every directory links whole-program"
"$TMP/w-all/prog" >"$TMP/wp.out"
expect_eq "$TMP/normal.out" "$TMP/wp.out" "the whole-program binary prints what the normal one does"
expect_status 0 "$CROSSYM" check "$TMP/n-all"

# Incremental: a db scan after the merge re-reads only the rebuilt objects and
# gives the same report as a full scan.
db=$TMP/scan.db
"$CROSSYM" report --format=tsv --db "$db" "$TMP/n-all" >/dev/null 2>"$TMP/err"
touch "$TMP/n-all/lib/string.o"
ar rcs "$TMP/n-all/lib/lib.a" "$TMP/n-all/lib/string.o"     # the archive changes
"$CROSSYM" report --format=tsv --db "$db" "$TMP/n-all" >"$TMP/inc.tsv" 2>"$TMP/err"
expect_grep ": 1 object files read, " "$TMP/err" "db: one changed file re-read"
"$CROSSYM" report --format=tsv "$TMP/n-all" >"$TMP/full.tsv"
expect_eq "$TMP/full.tsv" "$TMP/inc.tsv" "db: incremental report equals the full scan"
done_testing
