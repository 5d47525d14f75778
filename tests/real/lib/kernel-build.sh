#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel-build.sh CONFIG...: build Linux 6.1 (Debian's linux-source-6.1) for the
# real-tree tests, one build directory per CONFIG, and print each build directory
# on stdout (one line per CONFIG, in argument order).  KB_LINUX=6.12 builds
# Linux 6.12 (Debian's linux-source-6.12) instead, with the same recipes, in
# its own cache directory.
#
# CONFIG is one of
#   i386-tiny    make ARCH=i386 tinyconfig (what plain `make tinyconfig` gives on
#                an x86 host: a 32-bit kernel)
#   x86_64-tiny  make ARCH=x86_64 tinyconfig
#   x86_64-mod   x86_64 tinyconfig + CONFIG_MODULES=y + a few modules (=m), see
#                MOD_OPTS below; builds .vmlinux.export.o and NAME.mod files
#   x86_64-dwarf x86_64-boot + CONFIG_DEBUG_INFO (DWARF 5), for DWARF tests
#   x86_64-def   make ARCH=x86_64 defconfig (vmlinux + modules), for bench/ (about
#                16 minutes on 2 shared cores; `make bench-kernel` builds it)
#   x86_64-boot  x86_64 tinyconfig + what booting to a userspace init under qemu
#                needs (BOOT_OPTS below: serial console, initramfs, ELF, printk);
#                targets vmlinux and bzImage (the kernel-proof test boots it)
# Targets: `vmlinux` (+ `modules` for x86_64-mod and x86_64-def, + `bzImage` for
# x86_64-boot);
# otherwise no bzImage (crossym reads only the objects, and the compressed image
# costs time).
#
# Layout (outside git):
#   CACHE=${CROSSYM_CACHE:-$HOME/.cache/crossym}/linux-$KB_LINUX (linux-6.1)
#   $CACHE/src          the unpacked source, unpacked once, never written to by builds
#   $CACHE/build-CONFIG make O= output; build.log is the last build's log
#   $CACHE/build-CONFIG/.crossym-build   stamp: "$KB_VERSION CONFIG" once complete
#   $CACHE/build-CONFIG/.crossym-build-seconds   how long that build took
# A build whose stamp matches is not run again (a rerun costs well under a second).
# Bump KB_VERSION whenever a recipe below changes: every build is then redone
# (incrementally, by make).
#
# Missing build dependencies are installed with apt-get (needs root).
# Environment: JOBS (default 2), CROSSYM_CACHE, KB_LINUX (6.1, the default, or
# 6.12: which Debian linux-source-VERSION package, tarball and cache directory).
set -eu
KB_VERSION=1
JOBS=${JOBS:-2}
KB_LINUX=${KB_LINUX:-6.1}
case $KB_LINUX in
6.1|6.12) ;;
*) echo "kernel-build: KB_LINUX must be 6.1 or 6.12, not '$KB_LINUX'" >&2; exit 2 ;;
esac
CACHE=${CROSSYM_CACHE:-$HOME/.cache/crossym}/linux-$KB_LINUX
SRC=$CACHE/src
TARBALL=/usr/src/linux-source-$KB_LINUX.tar.xz
# Modules of x86_64-mod (all tristate options with a prompt, none needs CONFIG_BLOCK,
# which tinyconfig lacks):
#   XZ_DEC       lib/xz/xz_dec.ko, 5 objects, exports xz_dec_*
#   XZ_DEC_TEST  lib/xz/xz_dec_test.ko, 1 object, uses xz_dec_* of xz_dec.ko
#   CONFIGFS_FS  fs/configfs/configfs.ko, 6 objects
#   AUTOFS_FS    fs/autofs/autofs4.ko, 7 objects (module name != directory name)
MOD_OPTS="XZ_DEC XZ_DEC_TEST CONFIGFS_FS AUTOFS_FS"
# Options of x86_64-boot (enabled on top of tinyconfig): 64BIT, a tty on the
# 8250 serial port as console, printk, an initramfs (given by qemu -initrd,
# uncompressed cpio), static ELF binaries. (No KALLSYMS: initcall_debug then
# prints addresses, which the kernel-proof test names through System.map.)
# Its stamp names them: a change rebuilds it (incrementally).
BOOT_OPTS="64BIT TTY SERIAL_8250 SERIAL_8250_CONSOLE PRINTK BLK_DEV_INITRD BINFMT_ELF"
# x86_64-fsmod: x86_64-boot plus modules and the filesystems of the seeds' 2006
# module table (ext3 -> ext2, jffs2, cifs, befs, udf), each =m, with what they
# depend on built in (BLOCK; MTD for jffs2; NET and INET for cifs; PROC_FS
# for /proc/filesystems, which the boot test reads); every other option that
# comes out =m (the crypto cifs selects) is made =y, so that besides the five
# filesystems only what nothing but a select can set stays a module (ASN1,
# OID_REGISTRY, ZLIB_DEFLATE, SMBFS: cifs's helpers; on 6.12 also NETFS_SUPPORT
# and NLS_UCS2_UTILS).  The option names are the same on 6.1 and 6.12.
FSMOD_Y="MODULES MODULE_UNLOAD BLOCK MTD NET INET PROC_FS MISC_FILESYSTEMS NETWORK_FILESYSTEMS"
FSMOD_M="EXT2_FS JFFS2_FS CIFS BEFS_FS UDF_FS"

[ $# -ge 1 ] || { echo "usage: $0 CONFIG... (i386-tiny x86_64-tiny x86_64-mod x86_64-dwarf x86_64-def x86_64-boot x86_64-fsmod)" >&2; exit 2; }
for c in "$@"; do
	case $c in
	i386-tiny|x86_64-tiny|x86_64-mod|x86_64-dwarf|x86_64-def|x86_64-boot|x86_64-fsmod) ;;
	*) echo "kernel-build: unknown config '$c'" >&2; exit 2 ;;
	esac
done

# --- dependencies -------------------------------------------------------------
need=
for p in linux-source-$KB_LINUX gcc make binutils flex bison bc libssl-dev libelf-dev cpio xz-utils; do
	st=$(dpkg-query -W -f '${Status}' "$p" 2>/dev/null || true)
	case $st in *" installed") ;; *) need="$need $p" ;; esac
done
# linux-source-6.12: bookworm-security has it (6.12.*~deb12u1, newer than
# bookworm-backports' 6.12.*~bpo12); where no suite offers it, bookworm-backports
# is added (apt installs a backports package asked for by name, nothing else).
has_candidate() { apt-cache policy "$1" 2>/dev/null | grep -q '^ *Candidate: [0-9]'; }
case " $need " in
*" linux-source-6.12 "*)
	has_candidate linux-source-6.12 || apt-get update -q >&2 || true
	if ! has_candidate linux-source-6.12; then
		echo "kernel-build: adding bookworm-backports for linux-source-6.12" >&2
		cat >/etc/apt/sources.list.d/crossym-bookworm-backports.sources <<-'EOF'
		Types: deb
		URIs: http://deb.debian.org/debian
		Suites: bookworm-backports
		Components: main
		Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
		EOF
		apt-get update -q >&2
	fi
	;;
esac
if [ -n "$need" ]; then
	echo "kernel-build: installing$need" >&2
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q $need >&2 ||
		{ apt-get update -q >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $need >&2; }
fi

# --- source, unpacked once ----------------------------------------------------
mkdir -p "$CACHE"
if [ ! -f "$SRC/.crossym-unpacked" ]; then
	tmp=$CACHE/src.tmp.$$
	rm -rf "$tmp"
	mkdir "$tmp"
	echo "kernel-build: unpacking $TARBALL into $SRC" >&2
	tar -xJf "$TARBALL" -C "$tmp" --strip-components=1
	date >"$tmp/.crossym-unpacked"
	if [ -e "$SRC" ]; then
		# another run unpacked it meanwhile, or an interrupted one left a partial tree
		if [ -f "$SRC/.crossym-unpacked" ]; then rm -rf "$tmp"; else rm -rf "$SRC"; mv "$tmp" "$SRC"; fi
	else
		mv "$tmp" "$SRC"
	fi
fi
if [ -f "$SRC/.config" ] || [ -f "$SRC/include/config/auto.conf" ]; then
	echo "kernel-build: $SRC is configured in place; run 'make mrproper' there" >&2
	exit 1
fi

# --- one config -----------------------------------------------------------------
# kmake OUT ARCH ARGS...: make in the source tree for build directory OUT.
kmake() {
	o=$1 a=$2
	shift 2
	make -C "$SRC" O="$o" ARCH="$a" "$@"
}

# fsmod_only_modules OUT: every =m option of OUT/.config but FSMOD_M made =y
fsmod_only_modules() {
	for m in $(sed -n 's/^CONFIG_\(.*\)=m$/\1/p' "$1/.config"); do
		case " $FSMOD_M " in *" $m "*) continue ;; esac
		"$SRC/scripts/config" --file "$1/.config" --enable "$m" || return 1
	done
}

# shellcheck disable=SC2086
build_one() {
	name=$1
	out=$CACHE/build-$name
	stamp=$out/.crossym-build
	want="$KB_VERSION $name"
	config=tinyconfig
	[ "$name" != x86_64-boot ] || want="$want $BOOT_OPTS"
	[ "$name" != x86_64-dwarf ] || want="$want $BOOT_OPTS"
	[ "$name" != x86_64-fsmod ] || want="$want $BOOT_OPTS $FSMOD_Y m: $FSMOD_M"
	case $name in
	i386-tiny) arch=i386 targets=vmlinux ;;
	x86_64-mod) arch=x86_64 targets="vmlinux modules" ;;
	x86_64-def) arch=x86_64 targets="vmlinux modules" config=defconfig ;;
	x86_64-boot) arch=x86_64 targets="vmlinux bzImage" ;;
	x86_64-fsmod) arch=x86_64 targets="vmlinux bzImage modules" ;;
	*) arch=x86_64 targets=vmlinux ;;
	esac
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$out/vmlinux" ] &&
		{ [ "$targets" = vmlinux ] || [ "$name" = x86_64-boot ] || [ -f "$out/modules.order" ]; } &&
		{ [ "$name" != x86_64-boot ] || [ -f "$out/arch/x86/boot/bzImage" ]; } &&
		{ [ "$name" != x86_64-fsmod ] || [ -f "$out/arch/x86/boot/bzImage" ]; }; then
		echo "$out"
		return 0
	fi
	mkdir -p "$out"
	rm -f "$stamp"
	log=$out/build.log
	start=$(date +%s)
	echo "kernel-build: building $name in $out (log: $log)" >&2
	{
		kmake "$out" $arch "$config" &&
		case $name in
		x86_64-mod)
			"$SRC/scripts/config" --file "$out/.config" --enable MODULES --enable MODULE_UNLOAD &&
			for m in $MOD_OPTS; do
				"$SRC/scripts/config" --file "$out/.config" --module "$m" || return 1
			done &&
			kmake "$out" $arch olddefconfig
			;;
		x86_64-dwarf)
			for m in $BOOT_OPTS; do
				"$SRC/scripts/config" --file "$out/.config" --enable "$m" || return 1
			done &&
			"$SRC/scripts/config" --file "$out/.config" --enable DEBUG_KERNEL \
				--enable DEBUG_INFO_DWARF5 --disable DEBUG_INFO_NONE \
				--disable DEBUG_INFO_REDUCED --disable DEBUG_INFO_SPLIT \
				--disable DEBUG_INFO_BTF &&
			kmake "$out" $arch olddefconfig
			;;
		x86_64-boot)
			for m in $BOOT_OPTS; do
				"$SRC/scripts/config" --file "$out/.config" --enable "$m" || return 1
			done &&
			kmake "$out" $arch olddefconfig
			;;
		x86_64-fsmod)
			for m in $BOOT_OPTS $FSMOD_Y; do
				"$SRC/scripts/config" --file "$out/.config" --enable "$m" || return 1
			done &&
			kmake "$out" $arch olddefconfig &&
			for m in $FSMOD_M; do
				"$SRC/scripts/config" --file "$out/.config" --module "$m" || return 1
			done &&
			kmake "$out" $arch olddefconfig &&
			fsmod_only_modules "$out" &&
			kmake "$out" $arch olddefconfig &&
			fsmod_only_modules "$out" &&
			kmake "$out" $arch olddefconfig
			;;
		esac &&
		kmake "$out" $arch -j"$JOBS" $targets
	} >"$log" 2>&1 || {
		echo "kernel-build: $name failed, last lines of $log:" >&2
		tail -n 30 "$log" >&2
		return 1
	}
	# check that the options asked for survived olddefconfig
	case $name in
	x86_64-mod) opts="MODULES $MOD_OPTS" ;;
	x86_64-dwarf) opts="DEBUG_INFO DEBUG_INFO_DWARF5" ;;
	x86_64-boot) opts="$BOOT_OPTS" ;;
	x86_64-fsmod) opts="$BOOT_OPTS $FSMOD_Y $FSMOD_M" ;;
	*) opts= ;;
	esac
	for m in $opts; do
		grep -q "^CONFIG_$m=[ym]" "$out/.config" || {
			echo "kernel-build: $name: CONFIG_$m did not stick (see $out/.config)" >&2
			return 1
		}
	done
	if [ "$name" = x86_64-fsmod ]; then
		for m in $FSMOD_M; do
			grep -q "^CONFIG_$m=m" "$out/.config" || {
				echo "kernel-build: $name: CONFIG_$m is not a module (see $out/.config)" >&2
				return 1
			}
		done
	fi
	secs=$(($(date +%s) - start))
	echo "kernel-build: $name built in $secs s" >&2
	echo "$secs" >"$out/.crossym-build-seconds"
	echo "$want" >"$stamp"
	echo "$out"
}

for c in "$@"; do
	# one build per directory at a time (parallel test runs share the cache)
	mkdir -p "$CACHE/build-$c"
	exec 9>"$CACHE/build-$c.lock"
	if command -v flock >/dev/null 2>&1; then flock 9; fi
	build_one "$c" || exit 1
	exec 9>&-
done
