#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel-defconfig.sh: `make kernel-defconfig` (outside make check: on 2 cores
# the normal build takes ~45 minutes, annotate ~8, the whole-program build ~21).
# Linux 6.1 x86_64 defconfig tagged by crossym (tests/real/lib/kernel-proof.sh
# x86_64-def), vmlinux built whole-program per directory and each module as
# one unit; both kernels boot under qemu to the static init with the same
# initcalls in the same order and load the same modules; prints the size
# tables (old,new,delta,percent*100,name).
# Environment: RUN_BUILD_COMMANDS (default 0 here: --run-build-commands would
# compile the ~2700 C objects twice more; the whole-program link is the check
# that no asm-string reference was missed), JOBS, CROSSYM_CACHE, QEMU_TIMEOUT.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib/kernel-lib.sh"
RUN_BUILD_COMMANDS=${RUN_BUILD_COMMANDS:-0}
export RUN_BUILD_COMMANDS
proof x86_64-def sizes.csv
proof_verdict "$(dirname "$R")/build-x86_64-def"
for k in normal wp; do
	tr -d '\r' <"$R/boot-$k.log" | grep -o 'crossym-init: insmod .*' >"$TMP/insmod-$k"
done
[ -s "$TMP/insmod-normal" ]
ok $? "the normal kernel tries its modules ($(wc -l <"$TMP/insmod-normal"), $(grep -c ': ok$' "$TMP/insmod-normal") load)"
expect_eq "$TMP/insmod-normal" "$TMP/insmod-wp" "the whole-program kernel loads the same modules with the same outcome"
diag "$TMP/insmod-wp"
echo "# sizes (old,new,delta,percent*100,name; units: text of the objects; bzImage: bytes)"
tail -n 3 "$R/sizes.csv" | diag /dev/stdin
diag "$R/sizes-modules.csv"
done_testing
