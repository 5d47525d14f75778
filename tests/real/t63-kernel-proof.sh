#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t63-kernel-proof: `make kernel-proof` and `make check` (tests/real/lib/kernel-proof.sh): Linux 6.1
# x86_64 tinyconfig + boot options, tagged by crossym (--tag __visible), built
# with every unit whole-program (scripts/wholeprogram.sh), boots under qemu to
# the static init like the normal build, with the same initcalls in the same
# order; prints the size table (old,new,delta,percent*100,name).
# Environment: CROSSYM_SKIP_KERNEL=1 skips it; JOBS, CROSSYM_CACHE.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib/kernel-lib.sh"
proof "" sizes.csv
proof_verdict "$(dirname "$R")/build-x86_64-boot"
echo "# sizes (old,new,delta,percent*100,name; units: text of the objects; bzImage: bytes)"
diag "$R/sizes.csv"
done_testing
