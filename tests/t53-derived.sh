#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t53-derived: objects made from objects, in a tree built the way a
# kbuild-derived hypervisor builds (tests/trees/derived): init-only code is
# compiled to X.o and objcopied to X.init.o, which is what the aggregate
# links (its .cmd has a cmd_ line only); lib/sort.init.o takes three steps
# (ld -r of one input, strip --strip-debug, objcopy); aggregates are nested
# built_in.o (underscore) made by `ld -r`, joined into prelink.o; Xen's EFI
# code: arch/x86/efi/rt.o compiled from a link in the build directory to
# common/efi/rt.c (source_ names the link), through a temporary objcopy
# makes the object.
#  - report is exact: each definition once, from the linked X.init.o, with
#    its source X.c (from X.o's .cmd) and its line (counter_sorts, pasted by
#    a macro, has a line only in lib/sort.o's DWARF); the objects X.init.o
#    was made from are not linked objects of their own;
#  - cocci exits 0 and places every tag in X.c; annotate applies it, and the
#    tagged tree builds whole-program, links and prints what the normal
#    build prints (untagged, the whole-program link fails);
#  - a missing X.o alone changes nothing (X.o's .cmd names the source), nor
#    does an X.o's .cmd without source_ (X.c by name); an
#    input neither there nor recorded, a loop of derived objects and an
#    objcopy of two inputs leave X.init.o's sources unknown: cocci names
#    each definition with the reason (the .cmd file), exit 1; report exits 0
#    with one note; a .cmd whose --prefix-symbols the object's names do not
#    have (stale) leaves them unknown too, said so (tests/t56-chain.sh has
#    the renaming steps that were run).
. "$(dirname "$0")/lib.sh"
tree=$TOP/tests/trees/derived
b=$TMP/b

sh "$tree/build.sh" "$b" >"$TMP/build.log" 2>&1
ok $? "the derived tree builds"
echo "setup 4 sched 70 console 300 sort 123/1 efi 42" >"$TMP/want.out"
"$b/hv-syms" >"$TMP/normal.out" 2>&1
expect_eq "$TMP/want.out" "$TMP/normal.out" "hv-syms prints its sums"
# the shape of the tree, from the files themselves
! grep -q '^source_\|^deps_' "$b/common/.boot.init.o.cmd" &&
	grep -q '^source_common/boot.o := ' "$b/common/.boot.o.cmd"
ok $? "common/.boot.init.o.cmd has a cmd_ line only, common/.boot.o.cmd names the source"
! objdump -h "$b/lib/sort.init.o" | grep -q debug_info &&
	objdump -h "$b/lib/sort.o" | grep -q debug_info
ok $? "lib/sort.init.o has no DWARF, lib/sort.o has"
nm "$b/common/built_in.o" | grep -q ' T sched_init$' &&
	[ "$(head -c 4 "$b/common/built_in.o" | od -An -c | tr -d ' ')" = '177ELF' ]
ok $? "common/built_in.o is an ELF object (ld -r) holding common/sched's"

cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from	kind	bind	line
boot_level	common	common/boot.init.o	common/boot.c	tag	drivers/char	object	global	5
boot_setup	common	common/boot.init.o	common/boot.c	tag	arch/x86	func	global	17
console_init	drivers/char	drivers/char/console.o	drivers/char/console.c	tag	arch/x86	func	global	4
core_ticks	common	common/core.o	common/core.c	tag	common/sched	func	global	4
counter_sorts	lib	lib/sort.init.o	lib/sort.c	tag	arch/x86	object	global	10
efi_rt_call	arch/x86/efi	arch/x86/efi/rt.o	common/efi/rt.c	tag	arch/x86	func	global	7
sched_init	common/sched	common/sched/credit.o	common/sched/credit.c	tag	arch/x86	func	global	4
sort_three	lib	lib/sort.init.o	lib/sort.c	tag	arch/x86	func	global	20
TSV
"$CROSSYM" report --format=tsv "$b" >"$TMP/got.tsv" 2>"$TMP/report.err"
ok $? "report exits 0"
expect_eq "$TMP/want.tsv" "$TMP/got.tsv" "report: each definition once, in X.init.o, source X.c, DWARF line of the input"
printf '%s\n' arch/x86/efi/rt.o arch/x86/setup.o common/boot.init.o common/core.o common/sched/credit.o \
	drivers/char/console.o lib/sort.init.o xsm/built_in.o >"$TMP/want.objs"
"$CROSSYM" objects "$b" >"$TMP/got.objs"
expect_eq "$TMP/want.objs" "$TMP/got.objs" "objects: what the nested built_in.o link, not X.o, lib/sort.r.o, lib/sort.s.o"
"$CROSSYM" report --format=tsv --db "$TMP/scan.db" "$b" >/dev/null 2>&1
"$CROSSYM" report --format=tsv --db "$TMP/scan.db" "$b" >"$TMP/db.tsv" 2>/dev/null
expect_eq "$TMP/want.tsv" "$TMP/db.tsv" "--db: the second scan (from the db) gives the same report"

"$CROSSYM" cocci -o "$TMP/c" "$b" 2>"$TMP/cocci.err"
ok $? "cocci exits 0"
! grep -q 'source unknown' "$TMP/cocci.err"
ok $? "cocci: no 'source unknown'"
cat >"$TMP/want.w" <<'TSV'
common/boot.c	boot_level	var	5	-	declarator
common/boot.c	boot_setup	func	17	-	declarator
common/core.c	core_ticks	func	4	-	declarator
common/efi/rt.c	efi_rt_call	func	7	-	declarator
common/sched/credit.c	sched_init	func	4	-	declarator
drivers/char/console.c	console_init	func	4	-	declarator
lib/sort.c	counter_sorts	var	10	DEFINE_COUNTER	pasted
lib/sort.c	sort_three	func	20	-	declarator
TSV
expect_eq "$TMP/want.w" "$TMP/c/wanted.tsv" "wanted.tsv: every tag in X.c, at the line of its definition"

if command -v spatch >/dev/null 2>&1; then
	cp -R "$tree" "$TMP/tagged"
	# the scripts of this tree, also for a binary outside it (build/asan)
	CROSSYM_LIBEXECDIR=$TOP/scripts "$CROSSYM" annotate "$TMP/c" "$TMP/tagged" --apply \
		>"$TMP/annotate.log" 2>&1
	ok $? "annotate --apply exits 0"
	grep -q '^int __init __global boot_setup(void)$' "$TMP/tagged/common/boot.c" &&
		grep -q '^int __global boot_level __initdata = 3;$' "$TMP/tagged/common/boot.c" &&
		grep -q '^int __init __global sort_three(' "$TMP/tagged/lib/sort.c" &&
		grep -qF '_Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wredundant-decls\"") _Pragma("GCC diagnostic ignored \"-Wattributes\"") __typeof__(counter_sorts) counter_sorts __attribute__((aligned(__alignof__(counter_sorts)))) __global; _Pragma("GCC diagnostic pop")' "$TMP/tagged/lib/sort.c"
	ok $? "annotate: the init objects' tags are in common/boot.c and lib/sort.c (counter_sorts re-declared quietly, the build has -Werror -Wredundant-decls, keeping its alignment: it is in .init.data)"
	grep -q '^quiet	redundant-decls$' "$TMP/c/tag-style"
	ok $? "cocci: tag-style says the re-declarations are quiet (the commands' -Wredundant-decls)"
	grep -q '^int __global efi_rt_call(int n)$' "$TMP/tagged/common/efi/rt.c"
	ok $? "annotate: the tag of arch/x86/efi/rt.o, compiled from a link to common/efi/rt.c, is there"
	sh "$tree/build.sh" "$TMP/wp" "$TMP/tagged" >"$TMP/wp.log" 2>&1
	ok $? "the tagged tree builds whole-program (a unit per directory, prelink.o, hv.lds)"
	"$TMP/wp/hv-syms" >"$TMP/wp.out" 2>&1
	expect_eq "$TMP/want.out" "$TMP/wp.out" "the whole-program hv-syms prints the same"
	! nm "$TMP/wp/common/unit.o" | grep -q boot_local &&
		nm "$TMP/wp/common/unit.o" | grep -q ' T boot_setup$'
	ok $? "common/unit.o: boot_setup kept global, boot_local (untagged, used in common only) gone"
	sh "$tree/build.sh" "$TMP/wp0" "$tree" >"$TMP/wp0.log" 2>&1
	[ $? -ne 0 ] && grep -q 'undefined reference to .boot_setup' "$TMP/wp0.log"
	ok $? "untagged, the whole-program link fails (undefined boot_setup)"
	# crossym wholeprogram: an object made from another object cannot join a
	# unit (the rename of its sections would hit the whole unit): kept out
	# automatically, named; the tags decided with those units, every unit
	# made, the nested `ld -r` aggregates and prelink.o made again around
	# them (no image link is recorded: the tree links hv-syms from
	# prelink.o itself)
	if wp_wanted; then
		sh "$tree/build.sh" "$TMP/w" >/dev/null 2>&1
		expect_status 0 wp --define-tag "$TMP/w"
		expect_grep "^wholeprogram:   2 refused: made from other objects, or no compile command: common/boot.init.o lib/sort.init.o$" \
			"$TMP/err" "wholeprogram: the derived objects kept out, named"
		grep -q 'common/boot.init.o	refused	made from another object (its command compiles nothing)' "$TMP/w/.wp/excluded.tsv"
		ok $? "... each with its reason in .wp/excluded.tsv"
		expect_grep "^wholeprogram: prelink.o: whole-program: the 6 unit files linked" "$TMP/err" \
			"wholeprogram: prelink.o made of the 6 units, proved (arch/x86/efi/unit.o compiled from the tagged copy's common/efi/rt.c)"
		(cd "$TMP/w" && rm -f hv-syms && gcc -o hv-syms -Wl,-T,hv.lds prelink.o) && "$TMP/w/hv-syms" >"$TMP/w.out" 2>&1
		expect_eq "$TMP/want.out" "$TMP/w.out" "hv-syms linked from it prints the same"
	fi
else
	ok 0 "# SKIP annotate and the whole-program build: no spatch"
fi

# bad cases, each on a copy of the build
bad() {
	rm -rf "$TMP/bad"
	cp -a "$b" "$TMP/bad"
}
bad
rm "$TMP/bad/common/boot.o"
"$CROSSYM" report --format=tsv "$TMP/bad" >"$TMP/got.tsv" 2>"$TMP/err"
ok $? "common/boot.o missing (its .cmd there): report exits 0"
expect_eq "$TMP/want.tsv" "$TMP/got.tsv" "... and is the same (the source comes from common/.boot.o.cmd)"
bad
head -n 1 "$b/common/.boot.o.cmd" >"$TMP/bad/common/.boot.o.cmd"
"$CROSSYM" report --format=tsv "$TMP/bad" >"$TMP/got.tsv" 2>"$TMP/err"
ok $? "common/.boot.o.cmd with its cmd_ line only: report exits 0"
expect_eq "$TMP/want.tsv" "$TMP/got.tsv" "... and is the same (the source by common/boot.o's name)"
bad
rm "$TMP/bad/common/boot.o" "$TMP/bad/common/.boot.o.cmd"
expect_status 1 "$CROSSYM" cocci -o "$TMP/c1" "$TMP/bad"
expect_grep '^crossym: common/boot.init.o: boot_setup: source unknown, cannot tag it: common/.boot.init.o.cmd: common/boot.o, which common/boot.init.o is made from: No such file or directory (nor is there common/.boot.o.cmd)$' \
	"$TMP/err" "input missing: the error names the .cmd, the input and its .cmd"
expect_status 0 "$CROSSYM" report "$TMP/bad"
expect_grep '^crossym: note: 2 definitions with no source known (`-`); the first: boot_level in common/boot.init.o: common/.boot.init.o.cmd: common/boot.o, which' \
	"$TMP/err" "input missing: report says it in one note"
bad
printf 'cmd_common/boot.o := objcopy common/boot.init.o common/boot.o\n' >"$TMP/bad/common/.boot.o.cmd"
expect_status 1 "$CROSSYM" cocci -o "$TMP/c2" "$TMP/bad"
expect_grep '^crossym: common/boot.init.o: boot_setup: source unknown, cannot tag it: common/.boot.o.cmd: a loop of objects made from objects: common/boot.init.o <- common/boot.o <- common/boot.init.o$' \
	"$TMP/err" "a loop: the error names the .cmd and the loop"
bad
sed -i 's| common/boot.o common/boot.init.o$| common/boot.o common/core.o common/boot.init.o|' \
	"$TMP/bad/common/.boot.init.o.cmd"
expect_status 1 "$CROSSYM" cocci -o "$TMP/c3" "$TMP/bad"
expect_grep '^crossym: common/boot.init.o: boot_setup: source unknown, cannot tag it: common/.boot.init.o.cmd: common/boot.init.o is made by objcopy from 2 files (common/boot.o, common/core.o), not from one object' \
	"$TMP/err" "objcopy of two inputs: the error names the .cmd and both inputs"
bad
sed -i 's|; objcopy --rename-section|; objcopy --prefix-symbols=init_ --rename-section|' \
	"$TMP/bad/common/.boot.init.o.cmd"
"$CROSSYM" report "$TMP/bad" >/dev/null 2>"$TMP/err"
expect_grep '^crossym: note: 2 definitions with no source known (`-`); the first: boot_level in common/boot.init.o: common/.boot.init.o.cmd: boot_level: it lacks the prefix --prefix-symbols gives every symbol$' \
	"$TMP/err" "a stale --prefix-symbols (the names lack it): sources unknown, said in one note"
done_testing
