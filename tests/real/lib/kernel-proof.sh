#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel-proof.sh [CONFIG]: Linux 6.1 x86_64 tinyconfig + what booting to
# userspace needs (kernel-build.sh CONFIG: x86_64-boot, the default, or
# x86_64-fsmod, which adds modules), built normally and whole-program from
# crossym-tagged sources; both booted under qemu-system-x86_64 (TCG) to a static
# init (kernel-init.c) that loads the build's modules, prints a line and powers
# off. Records everything tests/real/t63-kernel-proof.sh (and
# tests/real/kernel-modules.sh) checks and prints the size table. Prints R on stdout.
#
#  1. B = kernel-build.sh CONFIG (normal build, cached);
#  2. OPTS = scripts/wholeprogram.sh --units-opts B plus the hazard excludes
#     (crossym units --ordered, --flatten, --clashes, --generated): the units the build will make (a unit per contiguous run
#     of a directory's objects, head objects out of units);
#  3. crossym cocci -o R/out --tag __visible --keep-stale --tag-exports --run-build-commands
#     OPTS B (R/report.tsv: crossym report with the same options, run beside
#     it); COPY = CACHE/src-tagged-boot, a hard-linked copy of the source, gets
#     scripts/annotate.sh R/out COPY --apply;
#  4. BW = CACHE/build-CONFIG-wp: a copy of B, then
#     scripts/wholeprogram.sh --srctree COPY BW: every object of a unit is
#     compiled again, with -flto, from the tagged copy (its symbol table is the
#     same as the untagged object's: t61 checks that on x86_64-tiny), so the
#     tagged tree needs no normal build of its own. The tags are crossym's
#     alone; the link is the check: a symbol it leaves undefined is one crossym
#     missed. So that the boot can still be tried, each such symbol S gets
#     `extern __typeof__(S) S __visible;` appended to its defining file in COPY
#     (found with nm in B), round by round; R/linktags.tsv lists them (round,
#     symbol, file) and the test fails on any; each module is one unit, its
#     NAME.ko linked by kbuild (modpost) from it;
#  5. both bzImages boot under qemu with initcall_debug, each with its own
#     build's modules in the initramfs (/modules.list, modules.order's order);
#     R/boot-{normal,wp}.log, R/initcalls-{normal,wp}.txt (the initcalls in
#     call order, named through each kernel's System.map);
#  6. R/sizes.csv: old,new,delta,percent*100,name per unit (text of the
#     unit's objects in B against the text of its unit file in BW), then
#     vmlinux (text) and bzImage (bytes); R/sizes-modules.csv: the same for
#     each module NAME.ko (text, then the file's bytes as NAME.ko-bytes).
# Caching: BW is kept while annotate.patch and the link tags are the same
# (BW/.crossym-wp names their sha256); then only wholeprogram.sh's make runs.
# Exit 0 when every step ran (the findings are for the test), 1 otherwise.
# Environment: CROSSYM, JOBS (2), CROSSYM_CACHE, QEMU_TIMEOUT (300 s), EXCLUDE_FILE.
# CACHE/src-tagged-boot, build-x86_64-boot-wp, proof-x86_64-boot are the
# default config's; x86_64-fsmod's are src-tagged-wp-fsmod, build-x86_64-fsmod-wp,
# proof-x86_64-fsmod (x86_64-def likewise: the defconfig, outside make check;
# with RUN_BUILD_COMMANDS=0 crossym does not compile every object again, and
# the symbols only asm strings name in another unit come back as link tags).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
TOP=$(cd "$here/../../.." && pwd)
CROSSYM=${CROSSYM:-$TOP/crossym}
JOBS=${JOBS:-2}
CACHE=${CROSSYM_CACHE:-$HOME/.cache/crossym}/linux-6.1
CONFIG=${1:-x86_64-boot}
case $CONFIG in x86_64-boot|x86_64-fsmod|x86_64-def) ;; *) echo "kernel-proof: unknown config $CONFIG" >&2; exit 2 ;; esac
SRC=$CACHE/src
COPY=$CACHE/src-tagged-${CONFIG#x86_64-}
[ "$CONFIG" = x86_64-boot ] || COPY=$CACHE/src-tagged-wp-${CONFIG#x86_64-}
RUN_BUILD_COMMANDS=${RUN_BUILD_COMMANDS:-1}
rbc=--run-build-commands
[ "$RUN_BUILD_COMMANDS" = 1 ] || rbc=
BW=$CACHE/build-$CONFIG-wp
R=$CACHE/proof-$CONFIG
TAG=__visible
MAXROUNDS=6
LC_ALL=C
export LC_ALL

say() { echo "kernel-proof: $*" >&2; }
die() { say "$*"; exit 1; }
sha() { sha256sum "$1" | cut -d ' ' -f 1; }
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

# --- 2. the units ------------------------------------------------------------------------
# Hazards no object shows (FACTS: "Hazards"): the definitions alone in sections
# only vmlinux.lds orders (DEFINE_SCHED_CLASS: sched_init's check folds to a
# bare ud2 when one unit holds them all), found by crossym units --ordered
# with the build's own options; their objects stay out of units
# (R/ordered.tsv; R/hazards: one object per line)
sh "$TOP/scripts/wholeprogram.sh" --units-opts "$B" >"$R/units.opts.base"
# shellcheck disable=SC2046
(IFS='
'; "$CROSSYM" units --ordered $(cat "$R/units.opts.base") "$B") >"$R/ordered.tsv" ||
	die "crossym units --ordered failed"
# functions given GCC's flatten attribute (mm/percpu.c's pcpu_build_alloc_info: in
# defconfig's whole-program mm unit it took lto1 past 24 GiB), found by crossym
# units --flatten; their objects stay out of units too (R/flatten.tsv)
# shellcheck disable=SC2046
(IFS='
'; "$CROSSYM" units --flatten $(cat "$R/units.opts.base") "$B") >"$R/flatten.tsv" ||
	die "crossym units --flatten failed"
# same-named definitions of a unit that an initcall entry (top-level asm)
# names: the unit renames them, the asm keeps the name (defconfig's
# drivers/hid ch_driver_init, pl_driver_init), found by crossym units
# --clashes; all but the first object of each name stay out (R/clashes.tsv)
# shellcheck disable=SC2046
(IFS='
'; "$CROSSYM" units --clashes $(cat "$R/units.opts.base") "$B") >"$R/clashes.tsv" ||
	die "crossym units --clashes failed"
# definitions other units use in sources the build generates (defconfig's
# vdso_image_32 in vdso-image-32.c): their objects stay out (R/generated.tsv)
# shellcheck disable=SC2046
(IFS='
'; "$CROSSYM" units --generated $(cat "$R/units.opts.base") "$B") >"$R/generated.tsv" ||
	die "crossym units --generated failed"
# EXCLUDE_FILE (optional): more objects to keep out of units, one per line
# (hazards found by a failed link that crossym does not list yet)
{ awk -F '\t' 'FNR > 1 { print $2 }' "$R/ordered.tsv" "$R/flatten.tsv" "$R/generated.tsv"
  awk -F '\t' 'FNR > 1 && names[$1 "\t" $3]++ { print $2 }' "$R/clashes.tsv"
  [ -z "${EXCLUDE_FILE:-}" ] || grep -v '^#' "$EXCLUDE_FILE"; } | sort -u >"$R/hazards"
haz=
[ ! -s "$R/hazards" ] || haz="--exclude @$R/hazards"
# shellcheck disable=SC2086
sh "$TOP/scripts/wholeprogram.sh" --units-opts $haz "$B" >"$R/units.opts"
# shellcheck disable=SC2046
(IFS='
'; "$CROSSYM" units $(cat "$R/units.opts") "$B") >"$R/units.tsv"

# --- 3. tags -------------------------------------------------------------------------------
# crossym alone decides the tags: --run-build-commands compiles every C object
# again to find the symbols named only inside asm strings (about 2 minutes on
# x86_64-boot, once: the report's --db keeps each object's answer for cocci,
# and for the next run while the build stays: t62 and t63 both run the proof).
# --tag-exports:
# 6.1's EXPORT_SYMBOL adds no visibility, so an exported definition another
# unit of vmlinux uses needs __visible like any other (x86_64-fsmod without
# it: 2097 undefined symbols in the whole-program vmlinux link)
t0=$(date +%s)
rm -rf "$R/out"
rc=0
# kernel-annotate.sh (t61) has checked the same build's objects: its --db
# starts this one (each object's record holds while the file is unchanged)
if [ ! -f "$R/scan.db" ] && [ -f "$CACHE/annotate-$CONFIG/scan.db" ]; then
	cp "$CACHE/annotate-$CONFIG/scan.db" "$R/scan.db"
fi
# the report first: its --db (R/scan.db) gives cocci the asm-string checks;
# with --run-build-commands R/lists/asm-refs.tsv lists the asm references
rrc=0
# shellcheck disable=SC2046
(IFS='
'; exec "$CROSSYM" report --format=tsv --tag-exports $rbc --list-dir "$R/lists" --db "$R/scan.db" $(cat "$R/units.opts") "$B") \
	>"$R/report.tsv" 2>"$R/report.err" || rrc=$?
echo $rrc >"$R/report.rc"
# shellcheck disable=SC2046
(IFS='
'; "$CROSSYM" cocci -o "$R/out" --tag "$TAG" --keep-stale --tag-exports $rbc --db "$R/scan.db" $(cat "$R/units.opts") "$B") \
	2>"$R/cocci.err" || rc=$?
echo $rc >"$R/cocci.rc"
timed crossym "$(($(date +%s) - t0))"
[ -f "$R/out/files.tsv" ] || { cat "$R/cocci.err" >&2; die "crossym cocci wrote no files.tsv"; }
[ $rrc -eq 0 ] || { cat "$R/report.err" >&2; die "crossym report failed"; }
t0=$(date +%s)
key=$( { (cd "$R/out" && find . -type f | sort | xargs sha256sum); sha256sum <"$TOP/scripts/annotate.sh"; } |
	sha256sum | cut -d ' ' -f 1)
if [ -f "$COPY/.crossym-key" ] && [ "$(cat "$COPY/.crossym-key")" = "$key" ] && [ -f "$R/keep/annotate.patch" ]; then
	cp "$R/keep/annotate.patch" "$R/keep/forms.tsv" "$R/out/"
	timed annotate-cached "$(($(date +%s) - t0))"
else
	rm -rf "$COPY" "$COPY.tmp"
	cp -al "$SRC" "$COPY.tmp" 2>/dev/null || { rm -rf "$COPY.tmp"; cp -a "$SRC" "$COPY.tmp"; }
	rm -f "$COPY.tmp/.crossym-tagged" "$COPY.tmp/.crossym-key"
	sh "$TOP/scripts/annotate.sh" "$R/out" "$COPY.tmp" -j "$JOBS" --apply >"$R/annotate.log" 2>&1 ||
		{ tail -n 20 "$R/annotate.log" >&2; die "annotate.sh failed, see $R/annotate.log"; }
	mv "$COPY.tmp" "$COPY"
	mkdir -p "$R/keep"
	cp "$R/out/annotate.patch" "$R/out/forms.tsv" "$R/keep/"
	: >"$R/linktags.tsv"
	echo "$key" >"$COPY/.crossym-key"
	timed annotate "$(($(date +%s) - t0))"
fi
[ -f "$R/linktags.tsv" ] || : >"$R/linktags.tsv"

# --- 4. the whole-program build ------------------------------------------------------------
# defs: SYMBOL<TAB>SOURCE for every global definition of B's vmlinux.a members
# (and of the modules' objects)
if [ ! -s "$R/defs.tsv" ] || [ "$R/defs.tsv" -ot "$B/vmlinux" ]; then
	(cd "$B" && ar t vmlinux.a && ar t lib/lib.a && ar t arch/x86/lib/lib.a &&
		{ [ ! -f modules.order ] || sed 's/\.ko$/.mod/' modules.order | xargs cat; }) | while read -r o; do
		c="$B/$(dirname "$o")/.$(basename "$o").cmd"
		s=$(sed -n 's/^source_[^ ]* := //p' "$c" 2>/dev/null | sed "s|^$SRC/||")
		nm --defined-only "$B/$o" 2>/dev/null | awk -v s="$s" '$2 ~ /^[A-Z]$/ { print $3 "\t" s }'
	done | sort -u >"$R/defs.tsv"
fi
wpkey() { { cat "$R/out/annotate.patch" "$R/linktags.tsv" "$R/units.opts" "$R/hazards"; } | sha256sum | cut -d ' ' -f 1; }
if [ ! -f "$BW/.crossym-wp" ] || [ "$(cat "$BW/.crossym-wp")" != "$(wpkey)" ]; then
	if [ ! -f "$BW/.crossym-base" ] || [ "$(cat "$BW/.crossym-base")" != "$key $(cat "$B/.crossym-build")" ]; then
		t0=$(date +%s)
		rm -rf "$BW" "$BW.tmp"
		cp -a "$B" "$BW.tmp"
		rm -rf "$BW.tmp/.wp"
		mv "$BW.tmp" "$BW"
		echo "$key $(cat "$B/.crossym-build")" >"$BW/.crossym-base"
		timed copy-build "$(($(date +%s) - t0))"
	fi
	round=$(awk -F '\t' 'END { print $1 + 0 }' "$R/linktags.tsv")
	: >"$R/rounds.tsv"
	while :; do
		t0=$(date +%s)
		rc=0
		# shellcheck disable=SC2086
		in_bw env JOBS="$JOBS" sh "$TOP/scripts/wholeprogram.sh" $haz --srctree "$COPY" "$B" \
			>"$R/undefined.txt" 2>"$R/wp.log" || rc=$?
		timed "wholeprogram-round$round" "$(($(date +%s) - t0))"
		printf '%s\t%s\n' "$round" "$(wc -l <"$R/undefined.txt")" >>"$R/rounds.tsv"
		[ $rc -eq 0 ] && break
		[ $rc -eq 1 ] || { cat "$R/wp.log" >&2; die "wholeprogram.sh failed"; }
		round=$((round + 1))
		[ $round -le $MAXROUNDS ] || die "still $(wc -l <"$R/undefined.txt") undefined after $MAXROUNDS rounds"
		say "round $round: $(wc -l <"$R/undefined.txt") undefined symbols: $(tr '\n' ' ' <"$R/undefined.txt")"
		while read -r s; do
			f=$(awk -F '\t' -v s="$s" '$1 == s { print $2; exit }' "$R/defs.tsv")
			[ -n "$f" ] && [ -f "$COPY/$f" ] || die "round $round: $s: no definition in $B"
			if grep -q "^[0-9]*	$s	" "$R/linktags.tsv"; then
				die "round $round: $s is still undefined after its tag"
			fi
			# a new file (new inode): the hard-linked source stays as it is
			{ cat "$COPY/$f"; printf 'extern __typeof__(%s) %s %s;\n' "$s" "$s" "$TAG"; } >"$COPY/$f.tmp"
			mv "$COPY/$f.tmp" "$COPY/$f"
			printf '%s\t%s\t%s\n' "$round" "$s" "$f" >>"$R/linktags.tsv"
		done <"$R/undefined.txt"
	done
	wpkey >"$BW/.crossym-wp"
else
	timed wholeprogram-cached 0
fi

# --- 5. boot both --------------------------------------------------------------------------
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
		done <"$2/modules.order" >"$d/modules.list"
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
	done <"$B/modules.order" >"$R/sizes-modules.csv"
fi
nm "$B/vmlinux" | awk '$2 ~ /^[A-Z]$/' | wc -l >"$R/globals-normal"
nm "$BW/vmlinux" | awk '$2 ~ /^[A-Z]$/' | wc -l >"$R/globals-wp"
echo "$R"
