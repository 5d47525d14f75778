#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t59-wp-trees: the one command, `crossym wholeprogram --define-tag`, on the
# small trees with a program that no other test runs it on (the others: t15
# image, t16 and t40 example, t17 asmref, t18 macros, t46 ordered, t48
# flatten, t51 clash, t52 ppc64, t53 derived, t54 knr, t56 chain, t57 boot,
# t58 emptyobj): arms (variables re-declared in their #if arms, a definition
# in a .c file an arm #includes), static (configuration A) and ltofail (an
# object GCC refuses under -flto, kept out), tagbreak (ltofail with an object
# its tags break, kept out, the tags decided again), arlto (a member of a
# regular archive -flto refuses, kept out); asmmacro (assembler macros
# defined twice in a unit: exit 2, said). Each: exit 0, the source tree
# not written, and the whole-program program prints what the normal one
# prints; --restore gives the normal build back.
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "no spatch"
wp_wanted || { done_testing; exit 0; }

# one TREE [BUILD_ARG]: the tree's normal build, then the one command on it
one() {
	cp -R "$TOP/tests/trees/$1" "$TMP/$1" && cp "$TOP/tests/trees/record.sh" "$TMP/"
	one_copied "$@"
}
# one_copied NAME [BUILD_ARG]: as one, on the tree copied to $TMP/NAME
one_copied() {
	t=$1
	(cd "$TMP/$t" && find . -type f | sort | xargs cksum) >"$TMP/$t.sum"
	sh "$TMP/$t/build.sh" "$TMP/$t-b" ${2:-} >"$TMP/$t.log" 2>&1
	ok $? "$t: the tree builds normally"
	"$TMP/$t-b/prog" >"$TMP/$t.want" 2>&1
	cp "$TMP/$t-b/prog" "$TMP/$t.prog"
	expect_status 0 wp --define-tag "$TMP/$t-b"
	cp "$TMP/err" "$TMP/$t.err"
	expect_grep "^wholeprogram: prog: whole-program: the [0-9]* unit files linked" "$TMP/$t.err" \
		"$t: the program is proved whole-program"
	"$TMP/$t-b/prog" >"$TMP/$t.got" 2>&1
	expect_eq "$TMP/$t.want" "$TMP/$t.got" "$t: the whole-program program prints what the normal one prints"
	! cmp -s "$TMP/$t.prog" "$TMP/$t-b/prog"
	ok $? "$t: ... and it is another program"
	(cd "$TMP/$t" && find . -type f | sort | xargs cksum) >"$TMP/$t.sum2"
	expect_eq "$TMP/$t.sum" "$TMP/$t.sum2" "$t: the source tree not written"
	expect_status 0 wp --restore "$TMP/$t-b"
	cmp -s "$TMP/$t.prog" "$TMP/$t-b/prog"
	ok $? "$t: --restore gives the normal program back"
}

one arms
expect_grep "wholeprogram: .*pick_main\|^wholeprogram: [0-9]* units" "$TMP/arms.err" \
	"arms: the summary printed"
one static A
one ltofail
expect_grep "^wholeprogram:   1 lto: " "$TMP/ltofail.err" \
	"ltofail: p/hot.o, which -flto refuses, kept out of its unit"

# tagbreak: ltofail where p/util.c defines __global as a token no tag
# survives (no compile uses it untagged): its tagged -flto compile fails, it
# is kept out of its unit and the units and tags decided again
cp -R "$TOP/tests/trees/ltofail" "$TMP/tagbreak"
printf '%s\n' '/* SPDX-License-Identifier: GPL-2.0-only */' '#define __global )' \
	'int p_util(void) { return 11; }' >"$TMP/tagbreak/p/util.c"
one_copied tagbreak
expect_grep "^wholeprogram: p/util.o: its -flto compile fails once tagged: p/util.c:2:.*error" \
	"$TMP/tagbreak.err" "tagbreak: the object the tags broke named, with the compiler's error"
expect_grep "^wholeprogram:   1 tagged: .*: p/util.o" "$TMP/tagbreak.err" \
	"tagbreak: ... and kept out of its unit in the summary"
# arlto: emptyobj where lib/fast.c, a member of the regular archive
# lib/lib.a, holds Linux 6.12's section type conflict: kept out by its
# object's name, lib/lib.a(fast.o) (not its file, which --exclude refuses)
cp -R "$TOP/tests/trees/emptyobj" "$TMP/arlto"
printf '%s\n' 'struct hot { int x; };' \
	'struct hot pcpu_hot __attribute__((section(".data..percpu..hot"))) = { 1 };' \
	'extern const struct hot const_pcpu_hot __attribute__((section(".data..percpu..hot")));' \
	'int fast_hot(void) { return const_pcpu_hot.x; }' >>"$TMP/arlto/lib/fast.c"
sed -i 's|gcc -o prog main/main.o lib/lib.a|gcc -o prog -Wl,--defsym=const_pcpu_hot=pcpu_hot main/main.o lib/lib.a|' \
	"$TMP/arlto/build.sh"
one_copied arlto
expect_grep "^wholeprogram:   1 lto: .*section type conflict.*: lib/lib.a(fast.o)$" "$TMP/arlto.err" \
	"arlto: the archive member kept out, by its object's name"
# asmmacro: ltofail where p/cool.c and p/util.c each define the same
# assembler macro in top-level asm (Xen's asm-macros.h, .included by every
# object): their unit's compile fails; said, with why, and exit 2
cp -R "$TOP/tests/trees/ltofail" "$TMP/asmmacro"
for f in cool util; do
	printf 'asm(".macro crossym_nop\\n\\tnop\\n.endm");\n' >>"$TMP/asmmacro/p/$f.c"
done
sh "$TMP/asmmacro/build.sh" "$TMP/asmmacro-b" >/dev/null 2>&1
ok $? "asmmacro: the tree builds normally"
cksum <"$TMP/asmmacro-b/prog" >"$TMP/asmmacro.sum"
expect_status 2 wp --define-tag "$TMP/asmmacro-b"
expect_grep "the unit's objects defines the same assembler macros" "$TMP/err" \
	"asmmacro: the unit's failed compile explained: macros defined twice in one unit"
cksum <"$TMP/asmmacro-b/prog" >"$TMP/asmmacro.sum2"
expect_eq "$TMP/asmmacro.sum" "$TMP/asmmacro.sum2" "asmmacro: ... and the normal program left as it was"
grep -c "^wholeprogram: tags: " "$TMP/tagbreak.err" >"$TMP/rounds"
echo 2 >"$TMP/rounds.want"
expect_eq "$TMP/rounds.want" "$TMP/rounds" "tagbreak: the tags decided twice"
done_testing
