#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t36-verify-build: annotate.sh --verify-build BUILD compiles every changed
# file with its object's own .cmd command, before and after tagging.
# The example tree gets (in a copy) kernel/pcpulock.c, whose definer macro
# DEFINE_PCPU_LOCK lives in kernel/pcpulock.h, included with quotes from the
# source's own directory: not in the object's -I directories, so crossym does
# not find the #define, keeps the tag in front of the call and says so
# ("not checked against its expansion"). The expansion begins with a static
# helper, so that tag gives a new warning; --verify-build sees it, falls back
# to a re-declaration (forms.tsv: `compiling: ...`), compiles again, and only
# then applies the patch: the tagged tree compiles with -Werror. Without
# --verify-build the same patch gives the warning (the control).
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "no spatch (coccinelle)"
ex=$TOP/tests/trees/example
werror="-O2 -ffunction-sections -fdata-sections -Wall -Werror"
echo '#define __visible __attribute__((externally_visible))' >"$TMP/visible.h"
cppflags() { echo "-I$1/include -include $1/include/compiler.h -include $TMP/visible.h"; }
build() {       # build SRC OUT [make args...]
	s=$1 o=$2
	shift 2
	make -s -C "$ex" SRC="$s" O="$o" LAYOUT=ldr CPPFLAGS="$(cppflags "$s")" "$@" >"$TMP/build.log" 2>&1
}

cp -R "$ex" "$TMP/src"
cat >"$TMP/src/kernel/pcpulock.h" <<'EOF'
/* a definer macro only the compiler finds (quote include, not under -I) */
#define DEFINE_PCPU_LOCK(name) \
	static int __pcpu_lock_rc_##name; \
	int *name = &__pcpu_lock_rc_##name
EOF
cat >"$TMP/src/kernel/pcpulock.c" <<'EOF'
#include "pcpulock.h"

DEFINE_PCPU_LOCK(pcpu_lock);
EOF
cat >"$TMP/src/mm/pcpuuser.c" <<'EOF'
extern int *pcpu_lock;

static void __attribute__((constructor)) mm_pcpu_init(void)
{
	*pcpu_lock = 1;
}
EOF
sed -i 's/^obj-kernel := .*/& pcpulock.o/; s/^obj-mm := .*/& pcpuuser.o/' "$TMP/src/Makefile"
ex=$TMP/src
cp -R "$TMP/src" "$TMP/plain"
cp -R "$TMP/src" "$TMP/plain0"
build "$TMP/src" "$TMP/b"
ok $? "the tree builds"
"$CROSSYM" report "$TMP/b" >"$TMP/report.txt"
expect_grep "^  pcpu_lock  kernel/pcpulock.c  DEFINE_PCPU_LOCK (no #define of DEFINE_PCPU_LOCK found" \
	"$TMP/report.txt" "report: the tag in front of DEFINE_PCPU_LOCK is unchecked, and says so"
"$CROSSYM" cocci -o "$TMP/c" --tag __visible "$TMP/b" 2>"$TMP/cocci.err"
ok $? "crossym cocci exits 0"
cp -R "$TMP/c" "$TMP/c-plain"

# the control: without --verify-build the tag lands on the static helper
sh "$TOP/scripts/annotate.sh" "$TMP/c-plain" "$TMP/plain" --apply >"$TMP/plain.log" 2>&1
ok $? "annotate.sh --apply (no --verify-build) exits 0"
grep -q '^__visible DEFINE_PCPU_LOCK(pcpu_lock);$' "$TMP/plain/kernel/pcpulock.c"
ok $? "control: the tag is put in front of the call"
build "$TMP/plain" "$TMP/bp" BASE_CFLAGS="$werror"
[ $? -ne 0 ] && grep -q 'pcpulock.c:3:.*externally_visible' "$TMP/build.log"
ok $? "control: that tree does not compile with -Werror"

sh "$TOP/scripts/annotate.sh" "$TMP/c" "$TMP/src" --apply --verify-build "$TMP/b" >"$TMP/vb.log" 2>&1
ok $? "annotate.sh --apply --verify-build exits 0"
sed 's/^/# /' "$TMP/vb.log" | grep -v 're-declared' | head -n 20
expect_grep "fell back to re-declaration: kernel/pcpulock.c: pcpu_lock: warning: .externally_visible. attribute have effect only on public objects" \
	"$TMP/vb.log" "the fallback is reported, with the diagnostic"
expect_grep "files compiled before and after tagging, 1 definition(s) fell back" "$TMP/vb.log" \
	"one definition fell back"
expect_grep "fell back to re-declaration; compiler warnings: 0 before, 0 after, 0 new$" "$TMP/vb.log" \
	"the warnings counted before and after: none new"
awk -F '\t' '$2 == "pcpu_lock" { print $3 "\t" substr($4, 1, 10) }' "$TMP/c/forms.tsv" >"$TMP/got.f"
printf 'redeclared\tcompiling:\n' >"$TMP/want.f"
expect_eq "$TMP/want.f" "$TMP/got.f" "forms.tsv: pcpu_lock re-declared, reason compiling: ..."
printf '#include "pcpulock.h"\n\nDEFINE_PCPU_LOCK(pcpu_lock);\n__typeof__(pcpu_lock) pcpu_lock __visible;\n' >"$TMP/want.c"
expect_eq "$TMP/want.c" "$TMP/src/kernel/pcpulock.c" "kernel/pcpulock.c: the call untagged, a re-declaration after it"
awk -F '\t' '$3 == "inplace"' "$TMP/c/forms.tsv" | wc -l >"$TMP/n.in"
[ "$(cat "$TMP/n.in")" -ge 15 ]
ok $? "the other definitions stay in place ($(cat "$TMP/n.in"))"
[ ! -e "$TMP/b/kernel/pcpulock.o.new" ] &&
	[ -z "$(find "$TMP/b" -newer "$TMP/c/annotate.patch" -type f ! -path "$TMP/b/.crossym-tagged")" ]
ok $? "nothing was written into the build dir (but the record of the files tagged)"
build "$TMP/src" "$TMP/bw" BASE_CFLAGS="$werror"
ok $? "the verified tagged tree compiles with -Werror"
sed 's/^/# /' "$TMP/build.log" | head -n 10
build "$TMP/src" "$TMP/wp" BASE_CFLAGS="$werror" WHOLEPROG=1
ok $? "and links whole-program"

# A build with -Wredundant-decls (Xen's -Werror -Wredundant-decls): cocci
# reads it in the objects' commands, and the re-declarations silence it
# (tag-style quiet, _Pragma push/pop on the line): no new warning, exit 0,
# and the tagged tree compiles with -Wredundant-decls -Werror.
rd="-O2 -ffunction-sections -fdata-sections -Wall -Wredundant-decls"
rm -rf "$TMP/rd" && cp -R "$TMP/plain0" "$TMP/rd"
build "$TMP/rd" "$TMP/brd" BASE_CFLAGS="$rd"
ok $? "the tree builds with -Wredundant-decls"
grep -c 'warning:' "$TMP/build.log" >"$TMP/w.untagged"
rm -rf "$TMP/rq" && cp -R "$TMP/plain0" "$TMP/rq"
"$CROSSYM" cocci -o "$TMP/crq" --tag __visible "$TMP/brd" 2>"$TMP/cocci.err"
expect_grep "^quiet	redundant-decls$" "$TMP/crq/tag-style" "-Wredundant-decls in the commands: tag-style says quiet"
sh "$TOP/scripts/annotate.sh" "$TMP/crq" "$TMP/rq" --apply --verify-build "$TMP/brd" >"$TMP/rq.log" 2>&1
ok $? "quiet re-declarations: annotate --verify-build exits 0"
sed 's/^/# /' "$TMP/rq.log" | grep -v 're-declared' | head -n 8
expect_grep "compiler warnings: 0 before, 0 after, 0 new$" "$TMP/rq.log" "quiet re-declarations: no new warning"
grep -qF '_Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wredundant-decls\"") _Pragma("GCC diagnostic ignored \"-Wattributes\"") __typeof__(pcpu_lock) pcpu_lock __visible; _Pragma("GCC diagnostic pop")' \
	"$TMP/rq/kernel/pcpulock.c"
ok $? "quiet re-declarations: pcpu_lock re-declared inside _Pragma push/pop"
# (the example's own EXPORT_SYMBOL re-declares: its warnings are the tree's)
build "$TMP/rq" "$TMP/brq" BASE_CFLAGS="$rd"
ok $? "quiet re-declarations: the tagged tree compiles with -Wredundant-decls"
grep -c 'warning:' "$TMP/build.log" >"$TMP/w.tagged"
expect_eq "$TMP/w.untagged" "$TMP/w.tagged" "... with the warnings of the untagged tree, none more"

# Even the re-declaration impossible: decided on a build without
# -Wredundant-decls (not quiet), verified on one with it, the re-declaration
# gives a new warning of its own. That file is left as it was, its
# definition `failed`, named with its line; the rest is applied; exit 1.
"$CROSSYM" cocci -o "$TMP/crd" --tag __visible --srctree "$TMP/plain0" "$TMP/b" 2>"$TMP/cocci.err"
grep -q "^quiet	-$" "$TMP/crd/tag-style"
ok $? "no -Wredundant-decls in the commands: not quiet"
sh "$TOP/scripts/annotate.sh" "$TMP/crd" "$TMP/rd" --apply --verify-build "$TMP/brd" >"$TMP/rd.log" 2>&1
rc=$?
ok $([ $rc -eq 1 ]; echo $?) "re-declaration impossible: exit 1 (got $rc)"
sed 's/^/# /' "$TMP/rd.log" | grep -v 're-declared' | head -n 20
expect_grep "^kernel/pcpulock.c:3: pcpu_lock: left untagged (compiling, even re-declared: kernel/pcpulock.c:4: warning: redundant redeclaration" \
	"$TMP/rd.log" "re-declaration impossible: named by file:line: symbol, with the diagnostic"
expect_grep "compiler warnings: 0 before, 3 after, 3 new$" "$TMP/rd.log" \
	"re-declaration impossible: the three re-declarations' warnings counted as new"
expect_grep "the tags would add 3 warning(s): the files are left as they were" "$TMP/rd.log" \
	"re-declaration impossible: and said"
awk -F '\t' '$2 == "pcpu_lock" { print $3 }' "$TMP/crd/forms.tsv" >"$TMP/got.f"
echo failed >"$TMP/want.f"
expect_eq "$TMP/want.f" "$TMP/got.f" "re-declaration impossible: forms.tsv says failed"
cmp -s "$TMP/plain0/kernel/pcpulock.c" "$TMP/rd/kernel/pcpulock.c"
ok $? "re-declaration impossible: that file left as it was"
[ "$(awk -F '\t' '$3 == "inplace"' "$TMP/crd/forms.tsv" | wc -l)" -ge 15 ] &&
	! diff -r -q "$TMP/plain0" "$TMP/rd" >/dev/null
ok $? "re-declaration impossible: the rest tagged and applied"
# the words verify-build.sh runs come from `crossym cmd --argv`, never eval
"$CROSSYM" cmd --argv "$TMP/b/kernel/pcpulock.o" >"$TMP/argv" 2>"$TMP/argv.err"
ok $? "cmd --argv: the compile command of kernel/pcpulock.o"
expect_grep '^-c$' "$TMP/argv" "cmd --argv: one word a line"
printf 'cmd_x.o := gcc -D'"'"'S="a b"'"'"' -c -o x.o x.c; rm -f y\n' >"$TMP/.x.o.cmd"
printf 'gcc\0-DS="a b"\0-c\0-o\0x.o\0x.c\0' >"$TMP/want.z"
"$CROSSYM" cmd --argv -z "$TMP/.x.o.cmd" >"$TMP/got.z"
expect_eq "$TMP/want.z" "$TMP/got.z" "cmd --argv -z: quotes removed, the first command only"
printf 'cmd_x.o := gcc $(touch %s/PWNED) -c -o x.o x.c\n' "$TMP" >"$TMP/.x.o.cmd"
"$CROSSYM" cmd --argv "$TMP/x.o" >"$TMP/argv" 2>"$TMP/argv.err"
ok $([ $? -eq 1 ] && [ ! -s "$TMP/argv" ] && [ ! -e "$TMP/PWNED" ]; echo $?) \
	"cmd --argv: a command that needs a shell is refused (exit 1, nothing run)"
expect_grep 'command not run: a shell metacharacter' "$TMP/argv.err" "cmd --argv: and says why"
# cmd --words: every word of every command of the line, nothing run, nothing
# refused (what a command reads, for wholeprogram's choice of the image link)
printf 'cmd_u.bin := cat u-nodtb.bin "dt b.dtb" > u.bin; objcopy -O binary u u-nodtb.bin | true\n' >"$TMP/.u.bin.cmd"
"$CROSSYM" cmd --words "$TMP/.u.bin.cmd" >"$TMP/words" 2>"$TMP/words.err"
ok $? "cmd --words: a line sh would need a shell for: exit 0"
printf '%s\n' cat u-nodtb.bin 'dt b.dtb' '>' u.bin objcopy -O binary u u-nodtb.bin true >"$TMP/words.want"
expect_eq "$TMP/words.want" "$TMP/words" "cmd --words: the words of each command, quotes taken off"
# a backslash-newline in the .cmd line is make's continuation: one space
mkdir -p "$TMP/cont/d" && printf 'int f(void) { return 1; }\n' >"$TMP/cont/d/x.c"
printf 'cmd_d/x.o := gcc -O2 \\\n\t-c -o d/x.o d/x.c\nsource_d/x.o := d/x.c\n' >"$TMP/cont/d/.x.o.cmd"
"$CROSSYM" cmd --argv "$TMP/cont/d/x.o" | tr '\n' ' ' >"$TMP/cont.argv"
printf 'gcc -O2 -c -o d/x.o d/x.c ' >"$TMP/cont.want"
expect_eq "$TMP/cont.want" "$TMP/cont.argv" "cmd --argv: a continued .cmd line read as make reads it"
echo d/x.o | (cd "$TMP/cont" && "$CROSSYM" cmd --lto) | cut -f 4 >"$TMP/cont.lto"
echo 'gcc -O2 -c -o d/x.lto.o d/x.c -flto' >"$TMP/cont.want"
expect_eq "$TMP/cont.want" "$TMP/cont.lto" "cmd --lto: the same command, compiled -flto"
done_testing
