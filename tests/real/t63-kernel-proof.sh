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
nlink=$(wc -l <"$R/linktags.tsv")
echo "# units: $(grep -c . "$R/units.tsv") objects listed, $(cut -f1 "$R/units.tsv" | sed 1d | sort -u | wc -l) units; options: $(tr '\n' ' ' <"$R/units.opts")"
echo "# tags: $ntag tag rows, $nwanted added by crossym cocci + annotate.sh (the rest already __visible)"
# hazards no global symbol shows, their objects excluded; with the excludes none is left
for h in ordered flatten clashes generated; do
	case $h in
	ordered) what="definitions only vmlinux.lds places" none="no unit holds two of them" ;;
	flatten) what="functions given the flatten attribute" none="no unit of several C objects holds one" ;;
	clashes) what="same-named definitions an initcall entry names (all but the first object)" none="no unit holds such a name twice" ;;
	generated) what="definitions other units use in generated sources" none="no unit of several C objects holds one" ;;
	esac
	echo "# $what (crossym units --$h), their objects excluded:"
	sed 's/^/#   /' "$R/$h.tsv"
	(IFS='
'; "$CROSSYM" units --$h $(cat "$R/units.opts") "$(dirname "$R")/build-x86_64-boot") | sed 1d >"$TMP/$h.after"
	[ ! -s "$TMP/$h.after" ]
	ok $? "with those excludes $none (units --$h lists nothing)"
done
echo "# link-derived tags (symbols crossym missed; each one fails the test): $nlink"
sed 's/^/#   /' "$R/linktags.tsv"
[ "$nlink" -eq 0 ]
ok $? "crossym's tags alone (--run-build-commands) leave no undefined symbol: no link-derived tag$(cut -f2 "$R/linktags.tsv" | sed "s/^/ /" | tr -d "\n")"
echo "# undefined symbols per wholeprogram.sh round: $(awk '{ printf "%s%s", s, $2; s = "," }' "$R/rounds.tsv")"
[ "$(tail -n 1 "$R/rounds.tsv" | cut -f2)" = 0 ]
ok $? "the whole-program kernel links (last round: 0 undefined)"
for k in normal wp; do
	grep -q 'crossym-init: hello from userspace' "$R/boot-$k.log"
	ok $? "$k kernel boots to the static init (qemu exit $(cat "$R/boot-$k.rc"))"
	grep -E 'Kernel panic|BUG:|invalid opcode' "$R/boot-$k.log" | head -n 5 | diag /dev/stdin
done
[ -s "$R/initcalls-normal.txt" ]
ok $? "initcall_debug lists the initcalls ($(wc -l <"$R/initcalls-normal.txt"))"
expect_eq "$R/initcalls-normal.txt" "$R/initcalls-wp.txt" "the same initcalls in the same order"
echo "# globals in vmlinux: $(cat "$R/globals-normal") normal, $(cat "$R/globals-wp") whole-program"
echo "# sizes (old,new,delta,percent*100,name; units: text of the objects; bzImage: bytes)"
diag "$R/sizes.csv"
done_testing
