# SPDX-License-Identifier: GPL-2.0-only
# kernel-lib.sh: the prelude of the Linux tests (t60, t61), sourced after
# tests/lib.sh: C locale, REAL, and a skip when the kernel part cannot run.
REAL=$TOP/tests/real/lib
LC_ALL=C
export LC_ALL

[ "${CROSSYM_SKIP_KERNEL:-0}" = 1 ] && skip_all "CROSSYM_SKIP_KERNEL=1"
# KB_LINUX (6.1 or 6.12): the Linux of kernel-build.sh and of the cache
# directories the scripts read
if [ ! -f "/usr/src/linux-source-${KB_LINUX:-6.1}.tar.xz" ] && [ "$(id -u)" -ne 0 ]; then
	skip_all "no /usr/src/linux-source-${KB_LINUX:-6.1}.tar.xz and not root to install it"
fi

diag() { sed 's/^/# /' "$1"; }

# proof CONFIG RESULT_FILE: run kernel-proof.sh CONFIG ("" for its default)
# as the first test; R its result directory. When R lacks RESULT_FILE the
# script's last lines are the diagnostics and the test ends.
proof() {
	start=$(date +%s)
	R=$(sh "$REAL/kernel-proof.sh" $1 2>"$TMP/proof.log")
	ok $? "kernel-proof.sh ${1:+$1 }ran every step ($(($(date +%s) - start)) s)"
	if [ -z "$R" ] || [ ! -f "$R/$2" ]; then
		tail -n 30 "$TMP/proof.log" | diag /dev/stdin
		done_testing
		exit 1
	fi
	diag "$R/times.tsv"
}

# proof_verdict BUILD: the checks every kernel proof makes of R (its result
# directory) and BUILD (its normal build): with the excludes no hazard list
# (crossym units --ordered, --flatten, --clashes, --generated) names anything,
# no link-derived tag, the last link round leaves nothing undefined, both
# kernels boot to the static init, with the same initcalls in the same order;
# the units and tags as diagnostics.
proof_verdict() {
	echo "# units: $(grep -c . "$R/units.tsv") objects listed, $(cut -f1 "$R/units.tsv" | sed 1d | sort -u | wc -l) units; options: $(tr '\n' ' ' <"$R/units.opts")"
	echo "# tags: $(awk -F '\t' 'NR > 1 && $5 == "tag"' "$R/report.tsv" | wc -l) tag rows, $(wc -l <"$R/out/wanted.tsv") added by crossym cocci + annotate.sh (the rest already __visible)"
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
'; "$CROSSYM" units --$h $(cat "$R/units.opts") "$1") 2>"$TMP/$h.err" | sed 1d >"$TMP/$h.after"
		[ ! -s "$TMP/$h.after" ]
		ok $? "with those excludes $none (units --$h lists nothing)"
	done
	nlink=$(wc -l <"$R/linktags.tsv")
	echo "# link-derived tags (symbols crossym missed; each one fails the test): $nlink"
	sed 's/^/#   /' "$R/linktags.tsv"
	[ "$nlink" -eq 0 ]
	ok $? "crossym's tags alone leave no undefined symbol: no link-derived tag$(cut -f2 "$R/linktags.tsv" | sed "s/^/ /" | tr -d "\n")"
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
}
