#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# kernel-xref.sh [--srctree DIR] [--stats FILE] [--check-ld] [--no-keep] BUILDDIR
#
# An independent computation (POSIX sh, binutils nm/ar/ld, awk; crossym is not used)
# of the TSV that `crossym report --format=tsv BUILDDIR` must print for a Linux 6.1
# kbuild O= build directory, per doc/CONTRACT.md with the kernel rules below.
# Output: the TSV on stdout (header, then rows sorted by symbol, unit, object in
# byte order).  --stats FILE writes counts (key<TAB>value) for KERNEL-FACTS.md.
# --check-ld re-runs the final vmlinux link with `ld -Map` into a temp directory
# and fails (exit 3) when the lib.a members ld pulls in differ from the closure
# computed here.
#
# ---------------------------------------------------------------------------
# THE KERNEL RULES (the spec crossym follows for a kernel build)
#
# K1 Link domains.  A build has the domain `vmlinux` and one domain per module.
#
# K2 Objects of vmlinux, in link order:
#    a. the members of the thin archive `vmlinux.a` (`ar t`; paths relative to the
#       build directory);
#    b. `.vmlinux.export.o` when CONFIG_MODULES=y (the file exists then);
#    c. `init/version-timestamp.o`;
#    d. with CONFIG_KALLSYMS, the final link also gets the kallsyms object
#       `.tmp_vmlinux.kallsymsN.o` (highest N present; source the generated
#       `.tmp_vmlinux.kallsymsN.S`, hence assembly);
#    e. the members of the library archives between --start-group and --end-group
#       in the `.vmlinux.o.cmd` command (6.1: `lib/lib.a arch/x86/lib/lib.a`, both
#       thin, with a symbol index) that the link pulls in: GNU ld's archive rule,
#       iterated to a fixpoint over the group: a member is linked when it defines
#       (global or weak definition, any uppercase nm letter but U) a symbol that is
#       strongly undefined (nm `U`, not `w`/`v`) in the objects linked so far and
#       defined by none of them.  Archives are scanned in command order, each
#       until it adds nothing, members in archive order, and the whole group again
#       until nothing changes.  The linker script's references (K5) count as
#       strongly undefined from the start, except names the script itself assigns
#       outside PROVIDE/PROVIDE_HIDDEN (GNU ld 2.40 does exactly that: `bar = foo;`
#       and `ENTRY(foo)` pull in the member defining foo; `foo = 5; bar = foo;`
#       does not; `PROVIDE(foo = 5); bar = foo;` does).  --check-ld compares with ld.
#       Members not linked are not objects at all (their references do not count).
#    The object column of a thin-archive member is its path (`lib/ctype.o`): thin
#    members are loose files.
#
# K3 Objects of a module.  `modules.order` lists the modules (`DIR/NAME.ko`, 6.1);
#    the objects of DIR/NAME.ko are the lines of `DIR/NAME.mod` (one object path
#    relative to the build directory per line; for a single-object module the line
#    is DIR/NAME.o itself) plus the generated `DIR/NAME.mod.o` (defines
#    `__this_module`, references `init_module`/`cleanup_module`; linked into the .ko).
#    NAME.mod.o's definitions are modpost's, never compiled whole-program: they
#    are no definitions here (only its references count).
#
# K4 Units.  An object's source is the `source_OBJ := PATH` line of
#    `DIR/.BASE.cmd` (BASE the object's file name).  Assembly (`.S`/`.s` source):
#    unit `DIR#asm`, in modules too.  Otherwise in vmlinux: the object's directory
#    (`.` at the top: `.vmlinux.export.o` is in unit `.`); in a module: the module
#    path `DIR/NAME.ko` (single-object modules included), but `DIR/NAME.mod.o`
#    is a unit of its own, `DIR/NAME.mod.o` (outside the unit of NAME.o).  An object without a
#    .cmd or source_ line is a C object with source `-`.
#
# K5 The linker script `arch/ARCH/kernel/vmlinux.lds` (preprocessed, in the build
#    directory; the unit is its path relative to the build directory, e.g.
#    `arch/x86/kernel/vmlinux.lds`) is a referencing unit of the vmlinux domain.
#    It references each identifier that appears in ENTRY(...), on the right-hand
#    side of an assignment (=, +=, -=, *=, /=, <<=, >>=, &=, |=; also inside
#    PROVIDE/PROVIDE_HIDDEN/HIDDEN) up to the end of that statement, in the
#    condition of ASSERT(cond, "msg") and in AT(...); not section names (the
#    arguments of ADDR/LOADADDR/SIZEOF/ALIGNOF), keywords, built-in functions,
#    numbers, or the fill value after `} :phdr =`.  Symbols the script only
#    defines (left-hand sides) are not references.  (kernel-lds.awk)
#
# K6 Resolution.  A reference (U, w, v) made by a vmlinux object, or by the
#    linker script, refers to the vmlinux definitions of the symbol only.  A
#    reference made by an object of module M to a symbol that M's objects define
#    refers to M's definitions only; to a symbol M does not define, it refers to
#    every definition of the symbol in vmlinux and in the other modules.
#    Definitions in different domains are never "other definitions" of each
#    other (every module defines `init_module`, `__this_module`, ...).
#    For a definition d of S in domain X, unit D:
#      referenced_from(d) = { units of objects or script whose references to S
#                             refer to X's definitions per the above }
#                         ∪ { unit(d') : d' another definition of S in X, d or d' weak }
#                         − { D }
#
# K7 Status (CONTRACT.md): `asm` when d's object is assembly; else `exported` when a
#    linked object (any domain) defines `__ksymtab_S` (in 6.1 EXPORT_SYMBOL puts a
#    LOCAL `__ksymtab_S` into the defining object: nm `r` on x86_64, so local
#    definitions count); else `tag`.
#
# K9 Sections the linker script keeps.  Every global or weak definition of an
#    object the link always takes (K2 a-d, not library members, not modules)
#    whose section (objdump -t) matches an input-section pattern inside KEEP(...)
#    of the linker script is referenced by the script (kernel-keep.awk): under
#    -fwhole-program such a definition would be dropped.  --no-keep leaves K9
#    out (what nm text input can know: nm prints no sections).
#
# K8 Source column: the source_ path; an absolute path under the source tree is
#    made relative to it; a relative path (a generated source, relative to the
#    build directory) is printed as it is; an absolute path under the build
#    directory is made relative to the build directory.  The source tree is
#    --srctree, else the build's `source` link, else the build directory.
# ---------------------------------------------------------------------------
set -eu
LC_ALL=C
export LC_ALL
here=$(cd "$(dirname "$0")" && pwd)
srctree='' stats='' checkld='' keep=1
while [ $# -gt 0 ]; do
	case $1 in
	--srctree) srctree=$2; shift 2 ;;
	--stats) stats=$2; shift 2 ;;
	--check-ld) checkld=1; shift ;;
	--no-keep) keep=''; shift ;;
	--) shift; break ;;
	-*) echo "kernel-xref: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || { echo "usage: $0 [--srctree DIR] [--stats FILE] [--check-ld] BUILDDIR" >&2; exit 2; }
[ -z "$stats" ] || case $stats in /*) ;; *) stats=$(pwd)/$stats ;; esac
B=$(cd "$1" && pwd -P)
if [ -z "$srctree" ]; then
	if [ -d "$B/source" ]; then srctree=$(cd "$B/source" && pwd -P); else srctree=$B; fi
else
	srctree=$(cd "$srctree" && pwd -P)
fi
cd "$B"
[ -f vmlinux.a ] || { echo "kernel-xref: $B: no vmlinux.a (not a built Linux >= 6.1 tree?)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kernel-xref.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# --- K2/K3: the candidate objects: OBJECT<TAB>DOMAIN<TAB>ORIGIN -----------------
# ORIGIN: base (linked), lib:ARCHIVE (linked when pulled), mod.
{
	ar t vmlinux.a | sed 's/$/	vmlinux	base/'
	[ ! -f .vmlinux.export.o ] || printf '.vmlinux.export.o\tvmlinux\tbase\n'
	printf 'init/version-timestamp.o\tvmlinux\tbase\n'
	if grep -q '^CONFIG_KALLSYMS=y' .config 2>/dev/null; then
		k=$(for f in .tmp_vmlinux.kallsyms*.o; do echo "$f"; done |
			sed -n 's/^\.tmp_vmlinux\.kallsyms\([0-9]*\)\.o$/\1 &/p' | sort -n | tail -n 1 | cut -d ' ' -f 2)
		[ -z "$k" ] || printf '%s\tvmlinux\tbase\n' "$k"
	fi
	libs=$(sed -n 's/.*--start-group\(.*\)--end-group.*/\1/p' .vmlinux.o.cmd)
	for a in $libs; do
		ar t "$a" | sed "s|\$|	vmlinux	lib:$a|"
	done
	if [ -f modules.order ]; then
		while read -r ko; do
			mod=${ko%.ko}.mod
			[ -f "$mod" ] || { echo "kernel-xref: $ko: no $mod" >&2; exit 1; }
			tr ' ' '\n' <"$mod" | sed '/^$/d' | sed "s|\$|	$ko	mod|"
			printf '%s\t%s\tmod\n' "${ko%.ko}.mod.o" "$ko"
		done <modules.order
	fi
} >"$tmp/objs"

cut -f1 "$tmp/objs" >"$tmp/objlist"
while read -r o; do [ -f "$o" ] || { echo "kernel-xref: missing object $o" >&2; exit 1; }; done <"$tmp/objlist"

# --- symbols -------------------------------------------------------------------
# `nm -P -A`: "OBJECT: NAME LETTER [VALUE SIZE]"
xargs nm -P -A <"$tmp/objlist" 2>"$tmp/nm.err" >"$tmp/syms" || true
if grep -v 'no symbols$' "$tmp/nm.err" | grep . >&2; then exit 1; fi

# --- K4: sources -----------------------------------------------------------------
sed 's|^\(.*/\)\{0,1\}\([^/]*\)$|\1.\2.cmd|' "$tmp/objlist" | sort -u >"$tmp/cmdlist"
while read -r c; do [ ! -f "$c" ] || echo "$c"; done <"$tmp/cmdlist" >"$tmp/cmds"
if [ -s "$tmp/cmds" ]; then
	xargs grep -h '^source_' <"$tmp/cmds" >"$tmp/sources" || true
else
	: >"$tmp/sources"
fi

# --- K5: the linker script -------------------------------------------------------
lds=''
for f in arch/*/kernel/vmlinux.lds; do [ -f "$f" ] && { lds=$f; break; }; done
if [ -n "$lds" ]; then awk -f "$here/kernel-lds.awk" "$lds" >"$tmp/ldsrefs"; else : >"$tmp/ldsrefs"; fi
if [ -n "$lds" ] && [ -n "$keep" ]; then
	awk -F '\t' '$3 == "base" { print $1 }' "$tmp/objs" | xargs objdump -t 2>/dev/null |
		awk -f "$here/kernel-keep.awk" "$lds" - >>"$tmp/ldsrefs"
fi

# --- K2..K8: closure, decision, rows --------------------------------------------
awk -F '\t' -v B="$B" -v SRC="$srctree" -v LDS="$lds" -v STATS="$stats" \
	-v OUT="$tmp/rows" -v LINKED="$tmp/linked" -f "$here/kernel-xref.awk" \
	"$tmp/objs" "$tmp/sources" "$tmp/ldsrefs" "$tmp/syms"

printf 'symbol\tunit\tobject\tsource\tstatus\treferenced_from\n'
sort -t '	' -k1,1 -k2,2 -k3,3 "$tmp/rows"

# --- --check-ld: the members ld pulls in ------------------------------------------
if [ -n "$checkld" ]; then
	# cmd_vmlinux := .../link-vmlinux.sh "LD" "KBUILD_LDFLAGS" "LDFLAGS_vmlinux"; ...
	ldcmd=$(sed -n 's/^cmd_vmlinux := [^"]*"\([^"]*\)" "\([^"]*\)" "\([^"]*\)".*/\1 \2 \3/p' .vmlinux.cmd)
	ar t vmlinux.a >"$tmp/objlist.a"
	extra=$(awk -F '\t' '$3 == "base" { print $1 }' "$tmp/objs" | grep -v -x -F -f "$tmp/objlist.a" || true)
	libs=$(sed -n 's/.*--start-group\(.*\)--end-group.*/\1/p' .vmlinux.o.cmd)
	# shellcheck disable=SC2086
	$ldcmd --script="$lds" -o "$tmp/vmlinux.check" -Map="$tmp/map" \
		--whole-archive vmlinux.a $extra --no-whole-archive \
		--start-group $libs --end-group >"$tmp/ld.out" 2>&1 || {
		echo "kernel-xref: --check-ld: ld failed:" >&2; cat "$tmp/ld.out" >&2; exit 3; }
	# "Archive member included to satisfy reference by file (symbol)": one entry
	# per member: "MEMBER  REASON", REASON on the next (indented) line when MEMBER
	# is long; thin members are written as plain paths; REASON "(--whole-archive)"
	# for vmlinux.a, "FILE (SYMBOL)" for a library member ld pulled in.
	awk '/^Archive member included/ { on = 1; next }
	     on && /^[A-Z]/ { exit }
	     !on { next }
	     /^[^ ]/ { m = $1; r = $2; if (r != "") { if (r != "(--whole-archive)") print m; m = "" } next }
	     /^ / && m != "" { if ($1 != "(--whole-archive)") print m; m = "" }' "$tmp/map" |
		sort -u >"$tmp/ld.members"
	sort -u "$tmp/linked" >"$tmp/awk.members"
	if cmp -s "$tmp/ld.members" "$tmp/awk.members"; then
		echo "kernel-xref: --check-ld: ld links the same $(wc -l <"$tmp/awk.members") library members" >&2
	else
		echo "kernel-xref: --check-ld: library members differ (< ld, > closure):" >&2
		diff "$tmp/ld.members" "$tmp/awk.members" >&2 || true
		exit 3
	fi
fi
