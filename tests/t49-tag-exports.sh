#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t49-tag-exports: an exported definition another unit of its own image uses.
# The seeds' core change made the export macro carry the tag, so crossym
# reports such a definition `exported` and tags nothing; stock Linux's
# EXPORT_SYMBOL adds no visibility, and with --tag __visible the
# whole-program vmlinux link leaves it undefined (x86_64-fsmod: 2097 symbols).
#  - by default: kboth (used by unit mm and by module bar) is `exported`,
#    and cocci says so in a warning that names it and --tag-exports;
#  - --tag-exports: kboth is `tag` (report, cocci's wanted.tsv), kexp (used
#    only by the module, through the export table) stays `exported`, and
#    nothing is said.
. "$(dirname "$0")/lib.sh"
MKELF=${MKELF:-$TOP/build/mkelf}

m=$TMP/tree
mkdir -p "$m/kernel" "$m/mm" "$m/fs/bar"
printf 'int kexp(void) { return 0; }\nint kboth(void) { return 1; }\nint kplain(void) { return 2; }\n' >"$m/kernel/core.c"
printf 'int use(void) { return kboth() + kplain(); }\n' >"$m/mm/use.c"
printf 'int init_module(void) { return kexp() + kboth(); }\n' >"$m/fs/bar/bar.c"
"$MKELF" "$m/kernel/core.o" 64 lsb 62 T:kexp r:__ksymtab_kexp T:kboth r:__ksymtab_kboth T:kplain
"$MKELF" "$m/mm/use.o" 64 lsb 62 T:use U:kboth U:kplain
"$MKELF" "$m/fs/bar/bar.o" 64 lsb 62 T:init_module U:kexp U:kboth U:__this_module
"$MKELF" "$m/fs/bar/bar.mod.o" 64 lsb 62 D:__this_module U:init_module
(cd "$m" && ar cDPrST built-in.a kernel/core.o mm/use.o &&
	printf 'fs/bar/bar.ko\n' >modules.order && printf 'fs/bar/bar.o\n' >fs/bar/bar.mod)

cat >"$TMP/want0.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from
init_module	fs/bar/bar.ko	fs/bar/bar.o	fs/bar/bar.c	tag	fs/bar/bar.mod.o
kboth	kernel	kernel/core.o	kernel/core.c	exported	fs/bar/bar.ko,mm
kexp	kernel	kernel/core.o	kernel/core.c	exported	fs/bar/bar.ko
kplain	kernel	kernel/core.o	kernel/core.c	tag	mm
TSV
sed 's/^\(kboth	.*	\)exported	/\1tag	/' "$TMP/want0.tsv" >"$TMP/want1.tsv"
expect_status 0 sh -c "cd '$m' && '$CROSSYM' report --format=tsv ."
tsv6 "$TMP/out"
expect_eq "$TMP/want0.tsv" "$TMP/out" "by default kboth, used by unit mm, is exported (the export macro is taken to carry the tag)"
expect_status 0 sh -c "cd '$m' && '$CROSSYM' report --format=tsv --tag-exports ."
tsv6 "$TMP/out"
expect_eq "$TMP/want1.tsv" "$TMP/out" "--tag-exports: kboth needs the tag; kexp, used only by the module, stays exported"

"$CROSSYM" cocci -o "$TMP/c0" --tag __visible "$m" >/dev/null 2>"$TMP/c0.err"
ok $? "cocci without --tag-exports exits 0"
grep -q 'warning: 1 exported definitions are used by other units of their own image (kboth) .*--tag-exports' "$TMP/c0.err"
ok $? "... and says that kboth gets no tag, naming --tag-exports"
sed "s/^/# /" "$TMP/c0.err"
cut -f 2 "$TMP/c0/wanted.tsv" | sort >"$TMP/w0"
printf 'init_module\nkplain\n' >"$TMP/want.w0"
expect_eq "$TMP/want.w0" "$TMP/w0" "... its wanted.tsv: init_module and kplain"
"$CROSSYM" cocci -o "$TMP/c1" --tag __visible --tag-exports "$m" >/dev/null 2>"$TMP/c1.err"
ok $? "cocci --tag-exports exits 0"
! grep -q 'exported definitions' "$TMP/c1.err"
ok $? "... and says nothing of exports"
cut -f 2 "$TMP/c1/wanted.tsv" | sort >"$TMP/w1"
printf 'init_module\nkboth\nkplain\n' >"$TMP/want.w1"
expect_eq "$TMP/want.w1" "$TMP/w1" "... its wanted.tsv adds kboth"
done_testing
