#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t82-man: the man pages doc/crossym.1 and doc/crossym-annotate.1 lint clean
# (mandoc -T lint, groff -ww), render with man -l without a warning, carry the
# version of VERSION, and document every command and every option the
# binary's and the driver's --help list.
. "$(dirname "$0")/lib.sh"
VERSION=$(cat "$TOP/VERSION")
PAGES="$TOP/doc/crossym.1 $TOP/doc/crossym-annotate.1"

for page in $PAGES; do
	name=${page##*/}
	if command -v mandoc >/dev/null 2>&1; then
		mandoc -T lint -W warning "$page" >"$TMP/lint" 2>&1
		ok $? "$name: mandoc -T lint -W warning is clean"
		sed 's/^/# /' "$TMP/lint" | head -n 20
	fi
	groff -ww -man -z "$page" >"$TMP/lint" 2>&1
	[ ! -s "$TMP/lint" ]
	ok $? "$name: groff -ww -man -z prints no warning"
	sed 's/^/# /' "$TMP/lint" | head -n 20
	MANWIDTH=80 man -l "$page" >"$TMP/man" 2>"$TMP/man.err"
	[ $? -eq 0 ] && [ ! -s "$TMP/man.err" ] && [ "$(wc -l <"$TMP/man")" -gt 100 ]
	ok $? "$name: man -l renders it, nothing on stderr"
	sed 's/^/# /' "$TMP/man.err" | head -n 20
	sed -n 's/^\.TH [^ ]* 1 [^ ]* "crossym \([^"]*\)".*/\1/p' "$page" >"$TMP/v"
	echo "$VERSION" >"$TMP/want-v"
	expect_eq "$TMP/want-v" "$TMP/v" "$name: .TH names the version of VERSION"
done

# The options a --help text lists: the lines that start "  -", each "-x, --long ARG".
options_of() {
	sed -n '/^  -/{s/^  //; s/  .*//; p;}' "$1" | sed 's/, /\n/g' | sed 's/[= ].*//' | sort -u
}

# documented OPTION PAGE: the option appears in the page as troff writes it.
documented() { grep -q -- "$(printf '%s' "$1" | sed 's/-/\\\\-/g')" "$2"; }

bad=0
"$CROSSYM" --help >"$TMP/help"
for cmd in $(sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p' "$TMP/help"); do
	grep -q "^\.B $cmd\$" "$TOP/doc/crossym.1" || { echo "# crossym.1: no entry for $cmd"; bad=$((bad + 1)); }
	[ "$cmd" = annotate ] && continue
	"$CROSSYM" "$cmd" --help >"$TMP/chelp"
	for opt in $(options_of "$TMP/chelp"); do
		documented "$opt" "$TOP/doc/crossym.1" || { echo "# crossym.1: $cmd $opt undocumented"; bad=$((bad + 1)); }
	done
done
ok $bad "crossym.1 documents every command and every option of their --help"
# Every option a command takes is in its usage lines and in crossym.1's
# SYNOPSIS (its own entry, or scan-options for the ones it shares), in one
# of its spellings (-q or --quiet)
sed -n '/^\.SH SYNOPSIS/,/^\.SH DESCRIPTION/p' "$TOP/doc/crossym.1" >"$TMP/synopsis"
sed -n '/^\.I scan-options/,$p' "$TMP/synopsis" >"$TMP/scanopts"
in_usage() { grep -Eq -- "[[ ]$1([] =|]|\$)" "$TMP/usage"; }
in_synopsis() {
	grep -q -- "$(printf '%s' "$1" | sed 's/-/\\\\-/g')" "$TMP/syn.$cmd" ||
		{ grep -q "scan-options" "$TMP/syn.$cmd" &&
		  grep -q -- "$(printf '%s' "$1" | sed 's/-/\\\\-/g')" "$TMP/scanopts"; }
}
bad=0
for cmd in report cocci check units objects; do
	"$CROSSYM" "$cmd" --help >"$TMP/chelp"
	sed -n '1,/^$/p' "$TMP/chelp" >"$TMP/usage"
	awk -v c="$cmd" '$0 == ".B crossym " c { on = 1; next } on && /^\.br$/ { exit } on' \
		"$TMP/synopsis" >"$TMP/syn.$cmd"
	sed -n '/^  -/{s/^  //; s/  .*//; s/=[^ ,]*//g; s/ [A-Z][A-Z_]*//g; p;}' "$TMP/chelp" | sort -u >"$TMP/spellings"
	while read -r line; do
		case $line in -h*|--help) continue ;; esac
		u=1 s=1
		for opt in $(echo "$line" | tr ',' ' '); do
			in_usage "$opt" && u=0
			in_synopsis "$opt" && s=0
		done
		[ $u -eq 0 ] || { echo "# $cmd: $line not in its usage lines"; bad=$((bad + 1)); }
		[ $s -eq 0 ] || { echo "# crossym.1 SYNOPSIS: $cmd $line missing"; bad=$((bad + 1)); }
	done <"$TMP/spellings"
done
ok $bad "usage lines and crossym.1's SYNOPSIS list every option of each command"
sh "$TOP/scripts/annotate.sh" --help >"$TMP/ahelp"
bad=0
n=0
for opt in $(options_of "$TMP/ahelp"); do
	n=$((n + 1))
	documented "$opt" "$TOP/doc/crossym-annotate.1" || { echo "# crossym-annotate.1: $opt undocumented"; bad=$((bad + 1)); }
done
[ $n -ge 5 ] || { echo "# only $n options found in annotate --help"; bad=$((bad + 1)); }
for knob in $(sed -n 's/^  \([A-Z][A-Z]*=\).*/\1/p' "$TMP/ahelp"); do
	n=$((n + 1))
	grep -q "^\.BI\? $knob" "$TOP/doc/crossym-annotate.1" || { echo "# crossym-annotate.1: $knob undocumented"; bad=$((bad + 1)); }
done
ok $bad "crossym-annotate.1 documents every option and knob of annotate --help"
# The other way: every option a page defines (a .TP entry) is one its
# --help lists (crossym.1: one of the commands' --help; crossym-annotate.1:
# annotate's), so that no page keeps an option the binary dropped.
man_options() {
	awk 'prev == ".TP" && /^\.B[IR]? \\-/ { w = $2; gsub(/\\-/, "-", w); gsub(/"/, "", w)
		sub(/=.*/, "", w); print w } { prev = $0 }' "$1" | sort -u
}
: >"$TMP/allhelp"
for cmd in "" $(sed -n '/^Commands:/,/^$/s/^  \([a-z]*\) .*/\1/p' "$TMP/help"); do
	[ "$cmd" = annotate ] && continue
	"$CROSSYM" $cmd --help >>"$TMP/allhelp" 2>/dev/null
done
bad=0 n=0
for opt in $(man_options "$TOP/doc/crossym.1"); do
	n=$((n + 1))
	grep -Eq -- "(^|[^a-z-])$opt([^a-z-]|\$)" "$TMP/allhelp" || { echo "# crossym.1: $opt in no --help"; bad=$((bad + 1)); }
done
for opt in $(man_options "$TOP/doc/crossym-annotate.1"); do
	n=$((n + 1))
	grep -Eq -- "(^|[^a-z-])$opt([^a-z-]|\$)" "$TMP/ahelp" || { echo "# crossym-annotate.1: $opt not in annotate --help"; bad=$((bad + 1)); }
done
[ $n -ge 20 ] || { echo "# only $n options found in the pages"; bad=$((bad + 1)); }
ok $bad "every option the pages define is in a --help ($n)"
bad=0
for sect in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES; do
	for page in $PAGES; do
		grep -q "^\.SH \"\?$sect\"\?\$" "$page" || { echo "# ${page##*/}: no $sect"; bad=$((bad + 1)); }
	done
done
grep -q '^\.SH "\?THE DECISION RULE' "$TOP/doc/crossym.1" && grep -q '^\.SH FILES' "$TOP/doc/crossym.1"
ok $(( bad + $? )) "both pages have the usual sections; crossym.1 the decision rule and the file formats"

done_testing
