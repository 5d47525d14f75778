#!/bin/sh
# busybox-wholeprog.sh SRC OUT: build BusyBox from the (possibly tagged) source
# tree SRC with every directory compiled as one -fwhole-program unit, in the
# build directory OUT, and link it with BusyBox's own link step.
#
#   1. kbuild (make O=OUT, defconfig or $BUSYBOX_CONFIG) compiles every object
#      of every directory with its exact flags plus
#      EXTRA_CFLAGS="-flto -D'TAG=__attribute__((externally_visible))'"
#      (kbuild pastes EXTRA_CFLAGS unquoted into the shell command).
#      Only the directories are built (make DIR...), not the LTO link.
#   2. Each directory's objects (the members of DIR/lib.a plus the inputs of
#      DIR/built-in.o, from its .built-in.o.cmd) become DIR/unit.o:
#        $CC $CFLAGS -flto -flto-partition=one -fno-use-linker-plugin \
#            -fwhole-program -r -nostdlib OBJS -o DIR/unit.o
#      with $CFLAGS = kbuild's link CFLAGS (incl. -ffunction-sections).
#   3. scripts/trylink links busybox_unstripped from the units, exactly as the
#      normal build links the archives (same CFLAGS, LDFLAGS, libraries,
#      --gc-sections, --sort-section, ...); then it is stripped to busybox.
#
# Incremental: a second run recompiles only what kbuild finds changed and
# recombines only the units whose objects changed.
# Results in OUT: units.txt (`unit<TAB>object...`), undefined.txt (sorted
# undefined symbols of the link, empty when it links), wholeprog.log
# (compile), units.log (combine), busybox_unstripped.out (link).
# Exit 0 when busybox links; 1 when the link fails (the undefined symbols are
# printed on stdout, one per line); 2 for other errors.
# Environment: JOBS (2), CROSSYM_TAG (__global), BUSYBOX_CONFIG (a .config to
# use instead of defconfig).
set -eu
[ $# -eq 2 ] || { echo "usage: $0 SRC OUT" >&2; exit 2; }
SRC=$(cd "$1" && pwd)
mkdir -p "$2"
OUT=$(cd "$2" && pwd)
JOBS=${JOBS:-2}
TAG=${CROSSYM_TAG:-__global}
export LC_ALL=C
say() { echo "busybox-wholeprog: $*" >&2; }
die() { say "$*"; exit 2; }

if [ -f "$SRC/.config" ] || [ -f "$SRC/include/autoconf.h" ]; then
	die "$SRC is configured in place; run 'make mrproper' there"
fi
# The tree OUT was configured for must be SRC (kbuild records it here).
if [ -f "$OUT/Makefile" ] &&
   [ "$(sed -n 's/^KERNELSRC *:= *//p' "$OUT/Makefile")" != "$SRC" ]; then
	die "$OUT was configured for another source tree"
fi

# kbuild run directly in OUT (what `make O=OUT` recurses into): one make for
# all goals, so -j does not race (the O= wrapper runs one sub-make per goal).
kmake() { make -C "$OUT" -f "$SRC/Makefile" KBUILD_SRC="$SRC" "$@"; }

if [ ! -f "$OUT/.config" ]; then
	if [ -n "${BUSYBOX_CONFIG:-}" ]; then
		cp "$BUSYBOX_CONFIG" "$OUT/.config"
		yes '' | make -C "$SRC" O="$OUT" oldconfig >"$OUT/config.log" 2>&1
	else
		make -C "$SRC" O="$OUT" defconfig >"$OUT/config.log" 2>&1
	fi || die "configuration failed, see $OUT/config.log"
fi

# What kbuild knows: the directories, the link command's pieces.
cat >"$OUT/.crossym-vars.mk" <<'EOF'
crossym-print-vars:
	@printf 'dirs=%s\n' '$(busybox-dirs)'
	@printf 'cc=%s\n' '$(CC)'
	@printf 'cflags=%s\n' '$(CFLAGS) $(CFLAGS_busybox)'
	@printf 'ldflags=%s\n' '$(LDFLAGS) $(EXTRA_LDFLAGS)'
	@printf 'ldlibs=%s\n' '$(LDLIBS)'
	@printf 'extra_ldlibs=%s\n' '$(CONFIG_EXTRA_LDLIBS)'
	@printf 'strip=%s\n' '$(STRIP)'
EOF
kmake -s --no-print-directory -f "$OUT/.crossym-vars.mk" crossym-print-vars \
	>"$OUT/.crossym-vars" 2>"$OUT/config.log" || die "cannot read kbuild's variables"
var() { sed -n "s/^$1=//p" "$OUT/.crossym-vars"; }
dirs=$(var dirs)
cc=$(var cc)
cflags=$(var cflags)
ldflags=$(var ldflags)
ldlibs=$(var ldlibs)
extra_ldlibs=$(var extra_ldlibs | tr -d '"')
strip=$(var strip)
[ -n "$dirs" ] && [ -n "$cc" ] || die "kbuild gave no directories"

# 1. Compile.
start=$(date +%s)
# shellcheck disable=SC2086
kmake -j"$JOBS" EXTRA_CFLAGS="-flto -D'$TAG=__attribute__((externally_visible))'" \
	$dirs >"$OUT/wholeprog.log" 2>&1 || {
	grep -E 'error|Error' "$OUT/wholeprog.log" | head -n 20 >&2
	die "compilation failed, see $OUT/wholeprog.log"
}
t_compile=$(($(date +%s) - start))

# 2. Units.  unit_objects DIR: the objects of DIR's archive and built-in.o.
unit_objects() {
	if [ -f "$1/lib.a" ]; then
		ar t "$1/lib.a" | sed "s|^|$1/|"
	fi
	if [ -f "$1/.built-in.o.cmd" ]; then
		# cmd_DIR/built-in.o := $(LD) ... -r -o DIR/built-in.o OBJ...
		sed -n '1s/^[a-z]*cmd_[^ ]* := //p' "$1/.built-in.o.cmd" |
			tr ' ' '\n' | awk 'o == 1 { o = 2; next } $0 == "-o" { o = 1; next }
				o == 2 && /\.o$/ { print }'
	fi
}
: >"$OUT/units.txt"
units=""
{
	printf 'COMBINE = %s %s -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program -r -nostdlib\n' "$cc" "$cflags"
	printf 'all:\n'
	for d in $dirs; do
		objs=$(cd "$OUT" && unit_objects "$d" | xargs)
		[ -n "$objs" ] || continue
		printf '%s/unit.o\t%s\n' "$d" "$objs" >>"$OUT/units.txt"
		units="$units $d/unit.o"
		printf 'all: %s/unit.o\n%s/unit.o: %s\n\t$(COMBINE) $^ -o $@\n' "$d" "$d" "$objs"
	done
} >"$OUT/.crossym-units.mk"
units=${units# }
start=$(date +%s)
make -C "$OUT" -f .crossym-units.mk -j"$JOBS" >"$OUT/units.log" 2>&1 ||
	die "combining units failed, see $OUT/units.log"
t_units=$(($(date +%s) - start))

# 3. Link with BusyBox's link step.
start=$(date +%s)
rm -f "$OUT/busybox_unstripped" "$OUT/busybox"
if (cd "$OUT" && "$SRC/scripts/trylink" busybox_unstripped "$cc" "$cflags" "$ldflags" \
	"$units" "" "$ldlibs" "$extra_ldlibs") >"$OUT/link.log" 2>&1; then
	rc=0
	${strip:-strip} -s --remove-section=.note --remove-section=.comment \
		"$OUT/busybox_unstripped" -o "$OUT/busybox"
	: >"$OUT/undefined.txt"
else
	rc=1
	# ld: "...: undefined reference to `S'" and "hidden symbol `S' isn't defined"
	sed -n -e "s/.*undefined reference to \`\\([^']*\\)'.*/\\1/p" \
		-e "s/.*hidden symbol \`\\([^']*\\)' isn't defined.*/\\1/p" \
		"$OUT/busybox_unstripped.out" | sort -u >"$OUT/undefined.txt"
	[ -s "$OUT/undefined.txt" ] || { tail -n 20 "$OUT/link.log" >&2; die "link failed"; }
fi
t_link=$(($(date +%s) - start))
say "compile ${t_compile}s, $(wc -l <"$OUT/units.txt") units ${t_units}s, link ${t_link}s:" \
	"$(if [ $rc -eq 0 ]; then echo linked; else echo "$(wc -l <"$OUT/undefined.txt") undefined"; fi)"
[ $rc -eq 0 ] || cat "$OUT/undefined.txt"
exit $rc
