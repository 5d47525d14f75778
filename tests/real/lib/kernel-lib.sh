# kernel-lib.sh: the prelude of the Linux tests (t60, t61), sourced after
# tests/lib.sh: C locale, REAL, and a skip when the kernel part cannot run.
REAL=$TOP/tests/real/lib
LC_ALL=C
export LC_ALL

[ "${CROSSYM_SKIP_KERNEL:-0}" = 1 ] && skip_all "CROSSYM_SKIP_KERNEL=1"
if [ ! -f /usr/src/linux-source-6.1.tar.xz ] && [ "$(id -u)" -ne 0 ]; then
	skip_all "no /usr/src/linux-source-6.1.tar.xz and not root to install it"
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
