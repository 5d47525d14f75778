#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t87-tag: the tag is real and in the tree's style (issue 25, point 4), on the
# example tree (tests/trees/example, whose include/compiler.h, -include'd by
# every command, defines __global):
#  - a mistyped tag (__visable) and one the tree does not define (__visible)
#    are refused, exit 2, the message naming the tag; a tag defined in a
#    header only some objects include is refused naming the files of the
#    others; objects with no .cmd file: a warning, not silence;
#  - --define-tag adds the #define to each file tagged, --define-tag=HEADER to
#    that header (refused when some object to tag does not include it); the
#    annotated trees compile, link as whole-program units and run;
#  - the tag's position: the example has no tag on a function definition, so
#    the historic default (before the name, expected-tags.txt); a copy whose
#    3 tagged functions carry it first gets the 17 new tags first (before the
#    return type, `__global void __init paging_init(void)`), said by cocci and
#    annotate and in OUTDIR/tag-style; --tag-position forces either.
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "spatch (coccinelle) not installed"
ex=$TOP/tests/trees/example
ANNOTATE="sh $TOP/scripts/annotate.sh"
export CROSSYM

make -s -C "$ex" O="$TMP/b" LAYOUT=ldr >"$TMP/build.log" 2>&1
ok $? "the example tree builds"

# ---- the tag check ------------------------------------------------------------------

expect_status 2 "$CROSSYM" cocci -o "$TMP/c-typo" --tag __visable "$TMP/b"
expect_grep "^crossym cocci: __visable: no #define of it is reached by the build (checked [0-9]* files read by 13 objects).*--define-tag" \
	"$TMP/err" "mistyped tag: refused, the tag and --define-tag named"
[ ! -f "$TMP/c-typo/.complete" ]
ok $? "... and no complete OUTDIR"
expect_status 2 "$CROSSYM" cocci -o "$TMP/c-undef" --tag __visible "$TMP/b"
expect_grep "^crossym cocci: __visible: no #define of it is reached by the build" "$TMP/err" \
	"a tag the tree does not define (the kernel's __visible): refused"
expect_status 0 "$CROSSYM" cocci -o "$TMP/c-def" "$TMP/b"
! grep -q "no #define\|not checked" "$TMP/err"
ok $? "__global, defined in the -include'd compiler.h: accepted, nothing said"

# defined in a header only some sources include: those others are named
cp -R "$ex" "$TMP/s-part"
printf '#define __vis __attribute__((externally_visible, used))\n' >>"$TMP/s-part/include/linux/list.h"
make -s -C "$ex" O="$TMP/b-part" SRC="$TMP/s-part" LAYOUT=ldr >"$TMP/build.log" 2>&1
ok $? "a copy whose include/linux/list.h defines __vis builds"
expect_status 2 "$CROSSYM" cocci -o "$TMP/c-part" --tag __vis "$TMP/b-part"
expect_grep "^crossym cocci: __vis: no #define of it is reached by the objects of 8 files to tag ([0-9]* objects reach one): init/version.c, .*lib/string.c; define it there" \
	"$TMP/err" "a #define reached by some objects only: refused, the other files named"
grep -q "lib/list.c" "$TMP/err"
ok $((1 - $?)) "... lib/list.c, whose object includes list.h, is not named"

# no .cmd files: the tag cannot be checked, and the run says so
cp -R "$TMP/b" "$TMP/b-nocmd"
find "$TMP/b-nocmd" -name '.*.cmd' -exec rm {} +
expect_status 0 "$CROSSYM" cocci -o "$TMP/c-nocmd" --tag __visable "$TMP/b-nocmd"
expect_grep "^crossym cocci: warning: __visable: its #define not checked for 20 of the 20 definitions to tag (no kbuild .cmd file says what their objects read)" \
	"$TMP/err" "no .cmd files: a warning that the tag was not checked"

# ---- --define-tag ------------------------------------------------------------------

# wp_build NAME SRC: the whole-program build of SRC (scripts/wholeprogram.sh,
# as make demo does) links and prints the expected output.
wp_build() {
	make -s -C "$ex" O="$TMP/wp-$1" SRC="$2" LAYOUT=ldr >"$TMP/wp-$1.log" 2>&1 &&
		sh "$TOP/scripts/wholeprogram.sh" "$TMP/wp-$1" >>"$TMP/wp-$1.log" 2>&1 &&
		"$TMP/wp-$1/prog" >"$TMP/wp-$1.out" && cmp -s "$TMP/wp-$1.out" "$ex/expected-output.txt"
	ok $? "$1: the tagged tree compiles, links as whole-program units and runs"
	grep -i "error" "$TMP/wp-$1.log" | head -n 5 | sed 's/^/# /'
}

block='#ifndef __visable
#define __visable __attribute__((externally_visible, used))
#endif'
expect_status 0 "$CROSSYM" cocci -o "$TMP/c-each" --tag __visable --define-tag "$TMP/b"
expect_grep "^crossym cocci: --define-tag: #define __visable goes into each file tagged" "$TMP/err" \
	"--define-tag: said, the check skipped"
printf 'define\t.\n' >"$TMP/want"
grep '^define' "$TMP/c-each/tag-style" >"$TMP/got"
expect_eq "$TMP/want" "$TMP/got" "... OUTDIR/tag-style: define ."
cp -R "$ex" "$TMP/s-each"
$ANNOTATE "$TMP/c-each" "$TMP/s-each" --apply >"$TMP/out" 2>"$TMP/err"
ok $? "annotate --apply with --define-tag exits 0"
expect_grep "#define __visable added to each file tagged" "$TMP/err" "... and says where the #define went"
n=0
for f in $(cut -f1 "$TMP/c-each/files.tsv"); do
	grep -q "__visable" "$TMP/s-each/$f" || continue
	grep -qxF "#define __visable __attribute__((externally_visible, used))" "$TMP/s-each/$f" || {
		echo "# no #define in $f"; n=$((n + 1)); }
done
ok $n "every file tagged has the #define"
grep -B1 -A4 '^#ifndef __visable' "$TMP/s-each/kernel/time.c" | sed 's/^/# /'
wp_build each "$TMP/s-each"

expect_status 0 "$CROSSYM" cocci -o "$TMP/c-hdr" --tag __visable --define-tag=include/compiler.h "$TMP/b"
expect_grep "^include/compiler.h	" "$TMP/c-hdr/files.tsv" "--define-tag=include/compiler.h: the header is among the files to change"
cp -R "$ex" "$TMP/s-hdr"
$ANNOTATE "$TMP/c-hdr" "$TMP/s-hdr" --apply >"$TMP/out" 2>"$TMP/err"
ok $? "annotate --apply with --define-tag=include/compiler.h exits 0"
printf '%s\n' "$block" >"$TMP/want"
grep -A2 '^#ifndef __visable' "$TMP/s-hdr/include/compiler.h" >"$TMP/got"
expect_eq "$TMP/want" "$TMP/got" "... compiler.h has the guarded #define"
[ "$(grep -rl '^#define __visable' "$TMP/s-hdr")" = "$TMP/s-hdr/include/compiler.h" ]
ok $? "... and no other file"
wp_build hdr "$TMP/s-hdr"

expect_status 2 "$CROSSYM" cocci -o "$TMP/c-hdr2" --tag __visable --define-tag=include/linux/list.h "$TMP/b"
expect_grep "^crossym cocci: --define-tag=include/linux/list.h: the objects of 8 files to tag do not include include/linux/list.h: init/version.c" \
	"$TMP/err" "--define-tag=HEADER that some objects do not include: refused, named"
expect_status 2 "$CROSSYM" cocci -o "$TMP/c-hdr3" --tag __visable --define-tag=include/nothere.h "$TMP/b"
expect_grep "include/nothere.h: no such file" "$TMP/err" "--define-tag=HEADER missing: refused"
expect_status 2 "$CROSSYM" cocci -o "$TMP/c-pos" --tag-position=middle "$TMP/b"
expect_grep "tag-position=middle: not first or name" "$TMP/err" "--tag-position=middle: refused"

# ---- the tag's position ----------------------------------------------------------------

"$CROSSYM" cocci -o "$TMP/c-def" "$TMP/b" 2>"$TMP/err"
expect_grep "^crossym cocci: tag position: before the name (the historic default: no __global on a function definition in the sources)" \
	"$TMP/err" "no tag on a function definition: the historic default, said"
printf 'position\tname\tdefault\t0\t0\t0\n' >"$TMP/want"
grep '^position' "$TMP/c-def/tag-style" >"$TMP/got"
expect_eq "$TMP/want" "$TMP/got" "... and in OUTDIR/tag-style"
cp -R "$ex" "$TMP/s-def"
$ANNOTATE "$TMP/c-def" "$TMP/s-def" --apply >"$TMP/out" 2>"$TMP/err"
ok $? "annotate --apply (default position) exits 0"
expect_grep "tag position on function definitions: before the name (default)" "$TMP/err" \
	"... and says the position"
n=0
while IFS='	' read -r path sym line; do
	grep -qxF "$line" "$TMP/s-def/$path" || { n=$((n + 1)); echo "# not in $path: $line"; }
done <"$ex/expected-tags.txt"
ok $n "every tag where expected-tags.txt puts it (historic style)"

# A tree whose tagged functions carry the tag first.
cp -R "$ex" "$TMP/s-first"
sed -i 's/^void list_add(/__global void list_add(/; s/^void list_del(/__global void list_del(/' \
	"$TMP/s-first/lib/list.c"
sed -i 's/^unsigned long kstrlen(/__global unsigned long kstrlen(/' "$TMP/s-first/lib/string.c"
make -s -C "$ex" O="$TMP/b-first" SRC="$TMP/s-first" LAYOUT=ldr >"$TMP/build.log" 2>&1
ok $? "a copy with 3 functions tagged first builds"
expect_status 0 "$CROSSYM" cocci -o "$TMP/c-first" "$TMP/b-first"
expect_grep "^crossym cocci: tag position: first (before the return type), as 3 of 3 __global on function definitions in the sources" \
	"$TMP/err" "3 tags first: cocci follows, and says so"
expect_grep "17 tags to add, 0 to remove, 3 in place already" "$TMP/err" "... 17 to add"
printf 'position\tfirst\tmeasured\t3\t0\t0\n' >"$TMP/want"
grep '^position' "$TMP/c-first/tag-style" >"$TMP/got"
expect_eq "$TMP/want" "$TMP/got" "... OUTDIR/tag-style: first, measured 3 0 0"
cp -R "$TMP/s-first" "$TMP/s-first-t"
$ANNOTATE "$TMP/c-first" "$TMP/s-first-t" --apply >"$TMP/out" 2>"$TMP/err"
ok $? "annotate --apply (first) exits 0"
expect_grep "tag position on function definitions: first (before the return type) (measured)" \
	"$TMP/err" "... and says the position"
# functions first; variables, macro calls and re-declarations as before
cat >"$TMP/first-tags.txt" <<'EOF'
arch/demo/setup.c	arch_do_entry	__global long arch_do_entry(long x)
arch/demo/setup.c	arch_early_init	__global int arch_early_init(void)
kernel/core.c	arch_early_init	__global int __weak arch_early_init(void)
kernel/cpu.c	arch_cpu_count	__global int __weak arch_cpu_count(void)
kernel/sched/core.c	nr_running	__global int nr_running(void)
kernel/time.c	kernel_tick	__global void kernel_tick(int ticks)
lib/list.c	list_count	__global int list_count(const struct list_head *head)
mm/init.c	paging_init	__global void __init paging_init(void)
mm/page_alloc.c	alloc_page	__global alloc_page(int order)
EOF
grep -v "	\(arch_do_entry\|arch_early_init\|arch_cpu_count\|nr_running\|kernel_tick\|list_add\|list_count\|list_del\|kstrlen\|paging_init\|alloc_page\)	" \
	"$ex/expected-tags.txt" >>"$TMP/first-tags.txt"
n=0
while IFS='	' read -r path sym line; do
	grep -qxF "$line" "$TMP/s-first-t/$path" || { n=$((n + 1)); echo "# not in $path: $line"; }
done <"$TMP/first-tags.txt"
ok $n "every new function tag first, the rest as expected-tags.txt"
[ "$(grep -c '__global' "$TMP/c-first/annotate.patch")" -eq 17 ]
ok $? "... 17 tags in the patch"
expect_status 0 "$CROSSYM" check "$TMP/b-first" --srctree "$TMP/s-first-t"
wp_build first "$TMP/s-first-t"

# --tag-position forces either
expect_status 0 "$CROSSYM" cocci -o "$TMP/c-name" --tag-position=name "$TMP/b-first"
expect_grep "^crossym cocci: tag position: before the name (--tag-position; the sources have 3 first, 0 before the name, of 3 __global on function definitions)" \
	"$TMP/err" "--tag-position=name: said"
cp -R "$TMP/s-first" "$TMP/s-name"
$ANNOTATE "$TMP/c-name" "$TMP/s-name" --apply >"$TMP/out" 2>"$TMP/err"
ok $? "annotate --apply (--tag-position=name) exits 0"
grep -qxF "void __init __global paging_init(void)" "$TMP/s-name/mm/init.c" &&
	grep -qxF "__global void list_add(struct list_head *new, struct list_head *head)" "$TMP/s-name/lib/list.c"
ok $? "... new tags before the name, the existing ones left as they were"
expect_status 0 "$CROSSYM" cocci -o "$TMP/c-first2" --tag-position=first "$TMP/b"
printf 'position\tfirst\toption\t0\t0\t0\n' >"$TMP/want"
grep '^position' "$TMP/c-first2/tag-style" >"$TMP/got"
expect_eq "$TMP/want" "$TMP/got" "--tag-position=first on the example: tag-style says option"
done_testing
