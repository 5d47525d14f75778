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
# directory) and BUILD (its normal build): crossym wholeprogram kept out what
# cannot be a member, so that no hazard list (crossym units --ordered,
# --flatten, --clashes, --generated) names anything with its exclusions; it
# linked with crossym's own tags (no repair round: nothing undefined); both
# kernels boot to the static init, with the same initcalls in the same order;
# the units, exclusions and tags as diagnostics.
proof_verdict() {
	echo "# units: $(grep -c . "$R/units.tsv") objects listed, $(cut -f1 "$R/units.tsv" | sed 1d | sort -u | wc -l) units; options: $(tr '\n' ' ' <"$R/units.opts")"
	echo "# tags: $(awk -F '\t' 'NR > 1 && $5 == "tag"' "$R/report.tsv" | wc -l) tag rows, $(wc -l <"$R/out/wanted.tsv") added by crossym wholeprogram (cocci + annotate; the rest already __visible)"
	echo "# kept out of their units by crossym wholeprogram (R/excluded.tsv):"
	sed 's/^/#   /' "$R/excluded.tsv"
	for h in ordered flatten clashes generated; do
		case $h in
		ordered) none="no unit holds two definitions only vmlinux.lds places" ;;
		flatten) none="no unit of several C objects holds a flatten function" ;;
		clashes) none="no unit holds twice a name an initcall entry names" ;;
		generated) none="no unit of several C objects holds a generated source other units use" ;;
		esac
		(IFS='
'; "$CROSSYM" units --$h $(cat "$R/units.opts") "$1") 2>"$TMP/$h.err" | sed 1d >"$TMP/$h.after"
		[ ! -s "$TMP/$h.after" ]
		ok $? "with its exclusions $none (units --$h lists nothing)"
	done
	[ "$(cat "$R/wp.rc" 2>/dev/null)" = 0 ] && [ ! -s "$R/undefined.txt" ]
	ok $? "crossym wholeprogram linked with crossym's own tags: no repair round, nothing undefined"
	sed 's/^/# undefined: /' "$R/undefined.txt" | head -n 20
	grep '^wholeprogram: vmlinux: whole-program' "$R/wp.log" | diag /dev/stdin
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
