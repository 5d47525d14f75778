#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t55-static: crossym cocci --static on tests/trees/static built in two
# configurations (CONFIG_A, CONFIG_B): what becomes static and why the others
# stay global (file-local in one build only, a use under an option no build
# sets, a use only inside an #ifdef the definition is not in, `used`, asm, a
# name only a macro's argument; calls GCC inlined need --run-build-commands);
# annotate --apply makes it, and both configurations build again with
# -Werror from the changed tree, print the same and export fewer symbols.
# Given one build only, the other configuration's use keeps its definition.
. "$(dirname "$0")/lib.sh"
# (--split: the patches' author is git's identity)
export GIT_AUTHOR_NAME="Ann Tester" GIT_AUTHOR_EMAIL="ann@example.org"
command -v spatch >/dev/null 2>&1 || skip_all "no spatch (coccinelle)"
tree=$TOP/tests/trees/static
annotate() { env CROSSYM_LIBEXECDIR="$TOP/scripts" "$CROSSYM" annotate "$@"; }
# globals B: the global definitions of B's program objects
globals() { nm -g --defined-only "$1"/lib/util.o "$1"/app/*.o | awk 'NF == 3 { print $3 }' | sort; }

for c in A B; do
	sh "$tree/build.sh" "$TMP/$c" $c >"$TMP/build-$c.log" 2>&1
	ok $? "the tree builds with CONFIG_$c (-Werror)"
	"$TMP/$c/prog" >"$TMP/prog-$c.out"
	globals "$TMP/$c" >"$TMP/globals-$c.before"
done

expect_status 0 "$CROSSYM" cocci --static --run-build-commands -o "$TMP/so" "$TMP/A" "$TMP/B"
cat >"$TMP/want.tsv" <<'TSV'
lib/util.c	util_armed	33	kept	used in lib/util.c only inside `#ifdef CONFIG_A` (line 66), which its definition is not in: static would leave it unused where that is false	lib
lib/util.c	util_count	6	static	-	lib
lib/util.c	util_hidden	27	kept	named in app/extra.c:11 (inside `#ifdef CONFIG_NEVER`, which no build set)	lib
lib/util.c	util_pasted	54	kept	its preprocessed source uses it nowhere (its name is only a macro's argument): static would leave it unused	lib
lib/util.c	util_pinned	39	kept	declared used (lib/util.c:39)	lib
lib/util.c	util_plain	14	static	-	lib
lib/util.c	util_shared	0	kept	file-local in 1 of the 2 builds that define it; in the other it is referenced from another unit (app)	lib
lib/util.c	util_twice	8	static	-	lib
TSV
expect_eq "$TMP/want.tsv" "$TMP/so/static.tsv" "static.tsv: 3 made static, 5 kept, each with why"
expect_grep "^crossym cocci: lib/util.c:27: util_hidden stays global: named in app/extra.c:11 (inside \`#ifdef CONFIG_NEVER\`, which no build set)" \
	"$TMP/err" "... said on stderr, with the option no build set"
expect_grep "^crossym cocci: --static: 3 of 8 file-local definitions become static, 5 kept" \
	"$TMP/err" "... and counted"
expect_status 0 "$CROSSYM" cocci --static -o "$TMP/norun" "$TMP/A" "$TMP/B"
expect_grep "^crossym cocci: lib/util.c:45: util_asmref stays global: named inside asm at lib/util.c:49" \
	"$TMP/err" "without --run-build-commands: a definition asm names stays global"
expect_grep "^crossym cocci: lib/util.c:8: util_twice stays global: no relocation of its object uses it (a call GCC inlined, or a name a macro pastes?): --run-build-commands checks its preprocessed source" \
	"$TMP/err" "... and one whose calls GCC inlined: only the preprocessed source could tell"
printf 'include/util.h\tundecl\t8\t8\tutil_twice\ninclude/util.h\tundecl\t9\t9\tutil_count\n' >"$TMP/want.edits"
grep undecl "$TMP/so/edits.tsv" >"$TMP/got.edits"
expect_eq "$TMP/want.edits" "$TMP/got.edits" "the header declarations of the two it declares go too"

expect_status 0 "$CROSSYM" report --all "$TMP/A" "$TMP/B"
expect_grep '^  lib          2         0           0           8                8$' "$TMP/out" \
	"report --all: per unit, the globals that could be static"

cp -R "$tree" "$TMP/src"
expect_status 0 annotate "$TMP/so" "$TMP/src" --apply
printf '%s\n' 'include/util.h	util_count	undeclared	-' 'include/util.h	util_twice	undeclared	-' \
	'lib/util.c	util_count	static	text' 'lib/util.c	util_plain	static	text' \
	'lib/util.c	util_twice	static	text' >"$TMP/want.forms"
expect_eq "$TMP/want.forms" "$TMP/so/forms.tsv" "forms.tsv: 3 static, 2 declarations deleted"
expect_grep "lib/util.c: spatch did not make exactly the edits: the edits made as text" "$TMP/err" \
	"spatch put static before util_count's comment: the edit made as text, said"
grep -qx 'static int util_count = 2;' "$TMP/src/lib/util.c" &&
	grep -qx 'static int util_twice(int x)' "$TMP/src/lib/util.c" &&
	! grep -q 'util_twice\|util_count' "$TMP/src/include/util.h" &&
	grep -qx 'int util_shared(int x)' "$TMP/src/lib/util.c"
ok $? "the tree: static on the three, their declarations gone, util_shared as it was"

for c in A B; do
	sh "$tree/build.sh" "$TMP/$c-static" $c "$TMP/src" >"$TMP/build-$c-static.log" 2>&1
	ok $? "the changed tree builds with CONFIG_$c, -Werror: no new warning"
	"$TMP/$c-static/prog" >"$TMP/prog-$c-static.out"
	expect_eq "$TMP/prog-$c.out" "$TMP/prog-$c-static.out" "... and its program prints the same"
	globals "$TMP/$c-static" >"$TMP/globals-$c.after"
	comm -23 "$TMP/globals-$c.before" "$TMP/globals-$c.after" >"$TMP/gone-$c"
	printf 'util_count\nutil_plain\nutil_twice\n' >"$TMP/want.gone"
	expect_eq "$TMP/want.gone" "$TMP/gone-$c" "... and exports exactly those three fewer symbols"
done

cp -R "$tree" "$TMP/src3"
expect_status 0 annotate "$TMP/so" "$TMP/src3" --split
set -- "$TMP"/so/series/*.patch
[ $# -eq 1 ] && grep -q '^Subject: \[PATCH\] .*: make file-local definitions static$' "$1" &&
	grep -q '^Made static (3): util_count util_plain util_twice$' "$1" &&
	grep -q '^ include/util.h | 2 --$' "$1" && grep -q '^ lib/util.c     | 6 +++---$' "$1"
ok $? "--split: one patch, the header's deletions with the definitions they go with"
expect_status 0 "$CROSSYM" cocci --static --run-build-commands -o "$TMP/again" "$TMP/A-static" "$TMP/B-static"
expect_grep "^crossym cocci: --static: 0 of 5 file-local definitions become static" "$TMP/err" \
	"on the changed tree's builds: nothing more to make static"

expect_status 0 "$CROSSYM" cocci --static --run-build-commands -o "$TMP/one" "$TMP/A"
expect_grep "^crossym cocci: lib/util.c:20: util_shared stays global: named in app/main.c:10 (inside \`#ifdef CONFIG_B\`, which no build set)" \
	"$TMP/err" "given CONFIG_A's build alone, the use under CONFIG_B keeps util_shared global"

echo '/* changed */' >>"$TMP/src/lib/util.c"
expect_status 0 "$CROSSYM" cocci --static --run-build-commands -o "$TMP/stale" "$TMP/A" "$TMP/B"
cp -R "$tree" "$TMP/src2"
echo '/* changed */' >>"$TMP/src2/include/util.h"
expect_status 1 annotate "$TMP/stale" "$TMP/src2" --apply
expect_grep "include/util.h: changed since the scan" "$TMP/err" "a header changed since the scan: refused, named"
cmp -s "$tree/lib/util.c" "$TMP/src2/lib/util.c"
ok $? "... and nothing of the tree rewritten"
expect_status 2 annotate "$TMP/so" "$TMP/src2" M=lib
expect_grep "M=lib: not with an OUTDIR of crossym cocci --static" "$TMP/err" "M=DIR refused on a --static OUTDIR"
done_testing
