#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel-proof.sh [CONFIG]: Linux 6.1 (KB_LINUX) x86_64 tinyconfig + what booting to
# userspace needs (kernel-build.sh CONFIG: x86_64-boot, the default, or
# x86_64-fsmod, which adds modules), built normally and whole-program from
# crossym-tagged sources; both booted under qemu-system-x86_64 (TCG) to a static
# init (kernel-init.c) that loads the build's modules, prints a line and powers
# off. Records everything tests/real/t63-kernel-proof.sh (and
# tests/real/kernel-modules.sh) checks and prints the size table. Prints R on stdout.
#
#  1. B = kernel-build.sh CONFIG (normal build, cached);
#  2-4. crossym wholeprogram --tag __visible --keep-stale --tag-exports
#     --tagged COPY B, run on BW = CACHE/build-CONFIG-wp, a copy of B mounted
#     on B's path: the one command (units, exclusions, tags, -flto compiles,
#     units, vmlinux and modules by kbuild, the proof); R/excluded.tsv,
#     R/units.tsv, R/units.opts (the units' options), R/out (its tags),
#     R/report.tsv (crossym report with the same options); no repair
#     rounds: an undefined symbol fails it (R/undefined.txt, R/wp.rc);
#  5. both bzImages boot under qemu with initcall_debug, each with its own
#     build's modules in the initramfs (/modules.list, modules.order's order);
#     R/boot-{normal,wp}.log, R/initcalls-{normal,wp}.txt (the initcalls in
#     call order, named through each kernel's System.map);
#  6. R/sizes.csv: old,new,delta,percent*100,name per unit (text of the
#     unit's objects in B against the text of its unit file in BW), then
#     vmlinux (text) and bzImage (bytes); R/sizes-modules.csv: the same for
#     each module NAME.ko (text, then the file's bytes as NAME.ko-bytes).
# Caching: BW is kept while B, crossym and its scripts are the same
# (BW/.crossym-wp); then the command does not run again.
# Exit 0 when every step ran (the findings are for the test), 1 otherwise.
# Environment: CROSSYM, JOBS (2), CROSSYM_CACHE, QEMU_TIMEOUT (300 s), KB_LINUX
# (6.1, or 6.12: kernel-build.sh's).
# CACHE/src-tagged-boot, build-x86_64-boot-wp, proof-x86_64-boot are the
# default config's; x86_64-fsmod's are src-tagged-wp-fsmod, build-x86_64-fsmod-wp,
# proof-x86_64-fsmod (x86_64-def likewise: the defconfig, outside make check).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$here/../../.." && pwd)
CROSSYM=${CROSSYM:-$TOP/crossym}
JOBS=${JOBS:-2}
CACHE=${CROSSYM_CACHE:-$HOME/.cache/crossym}/linux-${KB_LINUX:-6.1}
CONFIG=${1:-x86_64-boot}
case $CONFIG in x86_64-boot|x86_64-fsmod|x86_64-def) ;; *) echo "kernel-proof: unknown config $CONFIG" >&2; exit 2 ;; esac
SRC=$CACHE/src
COPY=$CACHE/src-tagged-${CONFIG#x86_64-}
[ "$CONFIG" = x86_64-boot ] || COPY=$CACHE/src-tagged-wp-${CONFIG#x86_64-}
rbc=--run-build-commands
BW=$CACHE/build-$CONFIG-wp
R=$CACHE/proof-$CONFIG
TAG=__visible
LC_ALL=C
export LC_ALL

say() { echo "kernel-proof: $*" >&2; }
die() { say "$*"; exit 1; }
# in_bw CMD...: CMD in a private mount namespace where the copy BW is mounted
# on B's path: every absolute path kbuild recorded in B (tools/objtool's .cmd
# files among them) is the same, so kbuild remakes neither objtool nor,
# through it, every object of the copy; B itself is not written
in_bw() {
	# shellcheck disable=SC2016
	unshare -m sh -c 'mount --bind "$0" "$1" && shift && exec "$@"' "$BW" "$B" "$@"
}

B=$(sh "$here/kernel-build.sh" "$CONFIG") || die "kernel-build.sh $CONFIG failed"
if [ ! -f "$B/arch/x86/boot/bzImage" ]; then      # x86_64-def: vmlinux and modules only
	say "making $B/arch/x86/boot/bzImage"
	make -C "$SRC" O="$B" ARCH=x86_64 -j"$JOBS" bzImage >"$B/bzImage.log" 2>&1 ||
		die "make bzImage failed, see $B/bzImage.log"
fi
[ -x "$CROSSYM" ] || die "$CROSSYM: not built"
command -v spatch >/dev/null 2>&1 || die "spatch not found (coccinelle)"
if ! command -v qemu-system-x86_64 >/dev/null 2>&1; then
	say "installing qemu-system-x86"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends qemu-system-x86 >&2 ||
		die "qemu-system-x86_64 not found and qemu-system-x86 cannot be installed"
fi
mkdir -p "$R"
exec 8>"$CACHE/proof-$CONFIG.lock"
if command -v flock >/dev/null 2>&1; then flock 8; fi
: >"$R/times.tsv"
timed() { printf '%s\t%s\n' "$1" "$2" >>"$R/times.tsv"; say "$1: $2 s"; }

# --- 2-4. the one command -----------------------------------------------------------------
# crossym wholeprogram does the rest on BW, a copy of B (mounted on B's path,
# in_bw): the units, every object that cannot be a member kept out (the
# hazard lists, the objects whose -flto compile fails), the tags decided on
# those units by crossym alone (--tag-exports: 6.1's EXPORT_SYMBOL adds no
# visibility; cocci with --run-build-commands, which the command implies)
# into COPY, a hard-linked copy of the source, every unit, vmlinux and the
# modules linked by kbuild, the proof. No repair rounds: a link that fails
# on undefined symbols fails the test (R/undefined.txt).
# Caching: BW is kept while B, crossym and its scripts are the same
# (BW/.crossym-wp names their sha256); a new key reruns the command, which
# compiles again only what changed.
wpkey() { { sha256sum <"$CROSSYM"; cat "$TOP"/scripts/*.sh | sha256sum; cat "$B/.crossym-build"; } | sha256sum | cut -d ' ' -f 1; }
# fresh_bw: BW a new copy of B (no .wp: nothing of an older run)
fresh_bw() {
	t0=$(date +%s)
	rm -rf "$BW" "$BW.tmp"
	cp -a "$B" "$BW.tmp"
	rm -rf "$BW.tmp/.wp"
	mv "$BW.tmp" "$BW"
	cat "$B/.crossym-build" >"$BW/.crossym-base"
	timed copy-build "$(($(date +%s) - t0))"
}
# run_wp: the one command on BW; R/wp.rc its exit status
run_wp() {
	t0=$(date +%s)
	rc=0
	rm -f "$BW/.crossym-wp"
	in_bw env CROSSYM_LIBEXECDIR="$TOP/scripts" "$CROSSYM" wholeprogram --tag "$TAG" --keep-stale --tag-exports \
		--tagged "$COPY" -j "$JOBS" "$B" >"$R/wp.out" 2>"$R/wp.log" || rc=$?
	echo $rc >"$R/wp.rc"
	timed wholeprogram "$(($(date +%s) - t0))"
}
fresh=0
if [ ! -f "$BW/.crossym-base" ] || [ "$(cat "$BW/.crossym-base")" != "$(cat "$B/.crossym-build")" ]; then
	fresh_bw
	fresh=1
fi
# (a copy of an older kernel-proof.sh, not marked as wholeprogram's own)
[ -f "$COPY/.crossym-wp-copy" ] || rm -rf "$COPY"
if [ ! -f "$BW/.crossym-wp" ] || [ "$(cat "$BW/.crossym-wp")" != "$(wpkey)" ] || [ ! -s "$BW/.wp/sizes.tsv" ] || [ ! -f "$R/wp.rc" ]; then
	run_wp
	# (a run that refuses the .wp an older crossym left in BW is tried once
	# more on a fresh copy of B; any other failure is the test's)
	if [ "$(cat "$R/wp.rc")" != 0 ] && [ $fresh = 0 ] &&
	   grep -q 'not made by crossym wholeprogram for this build' "$R/wp.log"; then
		say "crossym wholeprogram failed on the kept $BW (exit $(cat "$R/wp.rc")); once more on a fresh copy"
		tail -n 5 "$R/wp.log" >&2
		fresh_bw
		run_wp
	fi
	rc=$(cat "$R/wp.rc")
	[ "$rc" = 0 ] || { tail -n 30 "$R/wp.log" >&2; die "crossym wholeprogram failed (exit $rc)"; }
	wpkey >"$BW/.crossym-wp"
else
	timed wholeprogram-cached 0
fi
# what the test reads: the units and their options, the exclusions, the tags;
# what the last link left undefined (.wp's: stdout is the size table)
cp "$BW/.wp/undefined.txt" "$R/undefined.txt" 2>/dev/null || : >"$R/undefined.txt"
cp "$BW/.wp/units.tsv" "$BW/.wp/excluded.tsv" "$R/"
cut -f 1 "$R/excluded.tsv" >"$R/excluded.list"
{ sh "$TOP/scripts/wholeprogram.sh" --units-opts "$B"; printf '%s\n' --exclude "@$R/excluded.list"; } >"$R/units.opts"
rm -rf "$R/out" "$R/lists" && cp -a "$BW/.wp/tags" "$R/out"
# the lists of its --run-build-commands (asm-refs.tsv: the asm references)
mkdir -p "$R/lists" && cp "$R/out/asm-refs.tsv" "$R/out/lto-failed.tsv" "$R/out/lto-sections.tsv" "$R/lists/"
# the report with the same options, of B itself (BW now holds the units; its
# --db: the command's scan)
rrc=0
# shellcheck disable=SC2046
(IFS='
'; exec "$CROSSYM" report --format=tsv --tag-exports $rbc --db "$BW/.wp/scan.db" $(cat "$R/units.opts") "$B") \
	>"$R/report.tsv" 2>"$R/report.err" || rrc=$?
echo $rrc >"$R/report.rc"
[ $rrc -eq 0 ] || { cat "$R/report.err" >&2; die "crossym report failed"; }

# --- 5. boot both --------------------------------------------------------------------------
# kos BUILD: BUILD's modules, DIR/NAME.ko each (modules.order names NAME.o
# from Linux 6.2 on)
kos() { sed 's/\.o$/.ko/' "$1/modules.order"; }
# initramfs KIND BUILD: R/init-KIND.cpio, the init and BUILD's modules
initramfs() {
	d=$R/initramfs-$1
	rm -rf "$d"
	mkdir -p "$d"
	cp "$R/init" "$d/init"
	if [ -f "$2/modules.order" ]; then
		mkdir -p "$d/modules"
		while read -r ko; do
			cp "$2/$ko" "$d/modules/$(basename "$ko")"
			echo "/modules/$(basename "$ko")"
		done <<EOF >"$d/modules.list"
$(kos "$2")
EOF
	fi
	(cd "$d" && find . -mindepth 1 | sed 's|^\./||' | cpio -o -H newc -R 0:0 >"$R/init-$1.cpio" 2>/dev/null) ||
		die "cannot write $R/init-$1.cpio"
}
if [ ! -f "$R/init" ] || [ "$R/init" -ot "$here/kernel-init.c" ]; then
	gcc -static -Os -o "$R/init" "$here/kernel-init.c" || die "cannot build the static init"
fi
boot() {
	timeout "${QEMU_TIMEOUT:-300}" qemu-system-x86_64 -machine accel=tcg -m 256M -smp 1 \
		-nographic -no-reboot -kernel "$1" -initrd "$R/init-$3.cpio" \
		-append "console=ttyS0 initcall_debug ignore_loglevel panic=-1 rdinit=/init" \
		</dev/null >"$2" 2>&1
}
# initcalls LOG SYSTEM_MAP: the initcalls in call order, by name. Without
# KALLSYMS initcall_debug prints addresses ("calling  0xffffffff81d4a1b2 @ 1"):
# each kernel's own System.map names them (GCC's clone suffixes dropped); a
# module's init (module space, from 0xffffffffa0000000) is "?module": its
# address differs from load to load.
# With KALLSYMS (defconfig) it prints names ("calling  pci_arch_init+0x0/0x90 @ 1").
initcalls() {
	tr -d '\r' <"$1" | sed -n -e 's/.*calling  \(0x[0-9a-f]*\) @.*/\1/p' \
		-e 's/.*calling  \([A-Za-z_][A-Za-z0-9_.]*\)+0x[0-9a-f]*\/0x[0-9a-f]* @.*/\1/p' |
		awk 'FNR == NR { if ($2 ~ /^[tTwW]$/ && !($1 in n)) n[$1] = $3; next }
			!/^0x/ { x = $0 }
			/^0x/ { a = substr($0, 3); while (length(a) < 16) a = "0" a
			  x = (a in n) ? n[a] : a >= "ffffffffa0000000" ? "?module" : "?" $0 }
			{ sub(/\.(isra|part|constprop|cold)\.[0-9]+$/, "", x); print x }' "$2" -
}
for k in normal wp; do
	case $k in normal) kb=$B ;; wp) kb=$BW ;; esac
	img=$kb/arch/x86/boot/bzImage
	initramfs $k "$kb"
	t0=$(date +%s)
	rc=0
	boot "$img" "$R/boot-$k.log" $k || rc=$?
	echo $rc >"$R/boot-$k.rc"
	timed "boot-$k" "$(($(date +%s) - t0))"
	initcalls "$R/boot-$k.log" "$(dirname "$(dirname "$(dirname "$(dirname "$img")")")")/System.map" >"$R/initcalls-$k.txt"
done

# --- 6. sizes ------------------------------------------------------------------------------
text() { size "$@" 2>/dev/null | awk 'NR > 1 { t += $1 } END { print t + 0 }'; }
line() {
	awk -v o="$1" -v n="$2" -v name="$3" 'BEGIN {
		d = n - o; p = (o == 0) ? 0 : int(d * 10000 / o)
		printf "%d,%d,%d,%d,%s\n", o, n, d, p, name }'
}
while IFS='	' read -r unit objs; do
	# shellcheck disable=SC2086
	o=$(cd "$B" && text $objs)
	n=$(text "$BW/$unit")
	line "$o" "$n" "$unit"
done <"$BW/.wp/units.txt" >"$R/sizes.units"
awk -F, '{ o += $1; n += $2 } END { printf "%d %d\n", o, n }' "$R/sizes.units" >"$R/sizes.total"
{
	cat "$R/sizes.units"
	read -r to tn <"$R/sizes.total"
	line "$to" "$tn" "units-total"
	line "$(text "$B/vmlinux")" "$(text "$BW/vmlinux")" "vmlinux-text"
	line "$(stat -c %s "$B/arch/x86/boot/bzImage")" "$(stat -c %s "$BW/arch/x86/boot/bzImage")" bzImage
} >"$R/sizes.csv"
if [ -f "$B/modules.order" ]; then
	while read -r ko; do
		line "$(text "$B/$ko")" "$(text "$BW/$ko")" "$(basename "$ko")"
		line "$(stat -c %s "$B/$ko")" "$(stat -c %s "$BW/$ko")" "$(basename "$ko")-bytes"
	done <<EOF >"$R/sizes-modules.csv"
$(kos "$B")
EOF
fi
nm "$B/vmlinux" | awk '$2 ~ /^[A-Z]$/' | wc -l >"$R/globals-normal"
nm "$BW/vmlinux" | awk '$2 ~ /^[A-Z]$/' | wc -l >"$R/globals-wp"
echo "$R"
