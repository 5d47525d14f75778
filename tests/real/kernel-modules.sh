#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel-modules.sh: `make kernel-modules` (outside make check: a config with
# BLOCK, NET and modules takes ~30 minutes to build on 2 cores). The seeds'
# 2006 module table on Linux 6.1: x86_64-fsmod (x86_64-boot plus ext2, jffs2,
# cifs, befs and udf as modules; tests/real/lib/kernel-build.sh) tagged by
# crossym, vmlinux built whole-program per directory and each module as one
# whole-program unit (only what another image or modpost's NAME.mod.o uses
# stays visible: exports, init_module, cleanup_module), every .ko through
# kbuild's modpost; both kernels boot and load their own modules; prints the
# module size table (old,new,delta,percent*100,name).
# Environment: JOBS, CROSSYM_CACHE, QEMU_TIMEOUT.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib/kernel-lib.sh"
proof x86_64-fsmod sizes-modules.csv
B=$(dirname "$R")/build-x86_64-fsmod
BW=$(dirname "$R")/build-x86_64-fsmod-wp
nmod=$(wc -l <"$B/modules.order")
echo "# modules: $(tr '\n' ' ' <"$B/modules.order")"
for fs in ext2 jffs2 cifs befs udf; do
	grep -q "/$fs\.ko$" "$B/modules.order"
	ok $? "$fs is a module of the build"
done
[ "$(cat "$R/wp.rc" 2>/dev/null)" = 0 ] && [ ! -s "$R/undefined.txt" ]
ok $? "the whole-program kernel and its modules link with crossym's own tags (modpost: nothing undefined, no repair round)"
sed 's/^/# undefined: /' "$R/undefined.txt" | head -n 20
n=0
while read -r ko; do
	base=${ko%.ko}
	if grep -q "^$base.unit.o	" "$BW/.wp/units.txt" &&
		[ "$(cksum <"$BW/$base.o")" = "$(cat "$BW/.wp/orig/$base.o.written")" ]; then
		n=$((n + 1))
	else
		echo "# $ko: not made from its whole-program unit"
	fi
done <"$B/modules.order"
[ "$n" -eq "$nmod" ]
ok $? "every module's NAME.o is its whole-program unit ($n of $nmod)"
for k in normal wp; do
	grep -q 'crossym-init: hello from userspace' "$R/boot-$k.log"
	ok $? "$k kernel boots to the static init (qemu exit $(cat "$R/boot-$k.rc"))"
	grep -E 'Kernel panic|BUG:|invalid opcode|Unknown symbol' "$R/boot-$k.log" | head -n 5 | diag /dev/stdin
	tr -d '\r' <"$R/boot-$k.log" | grep '^crossym-init: insmod' >"$TMP/insmod-$k"
	diag "$TMP/insmod-$k"
	[ "$(grep -c ': ok$' "$TMP/insmod-$k")" -eq "$nmod" ]
	ok $? "$k kernel: each of the $nmod modules loads"
	for fs in ext2 jffs2 cifs befs udf; do
		tr -d '\r' <"$R/boot-$k.log" | grep -q "^crossym-init: filesystem $fs$"
		ok $? "$k kernel: $fs registered (/proc/filesystems)"
	done
done
expect_eq "$R/initcalls-normal.txt" "$R/initcalls-wp.txt" "the same initcalls in the same order"
echo "# module sizes (old,new,delta,percent*100,name; NAME.ko: text, NAME.ko-bytes: the file)"
diag "$R/sizes-modules.csv"
echo "# vmlinux sizes"
tail -n 3 "$R/sizes.csv" | diag /dev/stdin
done_testing
