#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# series.sh [--signoff] [--checkpatch=SCRIPT] OUTDIR SRCTREE: split the checked OUTDIR/annotate.patch
# into a `git format-patch --cover-letter` style series in OUTDIR/series/, one
# patch per top-level directory of SRCTREE, or, when SRCTREE has a MAINTAINERS
# file, one per MAINTAINERS entry (the entry whose F: pattern matches the file
# most specifically, as scripts/get_maintainer.pl counts it: the most `/` in
# the pattern, then the longest; X: excludes; a file no entry matches goes to
# its top-level directory). Run by annotate.sh --split after the checks passed.
# series.sh --ident SRCTREE: print the Signed-off-by identity (git config
# user.name and user.email, read in SRCTREE), or say which is unset (exit 2).
# series.sh --author SRCTREE: the same for the patches' author (git var
# GIT_AUTHOR_IDENT).
#
# With 2 or more patches, 0000-cover-letter.txt: [PATCH 0/N], what was
# computed and how, the totals, the shortlog and the whole diffstat (not
# .patch: `git am OUTDIR/series/*.patch` would stop at it, a patch with no
# diff; `git send-email OUTDIR/series/` sends it first). Each
# patch: a From line, From:/Date:/Subject: headers (the author from `git var
# GIT_AUTHOR_IDENT` in SRCTREE, none: refused as git commit refuses; with
# --signoff the sign-off identity), Cc: headers (the M:, R: and L: of every MAINTAINERS entry matching
# one of its files, as get_maintainer.pl gives them: a catch-all entry such as
# THE REST gives its lists only, subscribers-only lists none; the cover letter
# gets them all), the subject `[PATCH n/N] PREFIX: tag cross-directory symbols
# for whole-program builds` (PREFIX by the kernel's custom from the patch's
# directory: see leafpre() below and crossym-annotate(1); of patches with one
# prefix, the one with the most files keeps it, the others get PREFIX/STEM,
# from their file names: lib/string, time/tick), a body of at most 72
# columns saying what was computed and how with the symbols per form (from
# OUTDIR/forms.tsv), the Signed-off-by, then below the `---` what must not stay
# in history (the MAINTAINERS entry, the place in the series), a diffstat as
# git's (72 columns), and the files' hunks under `diff --git` headers.
# `git am OUTDIR/series/*.patch` applies it to a clean checkout.
# --checkpatch=SCRIPT: run checkpatch.pl SCRIPT on the patch first; a tagged
# line it finds an error on gets its tag on a line of its own (`crossym
# ownline`); the errors that remain are named, FILE:LINE.
#
# Environment: CROSSYM (the crossym binary, for --checkpatch; default: the one
# beside scripts/, PREFIX/bin's, then PATH's).
#
# Exit status: 0 written; 2 bad usage, a missing input, or no git identity
# (for the author, or with --signoff for the sign-off).
set -u

prog="crossym: annotate: series"
usage() { echo "usage: series.sh [--signoff] [--checkpatch=SCRIPT] OUTDIR SRCTREE | series.sh --ident|--author SRCTREE" >&2; exit 2; }

# ident DIR: "NAME <EMAIL>" from git config user.name and user.email, as read
# in DIR; a message and status 2 when one is unset.
ident() {
	command -v git >/dev/null 2>&1 || { echo "$prog: --signoff: git not found (it gives the identity)" >&2; return 2; }
	name=$(cd "$1" && git config user.name 2>/dev/null) || name=
	email=$(cd "$1" && git config user.email 2>/dev/null) || email=
	for v in name email; do
		case $v in name) val=$name ;; *) val=$email ;; esac
		[ -n "$val" ] && continue
		echo "$prog: --signoff: git config user.$v is not set: Signed-off-by needs" \
			"your name and email (git config --global user.$v ...)" >&2
		return 2
	done
	checked_ident "$name <$email>" "git config user.name and user.email"
}
# author DIR: "NAME <EMAIL>", the patches' author: git var GIT_AUTHOR_IDENT
# in DIR (GIT_AUTHOR_NAME and _EMAIL, else git config user.name and
# user.email); none known: a message and status 2, as git commit refuses (no
# made-up address in a mail header).
author() {
	command -v git >/dev/null 2>&1 ||
		{ echo "$prog: --split: git not found (the patches' author is git's identity)" >&2; return 2; }
	au=$(cd "$1" && git var GIT_AUTHOR_IDENT 2>/dev/null) || {
		echo "$prog: --split: no author for the patches (git var GIT_AUTHOR_IDENT fails): set" \
			"git config --global user.name and user.email (or GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL)" >&2
		return 2; }
	au=$(checked_ident "$au" "git var GIT_AUTHOR_IDENT") || return 2
	au=$(printf '%s\n' "$au" | sed -n 's/^\(.* <[^>]*>\) [0-9][0-9]* [-+][0-9]*$/\1/p')
	[ -n "$au" ] || { echo "$prog: --split: git var GIT_AUTHOR_IDENT: not NAME <EMAIL> TIME ZONE" >&2; return 2; }
	printf '%s\n' "$au"
}
# checked_ident IDENT WHERE: IDENT, unless a control character in it (a
# newline would start a header of its own in every patch: Bcc:) refuses it
checked_ident() {
	case $1 in
	*[[:cntrl:]]*)
		echo "$prog: $2: holds a control character (a newline, a CR): not a name and address for a mail header" >&2
		return 2 ;;
	esac
	printf '%s\n' "$1"
}

SIGNOFF=0 CHECKPATCH=
while [ $# -gt 0 ]; do
	case $1 in
	--ident) [ $# -eq 2 ] || usage; ident "$2"; exit ;;
	--author) [ $# -eq 2 ] || usage; author "$2"; exit ;;
	--signoff) SIGNOFF=1; shift ;;
	--checkpatch=?*) CHECKPATCH=${1#*=}; shift ;;
	-*) usage ;;
	*) break ;;
	esac
done
[ $# -eq 2 ] || usage
OUTDIR=$1 SRCTREE=$2
for f in annotate.patch forms.tsv tag; do
	[ -f "$OUTDIR/$f" ] || { echo "$prog: $OUTDIR/$f: missing" >&2; exit 2; }
done
[ -d "$SRCTREE" ] || { echo "$prog: $SRCTREE: not a directory" >&2; exit 2; }
here=$(dirname "$0")
VERSION=${CROSSYM_VERSION:-$(cat "$here/VERSION" 2>/dev/null || cat "$here/../VERSION" 2>/dev/null || echo unknown)}
TAG=$(sed -n 1p "$OUTDIR/tag")
if [ -n "$CHECKPATCH" ] && [ -z "${CROSSYM:-}" ]; then
	CROSSYM=$here/../crossym                        # scripts/ in the sources
	[ -f "$CROSSYM" ] && [ -x "$CROSSYM" ] ||
		CROSSYM=$here/../../bin/crossym         # PREFIX/libexec/crossym
	[ -f "$CROSSYM" ] && [ -x "$CROSSYM" ] || CROSSYM=$(command -v crossym) ||
		{ echo "$prog: crossym not found (set CROSSYM)" >&2; exit 2; }
fi
SOB=
if [ "$SIGNOFF" -eq 1 ]; then
	SOB=$(ident "$SRCTREE") || exit 2
	AUTHOR=$SOB          # From: and Signed-off-by: the same person
else
	AUTHOR=$(author "$SRCTREE") || exit 2
fi
DATE=$(LC_ALL=C date '+%a, %e %b %Y %H:%M:%S %z' | sed 's/  */ /g')
MAINT=/dev/null
[ -f "$SRCTREE/MAINTAINERS" ] && MAINT=$SRCTREE/MAINTAINERS
SERIES=$OUTDIR/series
mkdir -p "$SERIES" || exit 2
rm -f "$SERIES"/*.patch "$SERIES"/0000-cover-letter.txt

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

# file -> group and recipients: "file<TAB>entry<TAB>dir<TAB>people<TAB>lists"
# (entry - when none; people and lists joined by \034: the M: and R: then the
# L: of every entry whose F: matches the file, the deepest pattern first, as
# get_maintainer.pl orders them; a catch-all entry gives its lists only).
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
	sub(/\r$/, "")         # (a CRLF file)
	if ($0 ~ /^[A-Z]:[ \t]/) {
		if (!inentry && title == "")
			next
		if (!inentry) { ename[++nent] = title; inentry = 1 }
		k = substr($0, 1, 1)
		v = substr($0, 3); sub(/^[ \t]+/, "", v); sub(/[ \t]+$/, "", v)
		# (a control character left, a CR inside the line among them, would
		# reach a mail header raw: such an address is no address)
		if ((k == "M" || k == "R" || k == "L") && v ~ /[\001-\037\177]/)
			next
		if (v != "" && (k == "F" || k == "X"))
			add(k, v)
		if (v != "" && (k == "M" || k == "R") && v ~ /@/) {
			sub(/>[ \t]+\(.*$/, ">", v)   # a comment: (LOCKDEP)
			people[nent] = people[nent] "\034" v
		}
		if (v != "" && k == "L" && v !~ /subscribers-only/) {
			sub(/[ \t].*/, "", v)
			lists[nent] = lists[nent] "\034" v
		}
		next
	}
	inentry = 0
	title = $0; sub(/^[ \t]+/, "", title); sub(/[ \t]+$/, "", title)
	gsub(/[\001-\037\177]/, " ", title)    # (it goes into a Subject: header)
	next
}
{
	f = $0; best = 0; split("", excluded); split("", score); ne = 0
	cand = bucket[first(f)] " " bucket["*"]
	n = split(cand, c, " ")
	for (k = 1; k <= n; k++)
		if (pkind[c[k]] == "X" && matches(f, c[k]))
			excluded[pent[c[k]]] = 1
	for (k = 1; k <= n; k++) {
		i = c[k]
		if (pkind[i] != "F" || (pent[i] in excluded) || !matches(f, i))
			continue
		# a catch-all (THE REST: F: *, F: */) is no subsystem
		catchall = ppat[i] !~ /[^*?\/]/
		e = pent[i]
		s = catchall ? -1 : depth(ppat[i])
		if (!(e in score)) { el[++ne] = e; score[e] = s; call[e] = catchall }
		else if (s > score[e]) { score[e] = s; call[e] = catchall }
		if (catchall)
			continue
		if (!best || depth(ppat[i]) > depth(ppat[best]) ||
		    (depth(ppat[i]) == depth(ppat[best]) && length(ppat[i]) > length(ppat[best])) ||
		    (ppat[i] == ppat[best] && pent[i] < pent[best]))
			best = i
	}
	# the matching entries, deepest first (then in MAINTAINERS order)
	for (i = 2; i <= ne; i++)
		for (j = i; j > 1 && (score[el[j]] > score[el[j - 1]] ||
		     (score[el[j]] == score[el[j - 1]] && el[j] < el[j - 1])); j--) {
			t = el[j]; el[j] = el[j - 1]; el[j - 1] = t
		}
	pp = ll = ""
	for (i = 1; i <= ne; i++) {
		if (!call[el[i]]) pp = pp people[el[i]]
		ll = ll lists[el[i]]
	}
	d = f
	if (index(d, "/")) d = first(d)
	else sub(/\.[^.]*$/, "", d)
	print f "\t" (best ? ename[pent[best]] : "-") "\t" d "\t" substr(pp, 2) "\t" substr(ll, 2)
}'

# The series: reads the groups, forms.tsv and the patch; writes the files and
# prints their names (the cover letter first).
SERIES_AWK='
BEGIN {
	for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i
	hibyte = "[" sprintf("%c", 128) "-" sprintf("%c", 255) "]"
	gn = split("core common lib host src util utils generic shared", w, " ")
	for (i = 1; i <= gn; i++) generic[w[i]] = 1
}
# the directory path a and b (file paths) share, "" when none
function common(a, b,    n, m, i, x, y, out) {
	n = split(a, x, "/"); m = split(b, y, "/")
	out = ""
	for (i = 1; i < n && i < m && x[i] == y[i]; i++)
		out = out (i > 1 ? "/" : "") x[i]
	return out
}
# fill(TEXT, INDENT[, FIRST]): TEXT as lines of at most 72 columns, the
# first indented by FIRST spaces, the later ones by INDENT (a word longer
# than a line stays whole)
function fill(s, ind, first,    n, w, i, line, out, empty) {
	n = split(s, w, " ")
	line = sprintf("%" (first + 0) "s", ""); out = ""; empty = 1
	for (i = 1; i <= n; i++) {
		if (!empty && length(line) + 1 + length(w[i]) > 72) {
			out = out line "\n"; line = sprintf("%" ind "s", ""); empty = 1
		}
		line = line (empty ? "" : " ") w[i]; empty = 0
	}
	return out line "\n"
}
function wrap(head, list) { return fill(head " " list, 4) }
# the file name part of subject S, as git format-patch makes it: runs of
# other characters than letters, digits, . and _ one -, no leading or
# trailing - or ., then cut at 52 characters (which may leave a -)
function slug(s,    t) {
	t = s
	gsub(/[^A-Za-z0-9._]+/, "-", t); gsub(/\.\.+/, ".", t)
	sub(/^[-.]+/, "", t); sub(/[-.]+$/, "", t)
	return substr(t, 1, 52)
}
# the address as a mail header carries it: a name with non-ASCII bytes
# RFC 2047 encoded, one with RFC 822 specials quoted (as git format-patch)
function hdraddr(a,    name, rest, i, c, out) {
	if (!match(a, / <[^>]*>$/)) return a
	name = substr(a, 1, RSTART - 1); rest = substr(a, RSTART)
	if (name ~ hibyte) {
		out = ""
		for (i = 1; i <= length(name); i++) {
			c = substr(name, i, 1)
			out = out (c ~ /[A-Za-z0-9!*+\/-]/ ? c : sprintf("=%02X", ord[c]))
		}
		return "=?UTF-8?q?" out "?=" rest
	}
	if (name ~ /[][()<>@,;:\\".]/ && name !~ /^".*"$/) {
		gsub(/[\\"]/, "\\\\&", name)
		name = "\"" name "\""
	}
	return name rest
}
# the mail address of a recipient, for telling duplicates apart
function mailkey(a) {
	if (match(a, /<[^>]*>/)) a = substr(a, RSTART + 1, RLENGTH - 2)
	return tolower(a)
}
# addcc(K, LIST, WHICH): the addresses of LIST (\034-joined) not yet in group
# K (0: the cover letter), appended to its recipients of kind WHICH
function addcc(k, list, which,    n, a, i) {
	n = split(list, a, "\034")
	for (i = 1; i <= n; i++) {
		if ((k, mailkey(a[i])) in ccseen) continue
		ccseen[k, mailkey(a[i])] = 1
		cc[k, which] = cc[k, which] "\034" a[i]
	}
}
# the Cc: header of group K, folded as git format-patch folds it
function cchead(k,    n, a, i, s, all) {
	all = substr(cc[k, "p"] cc[k, "l"], 2)
	if (all == "") return ""
	n = split(all, a, "\034")
	s = "Cc: "
	for (i = 1; i <= n; i++) s = s (i > 1 ? ",\n    " : "") a[i]
	return s "\n"
}
# the MIME headers git format-patch adds when the message TEXT (not the
# diff) has non-ASCII bytes: UTF-8, 8bit
function mime(text) {
	if (text !~ hibyte) return ""
	return "MIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n" \
	       "Content-Transfer-Encoding: 8bit\n"
}
# the Subject: header, folded at 78 columns as git format-patch does
function subjhead(s,    n, w, i, line, out) {
	n = split(s, w, " ")
	line = "Subject:"; out = ""
	for (i = 1; i <= n; i++) {
		if (i > 1 && length(line) + 1 + length(w[i]) > 78) { out = out line "\n"; line = "" }
		line = line " " w[i]
	}
	return out line "\n"
}
# The subject prefix of directory D, by the kernel custom: arch/ARCH/.../LEAF
# gives ARCH/LEAF (ARCH alone when the rest is only kernel/), sound/soc/X
# "ASoC: X", sound/X "ALSA: X", drivers/gpu/drm/.../X "drm/X", include/...
# itself, a directory of one component itself, else its last component, or
# "PARENT: LAST" when LAST is a generic name (core, common, lib, host, ...).
function leafpre(d,    n, c, i, base, st) {
	n = split(d, c, "/")
	if (c[1] == "arch" && n >= 2) {
		for (i = n; i > 2; i--)
			if (c[i] != "kernel") return c[2] "/" c[i]
		return c[2]
	}
	if (c[1] == "sound") {
		base = (n >= 2 && c[2] == "soc") ? "ASoC" : "ALSA"
		st = base == "ASoC" ? 3 : 2
		return n >= st ? base ": " c[n] : base
	}
	if (n >= 3 && c[1] == "drivers" && c[2] == "gpu" && c[3] == "drm")
		return n == 3 ? "drm" : "drm/" c[n]
	if (c[1] == "include" || n == 1) return d
	if (c[n] in generic) return c[n - 1] ": " c[n]
	return c[n]
}
# the prefix of a group in directory D named by STEM (a file name without
# its suffix, or the start its files names share): PREFIX-OF-D/STEM, STEM
# alone under kernel/ and at the top
function stemmed(d, stem) {
	if (d == "" || d == "kernel") return stem
	return leafpre(d) "/" stem
}
# the start the names (without suffix) of group K s files share, without a
# trailing - _ or ., when at least 3 characters; else its first file s name
function stem(k,    n, b, i, c) {
	n = split(substr(gbases[k], 2), b, "\034")
	c = b[1]
	for (i = 2; i <= n; i++)
		while (c != "" && index(b[i], c) != 1) c = substr(c, 1, length(c) - 1)
	sub(/[-_.]+$/, "", c)
	return length(c) >= 3 ? c : b[1]
}
# a group: a MAINTAINERS entry, or (no entry) a top-level directory
FILENAME == ARGV[1] {
	split($0, g, "\t")
	key = g[2] == "-" ? "\t" g[3] : g[2]
	if (!(key in gid)) { gid[key] = ++ng; gent[ng] = g[2]; gtops[ng] = "" }
	k = gid[key]; fgroup[g[1]] = k; gfiles[k]++
	if (!(k in gone)) gone[k] = g[1]
	b = g[1]; sub(/.*\//, "", b); sub(/\.[^.]*$/, "", b)
	gbases[k] = gbases[k] "\034" b
	# per top-level directory: the files and their common directory
	if (!((k, g[3]) in tn)) { gtops[k] = gtops[k] " " g[3]; tdir[k, g[3]] = g[1] "/x" }
	tn[k, g[3]]++
	tdir[k, g[3]] = common(tdir[k, g[3]] "/x", g[1])
	addcc(k, g[4], "p"); addcc(k, g[5], "l")
	addcc(0, g[4], "p"); addcc(0, g[5], "l")
	d = g[1]; sub(/\/[^\/]*$/, "", d)
	if (!(d in dirseen)) { dirseen[d] = 1; ndirs++ }
	next
}
FILENAME == ARGV[2] {
	split($0, r, "\t")
	if (!(r[1] in fgroup)) next
	k = fgroup[r[1]]
	total[r[3]]++
	if (r[3] == "redeclared") {
		if (lastre[k] != r[1])
			forms[k, r[3]] = forms[k, r[3]] "  " r[1] ":\n"
		lastre[k] = r[1]
		forms[k, r[3]] = forms[k, r[3]] fill(r[2] ": " r[4], 6, 4)
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
	# A group s directory: its files common directory (those of the
	# top-level directory holding most of them, when they span several;
	# "" for files at the top); its prefix, by the rule of leafpre().
	for (k = 1; k <= ng; k++) {
		nt = split(substr(gtops[k], 2), tt, " ")
		bt = tt[1]
		for (i = 2; i <= nt; i++)
			if (tn[k, tt[i]] > tn[k, bt] || (tn[k, tt[i]] == tn[k, bt] && tt[i] < bt)) bt = tt[i]
		gdir[k] = tdir[k, bt]
		gstem[k] = ""
		if (gdir[k] == "") gstem[k] = stem(k)
		pre[k] = gdir[k] == "" ? gstem[k] : leafpre(gdir[k])
		npre[pre[k]]++
	}
	# Groups with one prefix: the one with the most files keeps it (the
	# first in the patch on a tie); the others are named by their files,
	# PREFIX-OF-DIR/STEM (lib/string, x86/ptrace, time/tick).
	for (k = 1; k <= ng; k++)
		if (npre[pre[k]] > 1 && (!(pre[k] in keeper) || gfiles[k] > gfiles[keeper[pre[k]]]))
			keeper[pre[k]] = k
	for (k = 1; k <= ng; k++)
		if (npre[pre[k]] > 1 && keeper[pre[k]] != k) {
			gstem[k] = stem(k)
			pre[k] = stemmed(gdir[k], gstem[k])
		}
	# Still one prefix: each is named by its path.
	split("", npre)
	for (k = 1; k <= ng; k++) npre[pre[k]]++
	for (k = 1; k <= ng; k++) {
		if (npre[pre[k]] > 1) pre[k] = gdir[k] (gdir[k] != "" && gstem[k] != "" ? "/" : "") gstem[k]
		sortkey[k] = gdir[k] "\t" gstem[k] "\t" gent[k]
	}
	for (i = 1; i <= ng; i++) rank[i] = i
	for (i = 2; i <= ng; i++)
		for (j = i; j > 1 && sortkey[rank[j]] < sortkey[rank[j - 1]]; j--) {
			t = rank[j]; rank[j] = rank[j - 1]; rank[j - 1] = t
		}
	name = author; sub(/ <[^>]*>$/, "", name)
	from = "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n" \
	       "From: " hdraddr(author) "\nDate: " date "\n"
	for (p = 1; p <= ng; p++)
		subj[p] = pre[rank[p]] (mode == "static" ? ": make file-local definitions static" : \
					": tag cross-directory symbols for whole-program builds")
	if (ng > 1) {
		file = series "/0000-cover-letter.txt"
		print file
		msg = cover() "\n" name " (" ng "):\n"
		for (p = 1; p <= ng; p++)
			msg = msg fill(subj[p], 4, 2)
		printf "%s", from > file
		printf "%s", subjhead("[PATCH 0/" ng "] " (mode == "static" ? \
				      "Make file-local definitions static" : \
				      "Tag cross-directory symbols with " tag " for whole-program builds")) > file
		printf "%s%s\n%s", mime(msg), cchead(0), msg > file
		printf "\n%s\n%s-- \ncrossym %s\n\n", stat(0), basecommit(), version > file
		close(file)
	}
	for (p = 1; p <= ng; p++) {
		k = rank[p]
		file = sprintf("%s/%04d-%s.patch", series, p, slug(subj[p]))
		print file
		msg = body(k) (sob != "" ? "\nSigned-off-by: " sob "\n" : "")
		printf "%s", from > file
		# n/N with n as wide as N, as git numbers them: [PATCH 03/17]
		printf "%s", subjhead("[PATCH" (ng > 1 ? sprintf(" %0" length(ng "") "d/%d", p, ng) : "") \
				      "] " subj[p]) > file
		printf "%s%s\n%s", mime(subj[p] msg), cchead(k), msg > file
		printf "---\n" > file
		if (gent[k] != "-")
			printf "MAINTAINERS: %s\n", gent[k] > file
		if (ng > 1)
			printf "%s", fill("Patch " p " of " ng " (see the cover letter); each patch applies alone.", 0) > file
		if (gent[k] != "-" || ng > 1)
			printf "\n" > file
		printf "%s\n", stat(k) > file
		for (i = 1; i <= nf; i++)
			if (fgroup[order[i]] == k)
				printf "%s", text[order[i]] > file
		printf "%s-- \ncrossym %s\n\n", (ng == 1 ? basecommit() : ""), version > file
		close(file)
	}
}
# git format-patch --base: the commit the series applies to, in the cover
# letter (or the one patch), after the diffstat (after the diff)
function basecommit() {
	return base != "" ? "\nbase-commit: " base "\n" : ""
}
function how() {
	return "  gcc $CFLAGS -flto -c x.c\n" \
	    "  gcc $CFLAGS -flto -flto-partition=one -fno-use-linker-plugin \\\n" \
	    "      -fwhole-program -r -nostdlib *.o -o unit.o\n\n" \
	    fill("crossym " version " computed the list from the symbol tables of " \
	    "the built objects: a global definition needs the tag when an object " \
	    "of another unit refers to it, or when a definition of the same name " \
	    "in another unit is weak or overrides a weak one; exported symbols " \
	    "and assembly need none. Coccinelle (spatch) put the tag on each " \
	    "definition; where it could not (a name pasted by a macro, a file " \
	    "spatch cannot parse) a tagged re-declaration follows the definition " \
	    "(for a variable without extern: GCC ignores `used` on an extern one):", 0) \
	    "\n  extern __typeof__(func) func " tag ";\n  __typeof__(var) var " tag ";\n\n" \
	    fill("Every changed line was checked to be the original line with the " \
	    "tag inserted or removed.", 0)
}
function plural(n, what) {
	n += 0
	if (n != 1 && what ~ /y$/) return n " " substr(what, 1, length(what) - 1) "ies"
	return n " " what (n == 1 ? "" : "s")
}
# cocci --static: what each patch and the series says
function static_why() {
	return fill("crossym " version " found them in the symbol tables of every " \
	    "configuration built: each is used only inside its own object in all of " \
	    "them, and no other file of the source tree names it (but for the header " \
	    "declarations deleted), no use in its file is inside an #if the definition " \
	    "is not in, and nothing ties it to its name (asm, used, section, weak, " \
	    "__visible, asmlinkage, inline). Every changed line was checked to be " \
	    "the original with `static ` inserted, or a deleted declaration.", 0)
}
function static_cover() {
	return fill("This series makes static " plural(total["static"], "global definition") \
	    " that only " (total["static"] == 1 ? "its" : "their") " own file uses, and " \
	    "deletes " plural(total["undeclared"], "header declaration") " no longer " \
	    "needed, in " plural(nf, "file") ". The compiler can then inline, shrink or " \
	    "drop them, and the sparse warnings \"Should it be static?\" on them go.", 0) \
	    "\n" static_why()
}
function static_body(k,    s) {
	s = fill("Make static the definitions only their own file uses, in every " \
	    "configuration built, and delete the header declarations they no longer " \
	    "need.", 0) "\n" static_why() "\n"
	if (nforms[k, "static"])
		s = s wrap("Made static (" nforms[k, "static"] "):", forms[k, "static"])
	if (nforms[k, "undeclared"])
		s = s wrap("Header declaration deleted (" nforms[k, "undeclared"] "):",
			   forms[k, "undeclared"])
	return s
}
function cover(    s) {
	if (mode == "static")
		return static_cover()
	s = fill("This series tags with " tag " the global definitions that the " \
	    "build references from outside their unit (a directory, or a " \
	    "multi-object module), so that each unit can be compiled as one GCC " \
	    "-fwhole-program unit and still link:", 0) "\n" how() "\n"
	s = s fill("Totals: " plural(total["inplace"] + total["macro"], "tag") " added" \
	    (total["macro"] ? " (" total["macro"] " of them on the #define of a macro" \
	     " that pastes the names)" : "") ", " \
	    plural(total["redeclared"], "re-declaration") ", " \
	    plural(total["removed"], "stale tag") " removed, in " \
	    plural(nf, "file") " of " plural(ndirs, "directory") ". " \
	    "One patch per " (maint ? "MAINTAINERS entry (a file no entry covers: " \
	    "per top-level directory)" : "top-level directory") "; each patch " \
	    "applies alone.", 0)
	return s
}
function body(k,    s, d, nt, tt, i) {
	if (mode == "static")
		return static_body(k)
	# where the definitions are: the file, or the directories (per
	# top-level directory, the one its files share)
	if (gfiles[k] == 1) d = gone[k]
	else {
		nt = split(substr(gtops[k], 2), tt, " ")
		d = ""
		for (i = 1; i <= nt; i++)
			d = d (i == 1 ? "" : i == nt ? " and " : ", ") \
			    (tdir[k, tt[i]] == "" ? "the top directory" : tdir[k, tt[i]] "/")
	}
	s = fill("Tag with " tag " the definitions in " d " that the build " \
	    "references from outside their unit (a directory, or a multi-object " \
	    "module), so that each unit can be compiled as one GCC -fwhole-program " \
	    "unit and still link:", 0) "\n" how() "\n"
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
function scale(it, width, max) { return it ? 1 + int(it * (width - 1) / max) : 0 }
# the diffstat of group K (0: all), laid out as git format-patch does (72
# columns: long names cut to .../TAIL, the graph scaled)
function stat(k,    i, f, s, nfile, na, nd, maxlen, maxch, nw, gw, nmw, nm, a, d, tot, ch, j) {
	maxlen = maxch = 0
	for (i = 1; i <= nf; i++) {
		f = order[i]
		if (k && fgroup[f] != k) continue
		if (length(f) > maxlen) maxlen = length(f)
		if (add[f] + del[f] > maxch) maxch = add[f] + del[f]
	}
	nw = length(maxch "")
	gw = maxch; nmw = maxlen
	if (nmw + nw + 6 + gw > 72) {
		if (gw > int(72 * 3 / 8) - nw - 6) {
			gw = int(72 * 3 / 8) - nw - 6
			if (gw < 6) gw = 6
		}
		if (nmw > 72 - nw - 6 - gw) nmw = 72 - nw - 6 - gw
		else gw = 72 - nw - 6 - nmw
	}
	s = ""; nfile = na = nd = 0
	for (i = 1; i <= nf; i++) {
		f = order[i]
		if (k && fgroup[f] != k) continue
		nfile++; na += add[f]; nd += del[f]
		nm = f
		if (length(nm) > nmw) {
			nm = substr(nm, length(nm) - (nmw - 3) + 1)
			if ((j = index(nm, "/"))) nm = substr(nm, j)
			nm = "..." nm
		}
		a = add[f]; d = del[f]
		if (gw <= maxch) {
			tot = scale(a + d, gw, maxch)
			if (tot < 2 && a && d) tot = 2
			if (a < d) { a = scale(a, gw, maxch); d = tot - a }
			else { d = scale(d, gw, maxch); a = tot - d }
		}
		ch = ""
		for (j = 0; j < a; j++) ch = ch "+"
		for (j = 0; j < d; j++) ch = ch "-"
		s = s sprintf(" %-" nmw "s | %" nw "d%s%s\n", nm, add[f] + del[f], ch == "" ? "" : " ", ch)
	}
	s = s sprintf(" %d file%s changed", nfile, nfile == 1 ? "" : "s")
	if (na || !nd) s = s sprintf(", %d insertion%s(+)", na, na == 1 ? "" : "s")
	if (nd || !na) s = s sprintf(", %d deletion%s(-)", nd, nd == 1 ? "" : "s")
	return s "\n"
}'

# checkpatch PATCH [OPTION]: checkpatch.pl's terse lines on PATCH; status 2
# when it did not run (its own status is 1 on any error it finds)
checkpatch() {
	cp_patch=$1; shift
	perl "$CHECKPATCH" --no-tree --no-signoff --no-summary --terse "$@" "$cp_patch" 2>&1
	[ $? -le 1 ] || { echo "$prog: $CHECKPATCH: did not run on $cp_patch" >&2; return 2; }
}

# --checkpatch: PATCH becomes the patch with the tag on a line of its own
# where the tagged line already broke checkpatch.pl (an ERROR on a line that
# is the original line with the tag inserted as the tag-first style or a
# declaration's start has it: "-ORIG", "+TAGGED" becomes "+TAG", " ORIG", the
# original line kept as context, so the patch adds no line checkpatch
# rejects; crossym ownline knows where a tag goes, src/patch/tagtext.c); says
# how many, and names each error that remains (FILE:LINE, as checkpatch's
# --showfile gives it).
own_line_tags() {
	checkpatch "$PATCH" >"$WORK/cp1" || return 2
	sed -n 's/^.*:\([0-9][0-9]*\): ERROR:.*/\1/p' "$WORK/cp1" >"$WORK/errlines"
	"$CROSSYM" ownline "$TAG" "$WORK/errlines" "$PATCH" "$WORK/nown" >"$WORK/patch" || return 2
	PATCH=$WORK/patch
	checkpatch "$PATCH" --showfile >"$WORK/cp2" || return 2
	grep ': ERROR:' "$WORK/cp2" | sed "s|^|$prog: checkpatch: |" >&2
	echo "$prog: checkpatch.pl: $(cat "$WORK/nown") tagged lines already broke it: the tag" \
		"stands on a line of its own there; $(grep -c ': ERROR:' "$WORK/cp2") errors remain" >&2
}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/crossym-series.XXXXXX") || exit 2
trap 'rm -rf "$WORK"' EXIT
trap 'exit 2' HUP INT TERM
PATCH=$OUTDIR/annotate.patch
awk "$FILES_AWK" "$PATCH" >"$WORK/files" || exit 2
if [ ! -s "$WORK/files" ]; then
	echo "$prog: the patch is empty: no series" >&2
	exit 0
fi
[ -z "$CHECKPATCH" ] || own_line_tags || exit 2
awk "$GROUP_AWK" "$MAINT" "$WORK/files" >"$WORK/groups" || exit 2
# cocci --static: a header whose declarations go joins the patch of the
# definition made static (the first one's), so that each patch compiles alone.
if [ "$(sed -n 1p "$OUTDIR/mode" 2>/dev/null)" = static ]; then
	awk -F '\t' -v OFS='\t' 'FNR == 1 { pass++ }
		pass == 1 { if ($3 == "static") def[$2] = $1
			else if (!($1 in hdr)) hdr[$1] = $2
			next }
		pass == 2 { grp[$1] = $0; next }
		{ f = $1
		  if ((f in hdr) && (hdr[f] in def) && (def[hdr[f]] in grp)) {
			$0 = grp[def[hdr[f]]]; $1 = f }
		  print }' "$OUTDIR/forms.tsv" "$WORK/groups" "$WORK/groups" >"$WORK/groups.static" &&
		mv "$WORK/groups.static" "$WORK/groups" || exit 2
fi
# base-commit: SRCTREE's HEAD, when SRCTREE is a git checkout whose files the
# patch changes are HEAD's (else the series says no base)
BASE=
if command -v git >/dev/null 2>&1 && BASE=$(cd "$SRCTREE" && git rev-parse --verify -q HEAD 2>/dev/null); then
	sed 's|^|./|' "$WORK/files" | tr '\n' '\0' >"$WORK/files.paths"
	(cd "$SRCTREE" && xargs -0 git diff --quiet HEAD -- <"$WORK/files.paths") 2>/dev/null || {
		echo "$prog: note: no base-commit: the files of the patch in $SRCTREE differ from its HEAD" >&2
		BASE=; }
fi
LC_ALL=C awk -v series="$SERIES" -v author="$AUTHOR" -v sob="$SOB" -v date="$DATE" -v base="$BASE" \
	-v tag="$TAG" -v version="$VERSION" -v maint="$([ "$MAINT" = /dev/null ] || echo 1)" \
	-v mode="$(sed -n 1p "$OUTDIR/mode" 2>/dev/null)" \
	"$SERIES_AWK" "$WORK/groups" "$OUTDIR/forms.tsv" "$PATCH" >"$WORK/written" || exit 2
np=$(grep -c '\.patch$' "$WORK/written")
cover=
[ "$np" -gt 1 ] && cover=" and a cover letter"
echo "$prog: $np patches$cover in $SERIES/ ($(wc -l <"$WORK/files") files;" \
	"$( [ "$MAINT" = /dev/null ] && echo "per top-level directory" || echo "per MAINTAINERS entry"))" >&2
echo "$prog: apply: git am $SERIES/*.patch; send: git send-email $SERIES/" >&2
