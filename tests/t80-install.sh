#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t80-install: `make install DESTDIR=...` puts the binary, the driver scripts
# and the man pages where they belong; the installed copy, run from another
# directory with only its bin/ on PATH, does the whole job on the example tree
# (report equal to expected.tsv, cocci, annotate --apply, the tagged copy links
# whole-program and runs, check finds it exact; its annotate.sh runs this
# binary's verify, whatever CROSSYM says); --version and every --help
# carry the version; the install still works after it is moved (the driver is
# found relative to the binary); `make uninstall` removes every file.
. "$(dirname "$0")/lib.sh"
# (--split: the patches' author is git's identity)
export GIT_AUTHOR_NAME="Ann Tester" GIT_AUTHOR_EMAIL="ann@example.org"
command -v spatch >/dev/null 2>&1 || skip_all "spatch (coccinelle) not installed"
EXAMPLE=$TOP/tests/trees/example
VERSION=$(cat "$TOP/VERSION")
DEST=$TMP/dest
PREFIX=/usr/local       # the Makefile's default: installing rebuilds nothing

# -o: the binary under test as it is (make check built it with other flags:
# a rebuild would rewrite it under the feet of the tests running beside).
make -s -C "$TOP" install DESTDIR="$DEST" BIN="$CROSSYM" -o "$CROSSYM" >"$TMP/install.log" 2>&1
ok $? "make install DESTDIR=... succeeds"
sed 's/^/# /' "$TMP/install.log" | head -n 20
(cd "$DEST" && find . -type f | sort) >"$TMP/files"
cat >"$TMP/want-files" <<EOF
.$PREFIX/bin/crossym
.$PREFIX/libexec/crossym/VERSION
.$PREFIX/libexec/crossym/annotate.sh
.$PREFIX/libexec/crossym/apply.sh
.$PREFIX/libexec/crossym/progress.sh
.$PREFIX/libexec/crossym/series.sh
.$PREFIX/libexec/crossym/spatch-one.sh
.$PREFIX/libexec/crossym/verify-build.sh
.$PREFIX/libexec/crossym/wholeprogram.sh
.$PREFIX/share/bash-completion/completions/crossym
.$PREFIX/share/man/man1/crossym-annotate.1
.$PREFIX/share/man/man1/crossym.1
EOF
expect_eq "$TMP/want-files" "$TMP/files" "the installed files"
cmp -s "$TOP/scripts/annotate.sh" "$DEST$PREFIX/libexec/crossym/annotate.sh"
ok $? "annotate.sh installed unchanged"
[ -x "$DEST$PREFIX/bin/crossym" ]
ok $? "the binary is executable"

# ---- the installed copy, from elsewhere --------------------------------------------

mkdir "$TMP/elsewhere"
cd "$TMP/elsewhere" || exit 1
PATH=$DEST$PREFIX/bin:$PATH
export PATH
[ "$(command -v crossym)" = "$DEST$PREFIX/bin/crossym" ]
ok $? "crossym on PATH is the installed one"
expect_status 0 crossym --version
head -n 1 "$TMP/out" >"$TMP/version-line"
# VERSION, git describe style in a checkout (scripts/version.sh): on the
# release tag VERSION itself, else what it is after (-N-gHASH), or that no
# release tag is reachable (-untagged-gHASH); -dirty with local changes
BUILT=$(sed -n '1s/^crossym //p' "$TMP/version-line")
case $BUILT in
"$VERSION"|"$VERSION"-[0-9]*-g[0-9a-f]*|"$VERSION"-untagged-g[0-9a-f]*) vok=0 ;;
*) vok=1 ;;
esac
ok $vok "--version prints crossym VERSION, git describe style ($BUILT)"
sh "$TOP/scripts/version.sh" >"$TMP/v-now"
if [ -e "$TOP/.git" ] && command -v git >/dev/null 2>&1; then
	git -C "$TOP" describe --tags --match 'v[0-9]*' >/dev/null 2>&1 && want=described || want=untagged
	case $want:$(cat "$TMP/v-now") in
	described:*-untagged-*|untagged:*[!d]-[0-9]*-g*) vok=1 ;;
	untagged:*-untagged-g*|described:*) vok=0 ;;
	*) vok=1 ;;
	esac
	ok $vok "version.sh: $(cat "$TMP/v-now") ($want checkout)"
else
	expect_eq "$TOP/VERSION" "$TMP/v-now" "version.sh without git: VERSION as it is"
fi
expect_grep "^License GPL-2.0-only" "$TMP/out" "--version names the licence"
bad=0
for cmd in "" report cocci check objects annotate wholeprogram; do
	crossym $cmd --help >"$TMP/help" 2>"$TMP/help.err" || { echo "# $cmd --help: exit $?"; bad=$((bad + 1)); }
	tail -n 1 "$TMP/help" | grep -qxF "crossym $BUILT" || { echo "# $cmd --help: no version line"; bad=$((bad + 1)); }
	[ -s "$TMP/help.err" ] && { echo "# $cmd --help wrote to stderr"; bad=$((bad + 1)); }
done
ok $bad "every --help: exit 0, on stdout, ends with the version"
crossym annotate --help >"$TMP/help"
expect_grep "^usage: crossym annotate OUTDIR SRCTREE" "$TMP/help" "annotate --help: the usage line"
expect_grep "^  --split" "$TMP/help" "annotate --help: the options"
expect_status 2 crossym annotate
expect_grep "usage: crossym annotate" "$TMP/err" "annotate without arguments: usage on stderr, exit 2"
expect_status 2 crossym wholeprogram
expect_grep "usage: crossym wholeprogram" "$TMP/err" "wholeprogram without arguments: usage on stderr, exit 2"

make -s -C "$EXAMPLE" O="$TMP/build" >/dev/null 2>&1 || { echo "Bail out! the example does not build"; exit 1; }
expect_status 0 crossym report --format=tsv "$TMP/build"
tsv6 "$TMP/out"
expect_eq "$EXAMPLE/expected.tsv" "$TMP/out" "installed report equals expected.tsv (six columns)"
expect_status 0 crossym cocci -o cocci "$TMP/build"
cp -R "$EXAMPLE" tagged
expect_status 0 crossym annotate cocci tagged --apply
expect_grep "18 in place, 0 already tagged, 2 re-declared" "$TMP/err" "installed annotate: the counts"
[ -s cocci/annotate.patch ] && [ -s cocci/forms.tsv ]
ok $? "installed annotate wrote annotate.patch and forms.tsv"
make -s -C "$EXAMPLE" O="$TMP/wp" SRC="$TMP/elsewhere/tagged" WHOLEPROG=1 >"$TMP/wp.log" 2>&1
rc=$?
ok $rc "the tagged copy links whole-program"
[ $rc -eq 0 ] || sed 's/^/# /' "$TMP/wp.log" | head -n 10
"$TMP/wp/prog" >"$TMP/wp.out" 2>&1
expect_eq "$EXAMPLE/expected-output.txt" "$TMP/wp.out" "the whole-program binary prints the expected output"
make -s -C "$EXAMPLE" O="$TMP/retag" SRC="$TMP/elsewhere/tagged" >/dev/null 2>&1
expect_status 0 crossym check "$TMP/retag"
cp -R "$EXAMPLE" split
expect_status 0 env CROSSYM=/nonexistent/crossym crossym annotate cocci split --split
expect_grep "series: 5 patches" "$TMP/err" "installed annotate --split finds series.sh"
make -s -C "$EXAMPLE" O="$TMP/wpi" SRC="$TMP/elsewhere/tagged" LAYOUT=ldr >/dev/null 2>&1
expect_status 0 env CROSSYM=/nonexistent/crossym crossym wholeprogram "$TMP/wpi"
expect_grep "units linked in" "$TMP/err" "installed crossym wholeprogram runs wholeprogram.sh with the installed binary"
"$TMP/wpi/prog" >"$TMP/wpi.out" 2>&1
expect_eq "$EXAMPLE/expected-output.txt" "$TMP/wpi.out" "... and its whole-program image prints the expected output"
cp -R "$EXAMPLE" direct
expect_status 0 env -u CROSSYM PATH=/usr/bin:/bin sh "$DEST$PREFIX/libexec/crossym/annotate.sh" cocci direct
expect_grep "18 in place" "$TMP/err" "the installed annotate.sh run directly finds bin/crossym for verify"

MANWIDTH=80 man -M "$DEST$PREFIX/share/man" crossym >"$TMP/man" 2>"$TMP/man.err"
ok $? "man -M finds the installed crossym(1)"
expect_grep "crossym $VERSION" "$TMP/man" "the installed page names the version"
MANWIDTH=80 man -M "$DEST$PREFIX/share/man" crossym-annotate >"$TMP/man" 2>"$TMP/man.err"
expect_grep "PATCH SERIES" "$TMP/man" "man -M finds the installed crossym-annotate(1)"

# ---- moved: the driver is found relative to the binary ---------------------------

cd "$TMP" || exit 1
mv "$DEST$PREFIX" "$TMP/moved"
expect_status 0 "$TMP/moved/bin/crossym" annotate --help
if [ ! -e "$PREFIX/libexec/crossym/annotate.sh" ]; then
	rm "$TMP/moved/libexec/crossym/annotate.sh"
	expect_status 2 "$TMP/moved/bin/crossym" annotate --help
	expect_grep "annotate.sh not found" "$TMP/err" "no driver beside the binary: said so, exit 2"
	expect_status 0 env CROSSYM_LIBEXECDIR="$TOP/scripts" "$TMP/moved/bin/crossym" annotate --help
fi
mkdir -p "$DEST$PREFIX"
rmdir "$DEST$PREFIX"
mv "$TMP/moved" "$DEST$PREFIX"
cp "$TOP/scripts/annotate.sh" "$DEST$PREFIX/libexec/crossym/"

make -s -C "$TOP" uninstall DESTDIR="$DEST" >"$TMP/uninstall.log" 2>&1
ok $? "make uninstall succeeds"
(cd "$DEST" && find . -type f) >"$TMP/left"
[ ! -s "$TMP/left" ]
ok $? "make uninstall removes every installed file"
sed 's/^/# left: /' "$TMP/left"

done_testing
