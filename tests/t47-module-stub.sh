#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t47-module-stub: a module's NAME.mod.o (modpost's part of NAME.ko, linked
# beside NAME.o) is outside the module's unit: its references to init_module
# and cleanup_module are outside references (untagged, a whole-program unit
# makes them local and the .ko cannot load); its own definitions are no rows;
# a symbol each module defines for itself binds inside that module;
# modules.order naming NAME.o (Linux 6.2 on) and the __export_symbol_NAME
# export markers (6.5 on) read the same.
. "$(dirname "$0")/lib.sh"
MKELF=${MKELF:-$TOP/build/mkelf}

m=$TMP/mods
mkdir -p "$m/kernel" "$m/drivers/foo" "$m/fs/bar"
for f in kernel/core drivers/foo/a drivers/foo/b fs/bar/bar; do : >"$m/$f.c"; done
"$MKELF" "$m/kernel/core.o" 64 lsb 62 T:kexp r:__ksymtab_kexp T:kpriv
"$MKELF" "$m/drivers/foo/a.o" 64 lsb 62 T:init_module T:foo_init U:kexp U:foo_helper U:__this_module
"$MKELF" "$m/drivers/foo/b.o" 64 lsb 62 T:foo_helper T:cleanup_module
"$MKELF" "$m/drivers/foo/foo.mod.o" 64 lsb 62 D:__this_module U:init_module U:cleanup_module
"$MKELF" "$m/fs/bar/bar.o" 64 lsb 62 T:init_module U:kexp U:__this_module
"$MKELF" "$m/fs/bar/bar.mod.o" 64 lsb 62 D:__this_module U:init_module
(cd "$m" && ar cDPrST kernel/built-in.a kernel/core.o &&
	printf 'drivers/foo/foo.ko\nfs/bar/bar.ko\n' >modules.order &&
	printf 'drivers/foo/a.o\ndrivers/foo/b.o\n' >drivers/foo/foo.mod &&
	printf 'fs/bar/bar.o\n' >fs/bar/bar.mod &&
	ld -r -o drivers/foo/foo.o drivers/foo/a.o drivers/foo/b.o &&
	echo "cmd_drivers/foo/foo.o := ld -r -o drivers/foo/foo.o @drivers/foo/foo.mod" \
		>drivers/foo/.foo.o.cmd)
cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from
cleanup_module	drivers/foo/foo.ko	drivers/foo/b.o	drivers/foo/b.c	tag	drivers/foo/foo.mod.o
init_module	drivers/foo/foo.ko	drivers/foo/a.o	drivers/foo/a.c	tag	drivers/foo/foo.mod.o
init_module	fs/bar/bar.ko	fs/bar/bar.o	fs/bar/bar.c	tag	fs/bar/bar.mod.o
kexp	kernel	kernel/core.o	kernel/core.c	exported	drivers/foo/foo.ko,fs/bar/bar.ko
TSV
expect_status 0 sh -c "cd '$m' && '$CROSSYM' report --format=tsv ."
tsv6 "$TMP/out"
expect_eq "$TMP/want.tsv" "$TMP/out" "the loader's init_module and cleanup_module are rows; __this_module is none"
! grep -q 'not exported' "$TMP/err"
ok $? "init_module of one module is not taken for a use of another module's"

expect_status 0 sh -c "cd '$m' && '$CROSSYM' units ."
expect_grep '^drivers/foo/foo.mod.o	drivers/foo/foo.mod.o	drivers/foo/foo.mod.o	excluded	-	-$' "$TMP/out" \
	"units: NAME.mod.o is outside the module's unit"
expect_grep '^drivers/foo/foo.ko	drivers/foo/a.o	' "$TMP/out" "units: the module's objects form its unit"

(cd "$m" && "$CROSSYM" objects . | xargs nm -A) >"$TMP/nm.txt" 2>/dev/null
grep -q 'foo.mod.o:.* U init_module' "$TMP/nm.txt"
ok $? "objects lists NAME.mod.o"
expect_status 0 sh -c "cd '$m' && '$CROSSYM' report --format=tsv --nm '$TMP/nm.txt' ."
tsv6 "$TMP/out"
expect_eq "$TMP/want.tsv" "$TMP/out" "nm text input: the same rows"

# Linux 6.2 on: modules.order names each module's object (DIR/NAME.o), not
# its .ko: the same modules, the same rows, by both readers
cp "$m/modules.order" "$TMP/modules.order.ko"
printf 'drivers/foo/foo.o\nfs/bar/bar.o\n' >"$m/modules.order"
expect_status 0 sh -c "cd '$m' && '$CROSSYM' report --format=tsv ."
tsv6 "$TMP/out"
expect_eq "$TMP/want.tsv" "$TMP/out" "modules.order naming NAME.o (6.2 on): the same rows"
expect_status 0 sh -c "cd '$m' && '$CROSSYM' report --format=tsv --nm '$TMP/nm.txt' ."
tsv6 "$TMP/out"
expect_eq "$TMP/want.tsv" "$TMP/out" "... and from nm text"
# and 6.5 on: EXPORT_SYMBOL leaves __export_symbol_NAME, no __ksymtab_NAME
cp "$m/kernel/core.o" "$TMP/core.o.ksymtab"
"$MKELF" "$m/kernel/core.o" 64 lsb 62 T:kexp r:__export_symbol_kexp T:kpriv
(cd "$m" && rm -f kernel/built-in.a && ar cDPrST kernel/built-in.a kernel/core.o)
expect_status 0 sh -c "cd '$m' && '$CROSSYM' report --format=tsv ."
tsv6 "$TMP/out"
expect_eq "$TMP/want.tsv" "$TMP/out" "__export_symbol_NAME (Linux 6.5 on) is an export, as __ksymtab_NAME"
(cd "$m" && "$CROSSYM" objects . | xargs nm -A) >"$TMP/nm612.txt" 2>/dev/null
expect_status 0 sh -c "cd '$m' && '$CROSSYM' report --format=tsv --nm '$TMP/nm612.txt' ."
tsv6 "$TMP/out"
expect_eq "$TMP/want.tsv" "$TMP/out" "... also from nm text"
cp "$TMP/core.o.ksymtab" "$m/kernel/core.o"
cp "$TMP/modules.order.ko" "$m/modules.order"

# modules whose NAME.mod.o is not made yet (modpost has not run): no rows
# from the loader, and no error
rm "$m/drivers/foo/foo.mod.o" "$m/fs/bar/bar.mod.o"
expect_status 0 sh -c "cd '$m' && '$CROSSYM' report --format=tsv ."
! grep -q init_module "$TMP/out"
ok $? "without NAME.mod.o: no loader rows"
done_testing
