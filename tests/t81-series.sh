#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t81-series: annotate.sh --split (scripts/series.sh) on the example tree: one
# git format-patch style patch per top-level directory, then per MAINTAINERS
# entry; each patch's headers, subject, files and symbol lists; `git am`
# applies the series on a clean checkout and gives the tree annotate.patch gives.
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "spatch (coccinelle) not installed"
command -v git >/dev/null 2>&1 || skip_all "git not installed"
EXAMPLE=$TOP/tests/trees/example
export GIT_AUTHOR_NAME="Ann Tester" GIT_AUTHOR_EMAIL="ann@example.org"
export GIT_COMMITTER_NAME="Ann Tester" GIT_COMMITTER_EMAIL="ann@example.org"

# checkout DIR: a git repository holding the example sources, one commit.
checkout() {
	rm -rf "$1"
	cp -R "$EXAMPLE" "$1"
	(cd "$1" && git init -q && git add -A && git commit -q -m base) >/dev/null 2>&1
}

# subjects SERIES_DIR: "n/N prefix" per patch, in file order.
subjects() {
	for p in "$1"/*.patch; do
		sed -n 's/^Subject: \[PATCH \([0-9]*\/[0-9]*\)\] \(.*\): tag cross-directory symbols for whole-program builds$/\1 \2/p' "$p"
	done
}

# patch_files PATCH: the files a patch changes (from its diff --git lines).
patch_files() { sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$1"; }

# am_check TREE SERIES_DIR LABEL: git am takes the series; the tree is then
# the one annotate.patch makes; one commit per patch.
am_check() {
	before=$(cd "$1" && git rev-list --count HEAD)
	(cd "$1" && git am -q "$2"/*.patch) >"$TMP/am.log" 2>&1
	ok $? "$3: git am applies the series to a clean checkout"
	sed 's/^/# /' "$TMP/am.log" | head -n 20
	n=$(ls "$2"/*.patch | wc -l)
	test "$(cd "$1" && git rev-list --count HEAD)" -eq $((before + n))
	ok $? "$3: one commit per patch"
	rm -rf "$TMP/patched"
	cp -R "$EXAMPLE" "$TMP/patched"
	patch -s -p1 -d "$TMP/patched" <"$out/annotate.patch"
	diff -r -x .git -x MAINTAINERS "$TMP/patched" "$1" >"$TMP/tree.diff"
	ok $? "$3: the tree after git am equals the tree annotate.patch makes"
	sed 's/^/# /' "$TMP/tree.diff" | head -n 20
}

# ---- per top-level directory -------------------------------------------------

build=$TMP/build out=$TMP/cocci src=$TMP/src
cp -R "$EXAMPLE" "$src"
make -s -C "$src" O="$build" >/dev/null 2>&1 || { echo "Bail out! the example does not build"; exit 1; }
"$CROSSYM" cocci -o "$out" "$build" 2>/dev/null
expect_status 0 sh "$TOP/scripts/annotate.sh" "$out" "$src" --split
expect_grep "series: 5 patches" "$TMP/out" "annotate --split says how many patches it wrote"
sed -n 's|^--- a/\([^/]*\)/.*|\1|p' "$out/annotate.patch" | sort -u >"$TMP/tops"
ls "$out/series" >"$TMP/names"
subjects "$out/series" >"$TMP/subjects"
awk -v n="$(wc -l <"$TMP/tops")" '{ print NR "/" n " " $0 }' "$TMP/tops" >"$TMP/want"
expect_eq "$TMP/want" "$TMP/subjects" "one patch per top-level directory, [PATCH n/N] DIR: subject, in order"
bad=0
for p in "$out/series"/*.patch; do
	top=$(sed -n 's/^Subject: \[PATCH [0-9/]*\] \([^:]*\):.*/\1/p' "$p")
	patch_files "$p" | grep -v "^$top/" | sed "s|^|# $p: not in $top/: |"
	patch_files "$p" | grep -qv "^$top/" && bad=$((bad + 1))
	sed -n 1p "$p" | grep -qx 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001' ||
		{ echo "# $p: no mbox From line"; bad=$((bad + 1)); }
	grep -qx 'From: Ann Tester <ann@example.org>' "$p" || { echo "# $p: author"; bad=$((bad + 1)); }
	grep -q '^Date: ' "$p" && grep -q '^---$' "$p" && grep -q ' changed, ' "$p" ||
		{ echo "# $p: no Date, --- or diffstat"; bad=$((bad + 1)); }
	# the body's lists are forms.tsv's rows for the patch's files
	patch_files "$p" >"$TMP/pf"
	awk -F '\t' 'FNR == NR { f[$1] = 1; next } ($1 in f) && $3 == "inplace" { print $2 }' \
		"$TMP/pf" "$out/forms.tsv" | sort >"$TMP/want-in"
	sed -n '/^Tagged (/,/^[^ T]/p' "$p" | sed 's/^Tagged ([0-9]*)://' | grep -v '^[A-Z-]' |
		tr ' ' '\n' | grep . | sort >"$TMP/got-in"
	cmp -s "$TMP/want-in" "$TMP/got-in" || { echo "# $p: tagged list differs"; bad=$((bad + 1)); }
	awk -F '\t' 'FNR == NR { f[$1] = 1; next } ($1 in f) && $3 == "redeclared" { print $1 ": " $2 ": " $4 }' \
		"$TMP/pf" "$out/forms.tsv" >"$TMP/want-re"
	sed -n '/^Re-declared (/,/^$/p' "$p" | awk '/^  [^ ]/ { f = substr($0, 3); next } /^    / { print f " " substr($0, 5) }' >"$TMP/got-re"
	cmp -s "$TMP/want-re" "$TMP/got-re" || { echo "# $p: re-declared list differs"; bad=$((bad + 1)); }
done
ok $bad "each patch: mbox From line, author, Date, diffstat, only its directory's files, the symbols of forms.tsv"
cat "$out/series"/*.patch | sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' | sort >"$TMP/got-files"
sed -n 's|^--- a/||p' "$out/annotate.patch" | sort >"$TMP/want-files"
expect_eq "$TMP/want-files" "$TMP/got-files" "every file of annotate.patch is in exactly one patch"
grep -A1 -x '  lib/stats.c:' "$out/series"/*-lib-*.patch | grep -qx '    stat_reads: name not in source'
ok $? "the lib patch names its re-declared definition and why"

checkout "$TMP/git1"
am_check "$TMP/git1" "$out/series" "per directory"
(cd "$TMP/git1" && git log --format=%an%n%s -1) >"$TMP/log"
expect_grep "^Ann Tester$" "$TMP/log" "git am keeps the author"

# ---- per MAINTAINERS entry -----------------------------------------------------

checkout "$TMP/git2"
cat >"$TMP/git2/MAINTAINERS" <<'EOF'
List of maintainers
===================

Descriptions of section entries:

	F: *Files* and directories wildcard patterns.
	X: *Excluded* files and directories.

Maintainers List
----------------

CORE KERNEL
M:	Kay Core <kay@example.org>
F:	kernel/
X:	kernel/time.c

SCHEDULER
M:	Sam Sched <sam@example.org>
F:	kernel/sched/

STRING FUNCTIONS
F:	lib/str*.c

MEMORY MANAGEMENT
F:	mm/page_alloc.c
F:	mm/init.c

THE REST
M:	Linus <linus@example.org>
F:	*
F:	*/
EOF
(cd "$TMP/git2" && git add MAINTAINERS && git commit -q -m maintainers) >/dev/null 2>&1
cp -R "$out" "$TMP/out2"
rm -rf "$TMP/out2/series"
expect_status 0 sh "$TOP/scripts/series.sh" "$TMP/out2" "$TMP/git2"
expect_grep "per MAINTAINERS entry" "$TMP/out" "series.sh says it split by MAINTAINERS"
# file -> "subject-prefix entry", as the MAINTAINERS above assigns them: the
# deepest pattern wins, X: excludes, THE REST is no subsystem, and a one-file
# group sharing its directory with another is named by its file.
for p in "$TMP/out2/series"/*.patch; do
	pre=$(sed -n 's/^Subject: \[PATCH [0-9/]*\] \([^:]*\):.*/\1/p' "$p")
	ent=$(sed -n 's/^MAINTAINERS: //p' "$p")
	patch_files "$p" | sed "s|\$|	$pre	${ent:--}|"
done | sort >"$TMP/got-groups"
sort >"$TMP/want-groups" <<'EOF'
arch/demo/setup.c	arch	-
init/version.c	init	-
kernel/core.c	kernel	CORE KERNEL
kernel/cpu.c	kernel	CORE KERNEL
kernel/rwsem.c	kernel	CORE KERNEL
kernel/sched/core.c	kernel/sched	SCHEDULER
kernel/sched/fair.c	kernel/sched	SCHEDULER
kernel/time.c	kernel/time	-
lib/list.c	lib	-
lib/stats.c	lib	-
lib/string.c	lib/string	STRING FUNCTIONS
mm/init.c	mm	MEMORY MANAGEMENT
mm/page_alloc.c	mm	MEMORY MANAGEMENT
EOF
expect_eq "$TMP/want-groups" "$TMP/got-groups" "MAINTAINERS: each file in its entry's patch, subject named by directory"
subjects "$TMP/out2/series" | cut -d' ' -f2 >"$TMP/order"
cut -f2 "$TMP/want-groups" | uniq >"$TMP/want-order"
expect_eq "$TMP/want-order" "$TMP/order" "MAINTAINERS: the patches ordered by subject"
am_check "$TMP/git2" "$TMP/out2/series" "per MAINTAINERS entry"

# ---- nothing to split; bad input ---------------------------------------------------

mkdir "$TMP/out3"
cp "$out/tag" "$out/forms.tsv" "$TMP/out3/"
: >"$TMP/out3/annotate.patch"
expect_status 0 sh "$TOP/scripts/series.sh" "$TMP/out3" "$src"
[ ! -e "$TMP/out3/series" ] || [ -z "$(ls "$TMP/out3/series")" ]
ok $? "an empty patch: no series written"
rm "$TMP/out3/forms.tsv"
expect_status 2 sh "$TOP/scripts/series.sh" "$TMP/out3" "$src"
expect_grep "forms.tsv: missing" "$TMP/err" "a missing forms.tsv is named"

done_testing
