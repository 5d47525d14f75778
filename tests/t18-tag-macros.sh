#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t18-tag-macros: `crossym cocci --tag-macros` on tests/trees/macros, where
# definitions are named by macros that paste the names together:
#  (a) CALL_DEFINE1(add|sub, ...) (shaped like SYSCALL_DEFINEn) make
#      __x64_sys_add/sub, both used from main/; the global declaration sits two
#      macros down, in __STUB: that #define gets the tag once, no definition
#      is re-declared, and the whole-program build of the tagged tree links
#      and runs (the untagged tree's does not link);
#  (b) DEFINE_HOOK(alpha|beta, ...) make hook_alpha (used from main/) and
#      hook_beta (used only in k/): __HOOK is not changed, the report says
#      "1 of 2" and why, and hook_alpha keeps its re-declaration;
#  with a second build where main/ uses hook_beta, the union makes __HOOK
#  2 of 2: its #define gets the tag;
#  `crossym check --tag-macros` finds the tagged tree exact, plain check does
#  not see the tag in the #define (it reports the two definitions missing).
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "no spatch (coccinelle)"
tree=$TOP/tests/trees/macros

sh "$tree/build.sh" "$TMP/b" >"$TMP/build.log" 2>&1
ok $? "the macros tree builds"
"$TMP/b/prog" >"$TMP/want.out"
expect_grep "^add 42, sub 42, alpha 3, run 14, beta 0$" "$TMP/want.out" "the program runs"

# ---- the plan -------------------------------------------------------------------
"$CROSSYM" cocci --tag-macros --tag __visible -o "$TMP/c" "$TMP/b" 2>"$TMP/cocci.err"
ok $? "cocci --tag-macros exits 0"
stub_line=$(grep -n '^#define __STUB(' "$tree/include/calls.h" | cut -d: -f1)
hook_line=$(grep -n '^#define __HOOK(' "$tree/include/calls.h" | cut -d: -f1)
expect_grep "^crossym cocci: macro __STUB (include/calls.h:$stub_line, from CALL_DEFINE1 -> __STUB_X -> __STUB): 2 of 2 definitions need the tag: the tag goes into its #define\$" \
	"$TMP/cocci.err" "(a) __STUB: 2 of 2 need the tag, found through the chain"
expect_grep "^crossym cocci: macro __HOOK (include/calls.h:$hook_line, from DEFINE_HOOK -> __HOOK): 1 of 2 definitions need the tag: not changed: hook_beta (k/hooks.o) is unit-local: a tag would keep it from being optimised\$" \
	"$TMP/cocci.err" "(b) __HOOK: 1 of 2, not changed, and why"
# the tag goes before the tokens that make the name, in __STUB's first declaration
tag_line=$((stub_line + 1))
col=$(sed -n "${tag_line}p" "$tree/include/calls.h" | awk '{ print index($0, "__##abi") - 1 }')
printf 'include/calls.h\t%s\t%s\t__STUB\t2\t2\ttag\t-\n' "$tag_line" "$col" >"$TMP/want.m"
grep '	__STUB	' "$TMP/c/macros.tsv" >"$TMP/got.m"
expect_eq "$TMP/want.m" "$TMP/got.m" "macros.tsv: __STUB, where its tag goes"
grep '	__HOOK	' "$TMP/c/macros.tsv" | cut -f4-7 >"$TMP/got.h"
printf '__HOOK\t1\t2\tno\n' >"$TMP/want.h"
expect_eq "$TMP/want.h" "$TMP/got.h" "macros.tsv: __HOOK not changed"
! grep -q '__x64_sys_' "$TMP/c/wanted.tsv"
ok $? "wanted.tsv: no re-declaration of __x64_sys_add/sub"
expect_grep '^k/hooks.c	hook_alpha	var	0	DEFINE_HOOK	pasted$' "$TMP/c/wanted.tsv" \
	"wanted.tsv: hook_alpha re-declared as before"
"$CROSSYM" cocci --tag __visible -o "$TMP/plain" "$TMP/b" 2>/dev/null
[ "$(grep -c '	__x64_sys_.*	pasted$' "$TMP/plain/wanted.tsv")" -eq 2 ] && [ ! -f "$TMP/plain/macros.tsv" ]
ok $? "control: without --tag-macros both are re-declared, no macros.tsv"

"$CROSSYM" report --tag-macros "$TMP/b" >"$TMP/report.txt" 2>/dev/null
expect_grep "^  macro __HOOK (include/calls.h:$hook_line, from DEFINE_HOOK -> __HOOK): 1 of 2 definitions need the tag: not changed: hook_beta" \
	"$TMP/report.txt" "report --tag-macros: the same, in a section of the text report"

# ---- two configurations: the union of the builds ------------------------------
EXTRA_CFLAGS=-DUSE_BETA sh "$tree/build.sh" "$TMP/bb" >"$TMP/bb.log" 2>&1
ok $? "a second configuration (-DUSE_BETA: main/ uses hook_beta) builds"
"$CROSSYM" cocci --tag-macros --tag __visible -o "$TMP/cu" "$TMP/b" "$TMP/bb" 2>"$TMP/cu.err"
expect_grep "^crossym cocci: macro __HOOK (include/calls.h:$hook_line, from DEFINE_HOOK -> __HOOK): 2 of 2 definitions need the tag: the tag goes into its #define\$" \
	"$TMP/cu.err" "union: hook_beta needs the tag in one build, so __HOOK gets it"
! grep -q "hook_" "$TMP/cu/wanted.tsv"
ok $? "union: no re-declaration of hook_alpha or hook_beta"

# ---- annotate -------------------------------------------------------------------
cp -R "$tree" "$TMP/src"
sh "$TOP/scripts/annotate.sh" "$TMP/c" "$TMP/src" --apply >"$TMP/annotate.log" 2>&1
ok $? "annotate.sh --apply exits 0"
cat >"$TMP/want.f" <<'EOF'
include/calls.h	__STUB	macro	its #define carries the tag
k/hooks.c	hook_alpha	redeclared	name not in source
k/other.c	k_run	inplace	-
EOF
expect_eq "$TMP/want.f" "$TMP/c/forms.tsv" "forms.tsv: the #define, one re-declaration, one in place"
sed "${tag_line}s/__##abi/__visible __##abi/" "$tree/include/calls.h" >"$TMP/want.h"
expect_eq "$TMP/want.h" "$TMP/src/include/calls.h" "include/calls.h: one tag, in __STUB's declaration"
cmp -s "$tree/k/sys.c" "$TMP/src/k/sys.c"
ok $? "k/sys.c unchanged (no re-declarations)"
[ "$(grep -c '__visible' "$TMP/src/k/hooks.c")" -eq 1 ]
ok $? "k/hooks.c: one re-declaration (hook_alpha)"

# M=DIR: the #define under DIR is tagged; one outside it is named
cp -R "$tree" "$TMP/srcm"
sh "$TOP/scripts/annotate.sh" "$TMP/c" "$TMP/srcm" M=k >"$TMP/m.log" 2>&1
expect_grep "warning: the #define of __STUB (include/calls.h) is outside M=k: the definitions it makes stay untagged until it is applied" \
	"$TMP/m.log" "M=k: the #define outside k/ is named"
sh "$TOP/scripts/annotate.sh" "$TMP/c" "$TMP/srcm" M=include >"$TMP/m2.log" 2>&1
expect_grep "include/calls.h: tagged the #define of __STUB" "$TMP/m2.log" "M=include: the #define is tagged"

# a #define changed behind the plan's back: verify refuses
cp -R "$tree" "$TMP/src2"
sed -i "${tag_line}s/long __##abi/long  __##abi/" "$TMP/src2/include/calls.h"
sh "$TOP/scripts/annotate.sh" "$TMP/c" "$TMP/src2" >"$TMP/annotate2.log" 2>&1
[ $? -eq 1 ]
ok $? "annotate.sh refuses a tree whose #define changed since the scan"

# ---- the builds -----------------------------------------------------------------
sh "$tree/build.sh" "$TMP/wp" "$TMP/src" wp >"$TMP/wp.log" 2>&1
ok $? "the whole-program build of the tagged tree links (-Werror)"
sed 's/^/# /' "$TMP/wp.log" | head -n 10
"$TMP/wp/prog" >"$TMP/wp.out" 2>&1
expect_eq "$TMP/want.out" "$TMP/wp.out" "the whole-program binary runs as the normal one"
nm "$TMP/wp/k/unit.o" >"$TMP/nm" 2>&1
grep -q ' T __x64_sys_add$' "$TMP/nm" && grep -q ' T __x64_sys_sub$' "$TMP/nm"
ok $? "__x64_sys_add/sub stay global in the k unit"
! grep -q ' [A-Z] hook_beta$' "$TMP/nm"
ok $? "hook_beta (unit-local, untagged) is localised"
sh "$tree/build.sh" "$TMP/wp0" "$tree" wp >"$TMP/wp0.log" 2>&1
[ $? -ne 0 ] && grep -q "undefined reference to .__x64_sys_add" "$TMP/wp0.log"
ok $? "control: the untagged tree's whole-program build does not link"

# ---- check ----------------------------------------------------------------------
sh "$tree/build.sh" "$TMP/b2" "$TMP/src" >"$TMP/b2.log" 2>&1
ok $? "the tagged tree builds"
expect_status 0 "$CROSSYM" check --tag-macros --tag __visible "$TMP/b2"
expect_grep "2 of 2 definitions need the tag: its #define carries the tag" "$TMP/err" \
	"check --tag-macros: the #define carries the tag"
expect_status 1 "$CROSSYM" check --tag-macros --tag __visible "$TMP/b"
expect_grep "^include/calls.h:$tag_line: missing tag: __STUB: every definition it makes (2) is referenced from outside its unit\$" \
	"$TMP/out" "check --tag-macros on the untagged tree: the #define's tag is missing"
# without --tag-macros (--no-config: annotate --apply recorded it in .crossym,
# which check reads) each pasted definition lacks its own tag
expect_status 1 "$CROSSYM" check --no-config --tag __visible "$TMP/b2"
expect_status 0 "$CROSSYM" check "$TMP/b2"
expect_grep "^crossym check: read $TMP/src/.crossym: --tag __visible --tag-macros " "$TMP/err" \
	"check BUILD alone: --tag and --tag-macros from the .crossym annotate --apply installed"
# a tag put by hand into __HOOK, one of whose definitions must stay untagged
cp -R "$TMP/src" "$TMP/src3"
sed -i "s/^#define __HOOK(name, value) int hook_/#define __HOOK(name, value) int __visible hook_/" \
	"$TMP/src3/include/calls.h"
sh "$tree/build.sh" "$TMP/b3" "$TMP/src3" >"$TMP/b3.log" 2>&1
expect_status 1 "$CROSSYM" check --tag-macros --tag __visible "$TMP/b3"
expect_grep "^include/calls.h:$hook_line: stale tag: __HOOK: only 1 of the 2 definitions it makes need it (hook_beta (k/hooks.o) is unit-local: a tag would keep it from being optimised)\$" \
	"$TMP/out" "check --tag-macros: a tag in a #define that must not have it is stale"
# --define-tag (`used` in the #define): the re-declared variable hook_alpha and
# the pasted functions compile with -Wall -Werror, no warning more than the
# untagged build ("'used' attribute ignored" on an extern variable: #40)
tag_copy "$tree" "$TMP/b" "$TMP/dsrc" "$TMP/dout"
ok $? "cocci --define-tag + annotate --apply on the macros tree"
grep -qx '__typeof__(hook_alpha) hook_alpha __global;' "$TMP/dsrc/k/hooks.c" &&
	grep -qx 'extern __typeof__(__x64_sys_add) __x64_sys_add __global;' "$TMP/dsrc/k/sys.c"
ok $? "--define-tag: a variable re-declared without extern, a function with"
sh "$tree/build.sh" "$TMP/db" "$TMP/dsrc" >"$TMP/db.log" 2>&1
ok $? "--define-tag: the tagged tree builds with -Wall -Werror"
sh "$tree/build.sh" "$TMP/dwp" "$TMP/dsrc" wp >"$TMP/dwp.log" 2>&1 &&
	nm "$TMP/dwp/k/unit.o" | grep -q ' D hook_alpha$'
ok $? "--define-tag: whole-program, hook_alpha stays global"
[ "$(cat "$TMP/db.log" "$TMP/dwp.log" | grep -c ': warning:')" -le "$(grep -c ': warning:' "$TMP/build.log")" ]
ok $? "--define-tag: no warning more than the untagged build"
done_testing
