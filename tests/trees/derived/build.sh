#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# tests/trees/derived/build.sh OUT [SRC]: a build of this tree in OUT the way
# a kbuild-derived hypervisor builds (tests/t53-derived.sh):
#  - objects that init-only code is made into are derived from other objects:
#    common/boot.c is compiled to common/boot.o, which `objdump -h ... | while
#    ...; done; objcopy --rename-section ...` (the size check, then the
#    renaming) turns into common/boot.init.o; lib/sort.c takes three steps:
#    lib/sort.o, `ld -r` of it alone (lib/sort.r.o), `strip --strip-debug`
#    (lib/sort.s.o, no DWARF left), objcopy (lib/sort.init.o). The .cmd file
#    of a derived object has a cmd_ line only (no source_, no deps_);
#  - each directory's aggregate is built_in.o (underscore), made by `ld -r`,
#    nested (common/built_in.o holds common/sched/built_in.o); an empty
#    directory's is compiled from /dev/null (xsm/built_in.o);
#  - arch/x86/efi/rt.c is a symbolic link the build makes to the source
#    tree's common/efi/rt.c (Xen's EFI code); it is compiled, as Xen does
#    with CONFIG_ENFORCE_UNIQUE_SYMBOLS, to arch/x86/efi/.rt.o.tmp (-MMD -MP
#    -MF, -MQ), which objcopy --redefine-sym makes arch/x86/efi/rt.o; the
#    .cmd file records the compile with `source_ := arch/x86/efi/rt.c`;
#  - `ld -r` joins the aggregates into prelink.o (recorded in .prelink.o.cmd),
#    and hv-syms is linked from prelink.o with the linker script hv.lds, by a
#    plain command kbuild does not record.
# Compile commands are recorded as kbuild writes them: cmd_, source_, deps_;
# they have Xen's -Werror -Wredundant-decls.
# With SRC (a copy of this tree, e.g. tagged by crossym annotate) the tree is
# built whole-program instead: each directory's C files compiled -flto into
# DIR/unit.o with -fwhole-program (FIELD-NOTES' GCC 12 recipe), the units
# joined by `ld -r` into prelink.o and linked with hv.lds the same way.
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
out=$1 wp=${2:-}
dirs="arch/x86 arch/x86/efi common common/sched drivers/char lib"
begin_build "$out" "$(dirname "$0")" $dirs drivers xsm
cp "$src/hv.lds" hv.lds
# (Xen's -Werror -Wredundant-decls: a re-declaration must silence it)
CFLAGS="-O2 -g -I$src/include -Werror -Wredundant-decls"

# cc_record OBJ: compile OBJ from its .c, recorded with its deps_ list.
cc_record() {
	d=$(dirname "$1")/.$(basename "$1").d
	record "$1" "gcc $CFLAGS -MD -MF $d -c -o $1 $src/${1%.o}.c" "$src/${1%.o}.c"
	{ printf 'deps_%s := \\\n' "$1"
	  sed -e 's/^[^:]*://' -e 's/\\$//' "$d" | tr ' ' '\n' | sed '/^$/d' | sed 1d |
		sed 's/^/  /; s/$/ \\/'
	  printf '\n%s: $(deps_%s)\n\n$(deps_%s):\n' "$1" "$1" "$1"
	} >>"$(dirname "$1")/.$(basename "$1").cmd"
	rm -f "$d"
}

# init_record IN OUT: the hypervisor's init object: no .text/.data/.bss may
# be left (objdump's size check), then everything renamed into .init.*.
init_record() {
	record "$2" "objdump -h $1 | while read idx name sz rest; do case \"\$name\" in .text|.data|.bss) test \$((0x\$sz)) = 0 || { echo \"Error: size of $1:\$name is 0x\$sz\" >&2; exit 1; };; esac; done || exit 1; objcopy --rename-section .rodata=.init.rodata --rename-section .rodata.str1.1=.init.rodata.str1.1 $1 $2"
}

if [ -z "$wp" ]; then
	for o in arch/x86/setup.o common/boot.o common/core.o common/sched/credit.o \
		 drivers/char/console.o lib/sort.o; do
		cc_record "$o"
	done
	ln -sfn ../../../source/common/efi/rt.c arch/x86/efi/rt.c
	record arch/x86/efi/rt.o "gcc -MMD -MP -MF arch/x86/efi/.rt.o.d $CFLAGS -c arch/x86/efi/rt.c -o arch/x86/efi/.rt.o.tmp -MQ arch/x86/efi/rt.o" \
		arch/x86/efi/rt.c
	objcopy --redefine-sym rt.c=common/efi/rt.c arch/x86/efi/.rt.o.tmp arch/x86/efi/rt.o
	rm -f arch/x86/efi/.rt.o.tmp arch/x86/efi/.rt.o.d
	init_record common/boot.o common/boot.init.o
	record lib/sort.r.o "ld -r -o lib/sort.r.o lib/sort.o"
	record lib/sort.s.o "strip --strip-debug -o lib/sort.s.o lib/sort.r.o"
	init_record lib/sort.s.o lib/sort.init.o
	record xsm/built_in.o "gcc $CFLAGS -c -x c /dev/null -o xsm/built_in.o"
	record common/sched/built_in.o "ld -r -o common/sched/built_in.o common/sched/credit.o"
	record common/built_in.o "ld -r -o common/built_in.o common/boot.init.o common/core.o common/sched/built_in.o"
	record drivers/char/built_in.o "ld -r -o drivers/char/built_in.o drivers/char/console.o"
	record drivers/built_in.o "ld -r -o drivers/built_in.o drivers/char/built_in.o"
	record arch/x86/efi/built_in.o "ld -r -o arch/x86/efi/built_in.o arch/x86/efi/rt.o"
	record arch/x86/built_in.o "ld -r -o arch/x86/built_in.o arch/x86/setup.o arch/x86/efi/built_in.o"
	record lib/built_in.o "ld -r -o lib/built_in.o lib/sort.init.o"
	record prelink.o "ld -r -o prelink.o arch/x86/built_in.o common/built_in.o drivers/built_in.o lib/built_in.o xsm/built_in.o"
else
	wp=$(cd "$wp" && pwd)
	units=
	for d in $dirs; do
		objs=
		srcs=$(cd "$wp" && ls $d/*.c 2>/dev/null) || srcs=
		[ "$d" != arch/x86/efi ] || srcs=common/efi/rt.c
		for c in $srcs; do
			o=$d/$(basename "${c%.c}").wp.o
			gcc -O2 -I"$wp/include" -Werror -Wredundant-decls -flto -c -o "$o" "$wp/$c"
			objs="$objs $o"
		done
		gcc -O2 -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program \
			-r -nostdlib $objs -o "$d/unit.o"
		units="$units $d/unit.o"
	done
	ld -r -o prelink.o $units
fi
gcc -o hv-syms -Wl,-T,hv.lds prelink.o
