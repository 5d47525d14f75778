#!/bin/sh
# t63-kernel-proof: `make kernel-proof` and `make check` (tests/real/lib/kernel-proof.sh): Linux 6.1
# x86_64 tinyconfig + boot options, tagged by crossym (--tag __visible), built
# with every unit whole-program (scripts/wholeprogram.sh), boots under qemu to
# the static init like the normal build, with the same initcalls in the same
# order; prints the size table (old,new,delta,percent*100,name).
# Environment: CROSSYM_SKIP_KERNEL=1 skips it; JOBS, CROSSYM_CACHE.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib/kernel-lib.sh"
proof "" sizes.csv
ntag=$(awk -F '\t' 'NR > 1 && $5 == "tag"' "$R/report.tsv" | wc -l)
nwanted=$(wc -l <"$R/out/wanted.tsv")
echo "# units: $(grep -c . "$R/units.tsv") objects listed, $(cut -f1 "$R/units.tsv" | sed 1d | sort -u | wc -l) units; options: $(tr '\n' ' ' <"$R/units.opts")"
echo "# tags: $ntag tag rows, $nwanted added by crossym cocci + annotate.sh (the rest already __visible)"
proof_verdict "$(dirname "$R")/build-x86_64-boot"
echo "# sizes (old,new,delta,percent*100,name; units: text of the objects; bzImage: bytes)"
diag "$R/sizes.csv"
done_testing
