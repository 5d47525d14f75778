# kernel-lib.sh: the prelude of the Linux tests (t60, t61), sourced after
# tests/lib.sh: C locale, REAL, and a skip when the kernel part cannot run.
REAL=$TOP/tests/real/lib
LC_ALL=C
export LC_ALL

[ "${CROSSYM_SKIP_KERNEL:-0}" = 1 ] && skip_all "CROSSYM_SKIP_KERNEL=1"
if [ ! -f /usr/src/linux-source-6.1.tar.xz ] && [ "$(id -u)" -ne 0 ]; then
	skip_all "no /usr/src/linux-source-6.1.tar.xz and not root to install it"
fi
