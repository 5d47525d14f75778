#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# wholeprogram.sh [OPTIONS] BUILD_DIR: from a normal build of a kbuild tree to
# its image built as GCC 12 whole-program units, linked the tree's own way and
# proved; crossym-wholeprogram in crossym(1) is the user's description.
#
#  1. Units and what cannot be in one, to a fixed point (exclude_loop): the
#     units (`crossym units`, with the tree's .crossym, --exclude, --runs; for
#     Linux --runs and the head objects out), then every object that cannot be
#     a member is kept out of its unit, with its reason, in .wp/excluded.tsv:
#     what `crossym units --ordered`, `--flatten`, `--clashes` (all but the
#     first object of a name) and `--generated` list, what `crossym cmd --lto
#     --refused` refuses (an object made from objects, no compile command), and
#     each C object whose -flto compile fails (the compiler's first error
#     line). Excluding an object changes the units: the loop ends when a round
#     excludes nothing more. Each C object is compiled with -flto once (make:
#     the next rounds find them made).
#  2. Tags (with --tag, --apply or --tagged): `crossym cocci` decides with
#     those final units (--run-build-commands: this command runs the build's
#     compile commands anyway) and `crossym annotate --apply` tags a
#     hard-linked copy of the source tree (.wp/src, or --tagged DIR; apply
#     writes new files, so the tree itself is never written) or, with
#     --apply, the tree itself; .crossym there records the options and every
#     exclusion. The LTO objects whose .cmd names a file the tags changed (in
#     this run or the last) are compiled again; nothing else is. A C object
#     whose -flto compile fails once tagged (a crossym bug: it compiled
#     untagged) is kept out of its unit (kind "tagged") and steps 1 and 2 run
#     again on a fresh copy (not with --apply, nor without tagging: stop).
#     Without these options the sources are compiled as they are (--srctree
#     DIR: a tagged copy of the tree BUILD_DIR was built from).
#  3. Each unit (a contiguous run of one directory's C objects in link order)
#     becomes one object, DIR/unit.o (DIR/unit@N.o for the Nth run):
#        CC CFLAGS -flto -flto-partition=one -fno-use-linker-plugin \
#           -fwhole-program -r -nostdlib F.lto.o... -o DIR/unit.o
#     with CFLAGS the first member's compile flags without -c, -o, -I, -D,
#     -include and the source; then the member's objtool step (Linux).
#  4. The image's aggregates are replaced, keeping link order (each unit at
#     its first member's place; the originals kept in .wp/orig, put back by
#     --restore, by a failed or interrupted run and before every run), and the
#     image is linked the tree's own way:
#       Linux    make vmlinux (bzImage, modules): kbuild's own link; each
#                module NAME.o with a unit linked again from its unit file;
#       BusyBox  scripts/trylink with kbuild's CFLAGS, LDFLAGS and libraries;
#       other    the top-level command that links what the aggregates hold
#                (its words name a top-level aggregate or a linked object),
#                found among the top-level .cmd files by what it links, never
#                by name, taken word by word; then each top-level command that
#                takes a linked image (objcopy, cat: kbuild's own lines, run
#                with sh in BUILD_DIR) in the order they take each other.
#  5. The proof: each unit file carries an absolute marker symbol,
#     crossym_unit.UNIT_FILE; the image must hold every marker, and no
#     definition a unit made local may be global in it.
#  6. The size table (text per unit, the image, each module) on stdout and in
#     .wp/sizes.tsv, against the normal build's (measured before the link).
#
# Results in BUILD_DIR/.wp: units.tsv, excluded.tsv, units.txt, wp.mk,
# lto.log, compile.log, link.log, undefined.txt, sizes.tsv; tags/ (cocci's
# OUTDIR) with the tags. Exit 0 when the image links and is proved
# whole-program; 1 when the link fails on undefined symbols (on stdout, one a
# line; on stderr each with its definer and its unit); 2 for other errors.
# Environment: CROSSYM (default: the repo's crossym), JOBS (2), ARCH (Linux).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
CROSSYM=${CROSSYM:-$top/crossym}
JOBS=${JOBS:-2}
export LC_ALL=C
say() { echo "wholeprogram: $*" >&2; }
die() { say "$*"; exit 2; }
NL='
'
SYNOPSIS="crossym wholeprogram [--tag TAG [--define-tag] [--tag-exports] [--keep-stale] [--macro-file FILE]] [--apply | --tagged DIR | --srctree DIR] [--exclude OBJ]... [--runs] [-j N] BUILD_DIR"

help() {
	cat <<'EOH'
usage: crossym wholeprogram [OPTIONS] BUILD_DIR
       crossym wholeprogram --restore BUILD_DIR
       crossym wholeprogram --units-opts BUILD_DIR

From the normal build in BUILD_DIR, build the tree's image again as GCC
whole-program units and link it the tree's own way: the units (`crossym
units`), every object that cannot be a member kept out automatically (the
hazards crossym units lists, objects made from objects, each object whose
-flto compile fails), the tags (with --tag, --apply or --tagged: crossym
cocci and annotate on those final units), each C object of a unit compiled
with -flto, each unit linked with -fwhole-program, the aggregates replaced,
then Linux's make vmlinux and modules, BusyBox's trylink, or the top-level
command that links the aggregates. The image is proved whole-program and
the size table (text per unit, the image, each module) printed.

  --tag TAG         tag with TAG (else the tag of SRCTREE/.crossym)
  --define-tag, --tag-exports, --keep-stale
                    as crossym cocci (each implies tagging)
  --apply           tag the source tree itself (all or nothing)
  --tagged DIR      tag a hard-linked copy of the source tree in DIR
                    (default with --tag: BUILD_DIR/.wp/src)
  --macro-file FILE  extra macros for spatch (crossym annotate's)
  --srctree DIR     compile from DIR, an already tagged copy of the sources
  --exclude OBJ     keep OBJ (relative to BUILD_DIR) out of its unit; repeatable
  --runs            a unit per contiguous run of a directory's objects in link
                    order (always for Linux)
  -j N              jobs for the compiles (default JOBS or 2)
  --restore         put the normal build back (the aggregates and objects a
                    run replaced; Linux and BusyBox: their make then links
                    the normal image again) and stop
  --units-opts      print the options given to crossym units, one a line

Results go to BUILD_DIR/.wp (excluded.tsv, units.tsv, sizes.tsv, the logs).
A failed or interrupted run puts the normal build back itself. Exit status:
0 the image links and is whole-program; 1 its link fails on undefined
symbols (on stdout, one a line; on stderr each with its definer and unit); 2
another error. Environment: JOBS, ARCH (Linux).
EOH
	here=$(dirname "$0")
	printf '\ncrossym %s\n' "${CROSSYM_VERSION:-$(cat "$here/VERSION" 2>/dev/null || cat "$here/../VERSION" 2>/dev/null)}"
}
case ${1:-} in -h|--help) help; exit 0 ;; esac

print_opts=0 restore=0 opts= newsrc= tagging=0 apply=0 tagged= cocci_opts= macro_file=
while [ $# -gt 1 ]; do
	case $1 in
	--units-opts) print_opts=1 ;;
	--restore) restore=1 ;;
	--runs) opts="$opts$NL--runs" ;;
	# (crossym units reads the options of DIR/.crossym)
	--srctree) shift; newsrc=$(cd "$1" && pwd) || die "$1: no such directory"
		opts="$opts$NL--srctree$NL$newsrc" ;;
	--exclude) shift; opts="$opts$NL--exclude$NL$1" ;;
	--tag) shift; tagging=1 cocci_opts="$cocci_opts$NL--tag$NL$1" ;;
	--define-tag|--tag-exports|--keep-stale) tagging=1 cocci_opts="$cocci_opts$NL$1" ;;
	--apply) tagging=1 apply=1 ;;
	--macro-file) shift; macro_file=$(cd "$(dirname "$1")" && pwd)/${1##*/} ||
		die "--macro-file $1: no such file" ;;
	--tagged) shift; tagging=1 tagged=$1 ;;
	-j) shift; JOBS=$1 ;;
	-j[0-9]*) JOBS=${1#-j} ;;
	*) die "unknown option $1; usage: $SYNOPSIS" ;;
	esac
	shift
done
[ $# -eq 1 ] || die "usage: $SYNOPSIS"
case $JOBS in ''|*[!0-9]*) die "-j $JOBS: not a number" ;; esac
[ -z "$newsrc" ] || [ $tagging = 0 ] ||
	die "--srctree names a tree already tagged: not with --tag, --apply or --tagged"
[ $apply = 0 ] || [ -z "$tagged" ] || die "--apply tags the tree itself: not with --tagged"
B=$(cd "$1" && pwd) || die "$1: no such directory"
W=$B/.wp
# (crossym writes only into a directory of its own, made by it for this
# build: .wp/owner names the build's path (a copy made with cp -a at the
# same path, as a CI cache is, stays its own); a .wp shipped with the tree,
# or a symbolic link, is refused, never followed: its saved "originals"
# would be copied over the build)
for d in "$W" "$W/orig"; do
	[ ! -L "$d" ] || die "$d is a symbolic link: remove it"
done
owner="crossym wholeprogram $B"
owned=0    # (an older crossym wrote the inode after the path)
case $(cat "$W/owner" 2>/dev/null) in "$owner"|"$owner "*) owned=1 ;; esac
if [ -d "$W" ] && [ $owned = 0 ]; then
	[ -z "$(find "$W/orig" -type f 2>/dev/null | head -n 1)" ] ||
		die "$W: not made by crossym wholeprogram for this build (no $W/owner naming it), yet it holds saved files, which a run copies over the build: if an older crossym wholeprogram made it for this build, adopt it (echo '$owner' >$W/owner), else remove it"
fi
mkdir -p "$W/orig" || die "$W: cannot make it"
[ "$(cat "$W/owner" 2>/dev/null)" = "$owner" ] || echo "$owner" >"$W/owner"

# --- the lock, and the normal build put back on failure ----------------------------------
# (a lock whose run is gone, killed with SIGKILL, is taken over)
if ! mkdir "$W/lock" 2>/dev/null; then
	pid=$(cat "$W/lock/pid" 2>/dev/null || :)
	if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
		die "$B: another crossym wholeprogram (pid $pid) runs on it"
	fi
	say "$B: taking over the lock of a run that is gone (pid ${pid:-unknown})"
fi
echo $$ >"$W/lock/pid"
replaced=0      # 1 once this run has begun to replace the normal build's files
on_exit() {
	rc=$?
	trap - EXIT INT TERM HUP
	if [ $rc -ne 0 ] && [ $replaced = 1 ]; then
		restore_build all
		say "$B: the normal build is back (the aggregates and objects this run replaced)"
	fi
	rm -rf "$W/lock"
	exit $rc
}
trap on_exit EXIT
trap 'say "interrupted"; exit 130' INT
trap 'say "terminated"; exit 143' TERM
trap 'say "hung up"; exit 129' HUP

# restore_build: put back each file a run replaced (kept as .wp/orig/F.orig),
# unless the tree's make has made it again since (its checksum is not the one
# the run wrote, .wp/orig/F.written); copied, not moved nor with its old time,
# so that the tree's make sees it newer than the image and links that again
restore_build() {
	(cd "$W/orig" && find . -type f -name '*.orig') | sed 's|^\./||; s|\.orig$||' |
	while IFS= read -r f; do
		if [ ! -f "$W/orig/$f.written" ] ||
		   [ "$(cksum <"$B/$f" 2>/dev/null)" = "$(cat "$W/orig/$f.written")" ]; then
			rm -f "$B/$f" && cp "$W/orig/$f.orig" "$B/$f" || die "$B/$f: cannot put it back"
		fi
		rm -f "$W/orig/$f.orig" "$W/orig/$f.written"
	done
	# (--restore and a failed run: the unit files too, which no normal
	# aggregate names but a walk of a tree without aggregates would meet)
	[ "${1:-}" != all ] || [ ! -f "$W/units.txt" ] || cut -f 1 "$W/units.txt" | (cd "$B" && xargs rm -f)
}

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
# what an earlier run replaced goes back first: crossym reads the normal build
if [ $restore = 1 ]; then
	restore_build all
	case $flavour in
	image) say "$B: the normal build is back" ;;
	*) say "$B: the normal objects and archives are back; its make links the normal image again" ;;
	esac
	exit 0
fi
restore_build

if [ $flavour = linux ]; then
	# head objects stay first and out of units (scripts/head-object-list.txt)
	[ -f "$oldsrc/scripts/head-object-list.txt" ] || die "no head-object-list.txt in '$oldsrc'"
	ar t "$B/vmlinux.a" | sed "s|^$B/||" >"$W/vmlinux.members"
	grep -v '^#' "$oldsrc/scripts/head-object-list.txt" | grep -Fxf - "$W/vmlinux.members" >"$W/heads" || :
	# objects link-vmlinux.sh links beside vmlinux.a stay as they are
	for f in init/version-timestamp.o .vmlinux.export.o; do
		[ -f "$B/$f" ] && echo "$f" >>"$W/heads"
	done
	opts="$opts$NL--runs$NL--exclude$NL@$W/heads"
	# the architecture the build was configured with, for its make
	arch=${ARCH:-$(sed -n 's/^ifneq "$(ARCH)" "\(.*\)"$/\1/p' "$B/include/config/auto.conf.cmd" | head -n 1)}
fi
if [ $print_opts = 1 ]; then
	printf '%s\n' "$opts" | sed '/^$/d'
	exit 0
fi

# --- the tree the units are compiled from -------------------------------------------------
# copy_tree DIR: DIR becomes a hard-linked copy of the source tree (a copy
# where hard links cannot be made); a DIR crossym did not make is refused
copy_tree() {
	if [ -e "$1" ] && [ "$(cat "$1/.crossym-wp-copy" 2>/dev/null)" != "$oldsrc" ]; then
		die "$1: exists and is no copy crossym wholeprogram made of $oldsrc: give another --tagged DIR"
	fi
	rm -rf "$1" "$1.tmp"
	cp -al "$oldsrc" "$1.tmp" 2>/dev/null || { rm -rf "$1.tmp"; cp -a "$oldsrc" "$1.tmp"; } ||
		die "$1: cannot copy $oldsrc there"
	rm -f "$1.tmp/.crossym-apply"
	echo "$oldsrc" >"$1.tmp/.crossym-wp-copy"
	mv "$1.tmp" "$1"
}
# keep_tagged DIR: the files the last run tagged in the copy DIR (.wp/tagged.list)
# moved to .wp/prev, to tell which of this run's tags are the same
keep_tagged() {
	rm -rf "$W/prev"
	[ -f "$W/tagged.list" ] && [ "$(cat "$1/.crossym-wp-copy" 2>/dev/null)" = "$oldsrc" ] || return 0
	while IFS= read -r f; do
		[ -f "$1/$f" ] || continue
		mkdir -p "$W/prev/$(dirname "$f")" && mv "$1/$f" "$W/prev/$f"
	done <"$W/tagged.list"
}
if [ $tagging = 1 ] && [ $apply = 0 ]; then
	newsrc=${tagged:-$W/src}
	mkdir -p "$(dirname "$newsrc")" && newsrc=$(cd "$(dirname "$newsrc")" && pwd)/${newsrc##*/}
	[ "$newsrc" != "$oldsrc" ] || die "--tagged $tagged: the source tree itself (that is --apply)"
	# (a copy of a tree that holds the copy, or the build, would copy itself)
	case $newsrc/ in "$oldsrc"/*) die "$newsrc: inside the source tree $oldsrc: give --tagged DIR outside it, or --apply" ;; esac
	case $B/ in "$oldsrc"/*)
		die "$B: the build is inside its source tree $oldsrc (its commands may name the sources relative to it, not through a copy): give --apply to tag the tree itself" ;; esac
	t0=$(date +%s)
	keep_tagged "$newsrc"
	copy_tree "$newsrc"
	say "tagged copy of $oldsrc: $newsrc (hard links, $(($(date +%s) - t0)) s)"
fi
[ -n "$newsrc" ] || newsrc=$oldsrc

# --- 1. units, and every object that cannot be a member: to a fixed point -----------------
# excluded.tsv: OBJ<TAB>KIND<TAB>WHY for each object kept out of its unit by
# this run; excluded.list its objects, given to crossym units and cocci
: >"$W/excluded.tsv"
: >"$W/excluded.list"
# xopts: the exclusions as options (set_xopts; exclude runs in a pipeline)
set_xopts() { xopts=; [ ! -s "$W/excluded.list" ] || xopts="--exclude$NL@$W/excluded.list"; }
# units_run ARGS...: crossym units ARGS with this run's options and exclusions
units_run() { set_xopts; (IFS=$NL; exec "$CROSSYM" units "$@" $opts $xopts "$B"); }
# exclude KIND WHY: keep the objects on stdin (one a line) out of their units
exclude() {
	awk -F '\t' -v f="$W/excluded.tsv" -v kind="$1" -v why="$2" '
		BEGIN { while ((getline l < f) > 0) { split(l, p, "\t"); had[p[1]] = 1 } }
		$1 != "" && !($1 in had) { had[$1] = 1; print $1 "\t" kind "\t" (NF > 1 ? $2 : why) }' \
		>>"$W/excluded.tsv"
	cut -f 1 "$W/excluded.tsv" >"$W/excluded.list"
}
# hazards: the objects of what crossym units --ordered, --flatten, --clashes
# and --generated list, hazards no symbol table shows (README, "Building
# whole-program"); of a clash, all but the first object of each name
hazards() {
	for h in ordered flatten clashes generated; do
		units_run --$h >"$W/$h.tsv" 2>"$W/$h.err" ||
			{ cat "$W/$h.err" >&2
			  grep -q 'an LTO object or nm text' "$W/$h.err" &&
				die "crossym units --$h cannot see inside slim LTO objects: build the tree without -flto for the whole-program build (wholeprogram compiles every object of a unit with -flto itself)"
			  die "crossym units --$h failed"; }
		case $h in
		ordered) why="definitions only the linker script orders share a unit: GCC may fold comparisons of their addresses" ;;
		flatten) why="a function given the flatten attribute shares a unit with other C objects: lto1 may inline the unit's whole call tree into it (many GiB)" ;;
		clashes) why="same-named definitions share a unit and an initcall entry (top-level asm) names one: the unit renames them, the asm keeps the old name" ;;
		generated) why="definitions other units use sit in a source the build generated: no tag can be kept there" ;;
		esac
		awk -F '\t' -v h=$h 'NR > 1 && (h != "clashes" || names[$1 "\t" $3]++) { print $2 }' \
			"$W/$h.tsv" | exclude "$h" "$why (crossym units --$h)"
	done
}
# file_objects: lines `FILE<TAB>...` (files of units.tsv, as lto.tsv and
# cmd --lto --refused name them) with FILE made its object's name (an
# archive member's is ARCHIVE(MEMBER)), which --exclude takes
file_objects() {
	awk -F '\t' -v OFS='\t' 'FILENAME == ARGV[1] { if (FNR > 1) name[$3] = $2; next }
		{ if ($1 in name) $1 = name[$1]; print }' "$W/units.tsv" -
}
# lto_table: each C object's -flto compile, its unit's link flags and objtool
# step, from its .cmd file (crossym cmd --lto: OBJ LTO SOURCE COMMAND
# UNIT_FLAGS OBJTOOL); an object that cannot join its unit is kept out
lto_table() {
	awk -F '\t' 'NR > 1 && $4 == "c" { print $3 "\t" $6 }' "$W/units.tsv" |
		"$CROSSYM" cmd --lto -C "$B" --srctree-from "$oldsrc" --srctree-to "$newsrc" \
			--refused "$W/refused.tsv" >"$W/lto.tsv" 2>"$W/lto.err" ||
		{ sed 's/^crossym: /wholeprogram: /' "$W/lto.err" >&2; die "cannot make the unit makefile"; }
	file_objects <"$W/refused.tsv" | exclude refused ""
}
# wp_makefile: .wp/wp.mk, the rules of the LTO objects (target lto: each
# compile's output in F.lto.o.log) and of the unit files (target all), and
# .wp/units.txt (`UNIT_FILE<TAB>OBJ...`, the normal objects of each unit)
wp_makefile() {
	awk -F '\t' -v B="$B" -v stamp="$W/srctree" -v recipe="$W/recipe" '
	FILENAME == ARGV[1] { lto[$1] = $2; src[$1] = $3; cmd[$1] = $4; flags[$1] = $5; tool[$1] = $6; next }
	FNR == 1 || $4 != "c" || !($3 in lto) { next }
	{
		u = $1; f = $3; l = lto[f]
		printf "%s: %s %s %s\n\t$(Q)(%s) >%s.log 2>&1 || { cat %s.log; exit 1; }\n", l, f, src[f], stamp, cmd[f], l, l
		all_lto = all_lto " " l
		if (!(u in uf)) {
			uf[u] = $6; order[++nu] = u
			uflags[u] = flags[f]
			if (tool[f] != "") utool[u] = tool[f]
		}
		members[u] = members[u] " " l; normal[u] = normal[u] " " f
	}
	END {
		printf "lto:%s\nall:", all_lto
		for (i = 1; i <= nu; i++) printf " %s", uf[order[i]]
		printf "\n"
		printf "" > (B "/.wp/units.txt")
		for (i = 1; i <= nu; i++) {
			u = order[i]
			# (a marker of the unit, an absolute symbol: prove() finds it in the image)
			printf "%s:%s %s\n\t$(Q)%s -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program -r -nostdlib%s \047-Wl,--defsym=\"crossym_unit.%s\"=0\047 -o %s\n",
				uf[u], members[u], recipe, uflags[u], members[u], uf[u], uf[u]
			if (u in utool) printf "\t$(Q)%s\n", utool[u]
			print uf[u] "\t" substr(normal[u], 2) > (B "/.wp/units.txt")
		}
	}' "$W/lto.tsv" "$W/units.tsv" >"$W/wp.mk.tmp" || die "cannot make the unit makefile"
	{ printf 'Q = @\n.DELETE_ON_ERROR:\n.SUFFIXES:\n'; cat "$W/wp.mk.tmp"; } >"$W/wp.mk" &&
		rm -f "$W/wp.mk.tmp" || die "cannot make the unit makefile"
}
# make_wp TARGET LOG [-k]: make TARGET of wp.mk (-r: no built-in rules; make
# would remake a single-object module NAME.o from kbuild's NAME.mod list
# with its Modula-2 rule, m2c)
make_wp() { make -r ${3:-} -C "$B" -f "$W/wp.mk" -j"$JOBS" "$1" >"$W/$2" 2>&1; }
# lto_failed LOG: each C object whose -flto compile failed (make -k ran
# them all: its LTO object missing), with the compiler's first error line
# (else its own log's first line; LOG when that is empty)
lto_failed() {
	while IFS='	' read -r obj lto rest; do
		[ ! -f "$B/$lto" ] || continue
		why=$({ grep -m 1 -E '(error|Error|ERROR)[: ]' "$B/$lto.log" || head -n 1 "$B/$lto.log"; } 2>/dev/null |
			sed "s|$newsrc/||g; s|$B/||g" | cut -c 1-200)
		printf '%s\t%s\n' "$obj" "its -flto compile fails: ${why:-see $W/$1}"
	done <"$W/lto.tsv" | file_objects
}
# exclude_loop: units, hazards, refused objects and failed compiles until a
# round keeps nothing more out (at most one round per kind of exclusion
# found, in practice: an object leaves a unit, its unit's hazards shrink)
exclude_loop() {
	round=0
	while :; do
		round=$((round + 1))
		[ $round -le 20 ] || die "the units still change after 20 rounds of exclusions (see $W/excluded.tsv)"
		n=$(wc -l <"$W/excluded.tsv")
		units_run >"$W/units.tsv" 2>"$W/units.err" ||
			{ cat "$W/units.err" >&2; die "crossym units failed"; }
		[ "$(wc -l <"$W/units.tsv")" -gt 1 ] || die "crossym units found no objects in $B"
		hazards
		[ "$(wc -l <"$W/excluded.tsv")" = "$n" ] || continue
		lto_table
		[ "$(wc -l <"$W/excluded.tsv")" = "$n" ] || continue
		wp_makefile
		t0=$(date +%s)
		make_wp lto lto.log -k || lto_failed lto.log | exclude lto ""
		lto_seconds=$((lto_seconds + $(date +%s) - t0))
		[ "$(wc -l <"$W/excluded.tsv")" = "$n" ] && break
	done
	[ -s "$W/units.txt" ] || die "no unit is left: every C object was kept out (see $W/excluded.tsv)"
	# (what units said, once; not its note on asm statements: the tags are
	# decided with --run-build-commands)
	grep -v 'symbols they name only inside asm strings are not looked for' "$W/units.err" >&2 || :
}
# summary: the units and the exclusions by kind, on stderr
summary() {
	say "$(wc -l <"$W/units.txt") units of $(awk '{ n += NF - 1 } END { print n + 0 }' "$W/units.txt") C objects$( [ -s "$W/excluded.tsv" ] && printf '; kept out of their units (%s):' "$W/excluded.tsv")"
	awk -F '\t' -v p="wholeprogram" '
		{ n[$2]++; if (n[$2] <= 3) ex[$2] = ex[$2] " " $1
		  if ($2 == "lto" || $2 == "tagged") { w = $3; sub(/^its -flto compile fails: /, "", w); sub(/^[^ ]*: /, "", w)
		    if (!(w in err)) { err[w] = 1; errs[$2] = errs[$2] (errs[$2] == "" ? "" : "; ") w } }
		  if (!($2 in why)) { why[$2] = $3; order[++k] = $2 } }
		END { for (i = 1; i <= k; i++) { c = order[i]
			d = c == "lto" ? "their -flto compile fails (" substr(errs[c], 1, 160) ")" : \
			    c == "refused" ? "made from other objects, or no compile command" : \
			    c == "given" ? "given with --exclude" : \
			    c == "tagged" ? "their -flto compile fails once tagged (" substr(errs[c], 1, 160) ")" : why[c]
			printf "%s:   %d %s: %s%s\n", p, n[c], c, d, ":" ex[c] (n[c] > 3 ? " ..." : "") } }' \
		"$W/excluded.tsv" >&2
}

# the tree the LTO objects are compiled from: each depends on this stamp,
# rewritten when that tree is another than last time
[ "$(cat "$W/srctree" 2>/dev/null)" = "$newsrc" ] || printf '%s\n' "$newsrc" >"$W/srctree"
# the unit link's recipe: each unit file depends on this stamp, rewritten
# when the recipe changes (version 2: the marker symbol)
[ "$(cat "$W/recipe" 2>/dev/null)" = "unit link 2" ] || echo "unit link 2" >"$W/recipe"
# (units.txt.old: the units of the last run; a unit whose members changed is
# made again, though its file is newer than each member)
if [ -f "$W/units.txt" ]; then mv "$W/units.txt" "$W/units.txt.old"; else : >"$W/units.txt.old"; fi
t_start=$(date +%s)
lto_seconds=0
# (a second back: test -nt may compare whole seconds)
touch -d "@$(($(date +%s) - 1))" "$W/loop.stamp"

# --- 2. the tags, decided with the final units ------------------------------------------
# changed_files: .wp/changed.list, the files whose text differs from what the
# LTO objects were last compiled from: each file the tags changed, but one
# tagged as the last run tagged it (.wp/prev: its time put back), and each
# file the last run tagged that this one leaves untagged (the copy's file
# is the original again)
changed_files() {
	sed -n 's|^+++ b/||p' "$W/tags/annotate.patch" 2>/dev/null >"$W/tagged.list"
	while IFS= read -r f; do
		if [ -f "$W/prev/$f" ] && cmp -s "$W/prev/$f" "$newsrc/$f"; then
			touch -r "$W/prev/$f" "$newsrc/$f"
		else
			echo "$f"
		fi
	done <"$W/tagged.list" >"$W/changed.list"
	[ $apply = 1 ] || [ ! -f "$W/tagged.list.old" ] ||
		grep -Fxvf "$W/tagged.list" "$W/tagged.list.old" >>"$W/changed.list" || :
	rm -rf "$W/prev"
}
# retag: the LTO objects whose .cmd file names a changed file are made again,
# and those this run compiled (from the untagged sources: newer than
# .wp/loop.stamp) whose .cmd names a tagged one
retag() {
	changed_files
	[ -s "$W/changed.list" ] || [ -s "$W/tagged.list" ] || return 0
	while IFS='	' read -r obj lto rest; do
		c=$(dirname "$obj")/.$(basename "$obj").cmd
		list=$W/changed.list
		[ ! "$B/$lto" -nt "$W/loop.stamp" ] || list=$W/tagged.list
		[ ! -s "$list" ] || ! grep -qF -f "$list" "$B/$c" 2>/dev/null || rm -f "$B/$lto"
	done <"$W/lto.tsv"
	return 0
}
# normal_make: the tree's own make of the tagged tree (--apply: otherwise the
# image link's make would make the tagged files' objects again over the units)
normal_make() {
	case $flavour in
	linux) make -C "$B" ${arch:+ARCH=$arch} -j"$JOBS" vmlinux $([ -f "$B/arch/x86/boot/bzImage" ] && echo bzImage) \
			$([ -f "$B/modules.order" ] && echo modules) ;;
	busybox) make -C "$B" -j"$JOBS" ;;
	*) return 0 ;;
	esac >"$W/normal.log" 2>&1 || die "the tagged tree does not build normally: see $W/normal.log"
}
# tag_tree: crossym cocci and annotate with the final units (tag_rc 1: some
# definitions left untagged), then the LTO objects the tags changed removed
tag_tree() {
	tag_rc=0
	if [ -f "$W/tagged.list" ]; then mv "$W/tagged.list" "$W/tagged.list.old"; else rm -f "$W/tagged.list.old"; fi
	rm -rf "$W/tags"
	t0=$(date +%s)
	crc=0
	set_xopts
	(IFS=$NL; exec "$CROSSYM" cocci -o "$W/tags" $cocci_opts --run-build-commands \
		--db "$W/scan.db" $opts $xopts "$B") 2>"$W/cocci.err" || crc=$?
	sed 's/^/  /' "$W/cocci.err" | tail -n 15 >&2
	[ -f "$W/tags/files.tsv" ] && [ $crc -le 1 ] ||
		die "crossym cocci failed (exit $crc), see $W/cocci.err"
	arc=0
	"$CROSSYM" annotate "$W/tags" "$newsrc" -j "$JOBS" --apply ${macro_file:+--macro-file "$macro_file"} \
		>"$W/annotate.log" 2>&1 || arc=$?
	sed 's/^/  /' "$W/annotate.log" | tail -n 15 >&2
	[ $arc -le 1 ] || die "crossym annotate failed (exit $arc), see $W/annotate.log"
	[ $crc = 0 ] && [ $arc = 0 ] || tag_rc=1
	retag
	say "tags: $(wc -l <"$W/tagged.list") files of $newsrc tagged ($(wc -l <"$W/changed.list") changed since the last run) in $(($(date +%s) - t0)) s"
	[ $apply = 0 ] || normal_make
}

# --- 3. the LTO objects the tags changed, the units ----------------------------------------
# a C object whose -flto compile fails once tagged (it compiled untagged) is
# kept out of its unit and the units and tags decided again, on a fresh copy
# (the tags of the tree itself, --apply, or of a tree tagged before cannot be
# taken back: there it stops)
tag_rc=0
tag_round=0
while :; do
	tag_round=$((tag_round + 1))
	exclude_loop
	summary
	[ $tagging = 0 ] || tag_tree
	grep -Fxvf "$W/units.txt.old" "$W/units.txt" | cut -f 1 | (cd "$B" && xargs rm -f)
	t0=$(date +%s)
	make_wp lto compile.log -k && break
	lto_seconds=$((lto_seconds + $(date +%s) - t0))
	n=$(wc -l <"$W/excluded.tsv")
	lto_failed compile.log | tee "$W/tagged-failed.tsv" | exclude tagged ""
	sed 's/^/wholeprogram: /; s/\t/: /; s/compile fails:/compile fails once tagged:/' "$W/tagged-failed.tsv" >&2
	[ $tagging = 1 ] && [ $apply = 0 ] && [ $tag_round -lt 4 ] && [ "$(wc -l <"$W/excluded.tsv")" != "$n" ] ||
		die "the -flto compile of a tagged source failed (it compiled untagged): see $W/compile.log"
	say "$(($(wc -l <"$W/excluded.tsv") - n)) objects kept out of their units: the tags broke their -flto compile (a crossym bug: please report it with $W/compile.log); deciding again"
	keep_tagged "$newsrc"
	copy_tree "$newsrc"
done
lto_seconds=$((lto_seconds + $(date +%s) - t0))
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
	# (Xen: every object's top-level asm .includes asm-macros.h; one unit
	# assembles them all together)
	if grep -q "Error: Macro \`[^']*' was already defined" "$W/compile.log"; then
		say "the top-level asm of the unit's objects defines the same assembler macros (.macro) in each: one unit assembles them together, and the assembler refuses a macro defined twice; such objects can share a unit only when that asm guards its macros (.ifndef), a change to the tree"
	fi
	if grep -Eq 'Killed|out of memory|signal terminated program lto1' "$W/compile.log"; then
		say "lto1 was killed or ran out of memory: make that unit smaller (--runs, or --exclude some of its objects; crossym units --flatten names the usual cause)"
	fi
}

t0=$(date +%s)
make_wp all compile.log || {
	grep -E 'error|Error' "$W/compile.log" | head -n 20 >&2
	failed_units
	die "compiling the units failed, see $W/compile.log"
}
say "$(wc -l <"$W/units.txt") units linked in $(($(date +%s) - t0)) s (the -flto compiles: $lto_seconds s)"

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
		base=${base%.o}         # (6.2 on: modules.order names NAME.o)
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
			# (savedcmd_: the .cmd files of Linux 6.2 on)
			cmd=$(sed -n "s|^\(saved\)\{0,1\}cmd_$base.o := ||p" "$B/$(dirname "$base")/.$(basename "$base").o.cmd")
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
	[ ! -f "$B/$1" ] || save "$1"
	rm -f "$B/$1"
	run_words "$W/image.argv" >>"$W/link.log" 2>&1 || return 1
	written "$1"
}
# find_images: .wp/images, the top-level commands that link what the
# aggregates hold (their words name a top-level aggregate or an object or
# archive the units list), and .wp/derived, every other top-level command
# (the .cmd files of objects and archives aside): found by what they read
# (.wp/words/NAME, the words of each), never by their names
find_images() {
	{ awk -F '\t' 'NR > 1 { print $3; if ($5 != "-") print $5 }' "$W/units.tsv"
	  for a in built-in.o built-in.a; do [ ! -f "$B/$a" ] || echo "$a"; done; } |
		sort -u >"$W/linked.files"
	: >"$W/images"
	: >"$W/derived"
	rm -rf "$W/words" && mkdir "$W/words"
	for c in "$B"/.*.cmd; do
		[ -f "$c" ] || continue
		img=${c##*/.}; img=${img%.cmd}
		case $img in *.o|*.a) continue ;; esac
		"$CROSSYM" cmd --words "$c" 2>/dev/null | sed 's|^\./||' >"$W/words/$img" || :
		if grep -Fxqf "$W/linked.files" "$W/words/$img" || names_objects "$W/words/$img"; then
			echo "$img" >>"$W/images"
		else
			echo "$img" >>"$W/derived"
		fi
	done
}
# names_objects WORDS: whether a word of the file WORDS names an archive or a
# relocatable ELF object of the build (what a link reads; a cat or objcopy
# of the image reads neither)
names_objects() {
	while IFS= read -r w; do
		case $w in -*|'') continue ;; esac
		[ -f "$B/$w" ] || continue
		case $(head -c 8 "$B/$w" | tr -d '\n\0') in '!<thin>'|'!<arch>') return 0 ;; esac
		[ "$(od -An -tx1 -N 4 "$B/$w" | tr -d ' ')" = 7f454c46 ] &&
			[ "$(od -An -tu1 -j 16 -N 1 "$B/$w" | tr -d ' ')" = 1 ] && return 0
	done <"$1"
	return 1
}
# rerun_derived: each top-level command that takes a linked image, or what
# such a command made (objcopy of the image, cat of its binary and a device
# tree), run again as kbuild recorded it (sh -c in BUILD_DIR, as kbuild runs
# it), in the order they take each other; the others are left as they are
rerun_derived() {
	cp "$W/images" "$W/made"
	: >"$W/derived.done"
	progress=1
	while [ $progress = 1 ]; do
		progress=0
		while IFS= read -r d; do
			grep -Fxq "$d" "$W/derived.done" && continue
			grep -Fxqf "$W/made" "$W/words/$d" || continue
			cmd=$(awk -v k="cmd_$d := " 'index($0, k) == 1 { print substr($0, length(k) + 1); exit }' \
				"$B/.$d.cmd" | sed 's/\$\$/$/g')
			[ -n "$cmd" ] || continue
			[ ! -f "$B/$d" ] || save "$d"
			(cd "$B" && sh -c "$cmd") >>"$W/link.log" 2>&1 || die "$d: its command failed on the whole-program image, see $W/link.log"
			written "$d"
			echo "$d" >>"$W/derived.done"
			echo "$d" >>"$W/made"
			say "$d: made again from the whole-program image (${cmd%% *})"
			progress=1
		done <"$W/derived"
	done
	grep -Fxvf "$W/derived.done" "$W/derived" | while IFS= read -r d; do
		say "$d: left as it is (its command takes none of the linked images)"
	done
	return 0
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

# --- 4. the normal image's sizes, then the aggregates replaced and the image linked ---------
# image_files: the images of the flavour (and the modules), relative to B
image_files() {
	case $flavour in
	linux) echo vmlinux; [ ! -f "$B/arch/x86/boot/bzImage" ] || echo arch/x86/boot/bzImage
		[ ! -f "$B/modules.order" ] || sed 's/\.o$/.ko/' "$B/modules.order" ;;
	busybox) echo busybox_unstripped; echo busybox ;;
	image) cat "$W/images" "$W/derived" ;;
	esac
}
# measure F: `SIZE<TAB>BYTES` of F in B: SIZE the bytes of its functions
# for an executable (the sum of its FUNC symbols' sizes, one per address:
# the text sections of an image are padded to alignments that hide what
# the units saved), size(1)'s text for an object or module, `-` for a file
# that is neither or has no symbols
measure() {
	case $(readelf -h "$B/$1" 2>/dev/null | sed -n 's/^ *Type: *\([A-Z]*\).*/\1/p') in
	EXEC|DYN) t=$(readelf -sW "$B/$1" 2>/dev/null |
		awk '$4 == "FUNC" && $7 != "UND" && !seen[$2]++ { t += $3 } END { if (t) print "f" t }') ;;
	REL) t=$(size "$B/$1" 2>/dev/null | awk 'NR > 1 { t += $1 } END { if (NR > 1) print t }') ;;
	*) t= ;;
	esac
	printf '%s\t%s\n' "${t:--}" "$(wc -c <"$B/$1")"
}
# sizes.normal: each image's TEXT and BYTES in the normal build, measured
# now unless the file is still the image an earlier run linked (images.wp)
normal_sizes() {
	[ -f "$W/sizes.normal" ] && mv "$W/sizes.normal" "$W/sizes.normal.old" || : >"$W/sizes.normal.old"
	image_files | while IFS= read -r f; do
		[ -f "$B/$f" ] || continue
		if grep -qxF "$f $(cksum <"$B/$f")" "$W/images.wp" 2>/dev/null; then
			awk -F '\t' -v f="$f" '$1 == f' "$W/sizes.normal.old"
		else
			printf '%s\t%s\n' "$f" "$(measure "$f")"
		fi
	done >"$W/sizes.normal"
}
# size_table: the 2006 patches' table: text per unit (its normal objects
# against its unit file), the images (text; bytes for one that is no ELF),
# each module; on stdout and in .wp/sizes.tsv (WHAT BEFORE AFTER CHANGE %)
size_table() {
	text() { (cd "$B" && size "$@" 2>/dev/null) | awk 'NR > 1 { t += $1 } END { print t + 0 }'; }
	while IFS='	' read -r u objs; do
		# shellcheck disable=SC2086
		printf '%s\t%s\t%s\n' "$u" "$(text $objs)" "$(text "$u")"
	done <"$W/units.txt" >"$W/sizes.units"
	{ cat "$W/sizes.units"
	  awk -F '\t' '{ o += $2; n += $3 } END { printf "units\t%d\t%d\n", o, n }' "$W/sizes.units"
	  while IFS='	' read -r f t b; do
		# (a top-level file no command here made again is no image of it)
		[ $flavour != image ] || grep -Fxq "$f" "$W/images" "$W/derived.done" 2>/dev/null || continue
		set -- $(measure "$f")
		case $t$1 in
		f*f*) printf '%s (functions)\t%s\t%s\n' "$f" "${t#f}" "${1#f}" ;;
		-*|*-) printf '%s (bytes)\t%s\t%s\n' "$f" "$b" "$2" ;;
		*) printf '%s\t%s\t%s\n' "$f" "$t" "$1" ;;
		esac
	  done <"$W/sizes.normal"; } |
	awk -F '\t' '{ d = $3 - $2; printf "%s\t%d\t%d\t%d\t%.2f\n", $1, $2, $3, d, $2 ? d * 100 / $2 : 0 }' \
		>"$W/sizes.tsv"
	awk -F '\t' 'BEGIN { printf "%10s %10s %9s %8s  %s\n", "before", "after", "change", "%", "text of (bytes)" }
		{ printf "%10d %10d %+9d %+7.2f%%  %s\n", $2, $3, $4, $5, $1 }' "$W/sizes.tsv"
}
[ $flavour != image ] || find_images
normal_sizes
t0=$(date +%s)
rc=0
replaced=1
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
	for f in busybox_unstripped busybox; do [ ! -f "$B/$f" ] || save "$f"; done
	rm -f "$B/busybox_unstripped" "$B/busybox"
	(cd "$B" && "$srcdir/scripts/trylink" busybox_unstripped "$(var cc)" "$(var cflags)" \
		"$(var ldflags)" "$objs" "" "$(var ldlibs)" "$(var extra_ldlibs | tr -d '"')") \
		>"$W/link.log" 2>&1 || rc=1
	[ -f "$B/busybox_unstripped.out" ] && cat "$B/busybox_unstripped.out" >>"$W/link.log"
	if [ $rc = 0 ]; then
		s=$(var strip)
		${s:-strip} -s --remove-section=.note --remove-section=.comment \
			"$B/busybox_unstripped" -o "$B/busybox"
		written busybox_unstripped
		written busybox
	fi
	;;
image)
	# the libraries, then every top-level image command (each aggregate
	# it links made again from the units: the top built-in.a or built-in.o
	# only when it is one of them)
	relibs
	images=$(cat "$W/images")
	for img in $images; do
		image_link "$img" || rc=1
	done
	[ $rc != 0 ] || [ -z "$images" ] || rerun_derived
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
		[ -n "$images" ] || [ ! -s "$W/derived" ] ||
			die "no top-level command names the aggregates or the objects of the units (the top-level .cmd files: $(sed 's/^/./; s/$/.cmd/' "$W/derived" | tr '\n' ' ')): none links them into an image crossym can make again"
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
	image_files | while IFS= read -r f; do printf '%s %s\n' "$f" "$(cksum <"$B/$f")"; done >"$W/images.wp"
	size_table
	t_all=$(($(date +%s) - t_start))
	say "done in $t_all s; the normal build comes back with: crossym wholeprogram --restore $B"
	[ $tag_rc = 0 ] || die "some definitions are left untagged (named above, $W/annotate.log)"
	exit 0
fi
undefined "$W/link.log"
[ -s "$W/undefined.txt" ] || { tail -n 20 "$W/link.log" >&2; die "the link failed, see $W/link.log"; }
say "the link failed: $(wc -l <"$W/undefined.txt") undefined symbols (see $W/link.log)"
[ $tagging = 0 ] || say "crossym tagged the tree itself: each of these is a definition crossym's decision missed (a crossym bug: $W/tags holds its decision, $W/undefined.txt the symbols)"
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
