#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t81-series: annotate.sh --split (scripts/series.sh) on the example tree: one
# git format-patch style patch per top-level directory, then per MAINTAINERS
# entry; each patch's headers, subject (the kernel-style prefix rule), Cc:
# (M:, R:, L: as get_maintainer.pl), files and symbol lists; the cover letter
# (totals; shortlog and diffstat as git format-patch --cover-letter makes them
# from the applied commits); commit messages of at most 75 columns with
# nothing that must not stay in history; --signoff from git config (refused
# when unset); checkpatch.pl (when the Linux sources are cached) finds no
# error; `git am` applies the series on a clean checkout and gives the tree
# annotate.patch gives.
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

# header PATCH NAME: the mail header NAME of PATCH, unfolded.
header() {
	awk -v h="$2:" '/^$/ { exit } /^[ \t]/ { if (on) v = v " " substr($0, 2); next }
		{ on = ($1 == h); if (on) v = substr($0, length(h) + 2) } END { print v }' "$1" |
		sed 's/^ *//; s/  */ /g'
}

# subjects SERIES_DIR: "n/N prefix" per patch, in file order.
subjects() {
	for p in "$1"/*.patch; do
		header "$p" Subject | sed -n 's/^\[PATCH \([0-9]*\/[0-9]*\)\] \(.*\): tag cross-directory symbols for whole-program builds$/\1 \2/p'
	done
}

# message PATCH: the commit message git am takes from PATCH (the body up to ---).
message() { awk 'b && /^---$/ { exit } b { print } /^$/ { b = 1 }' "$1"; }

# cc PATCH: the addresses of its Cc: header, one a line.
cc() { header "$1" Cc | sed 's/, /\n/g' | grep .; }

# patch_files PATCH: the files a patch changes (from its diff --git lines).
patch_files() { sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$1"; }

# am_check TREE SERIES_DIR LABEL: git am takes the series; the tree is then
# the one annotate.patch makes; one commit per patch.
am_check() {
	before=$(cd "$1" && git rev-list --count HEAD)
	(cd "$1" && git tag -f base) >/dev/null 2>&1
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
	# history: each commit message is the patch's, at most 75 columns, and
	# says nothing of the series or of MAINTAINERS
	bad=0 i=0
	for p in "$2"/*.patch; do
		i=$((i + 1))
		message "$p" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$TMP/want-msg"
		(cd "$1" && git log --format=%b -1 "HEAD~$((n - i))") | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$TMP/got-msg"
		cmp -s "$TMP/want-msg" "$TMP/got-msg" || { echo "# $p: commit message differs"; diff "$TMP/want-msg" "$TMP/got-msg" | sed 's/^/# /' | head -n 5; bad=$((bad + 1)); }
	done
	ok $bad "$3: each commit message is the patch's message"
	(cd "$1" && git log --format=%B base..HEAD) >"$TMP/history"
	awk 'length > 75 { print "# " FILENAME ": " length ": " $0; n++ } END { exit n > 0 }' "$TMP/history"
	ok $? "$3: commit messages are at most 75 columns"
	grep -i -e 'patch [0-9]* of [0-9]*' -e '^MAINTAINERS' -e 'cover letter' "$TMP/history" | sed 's/^/# in history: /'
	! grep -qi -e 'patch [0-9]* of [0-9]*' -e '^MAINTAINERS' -e 'cover letter' "$TMP/history"
	ok $? "$3: no 'patch N of M', MAINTAINERS entry or cover letter in the history"
	# git format-patch of the commits: the same file names, Subject: headers
	# (numbering, folding) and diffstats; the cover letter's shortlog and diffstat
	rm -rf "$TMP/gitfp"
	(cd "$1" && git format-patch -q --cover-letter --base=base -o "$TMP/gitfp" base..HEAD)
	(cd "$TMP/gitfp" && ls -- *.patch) | grep -v '^0000-cover-letter.patch$' >"$TMP/want-names"
	(cd "$2" && ls -- *.patch) >"$TMP/got-names"
	expect_eq "$TMP/want-names" "$TMP/got-names" "$3: file names as git format-patch's"
	if [ "$n" -gt 1 ]; then
		sed -n '/^[^ ].* ([0-9]*):$/,/^-- $/p' "$TMP/gitfp/0000-cover-letter.patch" >"$TMP/want-cover"
		# (a series made from a tree that is no checkout has no base)
		grep -q '^base-commit: ' "$2/0000-cover-letter.txt" || {
			awk '/^$/ { b++; next } /^base-commit: / { if (b) b--; next } { while (b) { print ""; b-- } print }' \
				"$TMP/want-cover" >"$TMP/want-cover.nobase" &&
				mv "$TMP/want-cover.nobase" "$TMP/want-cover"; }
		# (and one made from another checkout another: the form compared here)
		sed -i 's/^base-commit: .*/base-commit: X/' "$TMP/want-cover"
		sed -n '/^[^ ].* ([0-9]*):$/,/^-- $/p' "$2/0000-cover-letter.txt" |
			sed 's/^base-commit: .*/base-commit: X/' >"$TMP/got-cover"
		expect_eq "$TMP/want-cover" "$TMP/got-cover" "$3: the cover letter's shortlog, diffstat and base-commit are git format-patch --cover-letter --base's"
	fi
	subj() { awk '/^Subject:/ { p = 1; print; next } p && /^ / { print; next } { p = 0 }' "$1"; }
	patch_stat() { awk '/^---$/ { s = 1 } s && / changed, / { print; exit } s && /^ .* \| / { print }' "$1"; }
	bad=0
	while read -r f; do
		[ "$(subj "$TMP/gitfp/$f")" = "$(subj "$2/$f")" ] || { echo "# $f: Subject: differs"; bad=$((bad + 1)); }
		[ "$(patch_stat "$TMP/gitfp/$f")" = "$(patch_stat "$2/$f")" ] || { echo "# $f: diffstat differs"; bad=$((bad + 1)); }
	done <"$TMP/got-names"
	ok $bad "$3: each patch's Subject: header and diffstat are git format-patch's"
}

# ---- per top-level directory -------------------------------------------------

build=$TMP/build out=$TMP/cocci src=$TMP/src
cp -R "$EXAMPLE" "$src"
make -s -C "$src" O="$build" >/dev/null 2>&1 || { echo "Bail out! the example does not build"; exit 1; }
"$CROSSYM" cocci -o "$out" "$build" 2>/dev/null
expect_status 0 sh "$TOP/scripts/annotate.sh" "$out" "$src" --split
expect_grep "series: 5 patches and a cover letter" "$TMP/err" "annotate --split says how many patches it wrote"
expect_grep "git send-email $out/series/" "$TMP/err" "annotate --split says how to send them"
subjects "$out/series" >"$TMP/subjects"
# the prefix of a group: the kernel-style name of its files' directory
cat >"$TMP/want" <<'EOW'
1/5 demo
2/5 init
3/5 kernel
4/5 lib
5/5 mm
EOW
expect_eq "$TMP/want" "$TMP/subjects" "one patch per top-level directory, [PATCH n/N] PREFIX: subject, ordered by directory"
bad=0
for p in "$out/series"/*.patch; do
	patch_files "$p" | cut -d/ -f1 | sort -u >"$TMP/tops"
	[ "$(wc -l <"$TMP/tops")" -eq 1 ] || { echo "# $p: files of several top-level directories"; bad=$((bad + 1)); }
	sed -n 1p "$p" | grep -qx 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001' ||
		{ echo "# $p: no mbox From line"; bad=$((bad + 1)); }
	grep -qx 'From: Ann Tester <ann@example.org>' "$p" || { echo "# $p: author"; bad=$((bad + 1)); }
	header "$p" Date | grep -Eqx '[A-Z][a-z]{2}, [1-9][0-9]? [A-Z][a-z]{2} [0-9]{4} [0-9:]{8} [-+][0-9]{4}' &&
		grep -q '^---$' "$p" && grep -q ' changed, ' "$p" ||
		{ echo "# $p: no Date (as git writes it), --- or diffstat"; bad=$((bad + 1)); }
	! grep -q '^Cc:' "$p" || { echo "# $p: Cc: with no MAINTAINERS"; bad=$((bad + 1)); }
	# the body's lists are forms.tsv's rows for the patch's files
	patch_files "$p" >"$TMP/pf"
	awk -F '\t' 'FNR == NR { f[$1] = 1; next } ($1 in f) && $3 == "inplace" { print $2 }' \
		"$TMP/pf" "$out/forms.tsv" | sort >"$TMP/want-in"
	message "$p" | sed -n '/^Tagged (/,/^[^ T]/p' | sed 's/^Tagged ([0-9]*)://' | grep -v '^[A-Z-]' |
		tr ' ' '\n' | grep . | sort >"$TMP/got-in"
	cmp -s "$TMP/want-in" "$TMP/got-in" || { echo "# $p: tagged list differs"; bad=$((bad + 1)); }
	awk -F '\t' 'FNR == NR { f[$1] = 1; next } ($1 in f) && $3 == "redeclared" { print $1 ": " $2 ": " $4 }' \
		"$TMP/pf" "$out/forms.tsv" >"$TMP/want-re"
	message "$p" | sed -n '/^Re-declared (/,/^$/p' | awk '/^  [^ ]/ { f = substr($0, 3); next }
		/^      / { sub(/^ */, ""); line = line " " $0; next }
		/^    / { if (line != "") print line; line = f " " substr($0, 5) } END { if (line != "") print line }' >"$TMP/got-re"
	cmp -s "$TMP/want-re" "$TMP/got-re" || { echo "# $p: re-declared list differs"; bad=$((bad + 1)); }
done
ok $bad "each patch: mbox From line, author, Date, diffstat, no Cc, one top-level directory, the symbols of forms.tsv"
cat "$out/series"/*.patch | sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' | sort >"$TMP/got-files"
sed -n 's|^--- a/||p' "$out/annotate.patch" | sort >"$TMP/want-files"
expect_eq "$TMP/want-files" "$TMP/got-files" "every file of annotate.patch is in exactly one patch"
message "$out/series"/*-lib-*.patch | grep -A1 -x '  lib/stats.c:' | grep -qx '    stat_reads: name not in source'
ok $? "the lib patch names its re-declared definition and why"
grep -q '^Signed-off-by:' "$out/series"/*.patch
ok $((! $?)) "no Signed-off-by without --signoff"

# the cover letter: [PATCH 0/5], what was computed and how, the totals
c=$out/series/0000-cover-letter.txt
header "$c" Subject >"$TMP/csub"
echo "[PATCH 0/5] Tag cross-directory symbols with $(cat "$out/tag") for whole-program builds" >"$TMP/want"
expect_eq "$TMP/want" "$TMP/csub" "the cover letter: [PATCH 0/5] subject"
tags=$(awk -F '\t' '$3 == "inplace" || $3 == "macro"' "$out/forms.tsv" | wc -l)
redecl=$(awk -F '\t' '$3 == "redeclared"' "$out/forms.tsv" | wc -l)
nfiles=$(wc -l <"$TMP/want-files")
ndirs=$(sed 's|/[^/]*$||' "$TMP/want-files" | sort -u | wc -l)
message "$c" | tr '\n' ' ' | sed 's/  */ /g' >"$TMP/cover-text"
if grep -q "Totals: $tags tags added, $redecl re-declarations, 0 stale tags removed, in $nfiles files of $ndirs directories" "$TMP/cover-text" &&
	grep -q "symbol tables of the built objects" "$TMP/cover-text" && grep -q "extern __typeof__(func) func [^ ]*; __typeof__(var) var" "$TMP/cover-text"; then
	ok 0 "the cover letter says what was computed, how, and the totals"
else
	ok 1 "the cover letter says what was computed, how, and the totals"
	fold -w 160 "$TMP/cover-text" | sed 's/^/# /' | head -n 12
fi

checkout "$TMP/git1"
am_check "$TMP/git1" "$out/series" "per directory"
(cd "$TMP/git1" && git log --format=%an%n%s -1) >"$TMP/log"
expect_grep "^Ann Tester$" "$TMP/log" "git am keeps the author"

# ---- per MAINTAINERS entry -----------------------------------------------------

checkout "$TMP/git2"
cat >"$TMP/git2/MAINTAINERS" <<'EOM'
List of maintainers
===================

Descriptions of section entries:

	F: *Files* and directories wildcard patterns.
	X: *Excluded* files and directories.

Maintainers List
----------------

CORE KERNEL
M:	Kay Core <kay@example.org>
L:	core@lists.example.org
F:	kernel/
X:	kernel/time.c

SCHEDULER
M:	Sam Sched <sam@example.org>
R:	"Rita R. Viewer" <rita@example.org>
L:	sched@lists.example.org (moderated for non-subscribers)
F:	kernel/sched/

STRING FUNCTIONS
L:	closed@lists.example.org (subscribers-only)
F:	lib/str*.c

MEMORY MANAGEMENT
M:	Jörg Ünicode <jorg@example.org>
M:	Kay Core <KAY@example.org>
F:	mm/page_alloc.c
F:	mm/init.c

THE REST
M:	Linus <linus@example.org>
L:	lkml@example.org
F:	*
F:	*/
EOM
(cd "$TMP/git2" && git add MAINTAINERS && git commit -q -m maintainers) >/dev/null 2>&1
cp -R "$out" "$TMP/out2"
rm -rf "$TMP/out2/series"
expect_status 0 sh "$TOP/scripts/series.sh" "$TMP/out2" "$TMP/git2"
expect_grep "per MAINTAINERS entry" "$TMP/err" "series.sh says it split by MAINTAINERS"
# the commit the series applies to, as git format-patch --base writes it:
# in the cover letter, after the diffstat; none in a tree that is no checkout
expect_grep "^base-commit: $(cd "$TMP/git2" && git rev-parse HEAD)$" "$TMP/out2/series/0000-cover-letter.txt" \
	"the cover letter names the base commit (git format-patch --base)"
! grep -q '^base-commit:' "$TMP/out2/series"/*.patch
ok $? "... and no patch of a series of several"
cp -R "$TMP/git2" "$TMP/git2dirty"
echo '/* local */' >>"$TMP/git2dirty/$(sed -n 's|^--- a/||p' "$TMP/out2/annotate.patch" | sed 1q)"
rm -rf "$TMP/out2d"; cp -R "$out" "$TMP/out2d"; rm -rf "$TMP/out2d/series"
expect_status 0 sh "$TOP/scripts/series.sh" "$TMP/out2d" "$TMP/git2dirty"
! grep -q '^base-commit:' "$TMP/out2d/series/0000-cover-letter.txt" &&
	grep -q "no base-commit: the files of the patch in .* differ from its HEAD" "$TMP/err"
ok $? "a checkout whose patched files differ from HEAD: no base-commit, said"
# file -> "subject-prefix entry", as the MAINTAINERS above assigns them: the
# deepest pattern wins, X: excludes, THE REST is no subsystem; the prefix by
# the kernel custom (kernel/sched -> sched, arch/demo -> demo); of two groups
# with one prefix the bigger keeps it, the other is named by its file
# (lib/string.c -> lib/string, kernel/time.c -> time).
prefix_of() { header "$1" Subject | sed -n 's/^\[PATCH [0-9/]*\] \(.*\): tag cross-directory.*/\1/p'; }
for p in "$TMP/out2/series"/*.patch; do
	pre=$(prefix_of "$p")
	ent=$(sed -n 's/^MAINTAINERS: //p' "$p")
	patch_files "$p" | sed "s|\$|	$pre	${ent:--}|"
done | sort >"$TMP/got-groups"
sort >"$TMP/want-groups" <<'EOM'
arch/demo/setup.c	demo	-
init/version.c	init	-
kernel/core.c	kernel	CORE KERNEL
kernel/cpu.c	kernel	CORE KERNEL
kernel/rwsem.c	kernel	CORE KERNEL
kernel/sched/core.c	sched	SCHEDULER
kernel/sched/fair.c	sched	SCHEDULER
kernel/time.c	time	-
lib/list.c	lib	-
lib/stats.c	lib	-
lib/string.c	lib/string	STRING FUNCTIONS
mm/init.c	mm	MEMORY MANAGEMENT
mm/page_alloc.c	mm	MEMORY MANAGEMENT
EOM
expect_eq "$TMP/want-groups" "$TMP/got-groups" "MAINTAINERS: each file in its entry's patch, kernel-style subject prefixes"
subjects "$TMP/out2/series" | cut -d' ' -f2 >"$TMP/order"
printf '%s\n' demo init kernel time sched lib lib/string mm >"$TMP/want-order"
expect_eq "$TMP/want-order" "$TMP/order" "MAINTAINERS: the patches ordered by directory, then file"
# Cc: the M:, R: and L: of every entry matching a file, deepest first, people
# then lists; THE REST gives its list only; no subscribers-only list; one
# address once (KAY@ is kay@)
for p in "$TMP/out2/series"/*.patch; do
	pre=$(prefix_of "$p")
	cc "$p" | sed "s|^|$pre	|"
done >"$TMP/got-cc"
cat >"$TMP/want-cc" <<'EOM'
demo	lkml@example.org
init	lkml@example.org
kernel	Kay Core <kay@example.org>
kernel	core@lists.example.org
kernel	lkml@example.org
time	lkml@example.org
sched	Sam Sched <sam@example.org>
sched	"Rita R. Viewer" <rita@example.org>
sched	Kay Core <kay@example.org>
sched	sched@lists.example.org
sched	core@lists.example.org
sched	lkml@example.org
lib	lkml@example.org
lib/string	lkml@example.org
mm	Jörg Ünicode <jorg@example.org>
mm	Kay Core <KAY@example.org>
mm	lkml@example.org
EOM
expect_eq "$TMP/want-cc" "$TMP/got-cc" "MAINTAINERS: Cc: the entries' M:, R: and L:, as get_maintainer.pl"
cc "$TMP/out2/series/0000-cover-letter.txt" | sort >"$TMP/got-cc"
cut -f2 "$TMP/want-cc" | awk '{ k = tolower($0); sub(/.*</, "", k); sub(/>.*/, "", k) } !(k in s) { s[k] = 1; print }' |
	sort >"$TMP/want-cover-cc"
expect_eq "$TMP/want-cover-cc" "$TMP/got-cc" "MAINTAINERS: the cover letter is Cc'd to everyone the patches are"
grep -q '^Content-Type: text/plain; charset=UTF-8$' "$TMP/out2/series/0000-cover-letter.txt"
ok $((! $?)) "an ASCII message gets no MIME headers"
am_check "$TMP/git2" "$TMP/out2/series" "per MAINTAINERS entry"
# a CR in a MAINTAINERS line (a CRLF file, or one inside a line) never reaches a header
rm -rf "$TMP/out2cr" "$TMP/git2cr"; cp -R "$out" "$TMP/out2cr"; rm -rf "$TMP/out2cr/series"
cp -R "$TMP/git2" "$TMP/git2cr"
sed 's/$/\r/' "$TMP/git2/MAINTAINERS" >"$TMP/git2cr/MAINTAINERS"
printf 'EVIL\nM:\tEve <eve@example.org>\rBcc: x@example.org\nF:\t*\n' >>"$TMP/git2cr/MAINTAINERS"
expect_status 0 sh "$TOP/scripts/series.sh" "$TMP/out2cr" "$TMP/git2cr"
! grep -rlq "$(printf '\r')" "$TMP/out2cr/series" && ! grep -rq '^Bcc:\|eve@example' "$TMP/out2cr/series"
ok $? "MAINTAINERS with CRs: no CR in any patch, the address holding one left out"
for p in "$TMP/out2/series"/*.patch; do cc "$p"; done | sort >"$TMP/cc-lf"
for p in "$TMP/out2cr/series"/*.patch; do cc "$p"; done | sort >"$TMP/cc-crlf"
expect_eq "$TMP/cc-lf" "$TMP/cc-crlf" "... a CRLF MAINTAINERS gives the same Cc: as the LF one"

# ---- --signoff -------------------------------------------------------------------

REAL_HOME=$HOME
mkdir -p "$TMP/home"
export HOME="$TMP/home" XDG_CONFIG_HOME="$TMP/home/.config" GIT_CONFIG_NOSYSTEM=1
rm -rf "$TMP/out3"; cp -R "$out" "$TMP/out3"; rm -rf "$TMP/out3/series"
expect_status 2 sh "$TOP/scripts/series.sh" --signoff "$TMP/out3" "$TMP/git2"
expect_grep "git config user.name is not set" "$TMP/err" "--signoff with no git identity: refused, saying what to set"
[ ! -e "$TMP/out3/series" ] || [ -z "$(ls "$TMP/out3/series")" ]
ok $? "--signoff with no git identity: nothing written"
expect_status 2 sh "$TOP/scripts/annotate.sh" "$out" "$src" --split --signoff
expect_grep "user.name is not set" "$TMP/err" "annotate --split --signoff with no identity: refused"
grep -q 'spatch' "$TMP/err"
ok $((! $?)) "annotate --signoff: refused before the spatch phase"
expect_status 2 sh "$TOP/scripts/annotate.sh" "$out" "$src" --signoff
expect_grep "only with --split" "$TMP/err" "--signoff without --split is a usage error"
# no identity at all: no patch gets a made-up author (git commit refuses too)
expect_status 2 env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL sh "$TOP/scripts/series.sh" "$TMP/out3" "$TMP/git2"
expect_grep "no author for the patches (git var GIT_AUTHOR_IDENT fails)" "$TMP/err" \
	"--split with no git identity: refused, saying what to set"
[ ! -e "$TMP/out3/series" ] || ! grep -rq 'localhost' "$TMP/out3/series"
ok $? "... no crossym@localhost author written"
expect_status 2 env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL sh "$TOP/scripts/annotate.sh" "$out" "$src" --split
expect_grep "no author for the patches" "$TMP/err" "annotate --split with no identity: refused"
grep -q 'spatch' "$TMP/err"
ok $((! $?)) "annotate --split: refused before the spatch phase"
git config --global user.name "Sid Signer"
expect_status 2 sh "$TOP/scripts/series.sh" --signoff "$TMP/out3" "$TMP/git2"
expect_grep "user.email is not set" "$TMP/err" "--signoff with no email: refused"
git config --global user.email "sid@example.org"
git config --global user.name "$(printf 'Sid\nBcc: victim@example.org')"
expect_status 2 sh "$TOP/scripts/series.sh" --signoff "$TMP/out3" "$TMP/git2"
expect_grep "holds a control character" "$TMP/err" "a newline in user.name (a Bcc: header in every patch): refused"
[ ! -e "$TMP/out3/series" ] || ! grep -rq '^Bcc:' "$TMP/out3/series"
ok $? "... no Bcc: header written"
git config --global user.name "Sïd Signer"
expect_status 0 sh "$TOP/scripts/series.sh" --signoff "$TMP/out3" "$TMP/git2"
bad=0
for p in "$TMP/out3/series"/*.patch; do
	message "$p" | grep -v '^$' | tail -n 1 | grep -qx 'Signed-off-by: Sïd Signer <sid@example.org>' ||
		{ echo "# $p: not signed off last"; bad=$((bad + 1)); }
	grep -qx 'From: =?UTF-8?q?S=C3=AFd=20Signer?= <sid@example.org>' "$p" ||
		{ echo "# $p: From: not the signer, RFC 2047 encoded"; bad=$((bad + 1)); }
	grep -qx 'Content-Type: text/plain; charset=UTF-8' "$p" ||
		{ echo "# $p: a non-ASCII message without MIME headers"; bad=$((bad + 1)); }
done
ok $bad "--signoff: Signed-off-by: from git config ends each message; From: is the signer (RFC 2047)"
checkout "$TMP/git3"
cp "$TMP/git2/MAINTAINERS" "$TMP/git3/" && (cd "$TMP/git3" && git add MAINTAINERS && git commit -q -m m) >/dev/null 2>&1
am_check "$TMP/git3" "$TMP/out3/series" "--signoff"
(cd "$TMP/git3" && git log --format='%an|%(trailers:key=Signed-off-by,valueonly)' -1) | grep -v '^$' >"$TMP/log"
echo 'Sïd Signer|Sïd Signer <sid@example.org>' >"$TMP/want"
expect_eq "$TMP/want" "$TMP/log" "--signoff: git am records the author and the Signed-off-by trailer"

# checkpatch.pl of Linux 6.1 (when cached): no error in any patch
checkpatch=${CROSSYM_CACHE:-$REAL_HOME/.cache/crossym}/linux-6.1/src/scripts/checkpatch.pl
if [ -f "$checkpatch" ] && command -v perl >/dev/null 2>&1; then
	bad=0
	for p in "$TMP/out3/series"/*.patch; do
		perl "$checkpatch" --no-tree --no-summary --terse --show-types "$p" >"$TMP/cp" 2>&1
		grep 'ERROR' "$TMP/cp" | sed "s|^|# ${p##*/}: |"
		grep -q 'ERROR' "$TMP/cp" && bad=$((bad + 1))
		grep 'WARNING' "$TMP/cp" | sed "s|^|# ${p##*/}: (warning) |"
	done
	ok $bad "checkpatch.pl --no-tree: 0 errors in each patch"
else
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP checkpatch.pl: no cached Linux sources"
fi
export HOME="$REAL_HOME"

# ---- --checkpatch: the tag on a line of its own where the line broke it ------------

# a checkpatch.pl that finds an error on every added line holding the tag
# but a bare tag (the re-declaration's error remains); its --showfile lines
# name the file
cat >"$TMP/fakecp.pl" <<'EOP'
# SPDX-License-Identifier: GPL-2.0-only
my ($showfile, $file, $n, $at) = (0, "", 0, 0);
for (@ARGV) { $showfile = 1 if $_ eq "--showfile"; $file = $_ unless /^-/; }
open(my $fh, "<", $file) or exit 2;
while (<$fh>) {
	$n++;
	if (/^\+\+\+ b\/(.*)/) { $f = $1; next }
	if (/^@@ -\d+(,\d+)? \+(\d+)/) { $at = $2 - 1; next }
	$at++ if /^[ +]/;
	next unless /^\+.*$ENV{TAG}/ && !/^\+$ENV{TAG}$/;
	print(($showfile ? "$f:$at" : "$file:$n") . ": ERROR:X: style\n");
}
exit 1;
EOP
mkdir "$TMP/out7"
cp "$out/tag" "$out/forms.tsv" "$out/annotate.patch" "$TMP/out7/"
TAG=$(cat "$out/tag") expect_status 0 sh "$TOP/scripts/series.sh" --checkpatch="$TMP/fakecp.pl" "$TMP/out7" "$TMP/git2"
tag=$(cat "$out/tag")
tagged=$(grep -c "^+.*$tag" "$out/annotate.patch")
own=$(grep -c "^+$tag\$" "$TMP/out7/series"/*.patch | awk -F: '{ n += $NF } END { print n }')
remain=$(grep -c ': checkpatch: .*: ERROR:X: style' "$TMP/err")
echo "# $tagged tagged lines, $own own-line tags, $remain errors remain"
test "$own" -gt 0 && test "$remain" -ge 1 && test "$own" -lt "$tagged"
ok $? "--checkpatch: lines that broke it get the tag on a line of their own; the others are named"
expect_grep "series: checkpatch.pl: $own tagged lines already broke it: the tag stands on a line of its own there; $remain errors remain" \
	"$TMP/err" "... and the summary says how many"
grep -q '^crossym: annotate: series: checkpatch: lib/stats.c:[0-9]*: ERROR:X: style' "$TMP/err"
ok $? "... an error that remains is named FILE:LINE"
checkout "$TMP/git7"
(cd "$TMP/git7" && git am -q "$TMP/out7/series"/*.patch) >"$TMP/am.log" 2>&1
ok $? "--checkpatch: git am applies the series"
wp() {
	make -s -C "$EXAMPLE" O="$TMP/wp-$1" SRC="$2" LAYOUT=ldr >"$TMP/wp-$1.log" 2>&1 &&
		sh "$TOP/scripts/wholeprogram.sh" "$TMP/wp-$1" >>"$TMP/wp-$1.log" 2>&1 &&
		"$TMP/wp-$1/prog" >"$TMP/wp-$1.out" && cmp -s "$TMP/wp-$1.out" "$EXAMPLE/expected-output.txt"
}
# unit_syms NAME: "UNIT KIND SYMBOL" for the global symbols of each unit file
unit_syms() {
	(cd "$TMP/wp-$1" && find . -name "unit*.o" | sort | xargs nm -A) |
		awk '{ t = NF == 4 ? $3 : $2 } t ~ /^[A-TV-Z]$/ { print $1, t, $NF }'
}
wp own "$TMP/git7"
ok $? "--checkpatch: the tree compiles, links as whole-program units and runs"
unit_syms own >"$TMP/own.syms"
wp plain "$TMP/patched"
unit_syms plain >"$TMP/plain.syms"
test -s "$TMP/own.syms" && cmp -s "$TMP/own.syms" "$TMP/plain.syms"
ok $? "... and its units keep the same global symbols as annotate.patch's tree"
expect_status 2 sh "$TOP/scripts/annotate.sh" "$out" "$src" --checkpatch
expect_grep "checkpatch: only with --split" "$TMP/err" "annotate --checkpatch without --split: refused"
expect_status 2 sh "$TOP/scripts/annotate.sh" "$out" "$src" --split --checkpatch
expect_grep "$src/scripts/checkpatch.pl: cannot read" "$TMP/err" "annotate --checkpatch: a tree with no checkpatch.pl is named"

# ---- the subject prefix rule on kernel paths --------------------------------------

# directory -> the prefix the rule gives (one MAINTAINERS entry per directory)
cat >"$TMP/rule" <<'EOM'
arch/x86/kernel	x86
arch/x86/kernel/cpu/mce	x86/mce
arch/x86/mm	x86/mm
drivers/gpu/drm	drm
drivers/gpu/drm/i915	drm/i915
drivers/misc/e1000	e1000
drivers/net/ethernet/intel/e1000	drivers/net/ethernet/intel/e1000/x
drivers/staging/e1000	drivers/staging/e1000/x
drivers/usb/core	usb: core
fs/ext2	ext2
include/linux	include/linux
kernel/sched	sched
lib	lib
mm	mm
sound/pci/hda	ALSA: hda
sound/soc/codecs	ASoC: codecs
EOM
mkdir -p "$TMP/out6" "$TMP/tree6"
cp "$out/tag" "$TMP/out6/"
: >"$TMP/out6/annotate.patch"; : >"$TMP/out6/forms.tsv"; : >"$TMP/tree6/MAINTAINERS"
while IFS='	' read -r dir pre; do
	printf -- '--- a/%s/x.c\n+++ b/%s/x.c\n@@ -1 +1 @@\n-int x;\n+int __visible x;\n' "$dir" "$dir" >>"$TMP/out6/annotate.patch"
	printf '%s/x.c\tx\tinplace\t-\n' "$dir" >>"$TMP/out6/forms.tsv"
	printf 'ENTRY %s\nF:\t%s/\n\n' "$dir" "$dir" >>"$TMP/tree6/MAINTAINERS"
done <"$TMP/rule"
expect_status 0 sh "$TOP/scripts/series.sh" "$TMP/out6" "$TMP/tree6"
for p in "$TMP/out6/series"/*.patch; do
	printf '%s\t%s\n' "$(patch_files "$p" | sed 's|/x.c$||')" "$(prefix_of "$p")"
done >"$TMP/got"
expect_eq "$TMP/rule" "$TMP/got" "subject prefixes: arch/ARCH/.../LEAF, drm/X, ASoC:/ALSA:, PARENT: core, the leaf; a clash: PREFIX/FILE, then the paths"
header "$(ls "$TMP/out6/series"/0001-*.patch)" Subject | grep -q '^\[PATCH 01/16\] '
ok $? "16 patches: numbered 01/16 ... 16/16, as git format-patch numbers them"

# ---- one patch: no cover letter, no numbering ----------------------------------

mkdir "$TMP/out5"
cp "$out/tag" "$out/forms.tsv" "$TMP/out5/"
awk '/^--- a\// { keep = index($0, "--- a/mm/") == 1 } keep' "$out/annotate.patch" >"$TMP/out5/annotate.patch"
expect_status 0 sh "$TOP/scripts/series.sh" "$TMP/out5" "$TMP/git2"
ls "$TMP/out5/series" >"$TMP/got"
echo 0001-mm-tag-cross-directory-symbols-for-whole-program-bui.patch >"$TMP/want"
expect_eq "$TMP/want" "$TMP/got" "one patch: no cover letter"
header "$TMP/out5/series"/0001-*.patch Subject >"$TMP/got"
echo "[PATCH] mm: tag cross-directory symbols for whole-program builds" >"$TMP/want"
expect_eq "$TMP/want" "$TMP/got" "one patch: [PATCH] with no n/N"
sed -n '/^---$/,/^ .* | /p' "$TMP/out5/series"/0001-*.patch >"$TMP/got"
grep -qx 'MAINTAINERS: MEMORY MANAGEMENT' "$TMP/got" && ! grep -q 'Patch 1 of' "$TMP/got"
ok $? "one patch: the MAINTAINERS entry below the ---, no place in a series"
checkout "$TMP/git5"
(cd "$TMP/git5" && git am -q "$TMP/out5/series"/*.patch) >"$TMP/am.log" 2>&1
ok $? "one patch: git am applies it"

# ---- nothing to split; bad input ---------------------------------------------------

mkdir "$TMP/out4"
cp "$out/tag" "$out/forms.tsv" "$TMP/out4/"
: >"$TMP/out4/annotate.patch"
expect_status 0 sh "$TOP/scripts/series.sh" "$TMP/out4" "$src"
[ ! -e "$TMP/out4/series" ] || [ -z "$(ls "$TMP/out4/series")" ]
ok $? "an empty patch: no series written"
rm "$TMP/out4/forms.tsv"
expect_status 2 sh "$TOP/scripts/series.sh" "$TMP/out4" "$src"
expect_grep "forms.tsv: missing" "$TMP/err" "a missing forms.tsv is named"

done_testing
