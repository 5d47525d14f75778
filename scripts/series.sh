#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# series.sh OUTDIR SRCTREE: split the checked OUTDIR/annotate.patch into a
# `git format-patch` style series in OUTDIR/series/, one patch per top-level
# directory of SRCTREE, or, when SRCTREE has a MAINTAINERS file, one per
# MAINTAINERS entry (the entry whose F: pattern matches the file most
# specifically, as scripts/get_maintainer.pl counts it: the most `/` in the
# pattern, then the longest; X: excludes; a file no entry matches goes to its
# top-level directory). Run by annotate.sh --split after the checks passed.
#
# Each patch: a From line, From:/Date:/Subject: headers (the author from
# `git var GIT_AUTHOR_IDENT` in SRCTREE, else crossym), the subject
# `[PATCH n/N] DIR: tag cross-directory symbols for whole-program builds` (DIR:
# the top-level directory, or the directory all the entry's files are in), a
# body saying what was computed and how with the symbols per form (from
# OUTDIR/forms.tsv), a diffstat, and the files' hunks under `diff --git`
# headers. `git am OUTDIR/series/*.patch` applies it to a clean checkout.
#
# Exit status: 0 written; 2 bad usage or a missing input.
set -u

prog="crossym: annotate: series"
[ $# -eq 2 ] || { echo "usage: series.sh OUTDIR SRCTREE" >&2; exit 2; }
OUTDIR=$1 SRCTREE=$2
for f in annotate.patch forms.tsv tag; do
	[ -f "$OUTDIR/$f" ] || { echo "$prog: $OUTDIR/$f: missing" >&2; exit 2; }
done
[ -d "$SRCTREE" ] || { echo "$prog: $SRCTREE: not a directory" >&2; exit 2; }
here=$(dirname "$0")
VERSION=${CROSSYM_VERSION:-$(cat "$here/VERSION" 2>/dev/null || cat "$here/../VERSION" 2>/dev/null || echo unknown)}
TAG=$(sed -n 1p "$OUTDIR/tag")
ident=$(cd "$SRCTREE" && git var GIT_AUTHOR_IDENT 2>/dev/null) || ident=
AUTHOR=$(echo "$ident" | sed -n 's/^\(.* <[^>]*>\) [0-9][0-9]* [-+][0-9]*$/\1/p')
[ -n "$AUTHOR" ] || AUTHOR="crossym <crossym@localhost>"
DATE=$(LC_ALL=C date '+%a, %d %b %Y %H:%M:%S %z')
MAINT=/dev/null
[ -f "$SRCTREE/MAINTAINERS" ] && MAINT=$SRCTREE/MAINTAINERS
SERIES=$OUTDIR/series
mkdir -p "$SERIES" || exit 2
rm -f "$SERIES"/*.patch

# The files of the patch, in its order: the `--- a/FILE` header of each file
# section (hunks are skipped by their line counts, so no content line can pass
# for a header).
FILES_AWK='
/^@@ / {
	split($2, o, ","); split($3, n, ",")
	left = (o[2] == "" ? 1 : o[2]) + (n[2] == "" ? 1 : n[2])
	next
}
left > 0 { c = substr($0, 1, 1); if (c != "\\") left -= (c == " " ? 2 : 1); next }
/^--- a\// { print substr($0, 7) }'

# file -> group: "file<TAB>entry<TAB>dir" (entry - when none).
GROUP_AWK='
function depth(s,    t) { t = s; return gsub(/\//, "", t) }
function first(s) { sub(/\/.*/, "", s); return s }
function regex(s,    out, i, c) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "*") out = out ".*"
		else if (c == "?") out = out "."
		else if (index("\\^$.[]|()+{}", c)) out = out "\\" c
		else out = out c
	}
	return "^" out
}
function add(kind, v,    k, b) {
	np++
	pent[np] = nent; pkind[np] = kind; ppat[np] = v; pre[np] = regex(v)
	pdir[np] = (substr(v, length(v)) == "/"); pwild[np] = (v ~ /[*?]/)
	b = first(v)
	if (b ~ /[*?]/) b = "*"
	bucket[b] = bucket[b] " " np
}
function matches(f, i) {
	if (pdir[i])
		return f ~ pre[i]
	if (!pwild[i] && (f == ppat[i] || index(f, ppat[i] "/") == 1))
		return 1
	return pwild[i] && f ~ pre[i] && depth(f) == depth(ppat[i])
}
FILENAME == ARGV[1] {
	if ($0 ~ /^[A-Z]:[ \t]/) {
		if (!inentry && title == "")
			next
		if (!inentry) { ename[++nent] = title; inentry = 1 }
		v = substr($0, 3); sub(/^[ \t]+/, "", v); sub(/[ \t]+$/, "", v)
		if (v != "" && (substr($0, 1, 1) == "F" || substr($0, 1, 1) == "X"))
			add(substr($0, 1, 1), v)
		next
	}
	inentry = 0
	title = $0; sub(/^[ \t]+/, "", title); sub(/[ \t]+$/, "", title)
	next
}
{
	f = $0; best = 0; split("", excluded)
	cand = bucket[first(f)] " " bucket["*"]
	n = split(cand, c, " ")
	for (k = 1; k <= n; k++)
		if (pkind[c[k]] == "X" && matches(f, c[k]))
			excluded[pent[c[k]]] = 1
	for (k = 1; k <= n; k++) {
		i = c[k]
		# a catch-all (THE REST: F: *, F: */) is no subsystem
		if (pkind[i] != "F" || ppat[i] !~ /[^*?\/]/ || (pent[i] in excluded) ||
		    !matches(f, i))
			continue
		if (!best || depth(ppat[i]) > depth(ppat[best]) ||
		    (depth(ppat[i]) == depth(ppat[best]) && length(ppat[i]) > length(ppat[best])) ||
		    (ppat[i] == ppat[best] && pent[i] < pent[best]))
			best = i
	}
	d = f
	if (index(d, "/")) d = first(d)
	else sub(/\.[^.]*$/, "", d)
	print f "\t" (best ? ename[pent[best]] : "-") "\t" d
}'

# The series: reads the groups, forms.tsv and the patch; writes the files.
SERIES_AWK='
# the directory path a and b (file paths) share, "" when none
function common(a, b,    n, m, i, x, y, out) {
	n = split(a, x, "/"); m = split(b, y, "/")
	out = ""
	for (i = 1; i < n && i < m && x[i] == y[i]; i++)
		out = out (i > 1 ? "/" : "") x[i]
	return out
}
function wrap(head, list,    n, w, i, line, out) {
	n = split(list, w, " ")
	line = head
	out = ""
	for (i = 1; i <= n; i++) {
		if (length(line) + 1 + length(w[i]) > 72) { out = out line "\n"; line = "   " }
		line = line " " w[i]
	}
	return out line "\n"
}
function slug(s,    t) {
	t = s
	gsub(/[^A-Za-z0-9._]+/, "-", t); gsub(/\.\.+/, ".", t)
	t = substr(t, 1, 52); sub(/^[-.]+/, "", t); sub(/[-.]+$/, "", t)
	return t
}
# a group: a MAINTAINERS entry, or (no entry) a top-level directory
FILENAME == ARGV[1] {
	split($0, g, "\t")
	key = g[2] == "-" ? "\t" g[3] : g[2]
	if (!(key in gid)) { gid[key] = ++ng; gent[ng] = g[2]; gdir[ng] = g[1] "/x"; gtops[ng] = "" }
	k = gid[key]; fgroup[g[1]] = k; gone[k] = g[1]; gfiles[k]++
	gdir[k] = common(gdir[k] "/x", g[1])
	if (!index("," gtops[k] ",", "," g[3] ","))
		gtops[k] = gtops[k] (gtops[k] == "" ? "" : ",") g[3]
	next
}
FILENAME == ARGV[2] {
	split($0, r, "\t")
	if (!(r[1] in fgroup)) next
	k = fgroup[r[1]]
	if (r[3] == "redeclared") {
		if (lastre[k] != r[1])
			forms[k, r[3]] = forms[k, r[3]] "  " r[1] ":\n"
		lastre[k] = r[1]
		forms[k, r[3]] = forms[k, r[3]] "    " r[2] ": " r[4] "\n"
	}
	else
		forms[k, r[3]] = forms[k, r[3]] " " r[2]
	nforms[k, r[3]]++
	next
}
/^@@ / {
	split($2, o, ","); split($3, n, ",")
	left = (o[2] == "" ? 1 : o[2]) + (n[2] == "" ? 1 : n[2])
	text[cur] = text[cur] $0 "\n"
	next
}
left > 0 {
	c = substr($0, 1, 1)
	if (c != "\\") left -= (c == " " ? 2 : 1)
	if (c == "+") add[cur]++
	if (c == "-") del[cur]++
	text[cur] = text[cur] $0 "\n"
	next
}
/^--- a\// {
	cur = substr($0, 7); order[++nf] = cur
	text[cur] = "diff --git a/" cur " b/" cur "\n" $0 "\n"
	next
}
{ text[cur] = text[cur] $0 "\n" }
END {
	# Groups in the order of their subject directory, then entry.
	for (k = 1; k <= ng; k++) {
		if (gent[k] == "-" || gdir[k] == "") gdir[k] = gtops[k]
		nsame[gdir[k]]++
	}
	# Two entries in one directory: a one-file group is named by its file.
	for (k = 1; k <= ng; k++) {
		if (nsame[gdir[k]] > 1 && gfiles[k] == 1) {
			gdir[k] = gone[k]
			sub(/\.[^.\/]*$/, "", gdir[k])
		}
		sortkey[k] = gdir[k] "\t" gent[k]
	}
	for (i = 1; i <= ng; i++) rank[i] = i
	for (i = 2; i <= ng; i++)
		for (j = i; j > 1 && sortkey[rank[j]] < sortkey[rank[j - 1]]; j--) {
			t = rank[j]; rank[j] = rank[j - 1]; rank[j - 1] = t
		}
	for (p = 1; p <= ng; p++) {
		k = rank[p]
		subj = gdir[k] ": tag cross-directory symbols for whole-program builds"
		file = sprintf("%s/%04d-%s.patch", series, p, slug(subj))
		print file
		printf "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n" > file
		printf "From: %s\nDate: %s\n", author, date > file
		printf "Subject: [PATCH%s] %s\n\n", (ng > 1 ? " " p "/" ng : ""), subj > file
		printf "%s", body(k) > file
		printf "---\n%s\n", stat(k) > file
		for (i = 1; i <= nf; i++)
			if (fgroup[order[i]] == k)
				printf "%s", text[order[i]] > file
		printf "-- \ncrossym %s\n\n", version > file
		close(file)
	}
}
function body(k,    s) {
	s = "Tag with " tag " the definitions in " gdir[k] " that the build\n" \
	    "references from outside their unit (a directory, or a multi-object\n" \
	    "module), so that each unit can be compiled as one GCC -fwhole-program\n" \
	    "unit and still link:\n\n" \
	    "  gcc $CFLAGS -flto -c x.c\n" \
	    "  gcc $CFLAGS -flto -flto-partition=one -fno-use-linker-plugin \\\n" \
	    "      -fwhole-program -r -nostdlib *.o -o unit.o\n\n" \
	    "crossym " version " computed the list from the symbol tables of the\n" \
	    "built objects: a global definition needs the tag when an object of\n" \
	    "another unit refers to it, or when a definition of the same name in\n" \
	    "another unit is weak or overrides a weak one; exported symbols and\n" \
	    "assembly need none. Coccinelle (spatch) put the tag on each\n" \
	    "definition; where it could not (a name pasted by a macro, a file\n" \
	    "spatch cannot parse) a tagged re-declaration follows the definition:\n\n" \
	    "  extern __typeof__(sym) sym " tag ";\n\n" \
	    "Every changed line was checked to be the original line with the tag\n" \
	    "inserted or removed; this is patch " p " of " ng ".\n"
	if (gent[k] != "-")
		s = s "\nMAINTAINERS: " gent[k] "\n"
	s = s "\n"
	if (nforms[k, "macro"])
		s = s wrap("Tagged in the #define of the macro that pastes the names (" \
			   nforms[k, "macro"] "):", forms[k, "macro"])
	if (nforms[k, "inplace"])
		s = s wrap("Tagged (" nforms[k, "inplace"] "):", forms[k, "inplace"])
	if (nforms[k, "redeclared"])
		s = s "Re-declared (" nforms[k, "redeclared"] "):\n" forms[k, "redeclared"]
	if (nforms[k, "removed"])
		s = s wrap("Stale tag removed (" nforms[k, "removed"] "):", forms[k, "removed"])
	return s
}
function stat(k,    i, f, s, w, nfile, na, nd, ch) {
	w = 0
	for (i = 1; i <= nf; i++)
		if (fgroup[order[i]] == k && length(order[i]) > w) w = length(order[i])
	s = ""; nfile = na = nd = 0
	for (i = 1; i <= nf; i++) {
		f = order[i]
		if (fgroup[f] != k) continue
		nfile++; na += add[f]; nd += del[f]
		ch = ""
		for (j = 0; j < add[f]; j++) ch = ch "+"
		for (j = 0; j < del[f]; j++) ch = ch "-"
		s = s sprintf(" %-" w "s | %d %s\n", f, add[f] + del[f], ch)
	}
	return s sprintf(" %d file%s changed, %d insertion%s(+), %d deletion%s(-)\n",
			 nfile, nfile == 1 ? "" : "s", na, na == 1 ? "" : "s", nd, nd == 1 ? "" : "s")
}'

WORK=$(mktemp -d "${TMPDIR:-/tmp}/crossym-series.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
trap 'exit 2' HUP INT TERM
awk "$FILES_AWK" "$OUTDIR/annotate.patch" >"$WORK/files" || exit 2
if [ ! -s "$WORK/files" ]; then
	echo "$prog: the patch is empty: no series"
	exit 0
fi
awk "$GROUP_AWK" "$MAINT" "$WORK/files" >"$WORK/groups" || exit 2
awk -v series="$SERIES" -v author="$AUTHOR" -v date="$DATE" -v tag="$TAG" \
	-v version="$VERSION" "$SERIES_AWK" "$WORK/groups" "$OUTDIR/forms.tsv" \
	"$OUTDIR/annotate.patch" >"$WORK/written" || exit 2
echo "$prog: $(wc -l <"$WORK/written") patches in $SERIES/ ($(wc -l <"$WORK/files") files;" \
	"$( [ "$MAINT" = /dev/null ] && echo "per top-level directory" || echo "per MAINTAINERS entry")): git am $SERIES/*.patch"
