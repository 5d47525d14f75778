# SPDX-License-Identifier: GPL-2.0-only
# verify-build.sh: the --verify-build step of annotate.sh, sourced by it (it
# uses its variables: WORK, OUTDIR, SRCTREE, VBUILD, CROSSYM, prog). POSIX sh.

# Each changed file is compiled with its object's own command from BUILD's
# kbuild .cmd file (a file #included by another .c: the includer's), run by
# argument vector in BUILD with the output and dependency files redirected
# into WORK; the source compiled is WORK/a/FILE (before) or WORK/c/FILE
# (after), quote includes still found in SRCTREE. A diagnostic the tagged file
# has and the original has not, on a line with an in-place tag, makes the
# wanted definitions named on that line fall back to a re-declaration, and
# the file is compiled again; a new diagnostic left then (the
# re-declaration's own: even it is impossible there) leaves the file as it
# was, its definitions `failed` in forms.tsv (annotate.sh names them and
# exits 1, the rest is applied); a file with no command, or a command
# crossym will not run, is an error (nothing applied). The warnings are
# counted before and after (the final compile of each tagged file, before a
# file is left as it was), and the new ones: the tags must add none.

# vb_cmd SRC: "CMDFILE<TAB>SRCPATH_IN_CMD<TAB>COMPILED" for SRC (COMPILED:
# the .c the command compiles, SRC itself or the file that #includes it).
vb_cmd() {
	obj=${1%.c}.o
	f=$VBUILD/$(dirname "$obj")/.$(basename "$obj").cmd
	if [ ! -f "$f" ]; then
		f=$(grep -rlF --include='.*.o.cmd' "/$1 \\" "$VBUILD" 2>/dev/null | sed 1q)
		[ -n "$f" ] || return 1
	fi
	s=$(sed -n 's/^source_[^ ]* := //p' "$f" | sed 1q)
	[ -n "$s" ] || return 1
	case $s in
	/*) rel=${s#"$VSRC"/} ;;
	*) rel=$s ;;
	esac
	printf '%s\t%s\t%s\n' "$f" "$s" "$rel"
}

# vb_compile WHICH SRC LOG: compile SRC as in WORK/WHICH; 0 when it ran.
vb_compile() {
	which=$1 src=$2 log=$3
	line=$(vb_cmd "$src") || { echo "no compile command in $VBUILD" >"$log"; return 3; }
	cmdf=$(echo "$line" | cut -f1) spath=$(echo "$line" | cut -f2) comp=$(echo "$line" | cut -f3)
	tree=$WORK/vb/$which.$$
	# the command's words, one a line (crossym refuses a word with a newline
	# and a command that needs a shell): never eval'ed
	if ! "$CROSSYM" cmd --argv "$cmdf" >"$tree.argv" 2>"$log.raw"; then
		sed -n 's/.*: command not run: /command not run: /p' "$log.raw" >"$log"
		[ -s "$log" ] || cp "$log.raw" "$log"
		return 4
	fi
	rm -rf "$tree"
	mkdir -p "$tree/$(dirname "$comp")" "$tree/$(dirname "$src")"
	cp "$WORK/$which/$src" "$tree/$src"
	[ "$comp" = "$src" ] || cp "$SRCTREE/$comp" "$tree/$comp"
	set --
	skip=
	while IFS= read -r w; do
		case $skip in
		o) set -- "$@" "$tree/out.o"; skip=; continue ;;
		drop) skip=; continue ;;
		esac
		case $w in
		-o) set -- "$@" -o; skip=o ;;
		-Wp,-MMD,*|-Wp,-MD,*|-MD|-MMD) ;;
		-MF|-MT|-MQ) skip=drop ;;
		"$spath") set -- "$@" "$tree/$comp" ;;
		*) set -- "$@" "$w" ;;
		esac
	done <"$tree.argv"
	(cd "$VBUILD" && "$@" -iquote "$SRCTREE/$(dirname "$comp")" -iquote "$SRCTREE/$(dirname "$src")") >"$log.raw" 2>&1
	rc=$?
	# diagnostics: path relative to the tree, no column
	sed -n "s#$tree/##g; s#^\\([^ :]*\\):\\([0-9][0-9]*\\):[0-9][0-9]*: \\(warning\\|error\\): #\\1:\\2: \\3: #p" \
		"$log.raw" | sort -u >"$log"
	rm -rf "$tree" "$tree.argv"
	return $rc
}

if [ -n "$VBUILD" ]; then
	mkdir -p "$WORK/vb"
	# the tree the build was made from (its .cmd paths point there)
	VSRC=$( (cd "$VBUILD/source" 2>/dev/null && pwd -P) ||
		sed -n 's/^KERNELSRC := //p' "$VBUILD/Makefile" 2>/dev/null | sed 1q)
	[ -n "$VSRC" ] || VSRC=$SRCTREE
	: >"$WORK/fallbacks"
	: >"$WORK/vbfailed"
	nvb=0 wbefore=0 wafter=0 wnew=0
	while IFS='	' read -r src cocci; do
		cmp -s "$WORK/a/$src" "$WORK/c/$src" && continue
		nvb=$((nvb + 1))
		vb_compile a "$src" "$WORK/vb/before"
		st=$?
		if [ $st -ge 3 ]; then
			printf 'E\t%s: --verify-build: %s\n' "$src" "$(cat "$WORK/vb/before")" >>"$WORK/errors"
			continue
		fi
		for round in 1 2; do
			vb_compile c "$src" "$WORK/vb/after"
			comm -13 "$WORK/vb/before" "$WORK/vb/after" >"$WORK/vb/new"
			[ -s "$WORK/vb/new" ] || break
			[ $round -eq 1 ] || break
			# fall back: the in-place tags on the offending lines of src
			"$CROSSYM" fallback "$TAG" "$src" "$WORK/a/$src" "$WORK/c/$src" \
				"$SCOPE/wanted.tsv" "$WORK/vb/new" "$WORK/fallbacks" >"$WORK/c/$src.vb" || exit 2
			if cmp -s "$WORK/c/$src" "$WORK/c/$src.vb"; then
				rm -f "$WORK/c/$src.vb"
				break
			fi
			mv "$WORK/c/$src.vb" "$WORK/c/$src"
		done
		wbefore=$((wbefore + $(grep -c ': warning: ' "$WORK/vb/before")))
		wafter=$((wafter + $(grep -c ': warning: ' "$WORK/vb/after")))
		wnew=$((wnew + $(grep -c ': warning: ' "$WORK/vb/new")))
		# a new diagnostic even so (the re-declaration's own): the file is
		# left as it was, its definitions fail (forms.tsv `failed`), the rest goes on
		if [ -s "$WORK/vb/new" ]; then
			cp "$WORK/a/$src" "$WORK/c/$src" || exit 2
			printf '%s\t%s\n' "$src" "$(sed 1q "$WORK/vb/new")" >>"$WORK/vbfailed"
		fi
	done <"$WORK/list"
	# forms.tsv: what fell back is re-declared, the diagnostic its reason
	awk -F '\t' -v OFS='\t' -v fbfile="$WORK/fallbacks" -v badfile="$WORK/vbfailed" 'FILENAME == badfile { bad[$1] = $2; next }
		FILENAME == fbfile { fb[$1 "\t" $2] = $3; next }
		(($1 "\t" $2) in fb) { $3 = "redeclared"; $4 = "compiling: " fb[$1 "\t" $2] }
		($1 in bad) && $3 != "already" && $3 != "macro" { $3 = "failed"; $4 = "compiling, even re-declared: " bad[$1] }
		{ print }' "$WORK/vbfailed" "$WORK/fallbacks" "$WORK/forms.tsv" >"$WORK/forms.vb" &&
		mv "$WORK/forms.vb" "$WORK/forms.tsv"
	echo "$prog: --verify-build: $nvb files compiled before and after tagging," \
		"$(wc -l <"$WORK/fallbacks") definition(s) fell back to re-declaration;" \
		"compiler warnings: $wbefore before, $wafter after, $wnew new" >&2
	[ $wnew -eq 0 ] || echo "$prog: --verify-build: the tags would add $wnew warning(s):" \
		"the files are left as they were (named below)" >&2
	awk -F '\t' -v p="$prog" '{ print p ": fell back to re-declaration: " $1 ": " $2 ": " $3 }' \
		"$WORK/fallbacks" >&2
fi
