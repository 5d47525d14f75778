#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t60-kernel: crossym on real Linux 6.1 builds (Debian's linux-source-6.1),
# made and cached by kernel-build.sh (i386-tiny, x86_64-boot, x86_64-mod,
# x86_64-dwarf). Checks:
#  - the TSV of each of i386-tiny (when built), x86_64-boot, x86_64-mod equals the
#    independent oracle kernel-xref.sh (nm + ar + awk) symbol for symbol;
#  - counts (rows by status, units) against the figures measured for the
#    Debian source version in KERNEL-FACTS.md (skipped for another version);
#  - linker-script references (jiffies_64, startup_64/phys_startup_64, ...);
#  - modules as units: rows naming .ko units are exported (or asm), the objects
#    of a multi-object module form one unit (checked against nm);
#  - weak/strong pairs of i386-tiny (else x86_64-mod), computed here with nm: both rows present,
#    each naming the other's unit;
#  - --nm input equals ELF input; the union of the two tinyconfigs equals the
#    merge of the single reports (awk); --db; the text report's placement
#    section; x86_64-dwarf gives the same TSV as x86_64-boot.
# Environment: CROSSYM_SKIP_KERNEL=1 skips it all; CROSSYM_KERNEL_DWARF=0 leaves
# out the x86_64-dwarf build and its check (the most expensive build, ~1/4 of
# the time on a fresh machine) unless it is cached already;
# CROSSYM_KERNEL_I386=0 likewise the i386-tiny build (4.5 minutes on 2 cores):
# its checks are then made on the x86_64 builds alone (the weak pairs on
# x86_64-mod, the union of x86_64-mod and x86_64-boot); JOBS, CROSSYM_CACHE as
# for kernel-build.sh.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib/kernel-lib.sh"

# bdir CONFIG: its build directory
bdir() {
	case $1 in
	i386-tiny) echo "$B_i386" ;;
	x86_64-boot) echo "$B_x64" ;;
	x86_64-mod) echo "$B_mod" ;;
	x86_64-dwarf) echo "$B_dwarf" ;;
	esac
}
# diag FILE: a file's lines as TAP diagnostics
# rows FILE: the TSV without its header
rows() { sed 1d "$1"; }

start=$(date +%s)
cache=${CROSSYM_CACHE:-$HOME/.cache/crossym}/linux-${KB_LINUX:-6.1}
# wanted NAME: the optional build NAME is made (its variable is not 0, or it is cached)
wanted() { [ "$2" != 0 ] || [ -f "$cache/build-$1/.crossym-build" ]; }
tinies="x86_64-boot x86_64-mod"
wanted i386-tiny "${CROSSYM_KERNEL_I386:-1}" && tinies="i386-tiny $tinies"
configs=$tinies
wanted x86_64-dwarf "${CROSSYM_KERNEL_DWARF:-1}" && configs="$configs x86_64-dwarf"
# shellcheck disable=SC2086
sh "$REAL/kernel-build.sh" $configs >"$TMP/builds"
ok $? "kernel-build.sh $configs ($(($(date +%s) - start)) s)"
B_i386= B_dwarf=
for c in $configs; do
	b=$(sed -n 1p "$TMP/builds")
	sed -i 1d "$TMP/builds"
	case $c in
	i386-tiny) B_i386=$b ;;
	x86_64-boot) B_x64=$b ;;
	x86_64-mod) B_mod=$b ;;
	x86_64-dwarf) B_dwarf=$b ;;
	esac
done
[ -n "$B_i386" ] || skip "i386-tiny: CROSSYM_KERNEL_I386=0 and not built (its checks below: x86_64 only)"
[ -n "$B_mod" ] && [ -f "$B_mod/vmlinux" ] || { echo "Bail out! the kernel builds are missing"; exit 1; }
kver=$(dpkg-query -W -f '${Version}' "linux-source-${KB_LINUX:-6.1}" 2>/dev/null || echo unknown)
echo "# linux-source-${KB_LINUX:-6.1} $kver"

# --- 1. crossym == kernel-xref.sh, symbol for symbol ------------------------------
for c in $tinies; do
	b=$(bdir "$c")
	t0=$(date +%s)
	sh "$REAL/kernel-xref.sh" "$b" >"$TMP/$c.want" 2>"$TMP/$c.xref.err"
	ok $? "kernel-xref.sh $c ($(($(date +%s) - t0)) s)"
	"$CROSSYM" report --format=tsv "$b" >"$TMP/$c.tsv" 2>"$TMP/$c.err"
	ok $? "crossym report --format=tsv $c"
	tsv6 "$TMP/$c.tsv"
	[ -s "$TMP/$c.err" ] && diag "$TMP/$c.err"
	expect_eq "$TMP/$c.want" "$TMP/$c.tsv" "$c: crossym's TSV equals kernel-xref.sh's"
done

# --- 2. counts ----------------------------------------------------------------------
# counts TSV: "rows R tag T exported E asm A units U"
counts() {
	awk -F '\t' 'NR > 1 { n++; s[$5]++; u[$2] = 1 }
	END { printf "rows %d tag %d exported %d asm %d units %d\n",
		n, s["tag"], s["exported"], s["asm"], length(u) }' "$1"
}
# Measured on Debian's linux-source-6.1 6.1.192-3 (KERNEL-FACTS.md).
expected_counts() {
	case $1 in
	i386-tiny)   echo "rows 2101 tag 2042 exported 0 asm 59 units 39" ;;
	x86_64-boot) echo "rows 2556 tag 2468 exported 0 asm 88 units 55" ;;
	x86_64-mod)  echo "rows 2407 tag 1395 exported 927 asm 85 units 48" ;;
	esac
}
for c in $tinies; do
	got=$(counts "$TMP/$c.tsv")
	echo "# $c: $got"
	if [ "$kver" = 6.1.192-3 ]; then
		[ "$got" = "$(expected_counts "$c")" ]
		ok $? "$c: $(expected_counts "$c")"
	else
		echo "ok $((tap_n = tap_n + 1)) # SKIP $c counts: measured on 6.1.192-3, this is $kver"
	fi
done

# --- linker-script references -------------------------------------------------------
# lds_rows TSV: symbol, unit, status of the rows the linker script references
lds_rows() {
	awk -F '\t' 'NR > 1 && ("," $6 ",") ~ /,arch\/x86\/kernel\/vmlinux\.lds,/ {
		print $1 "\t" $2 "\t" $5 "\t" $6 }' "$1"
}
lds=arch/x86/kernel/vmlinux.lds
# .head.text is KEEP(*(.head.text)): its global definitions are rows the script
# references (K9), the script alone for secondary_startup_64_no_verify and
# sev_verify_cbit. x86_64-boot has BLK_DEV_INITRD: usr/initramfs_data.S's
# __initramfs_size, which the script and init/initramfs.o name.
cat >"$TMP/lds.x86_64" <<EOF
__initramfs_size	usr#asm	asm
__startup_64	arch/x86/kernel	tag
fixed_percpu_data	arch/x86/kernel/cpu	tag
gdt_page	arch/x86/kernel/cpu	tag
irq_stack_backing_store	arch/x86/kernel	tag	$lds
jiffies_64	kernel/time	tag
secondary_startup_64	arch/x86/kernel#asm	asm
secondary_startup_64_no_verify	arch/x86/kernel#asm	asm	$lds
sev_verify_cbit	arch/x86/kernel#asm	asm	$lds
startup_64	arch/x86/kernel#asm	asm	$lds
startup_64_setup_env	arch/x86/kernel	tag
EOF
cat >"$TMP/lds.x86_64-mod" <<EOF
__startup_64	arch/x86/kernel	tag
fixed_percpu_data	arch/x86/kernel/cpu	exported
gdt_page	arch/x86/kernel/cpu	exported
irq_stack_backing_store	arch/x86/kernel	tag	$lds
jiffies_64	kernel/time	exported
secondary_startup_64	arch/x86/kernel#asm	asm
secondary_startup_64_no_verify	arch/x86/kernel#asm	asm	$lds
sev_verify_cbit	arch/x86/kernel#asm	asm	$lds
startup_64	arch/x86/kernel#asm	asm	$lds
startup_64_setup_env	arch/x86/kernel	tag
EOF
cat >"$TMP/lds.i386" <<EOF
jiffies_64	kernel/time	tag
startup_32	arch/x86/kernel#asm	asm	$lds
startup_32_smp	arch/x86/kernel#asm	asm
EOF
# the expected rows give referenced_from only when the script is the only referrer
lds_cmp() {
	lds_rows "$1" | awk -F '\t' -v OFS='\t' '$4 != "'"$lds"'" { $4 = "" } { print }' |
		sed 's/\t$//' >"$TMP/lds.got"
	expect_eq "$2" "$TMP/lds.got" "$3"
}
lds_cmp "$TMP/x86_64-boot.tsv" "$TMP/lds.x86_64" "x86_64-boot: the rows vmlinux.lds references (startup_64 only by ENTRY(phys_startup_64))"
lds_cmp "$TMP/x86_64-mod.tsv" "$TMP/lds.x86_64-mod" "x86_64-mod: the rows vmlinux.lds references (exported with MODULES)"
[ -z "$B_i386" ] || lds_cmp "$TMP/i386-tiny.tsv" "$TMP/lds.i386" "i386-tiny: the rows vmlinux.lds references"
for c in x86_64-boot x86_64-mod; do
	v=$(bdir "$c")
	grep -q 'ENTRY(phys_startup_64)' "$v/$lds" &&
		grep -q 'phys_startup_64 = ' "$v/$lds" &&
		awk -F '\t' '$1 == "phys_startup_64" || $1 == "jiffies" { exit 1 }' "$TMP/$c.tsv"
	ok $? "$c: phys_startup_64 (assigned by the script) and jiffies (jiffies = jiffies_64) are no rows"
done

# --- modules as units (x86_64-mod) --------------------------------------------------
m=$TMP/x86_64-mod.tsv
awk -F '\t' 'NR > 1 && $2 ~ /\.ko$/ { print $2 }' "$m" | sort | uniq -c | sed 's/^ */# module unit rows: /'
awk -F '\t' 'NR > 1 && ("," $6) ~ /\.ko(,|$)/ { n[$5]++ } END { for (s in n) print s, n[s] }' "$m" |
	sort >"$TMP/ko-refs"
sed 's/^/# rows referenced from a .ko by status: /' "$TMP/ko-refs"
grep -q '^exported ' "$TMP/ko-refs" && ! grep -q '^tag ' "$TMP/ko-refs"
ok $? "x86_64-mod: rows referenced from modules are exported or asm, never tag (modpost forbids it)"
if [ "$kver" = 6.1.192-3 ]; then
	printf 'asm 5\nexported 143\n' >"$TMP/ko-refs.want"
	expect_eq "$TMP/ko-refs.want" "$TMP/ko-refs" "x86_64-mod: 143 exported + 5 asm rows referenced from .ko units"
fi
awk -F '\t' 'NR > 1 && $1 == "xz_dec_init" { print $2, $3, $5, $6 }' "$m" >"$TMP/xz.got"
echo "lib/xz/xz_dec.ko lib/xz/xz_dec_stream.o exported lib/xz/xz_dec_test.ko" >"$TMP/xz.want"
expect_eq "$TMP/xz.want" "$TMP/xz.got" "x86_64-mod: xz_dec_init: unit xz_dec.ko, exported, used by xz_dec_test.ko"

# the names every module defines for itself: __this_module (modpost's
# NAME.mod.o) is no row; init_module and cleanup_module are rows referenced
# only from the module's own NAME.mod.o (the loader), never from another module
awk -F '\t' 'NR > 1 && $1 == "__this_module"' "$m" >"$TMP/modnames"
[ ! -s "$TMP/modnames" ]
ok $? "x86_64-mod: __this_module is no row"
awk -F '\t' 'NR > 1 && ($1 == "init_module" || $1 == "cleanup_module") {
	mod = $2; sub(/\.ko$/, ".mod.o", mod); if ($6 != mod) print }' "$m" >"$TMP/modnames"
n=$(awk -F '\t' 'NR > 1 && ($1 == "init_module" || $1 == "cleanup_module")' "$m" | wc -l)
[ ! -s "$TMP/modnames" ] && [ "$n" -gt 0 ]
ok $? "x86_64-mod: init_module, cleanup_module: $n rows, each referenced only from its module's NAME.mod.o"
diag "$TMP/modnames"

# The objects of each module (NAME.mod + NAME.mod.o) and their symbols, from nm.
: >"$TMP/modobjs"
while read -r ko; do
	for o in $(cat "$B_mod/${ko%.ko}.mod") "${ko%.ko}.mod.o"; do
		printf '%s\t%s\n' "$o" "$ko"
	done >>"$TMP/modobjs"
done <"$B_mod/modules.order"
nmods=$(wc -l <"$B_mod/modules.order")
multi=$(awk -F '\t' '$1 !~ /\.mod\.o$/ { n[$2]++ } END { for (k in n) if (n[k] > 1) print k }' "$TMP/modobjs" | sort | tr '\n' ' ')
echo "# $nmods modules; multi-object: $multi"
# every row whose object belongs to a module has that module as its unit
awk -F '\t' 'FNR == NR { mod[$1] = $2; next }
	FNR > 1 && ($3 in mod) && $2 != mod[$3] { print; bad++ }
	FNR > 1 && ($3 in mod) { n++ }
	END { print n + 0 > "/dev/stderr"; exit bad > 0 }' "$TMP/modobjs" "$m" 2>"$TMP/modrows.n" >"$TMP/modrows.bad"
ok $? "x86_64-mod: the $(cat "$TMP/modrows.n") rows of module objects have the module as unit"
[ -s "$TMP/modrows.bad" ] && diag "$TMP/modrows.bad"
# references between the objects of one multi-object module, made nowhere else:
# no rows (a directory unit per object would report them)
"$CROSSYM" objects "$B_mod" >"$TMP/mod.objects"
(cd "$B_mod" && xargs nm -A <"$TMP/mod.objects") >"$TMP/mod.nm" 2>/dev/null
awk -v multi=" $multi" '
	FNR == NR { split($0, f, "\t"); mod[f[1]] = f[2]; next }
	{
		o = $1; sub(/:[0-9a-f]*$/, "", o); name = $3; t = $2
		m = (o in mod) ? mod[o] : ""
		if (t == "U" || t == "w" || t == "v") {
			if (m == "") outside[name] = 1           # a vmlinux object uses it
			else { used[name, m] = 1; users[name] = users[name] " " m }
		} else if (t ~ /^[A-Z]$/ && m != "" && index(multi, " " m " ")) {
			def[name] = m
		}
	}
	END {   # defined in a multi-object module, used there, by no other module or vmlinux
		for (s in def) {
			m = def[s]
			if (!((s, m) in used) || (s in outside)) continue
			n = split(users[s], u, " "); other = 0
			for (i = 1; i <= n; i++) if (u[i] != m) other = 1
			if (!other) print s "\t" m
		}
	}' "$TMP/modobjs" "$TMP/mod.nm" | sort >"$TMP/internal"
awk -F '\t' 'FNR == NR { want[$1 "\t" $2] = 1; next } FNR > 1 && (($1 "\t" $2) in want)' \
	"$TMP/internal" "$m" >"$TMP/internal.rows"
[ -s "$TMP/internal" ] && [ ! -s "$TMP/internal.rows" ]
ok $? "x86_64-mod: $(wc -l <"$TMP/internal") symbols used across the objects of one module (nm), none a row"
[ -s "$TMP/internal.rows" ] && diag "$TMP/internal.rows"

# --- weak/strong pairs (i386-tiny, else x86_64-mod), from nm -------------------------
PC=i386-tiny PB=$B_i386
[ -n "$PB" ] || PC=x86_64-mod PB=$B_mod
# The objects of vmlinux: vmlinux.a's members, init/version-timestamp.o, and the
# lib.a members (a member only defining weak/strong pairs would have to be
# linked; checked below: none of the pairs involves one).
(
	cd "$PB" || exit 1
	{ ar t vmlinux.a; echo init/version-timestamp.o; } | sed 's/$/\tbase/'
	for a in $(sed -n 's/.*--start-group\(.*\)--end-group.*/\1/p' .vmlinux.o.cmd); do
		ar t "$a" | sed 's/$/\tlib/'
	done
) >"$TMP/pair.objs"
cut -f1 "$TMP/pair.objs" | (cd "$PB" && xargs nm -A) >"$TMP/pair.nm" 2>/dev/null
# asm objects: source_ ends in .S
cut -f1 "$TMP/pair.objs" | sed 's|^\(.*/\)\{0,1\}\([^/]*\)$|\1.\2.cmd|' |
	(cd "$PB" && xargs grep -h '^source_' 2>/dev/null) |
	sed -n 's/^source_\(.*\) := .*\.[sS]$/\1/p' >"$TMP/pair.asm"
awk -v OFS='\t' '
	FILENAME == ARGV[1] { split($0, f, "\t"); kind[f[1]] = f[2]; next }
	FILENAME == ARGV[2] { asm[$1] = 1; next }
	NF == 3 && $2 ~ /^[A-Z]$/ && $2 != "U" {
		o = $1; sub(/:[0-9a-f]*$/, "", o)
		u = o; if (!sub(/\/[^\/]*$/, "", u)) u = "."
		if (o in asm) u = u "#asm"
		print $3, ($2 == "W" || $2 == "V") ? "weak" : "strong", u, o, kind[o]
	}' "$TMP/pair.objs" "$TMP/pair.asm" "$TMP/pair.nm" | sort -u >"$TMP/pair.defs"
# pairs: SYMBOL WEAKUNIT OTHERUNIT OTHERKIND (weak/strong, weak/weak), different units
awk -F '\t' -v OFS='\t' '
	{ n[$1]++; s[$1, n[$1]] = $2; u[$1, n[$1]] = $3; lib[$1] = lib[$1] $5 }
	END {
		for (x in n) for (i = 1; i <= n[x]; i++) for (j = 1; j <= n[x]; j++)
			if (i != j && s[x, i] == "weak" && u[x, i] != u[x, j]) {
				print x, u[x, i], u[x, j], s[x, j]
				if (index(lib[x], "lib")) print x > "/dev/stderr"
			}
	}' "$TMP/pair.defs" 2>"$TMP/pairs.lib" | sort -u >"$TMP/pairs"
[ ! -s "$TMP/pairs.lib" ]
ok $? "$PC: no weak/strong pair involves a lib.a member"
[ -s "$TMP/pairs.lib" ] && diag "$TMP/pairs.lib"
# every pair: row (S, weak unit) names the other unit, row (S, other unit) names the weak one
awk -F '\t' '
	FNR == NR { if (FNR > 1) refs[$1 "\t" $2] = refs[$1 "\t" $2] "," $6 ","; next }
	{
		a = refs[$1 "\t" $2]; b = refs[$1 "\t" $3]
		if (!index(a, "," $3 ",")) { print "no row " $1 " in " $2 " naming " $3; bad++ }
		if (!index(b, "," $2 ",")) { print "no row " $1 " in " $3 " naming " $2; bad++ }
	}
	END { exit bad > 0 }' "$TMP/$PC.tsv" "$TMP/pairs" >"$TMP/pairs.bad" && [ -s "$TMP/pairs" ]
ok $? "$PC: $(cut -f1 "$TMP/pairs" | sort -u | wc -l) symbols with weak and other definitions in different units ($(awk -F '\t' '$4 == "strong"' "$TMP/pairs" | cut -f1 | sort -u | wc -l) weak/strong, $(awk -F '\t' '$4 == "weak"' "$TMP/pairs" | cut -f1 | sort -u | wc -l) weak/weak): both rows, each naming the other's unit"
[ -s "$TMP/pairs.bad" ] && diag "$TMP/pairs.bad"
awk -F '\t' '{ print $1 }' "$TMP/pair.defs" | sort | uniq -d >"$TMP/multi"
echo "# $PC: $(wc -l <"$TMP/multi") symbols defined more than once (all kinds, nm), $(wc -l <"$TMP/pairs") weak pairs across units"

# --- --nm input == ELF input (x86_64-boot) ---------------------------------------------
"$CROSSYM" objects "$B_x64" >"$TMP/x64.objects" &&
	(cd "$B_x64" && xargs nm -A <"$TMP/x64.objects") >"$TMP/x64.nm" 2>"$TMP/x64.nm.err"
ok $? "x86_64-boot: crossym objects | xargs nm -A ($(wc -l <"$TMP/x64.objects") files)"
# nm prints no sections: what the linker script KEEPs (K9) cannot be known,
# which crossym says (exit 1); the rest equals the oracle without K9.
"$CROSSYM" report --format=tsv --nm "$TMP/x64.nm" "$B_x64" >"$TMP/x64.nmrep.tsv" 2>"$TMP/err"
[ $? -eq 1 ] && grep -q "vmlinux.lds: KEEPs input sections, but the sections of" "$TMP/err"
ok $? "x86_64-boot: crossym report --nm: exit 1, the KEEP sections unknown, said"
tsv6 "$TMP/x64.nmrep.tsv"
sh "$REAL/kernel-xref.sh" --no-keep "$B_x64" >"$TMP/x64.nokeep"
expect_eq "$TMP/x64.nokeep" "$TMP/x64.nmrep.tsv" "x86_64-boot: --nm input gives the oracle's TSV without K9"

# --- union of two configurations == merge of the single reports -------------------------
UC=i386-tiny UB=$B_i386
[ -n "$UB" ] || UC=x86_64-mod UB=$B_mod
"$CROSSYM" report --format=tsv "$UB" "$B_x64" >"$TMP/union.tsv" 2>"$TMP/err"
ok $? "crossym report --format=tsv $UC x86_64-boot"
tsv6 "$TMP/union.tsv"
{
	head -n 1 "$TMP/$UC.tsv"
	{ rows "$TMP/$UC.tsv"; rows "$TMP/x86_64-boot.tsv"; } | awk -F '\t' -v OFS='\t' '
		BEGIN { rank["tag"] = 1; rank["exported"] = 2; rank["asm"] = 3 }
		{
			k = $1 "\t" $2 "\t" $3 "\t" $4
			# a definition both builds have: the stronger need wins (tag, then
			# exported, then asm: x86_64-mod exports what x86_64-boot must tag)
			if (!(k in st)) { st[k] = $5; order[++n] = k }
			else if (!($5 in rank) || !(st[k] in rank)) st[k] = st[k] "|" $5     # shows as a difference
			else if (rank[$5] < rank[st[k]]) st[k] = $5
			m = split($6, r, ",")
			for (i = 1; i <= m; i++) if (!((k, r[i]) in has)) { has[k, r[i]] = 1; refs[k] = refs[k] " " r[i] }
		}
		END {
			for (i = 1; i <= n; i++) {
				k = order[i]
				print k, st[k], refs[k]
			}
		}' | while IFS='	' read -r s u o src st refs; do
			# shellcheck disable=SC2086
			printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$s" "$u" "$o" "$src" "$st" \
				"$(printf '%s\n' $refs | sort -u | paste -sd, -)"
		done | sort -t '	' -k1,1 -k2,2 -k3,3
} >"$TMP/merge.tsv"
expect_eq "$TMP/merge.tsv" "$TMP/union.tsv" "union of $UC and x86_64-boot = merge of the two reports ($(rows "$TMP/union.tsv" | wc -l) rows)"

# --- --db (x86_64-boot) -----------------------------------------------------------------
"$CROSSYM" report --format=tsv --db "$TMP/x64.db" "$B_x64" >"$TMP/db1.tsv" 2>"$TMP/db1.err"
ok $? "x86_64-boot: --db, first run"
diag "$TMP/db1.err"
expect_grep ': [1-9][0-9]* object files read, 0 taken from the database' "$TMP/db1.err" \
	"x86_64-boot: --db: the first run reads every file"
"$CROSSYM" report --format=tsv --db "$TMP/x64.db" "$B_x64" >"$TMP/db2.tsv" 2>"$TMP/db2.err"
tsv6 "$TMP/db1.tsv"
tsv6 "$TMP/db2.tsv"
ok $? "x86_64-boot: --db, second run"
diag "$TMP/db2.err"
expect_grep ': 0 object files read, [1-9][0-9]* taken from the database' "$TMP/db2.err" \
	"x86_64-boot: --db: the second run reads 0 files"
expect_eq "$TMP/x86_64-boot.tsv" "$TMP/db1.tsv" "x86_64-boot: --db: the first run's TSV"
expect_eq "$TMP/x86_64-boot.tsv" "$TMP/db2.tsv" "x86_64-boot: --db: the second run's TSV"

# --- the text report's placement section -------------------------------------------------
for c in $tinies; do
	b=$(bdir "$c")
	"$CROSSYM" report "$b" >"$TMP/$c.txt" 2>/dev/null
	ntag=$(awk -F '\t' '$5 == "tag"' "$TMP/$c.tsv" | wc -l)
	# "Where the N tags go:" then "   COUNT  WHERE" lines up to a blank line;
	# "Not taggable in place (M; ...)" then one line per definition.
	awk -v ntag="$ntag" '
		/^Where the [0-9]+ tags go:$/ { on = 1; n = $3; next }
		on && /^$/ { on = 0 }
		on { sum += $1; w = $0; sub(/^ *[0-9]+  /, "", w); if (w !~ /^(in place|on the definer macro)/) nt += $1 }
		/^Not taggable in place \(/ { list = 1; m = $5; gsub(/[^0-9]/, "", m); next }
		list && /^$/ { list = 0 }
		list && /^  / { listed++ }
		END {
			printf "tags %d sum %d not-taggable %d header %d listed %d\n", n, sum, nt, m, listed
			exit !(n == ntag && sum == n && nt == m && listed == m)
		}' "$TMP/$c.txt" >"$TMP/place.got"
	ok $? "$c: placement section: $(cat "$TMP/place.got") (tag rows $ntag)"
done
expect_grep '^ *[1-9][0-9]*  pasted by a macro SYSCALL_DEFINE3$' "$TMP/x86_64-boot.txt" \
	"x86_64-boot: placement names 'pasted by a macro SYSCALL_DEFINE3'"
sed -n '/^Where the/,/^$/p' "$TMP/x86_64-boot.txt" | diag /dev/stdin

# --- DWARF changes nothing ---------------------------------------------------------------
if [ -n "$B_dwarf" ]; then
	"$CROSSYM" report --format=tsv "$B_dwarf" >"$TMP/dwarf.tsv" 2>"$TMP/err"
	ok $? "crossym report --format=tsv x86_64-dwarf"
	tsv6 "$TMP/dwarf.tsv"
	expect_eq "$TMP/x86_64-boot.tsv" "$TMP/dwarf.tsv" "x86_64-dwarf: the same TSV as x86_64-boot"
else
	echo "ok $((tap_n = tap_n + 1)) # SKIP x86_64-dwarf: CROSSYM_KERNEL_DWARF=0 and not built"
fi

echo "# t60-kernel: $(($(date +%s) - start)) s"
done_testing
