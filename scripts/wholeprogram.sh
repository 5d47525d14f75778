#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# wholeprogram.sh [--exclude OBJ]... [--runs] [--srctree DIR] BUILD_DIR
# wholeprogram.sh --units-opts BUILD_DIR
#
# Build the (tagged) tree already built normally in BUILD_DIR again as
# GCC 12 whole-program units, in place, and relink its image the tree's own way.
#
#  1. `crossym units` lists every linked object in link order with its unit
#     (the decision's units: it reads --exclude and --runs from the tree's
#     .crossym, which `crossym cocci` and `annotate --apply` recorded; for Linux
#     this script adds --runs and --exclude for each head object, and
#     --units-opts prints the options it uses, one per line).
#     A unit that holds what `crossym units --ordered`, `--flatten`,
#     `--clashes` or `--generated` lists gets a warning naming the objects to --exclude (for a
#     clash, all but the first object of each name; not excluded here: the
#     decision must exclude them too; ordered.tsv, flatten.tsv, clashes.tsv,
#     generated.tsv in .wp).
#  2. Each C object F of a unit is compiled again with the exact command of its
#     kbuild .cmd file (`cmd_F := ...`, the part before the first `;`, read by
#     make as kbuild itself reads it) with `-o F.lto.o` and -flto added
#     (crossym cmd --lto reads the .cmd files and makes each command; this
#     script never reads one).
#     --srctree DIR: compile from DIR instead of the tree BUILD_DIR was built
#     from (every path into that tree in the commands now names DIR): a
#     tagged copy of the sources, when BUILD_DIR is a build of the untagged
#     tree (the objects' symbol tables are the same; only their visibility in
#     the units differs). An LTO object is remade when its source changes.
#  3. Each unit (a contiguous run of one directory's C objects in link order)
#     becomes one object, DIR/unit.o (DIR/unit@N.o for the Nth run):
#        CC CFLAGS -flto -flto-partition=one -fno-use-linker-plugin \
#           -fwhole-program -r -nostdlib F.lto.o... -o DIR/unit.o
#     with CFLAGS the first member's compile flags (-ffunction-sections, -O,
#     -m...) without -c, -o, -I, -D, -include and the source; then the
#     member's objtool step (Linux), if its .cmd has one, on the unit.
#  4. The image's aggregates are replaced, keeping link order: each unit at its
#     first member's place, assembly and excluded objects where they were,
#     library archives rebuilt from their units and their unlinked members;
#     the originals are kept in BUILD_DIR/.wp/orig and put back before a rerun.
#     Then the image is linked:
#       Linux    make vmlinux (and bzImage when the build has one), kbuild's own
#                link (vmlinux.o, modpost, link-vmlinux.sh, the boot image);
#                each module NAME.ko with a unit: NAME.o linked again from
#                its unit file (kbuild's `ld -r` of NAME.o), then `make
#                modules` (modpost, NAME.mod.o, NAME.ko);
#       BusyBox  scripts/trylink with kbuild's CFLAGS, LDFLAGS and libraries;
#       other    the top-level image command(s) `.IMAGE.cmd` (the example tree),
#                taken word by word (crossym cmd --argv, no shell): a loose
#                object of a unit gives way to its unit file, an archive or
#                `ld -r` object it names is made again around the unit files.
#  5. The proof: each unit file carries an absolute marker symbol,
#     crossym_unit.UNIT_FILE; the image (vmlinux, busybox_unstripped, IMAGE)
#     must hold every marker, and no definition a unit made local may be
#     global in it. Else the image linked normal objects: exit 2, naming the
#     units.
#
# Results in BUILD_DIR/.wp: units.tsv (crossym units), units.txt
# (`UNIT_FILE<TAB>OBJ...`, the normal objects of each unit), wp.mk, compile.log,
# link.log, undefined.txt (the undefined symbols of a failed link).
# Exit 0 when the image links and is proved whole-program; 1 when the link fails on undefined symbols
# (printed on stdout, one per line; on stderr, each with the object defining
# it and the unit that made it local: tag it, or --exclude that object); 2 for
# other errors.
# Environment: CROSSYM (default: the repo's crossym), JOBS (2), ARCH (Linux:
# default what the build was configured with).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
CROSSYM=${CROSSYM:-$top/crossym}
JOBS=${JOBS:-2}
export LC_ALL=C
say() { echo "wholeprogram: $*" >&2; }
die() { say "$*"; exit 2; }

help() {
	cat <<'EOH'
usage: crossym wholeprogram [--exclude OBJ]... [--runs] [--srctree DIR] BUILD_DIR
       crossym wholeprogram --units-opts BUILD_DIR

Build the tree already built normally in BUILD_DIR again as GCC whole-program
units, in place, and link its image the tree's own way: each C object of a
unit compiled again by its kbuild .cmd command with -flto, each unit linked
with -fwhole-program into the file `crossym units` names for it, the
aggregates replaced in link order, then Linux's make vmlinux and modules,
BusyBox's trylink, or the image command of a top-level .IMAGE.cmd. The units
are the decision's: the options of SRCTREE/.crossym are read.

  --exclude OBJ     keep OBJ (relative to BUILD_DIR) out of its unit, compiled
                    normally; repeatable
  --runs            a unit per contiguous run of a directory's objects in link
                    order (always for Linux)
  --srctree DIR     compile from DIR, a tagged copy of the sources, instead of
                    the tree BUILD_DIR was built from
  --units-opts      print the options given to crossym units, one a line

Results go to BUILD_DIR/.wp (units.tsv, wp.mk, compile.log, link.log,
undefined.txt). The image is then proved whole-program: it holds each unit
file's marker symbol (crossym_unit.UNIT_FILE) and no definition a unit made
local is global in it. Exit status: 0 the image links and is whole-program; 1
its link fails on undefined symbols (printed on stdout, one a line; on stderr
each with the object that defines it and the unit that made it local); 2
another error, an image that links a unit's normal objects among them.
Environment: JOBS (default 2), ARCH (Linux).
EOH
	here=$(dirname "$0")
	printf '\ncrossym %s\n' "${CROSSYM_VERSION:-$(cat "$here/VERSION" 2>/dev/null || cat "$here/../VERSION" 2>/dev/null)}"
}
case ${1:-} in -h|--help) help; exit 0 ;; esac

print_opts=0 opts= newsrc=
while [ $# -gt 1 ]; do
	case $1 in
	--units-opts) print_opts=1 ;;
	--runs) opts="$opts
--runs" ;;
	# (crossym units reads the options of DIR/.crossym)
	--srctree) shift; newsrc=$(cd "$1" && pwd) || die "$1: no such directory"
		opts="$opts
--srctree
$newsrc" ;;
	--exclude) shift; opts="$opts
--exclude
$1" ;;
	*) die "unknown option $1" ;;
	esac
	shift
done
[ $# -eq 1 ] || die "usage: crossym wholeprogram [--exclude OBJ]... [--runs] [--srctree DIR] BUILD_DIR"
B=$(cd "$1" && pwd) || die "$1: no such directory"
W=$B/.wp
mkdir -p "$W/orig"

# --- the flavour of the tree, its aggregates ---------------------------------------
if [ -f "$B/vmlinux.a" ]; then
	flavour=linux
elif [ -f "$B/Makefile" ] && srcdir=$(sed -n 's/^KERNELSRC *:= *//p' "$B/Makefile") &&
	[ -n "$srcdir" ] && [ -x "$srcdir/scripts/trylink" ]; then
	flavour=busybox
else
	flavour=image
fi
# the tree the build was made from (its .cmd files name it)
case $flavour in
linux) oldsrc=$(sed -n 's/^include \(.*\)\/Makefile$/\1/p' "$B/Makefile") ;;
busybox) oldsrc=$srcdir ;;
*) oldsrc=$(readlink -f "$B/source" 2>/dev/null || echo "$B") ;;
esac
[ -n "$newsrc" ] || newsrc=$oldsrc
# put back what an earlier run replaced (unless the tree's make has made it
# again since), so that crossym reads the normal build
# (kept as F.orig: crossym must not take them for aggregates of the build)
for f in $(cd "$W/orig" && find . -type f -name '*.orig' | sed 's|^\./||; s|\.orig$||'); do
	if [ "$(cksum <"$B/$f")" = "$(cat "$W/orig/$f.written" 2>/dev/null)" ]; then
		cp -p "$W/orig/$f.orig" "$B/$f"
	fi
	rm -f "$W/orig/$f.orig" "$W/orig/$f.written"
done

if [ $flavour = linux ]; then
	# head objects stay first and out of units (scripts/head-object-list.txt)
	srctree=$(sed -n 's/^include \(.*\)\/Makefile$/\1/p' "$B/Makefile")
	[ -f "$srctree/scripts/head-object-list.txt" ] || die "no head-object-list.txt in '$srctree'"
	ar t "$B/vmlinux.a" | sed "s|^$B/||" >"$W/vmlinux.members"
	grep -v '^#' "$srctree/scripts/head-object-list.txt" | grep -Fxf - "$W/vmlinux.members" >"$W/heads" || :
	# objects link-vmlinux.sh links beside vmlinux.a stay as they are
	for f in init/version-timestamp.o .vmlinux.export.o; do
		[ -f "$B/$f" ] && echo "$f" >>"$W/heads"
	done
	opts="$opts
--runs
--exclude
@$W/heads"
fi
if [ $print_opts = 1 ]; then
	printf '%s\n' "$opts" | sed '/^$/d'
	exit 0
fi

# --- 1. units --------------------------------------------------------------------------
# shellcheck disable=SC2046
(IFS='
'; "$CROSSYM" units $opts "$B") >"$W/units.tsv" || die "crossym units failed"
[ "$(wc -l <"$W/units.tsv")" -gt 1 ] || die "crossym units found no objects in $B"
# hazards no symbol table shows (README, "Building whole-program"): said, not
# mended here; their objects must be excluded from the decision's units too
# (give crossym cocci and this script the same --exclude)
for h in ordered flatten clashes generated; do
	# shellcheck disable=SC2046
	(IFS='
'; "$CROSSYM" units --$h $opts "$B") >"$W/$h.tsv" 2>"$W/$h.err" ||
		{ cat "$W/$h.err" >&2
		  grep -q 'an LTO object or nm text' "$W/$h.err" &&
			die "crossym units --$h cannot see inside slim LTO objects: build the tree without -flto for the whole-program build (wholeprogram compiles every object of a unit with -flto itself)"
		  die "crossym units --$h failed"; }
	# a clash ends when one object of each name is left in the unit
	objs=$(awk -F '\t' -v h="$h" 'NR > 1 && (h != "clashes" || names[$1 "\t" $3]++) &&
		!seen[$2]++ { printf " %s", $2 }' "$W/$h.tsv")
	[ -z "$objs" ] && continue
	case $h in
	ordered) why="definitions only the linker script orders share a unit: GCC may fold comparisons of their addresses" ;;
	flatten) why="functions given the flatten attribute share a unit with other C objects: lto1 may inline the unit's whole call tree into them (many GiB)" ;;
	clashes) why="same-named definitions share a unit and an initcall entry (top-level asm) names one: the unit renames them, the asm keeps the old name" ;;
	generated) why="definitions other units use sit in sources the build generated: no tag can be kept there, and GCC 12 does not honour the re-declaration in another file of the unit" ;;
	esac
	say "warning: $why (crossym units --$h, $W/$h.tsv); --exclude:$objs"
done

# --- 2 and 3. the makefile of the LTO objects and the units ------------------------------
# (units.txt.old: the units of the last run; a unit whose members changed is
# made again, though its file is newer than each member)
if [ -f "$W/units.txt" ]; then mv "$W/units.txt" "$W/units.txt.old"; else : >"$W/units.txt.old"; fi
# (the unit file of each C object: crossym units' 6th column)
# the tree the LTO objects are compiled from: each depends on this stamp,
# rewritten when that tree is another than last time (a tagged copy after
# the untagged tree)
[ "$(cat "$W/srctree" 2>/dev/null)" = "$newsrc" ] || printf '%s\n' "$newsrc" >"$W/srctree"
# the unit link's recipe: each unit file depends on this stamp, rewritten
# when the recipe changes (version 2: the marker symbol)
[ "$(cat "$W/recipe" 2>/dev/null)" = "unit link 2" ] || echo "unit link 2" >"$W/recipe"
# each C object's -flto compile, its unit's link flags and objtool step, from
# its .cmd file (crossym cmd --lto: OBJ LTO SOURCE COMMAND UNIT_FLAGS OBJTOOL;
# an object that cannot join its unit named on stderr)
awk -F '\t' 'NR > 1 && $4 == "c" { print $3 "\t" $6 }' "$W/units.tsv" |
	"$CROSSYM" cmd --lto -C "$B" --srctree-from "$oldsrc" --srctree-to "$newsrc" \
	>"$W/lto.tsv" 2>"$W/lto.err" ||
	{ sed 's/^crossym: /wholeprogram: /' "$W/lto.err" >&2; die "cannot make the unit makefile"; }
awk -F '\t' -v B="$B" -v stamp="$W/srctree" -v recipe="$W/recipe" '
	FILENAME == ARGV[1] { lto[$1] = $2; src[$1] = $3; cmd[$1] = $4; flags[$1] = $5; tool[$1] = $6; next }
	FNR == 1 || $4 != "c" { next }
	{
		u = $1; f = $3; l = lto[f]
		printf "%s: %s %s %s\n\t$(Q)%s\n", l, f, src[f], stamp, cmd[f]
		if (!(u in uf)) {
			uf[u] = $6; order[++nu] = u
			uflags[u] = flags[f]
			if (tool[f] != "") utool[u] = tool[f]
		}
		members[u] = members[u] " " l; normal[u] = normal[u] " " f
	}
	END {
		printf "all:"
		for (i = 1; i <= nu; i++) printf " %s", uf[order[i]]
		printf "\n"
		for (i = 1; i <= nu; i++) {
			u = order[i]
			# (a marker of the unit, an absolute symbol: prove() finds it in the image)
			printf "%s:%s %s\n\t$(Q)%s -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program -r -nostdlib%s \047-Wl,--defsym=\"crossym_unit.%s\"=0\047 -o %s\n",
				uf[u], members[u], recipe, uflags[u], members[u], uf[u], uf[u]
			if (u in utool) printf "\t$(Q)%s\n", utool[u]
			print uf[u] "\t" substr(normal[u], 2) > (B "/.wp/units.txt")
		}
	}' "$W/lto.tsv" "$W/units.tsv" >"$W/wp.mk" || die "cannot make the unit makefile"
{ printf 'Q = @\n.DELETE_ON_ERROR:\n.SUFFIXES:\n'; cat "$W/wp.mk"; } >"$W/wp.mk.tmp" && mv "$W/wp.mk.tmp" "$W/wp.mk"
grep -Fxvf "$W/units.txt.old" "$W/units.txt" | cut -f 1 | (cd "$B" && xargs rm -f)
t0=$(date +%s)
# failed_units: name the unit of each target make gave up on (a member's
# F.lto.o, or the unit file), with its objects; when lto1 was killed or ran
# out of memory, say how to make the unit smaller.
failed_units() {
	sed -n 's/^make.*\*\*\* \[[^]]*: \([^]]*\)\] .*/\1/p' "$W/compile.log" | sort -u |
	awk -F '\t' -v p="wholeprogram" 'FNR == NR { t[$0] = 1; next }
		FNR == 1 { next }
		$4 == "c" { lto = $3; sub(/\.o$/, ".lto.o", lto); unit[$6] = $1; objs[$6] = objs[$6] " " $2
			if (lto in t) at[$6] = at[$6] " " $2
			if ((lto in t) || ($6 in t)) bad[$6] = 1 }
		END { for (u in bad) print p ": " u ": the whole-program compile of unit " unit[u] " failed" \
			(u in at ? " at" at[u] : "") " (its objects:" objs[u] ")" > "/dev/stderr" }' \
		- "$W/units.tsv" || :
	if grep -Eq 'Killed|out of memory|signal terminated program lto1' "$W/compile.log"; then
		say "lto1 was killed or ran out of memory: make that unit smaller (--runs, or --exclude some of its objects; crossym units --flatten names the usual cause)"
	fi
}

# -r: no built-in rules (make would remake a single-object module NAME.o from
# kbuild's NAME.mod list with its Modula-2 rule, m2c)
make -r -C "$B" -f "$W/wp.mk" -j"$JOBS" all >"$W/compile.log" 2>&1 || {
	grep -E 'error|Error' "$W/compile.log" | head -n 20 >&2
	failed_units
	die "compiling the units failed, see $W/compile.log"
}
say "$(wc -l <"$W/units.txt") units compiled in $(($(date +%s) - t0)) s"

# --- 4. replace the aggregates, link -----------------------------------------------------
# sequence LIB: the link-order sequence of files for archive LIB ("-": the
# objects linked always), each unit once at its first member's place.
sequence() {
	awk -F '\t' -v lib="$1" -v units="$W/units.txt" '
		BEGIN { while ((getline l < units) > 0) { split(l, p, "\t"); n = split(p[2], o, " ")
			for (i = 1; i <= n; i++) uof[o[i]] = p[1] } }
		NR == 1 || $5 != lib { next }
		$4 == "c" { if (!(uof[$3] in done)) { done[uof[$3]] = 1; print uof[$3] } next }
		{ print $3 }' "$W/units.tsv"
}
# save F: keep the original aggregate F (relative to B); written F: remember
# what this run wrote there
save() { mkdir -p "$(dirname "$W/orig/$1")"; cp -p "$B/$1" "$W/orig/$1.orig"; }
written() { cksum <"$B/$1" >"$W/orig/$1.written"; }
# relibs: each library archive rebuilt from its units, asm and unlinked members
relibs() {
	for lib in $(awk -F '\t' 'NR > 1 && $5 != "-" { print $5 }' "$W/units.tsv" | sort -u); do
		save "$lib"
		sequence "$lib" >"$W/seq"
		cat "$W/seq" >>"$W/placed"
		thin=$(head -c 7 "$B/$lib")
		d=$(dirname "$lib")
		# unlinked members: every member the listing does not name
		awk -F '\t' -v lib="$lib" '$5 == lib { print $3 }' "$W/units.tsv" >"$W/linked"
		if [ "$thin" = '!<thin>' ]; then
			ar t "$B/$lib" | grep -Fvxf "$W/linked" >>"$W/seq" || :
			(cd "$B" && rm -f "$lib" && xargs ar cDPrsT "$lib" <"$W/seq")
			written "$lib"
		else
			ar t "$B/$lib" | sed "s|^|$d/|" | grep -Fvxf "$W/linked" >>"$W/seq" || :
			(cd "$B" && rm -f "$lib" && xargs ar rcs "$lib" <"$W/seq")
			written "$lib"
		fi
	done
}
# relink_modules: each module with a unit, NAME.o made again as kbuild made
# it (`ld -r ... @NAME.mod`, a single-object module: the object itself) with
# the unit file in place of the unit's members; kbuild's `make modules` then
# runs modpost on it and links NAME.ko with modpost's NAME.mod.o
relink_modules() {
	[ -f "$B/modules.order" ] || return 0
	while read -r ko; do
		base=${ko%.ko}
		ufile=$base.unit.o
		members=$(awk -F '\t' -v u="$ufile" '$1 == u { print $2 }' "$W/units.txt")
		[ -n "$members" ] || continue
		save "$base.o"
		tr -s ' \n' '\n\n' <"$B/$base.mod" | awk -v m=" $members " -v u="$ufile" '
			$0 == "" { next }
			index(m, " " $0 " ") { if (!seen++) print u; next }
			{ print }' >"$W/mod.list"
		if [ "$members" = "$base.o" ]; then     # a single-object module
			cp "$B/$ufile" "$B/$base.o"
		else
			cmd=$(sed -n "s|^cmd_$base.o := ||p" "$B/$(dirname "$base")/.$(basename "$base").o.cmd")
			case $cmd in *"@$base.mod"*) ;; *) die "$base.o: no 'ld -r ... @$base.mod' command in its .cmd file" ;; esac
			cmd=$(printf '%s\n' "$cmd" | sed "s|@$base.mod|@$W/mod.list|")
			(cd "$B" && sh -c "$cmd") >>"$W/link.log" 2>&1 || die "$base.o: relinking the module failed, see $W/link.log"
		fi
		written "$base.o"
		echo "$base.o" >>"$W/modules.relinked"
	done <"$B/modules.order"
}
undefined() {
	sed -n -e "s/.*undefined reference to \`\\([^']*\\)'.*/\\1/p" \
		-e "s/.*hidden symbol \`\\([^']*\\)' isn't defined.*/\\1/p" \
		-e "s/.*undefined symbol \`\\([^']*\\)'.*/\\1/p" \
		-e 's/.*ERROR: modpost: "\([^"]*\)" \[.*\] undefined!.*/\1/p' "$@" | sort -u >"$W/undefined.txt"
}

# placed F...: remember the files a rebuilt aggregate or link now names
placed() { printf '%s\n' "$@" >>"$W/placed"; }
# map_word WORD: what a link input becomes: a unit's member its unit file
# (once: empty when the unit is placed already), anything else itself
map_word() {
	awk -F '\t' -v w="${1#./}" -v orig="$1" -v placedf="$W/placed" '
		BEGIN { while ((getline l < placedf) > 0) done[l] = 1 }
		{ n = split($2, o, " "); for (i = 1; i <= n; i++) if (o[i] == w) { u = $1; exit } }
		END { if (u == "") print orig; else if (!(u in done)) print u }' "$W/units.txt"
}
# kind F: thin, arch (a regular archive) or ldr (an object kbuild made with
# `ld -r`, its words written to W/agg/F.in); empty for anything else
kind() {
	case $(head -c 8 "$B/$1" | tr -d '\n\0') in
	'!<thin>') echo thin ;;
	'!<arch>') echo arch ;;
	*) "$CROSSYM" cmd --argv "$B/$1" >"$W/agg/$1.in" 2>/dev/null &&
		grep -qx -- '-r' "$W/agg/$1.in" && echo ldr ;;
	esac
}
# remake F: an archive or `ld -r` object F (relative to B) the image link
# names, made again with each member that belongs to a unit replaced by the
# unit file (map_word), archives staying archives of their kind; nothing when
# it is no aggregate, holds no unit member or was made again already
remake() {
	[ -f "$B/$1" ] && [ ! -f "$W/orig/$1.written" ] && [ ! -f "$W/agg/$1.in" ] || return 0
	mkdir -p "$(dirname "$W/agg/$1")"
	: >"$W/agg/$1.in"
	case $(kind "$1") in
	thin) (cd "$B" && ar t "$1") >"$W/agg/$1.in" ;;
	arch) (cd "$B" && ar t "$1") | sed "s|^|$(dirname "$1")/|; s|^\./||" >"$W/agg/$1.in" ;;
	ldr) ;;
	*) return 0 ;;
	esac
	# (the members first: an aggregate of aggregates)
	while IFS= read -r agg_member; do
		[ "${agg_member#./}" = "$1" ] || remake "${agg_member#./}"
	done <"$W/agg/$1.in"
	while IFS= read -r agg_in; do
		agg_out=$(map_word "$agg_in")
		[ -n "$agg_out" ] || continue
		[ "$agg_out" = "$agg_in" ] || placed "$agg_out"
		printf '%s\n' "$agg_out"
	done <"$W/agg/$1.in" >"$W/agg/$1.out"
	# (an archive or object that holds copies of its members is made again
	# when a member was: a thin archive names them)
	if cmp -s "$W/agg/$1.in" "$W/agg/$1.out"; then
		[ "$(head -c 7 "$B/$1")" != '!<thin>' ] || return 0
		while IFS= read -r agg_member; do
			[ ! -f "$W/orig/${agg_member#./}.written" ] || break
		done <"$W/agg/$1.in"
		[ -f "$W/orig/${agg_member#./}.written" ] || return 0
	fi
	save "$1"
	case $(head -c 8 "$B/$1" | tr -d '\n\0') in
	'!<thin>') (cd "$B" && rm -f "$1" && xargs ar cDPrST "$1" <"$W/agg/$1.out") ;;
	'!<arch>') (cd "$B" && rm -f "$1" && xargs ar rcs "$1" <"$W/agg/$1.out") ;;
	*) run_words "$W/agg/$1.out" ;;
	esac || die "$1: making it again from the units failed"
	written "$1"
}
# run_words FILE: run the command whose words FILE holds, one a line, in B
# (an argument vector: no shell)
run_words() {
	exec 9<"$1"
	set --
	while IFS= read -r word <&9; do set -- "$@" "$word"; done
	exec 9<&-
	(cd "$B" && exec "$@")
}
# image_link IMAGE: the final link kbuild recorded in B/.IMAGE.cmd, taken as
# an argument vector (crossym cmd --argv), each input made of units: a unit's
# member gives way to its unit file (at the first member's place), an
# archive or `ld -r` object holding members is made again around the units
image_link() {
	"$CROSSYM" cmd --argv "$B/.$1.cmd" >"$W/image.words" 2>"$W/image.err" ||
		die "$1: its link command cannot be taken word by word: $(cat "$W/image.err")"
	: >"$W/image.argv"
	while IFS= read -r link_in; do
		remake "${link_in#./}"
		link_out=$(map_word "$link_in")
		[ -n "$link_out" ] || continue
		[ "$link_out" = "$link_in" ] || placed "$link_out"
		printf '%s\n' "$link_out" >>"$W/image.argv"
	done <"$W/image.words"
	rm -f "$B/$1"
	run_words "$W/image.argv" >>"$W/link.log" 2>&1
}
# prove UNITS_FILTER IMAGE...: the images are whole-program: every unit file
# is linked into one of them (its marker symbol is there), and no definition
# a unit made local is global in them (it is when a link took a unit's
# normal objects instead of its unit file); else exit 2 naming those units.
# The units are those of units.txt whose file matches the awk regexp
# UNITS_FILTER.
prove() {
	re=$1
	shift
	for img in "$@"; do
		[ -n "$(nm -g --defined-only "$B/$img" 2>/dev/null | head -n 1)" ] ||
			die "$img: no symbol table: cannot tell whether its objects are the units'"
	done
	what=$(echo "$*" | sed 's/ /, /g')
	awk -F '\t' -v re="$re" '$1 ~ re' "$W/units.txt" >"$W/prove.units"
	# the globals the unit files and the other linked objects keep
	{ cut -f1 "$W/prove.units"; awk -F '\t' 'NR > 1 && $4 != "c" { print $3 }' "$W/units.tsv"; } |
		(cd "$B" && xargs nm -g --defined-only) 2>/dev/null |
		awk 'NF == 3 { print $3 }' | sort -u >"$W/prove.kept"
	(cd "$B" && nm -g --defined-only "$@") | awk 'NF == 3 { print $3 }' | sort -u >"$W/prove.image"
	# every unit's marker (its unit file was linked)
	cut -f1 "$W/prove.units" | sed 's/^/crossym_unit./' | sort -u | comm -23 - "$W/prove.image" |
		sed 's/^crossym_unit\.//' >"$W/prove.unlinked"
	if [ -s "$W/prove.unlinked" ]; then
		while read -r u; do
			say "$what: $u: not linked into the image (its marker crossym_unit.$u is missing): the link took the unit's normal objects, or none"
		done <"$W/prove.unlinked"
		die "$what is not whole-program: $(wc -l <"$W/prove.unlinked") of $(wc -l <"$W/prove.units") unit files not linked"
	fi
	while IFS='	' read -r u objs; do
		# shellcheck disable=SC2086
		(cd "$B" && nm -g --defined-only $objs) 2>/dev/null |
			awk -v u="$u" 'NF == 3 { print $3 "\t" u }'
	done <"$W/prove.units" | sort -u >"$W/prove.local"
	awk -F '\t' 'FILENAME == ARGV[1] { kept[$1] = 1; next }
		FILENAME == ARGV[2] { img[$1] = 1; next }
		!($1 in kept) { n++; if ($1 in img) { bad[$2] = bad[$2] " " $1 } }
		END { for (u in bad) print u "\t" bad[u]; print n + 0 > "/dev/stderr" }' \
		"$W/prove.kept" "$W/prove.image" "$W/prove.local" >"$W/prove.bad" 2>"$W/prove.count"
	if [ -s "$W/prove.bad" ]; then
		while IFS='	' read -r u syms; do
			say "$what: $u: the image links this unit's normal objects, not its unit file (global in it though the unit made them local:$(echo "$syms" | cut -d ' ' -f 1-6))"
		done <"$W/prove.bad"
		die "$what is not whole-program: $(wc -l <"$W/prove.bad") units linked as normal objects"
	fi
	say "$what: whole-program: the $(wc -l <"$W/prove.units") unit files linked; $(wc -l <"$W/prove.image") global symbols, not one of the $(cat "$W/prove.count") definitions the units made local"
}

t0=$(date +%s)
rc=0
: >"$W/placed"
: >"$W/link.log"
rm -rf "$W/agg"
case $flavour in
linux)
	save vmlinux.a
	# vmlinux.a: the members in order, head objects first (as kbuild leaves them)
	awk -v units="$W/units.txt" 'BEGIN { while ((getline l < units) > 0) { split(l, p, "\t")
			n = split(p[2], o, " "); for (i = 1; i <= n; i++) uof[o[i]] = p[1] } }
		{ f = (($0 in uof) ? uof[$0] : $0); if (!(f in done)) { done[f] = 1; print f } }' \
		"$W/vmlinux.members" >"$W/seq.vmlinux"
	(cd "$B" && rm -f vmlinux.a && xargs ar cDPrST vmlinux.a <"$W/seq.vmlinux")
	written vmlinux.a
	relibs
	: >"$W/modules.relinked"
	relink_modules
	arch=${ARCH:-$(sed -n 's/^ifneq "$(ARCH)" "\(.*\)"$/\1/p' "$B/include/config/auto.conf.cmd" | head -n 1)}
	targets=vmlinux
	[ -f "$B/arch/x86/boot/bzImage" ] && targets="vmlinux bzImage"
	[ -s "$W/modules.relinked" ] && targets="$targets modules"
	# shellcheck disable=SC2086
	make -C "$B" ${arch:+ARCH=$arch} -j"$JOBS" $targets >"$W/link.log" 2>&1 || rc=1
	if [ $rc = 0 ] && ! ar t "$B/vmlinux.a" | grep -q 'unit[@0-9]*\.o$'; then
		die "kbuild rebuilt vmlinux.a from the normal objects; see $W/link.log"
	fi
	while [ $rc = 0 ] && read -r f; do
		[ "$(cksum <"$B/$f")" = "$(cat "$W/orig/$f.written")" ] ||
			die "kbuild made $f again from the normal objects; see $W/link.log"
	done <"$W/modules.relinked"
	;;
busybox)
	cat >"$W/vars.mk" <<'EOF'
crossym-print-vars:
	@printf 'cc=%s\n' '$(CC)'
	@printf 'cflags=%s\n' '$(CFLAGS) $(CFLAGS_busybox)'
	@printf 'ldflags=%s\n' '$(LDFLAGS) $(EXTRA_LDFLAGS)'
	@printf 'ldlibs=%s\n' '$(LDLIBS)'
	@printf 'extra_ldlibs=%s\n' '$(CONFIG_EXTRA_LDLIBS)'
	@printf 'strip=%s\n' '$(STRIP)'
EOF
	make -s --no-print-directory -C "$B" -f "$srcdir/Makefile" KBUILD_SRC="$srcdir" \
		-f "$W/vars.mk" crossym-print-vars >"$W/vars" 2>"$W/vars.log" ||
		die "cannot read kbuild's variables (see $W/vars.log)"
	var() { sed -n "s/^$1=//p" "$W/vars"; }
	objs=$( { sequence -; for lib in $(awk -F '\t' 'NR > 1 && $5 != "-" { print $5 }' "$W/units.tsv" | sort -u); do
		sequence "$lib"; done; } | xargs)
	rm -f "$B/busybox_unstripped" "$B/busybox"
	(cd "$B" && "$srcdir/scripts/trylink" busybox_unstripped "$(var cc)" "$(var cflags)" \
		"$(var ldflags)" "$objs" "" "$(var ldlibs)" "$(var extra_ldlibs | tr -d '"')") \
		>"$W/link.log" 2>&1 || rc=1
	[ -f "$B/busybox_unstripped.out" ] && cat "$B/busybox_unstripped.out" >>"$W/link.log"
	if [ $rc = 0 ]; then
		s=$(var strip)
		${s:-strip} -s --remove-section=.note --remove-section=.comment \
			"$B/busybox_unstripped" -o "$B/busybox"
	fi
	;;
image)
	# the top aggregate (built-in.o by ld -r, or a thin built-in.a) and the
	# libraries, then every top-level image command
	if [ -f "$B/built-in.o" ]; then
		save built-in.o
		(cd "$B" && sequence - | xargs ld -r -o built-in.o)
		sequence - >>"$W/placed"
		written built-in.o
	elif [ -f "$B/built-in.a" ]; then
		save built-in.a
		(cd "$B" && rm -f built-in.a && sequence - | xargs ar cDPrST built-in.a)
		sequence - >>"$W/placed"
		written built-in.a
	fi
	relibs
	images=
	for c in "$B"/.*.cmd; do
		[ -f "$c" ] || continue
		img=${c##*/.}; img=${img%.cmd}
		case $img in *.o|*.a) continue ;; esac
		images="$images $img"
		image_link "$img" || rc=1
	done
	# no image link recorded (a tree that links its image from an aggregate
	# by a rule kbuild does not record): each top-level aggregate made again
	# from the units, proved like an image
	if [ -z "$images" ]; then
		for c in "$B"/.*.o.cmd "$B"/.*.a.cmd; do
			[ -f "$c" ] || continue
			agg=${c##*/.}; agg=${agg%.cmd}
			remake "$agg"
			[ -f "$W/orig/$agg.written" ] && images="$images $agg"
		done
		[ -n "$images" ] || die "no top-level image command (.IMAGE.cmd) nor aggregate in $B"
		say "no image link recorded: made$images again from the units; link the image from it the tree's own way"
	fi
	;;
esac
if [ $rc = 0 ]; then
	: >"$W/undefined.txt"
	say "$flavour image linked in $(($(date +%s) - t0)) s"
	# ld only warns when the entry symbol is gone: a unit made it local
	entry=$(sed -n 's/.*cannot find entry symbol \([^;]*\);.*/\1/p' "$W/link.log" | head -n 1)
	[ -z "$entry" ] || die "the image has no entry symbol $entry (ld only warned; see $W/link.log): the unit that defines it made it local; tag it (crossym names what the linker script references)"
	case $flavour in
	linux) prove '/unit(@[0-9]+)?\.o$' vmlinux ;;
	busybox) prove . busybox_unstripped ;;
	# shellcheck disable=SC2086
	image) prove . $images ;;
	esac
	exit 0
fi
undefined "$W/link.log"
[ -s "$W/undefined.txt" ] || { tail -n 20 "$W/link.log" >&2; die "the link failed, see $W/link.log"; }
say "the link failed: $(wc -l <"$W/undefined.txt") undefined symbols (see $W/link.log)"
cat "$W/undefined.txt"
# where each is defined: a C object whose unit made it local
awk -F '\t' 'NR > 1 && $4 == "c" { print $3 "\t" $1 "\t" $6 "\t" $2 }' "$W/units.tsv" >"$W/cfiles"
cut -f1 "$W/cfiles" | sort -u | (cd "$B" && xargs nm -A --defined-only 2>/dev/null) |
	awk -v und="$W/undefined.txt" -v files="$W/cfiles" -v p="wholeprogram" '
	BEGIN { while ((getline l < und) > 0) want[l] = 1
		while ((getline l < files) > 0) { split(l, f, "\t"); unit[f[1]] = f[2]; uf[f[1]] = f[3]; obj[f[1]] = f[4] } }
	NF == 3 && ($3 in want) && $2 ~ /^[A-TV-Z]$/ && !said[$3]++ {
		o = $1; sub(/:[0-9a-fA-F]*$/, "", o)
		print p ": " $3 ": defined in " obj[o] ", made local by its unit " unit[o] " (" uf[o] \
			"): tag the definition (crossym check, cocci) or --exclude " obj[o] > "/dev/stderr"
	}' || :
exit 1
