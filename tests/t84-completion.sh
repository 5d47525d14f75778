#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t84-completion: `make install` puts the bash completion in
# share/bash-completion/completions/crossym; sourced into bash, with the
# installed crossym on PATH, it completes the commands (from `crossym --help`),
# each command's options (from `crossym COMMAND --help`), --format=VALUE, an
# option's DIR or FILE argument, annotate's M=DIR knob and the operands
# (directories; files for diff); a crossym whose --help names a new option
# gets it completed (nothing is listed in the completion file);
# `make uninstall` removes it.
. "$(dirname "$0")/lib.sh"
command -v bash >/dev/null 2>&1 || skip_all "no bash"
DEST=$TMP/dest
PREFIX=/usr/local
COMP=$DEST$PREFIX/share/bash-completion/completions/crossym

# -o: the binary under test as it is (make check built it with other flags:
# a rebuild would rewrite it under the feet of the tests running beside).
make -s -C "$TOP" install DESTDIR="$DEST" BIN="$CROSSYM" -o "$CROSSYM" >"$TMP/install.log" 2>&1
ok $? "make install DESTDIR=... succeeds"
sed 's/^/# /' "$TMP/install.log" | head -n 20
cmp -s "$TOP/scripts/crossym-completion.bash" "$COMP"
ok $? "the completion is installed as share/bash-completion/completions/crossym"

# A directory to complete in: two directories and two files.
mkdir -p "$TMP/w/build-a" "$TMP/w/build-b"
: >"$TMP/w/bfile.tsv"
: >"$TMP/w/report.tsv"

# comp WORD...: complete the last WORD (bash splits OPTION=VALUE into
# OPTION = VALUE, as COMP_WORDBREAKS makes it); COMPREPLY sorted to $TMP/got.
comp() {
	(cd "$TMP/w" && PATH="$DEST$PREFIX/bin:$PATH" bash -c '
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		_crossym
		printf "%s\n" "${COMPREPLY[@]}"' _ "$COMP" "$@") | sed '/^$/d' | sort >"$TMP/got"
}
# want LINE...: the expected COMPREPLY, one per line, sorted.
want() {
	printf '%s\n' "$@" | sed '/^$/d' | sort >"$TMP/want"
}

comp crossym rep
want report
expect_eq "$TMP/want" "$TMP/got" "crossym rep<TAB>: report"
comp crossym ''
missing=0
for c in report cocci check diff units objects annotate; do
	grep -qx "$c" "$TMP/got" || { echo "# no $c"; missing=$((missing + 1)); }
done
ok $missing "crossym <TAB>: the commands of crossym --help"
comp crossym cocci --tag-e
want --tag-exports
expect_eq "$TMP/want" "$TMP/got" "crossym cocci --tag-e<TAB>: --tag-exports"
comp crossym check --ke
want --keep-stale
"$CROSSYM" check --help | grep -q '^  --keep-stale' || want ''
expect_eq "$TMP/want" "$TMP/got" "crossym check --ke<TAB>: --keep-stale exactly when check --help lists it"
comp crossym annotate --sp
want --split
expect_eq "$TMP/want" "$TMP/got" "crossym annotate --sp<TAB>: --split (annotate.sh's help, installed beside it)"
comp crossym report --format = t
want text tsv
expect_eq "$TMP/want" "$TMP/got" "crossym report --format=t<TAB>: text tsv"
comp crossym cocci --tag-position = ''
want first name
expect_eq "$TMP/want" "$TMP/got" "crossym cocci --tag-position=<TAB>: first name"
comp crossym cocci --define-tag = b
want bfile.tsv build-a build-b
expect_eq "$TMP/want" "$TMP/got" "crossym cocci --define-tag=<TAB>: files (HEADER)"
comp crossym cocci -o b
want build-a build-b
expect_eq "$TMP/want" "$TMP/got" "crossym cocci -o <TAB>: directories only"
comp crossym report --nm b
want bfile.tsv build-a build-b
expect_eq "$TMP/want" "$TMP/got" "crossym report --nm <TAB>: files"
comp crossym cocci --tag ''
want ''
expect_eq "$TMP/want" "$TMP/got" "crossym cocci --tag <TAB>: nothing (a NAME)"
comp crossym report ''
want build-a build-b
expect_eq "$TMP/want" "$TMP/got" "crossym report <TAB>: build directories"
comp crossym diff re
want report.tsv
expect_eq "$TMP/want" "$TMP/got" "crossym diff <TAB>: files"
comp crossym annotate M = b
want build-a build-b
expect_eq "$TMP/want" "$TMP/got" "crossym annotate M=<TAB>: a directory"

# The options come from the binary, not from the completion file.
mkdir "$TMP/fake"
cat >"$TMP/fake/crossym" <<'EOF'
#!/bin/sh
case "$1 $2" in
"--help "*) printf 'usage: crossym COMMAND\n\nCommands:\n  report    r\n  brandnew  b\n\nmore\n' ;;
"report --help") printf 'usage: crossym report\n\n  --brand-new-opt   x\n  --brand-dir DIR   y\n' ;;
esac
EOF
chmod +x "$TMP/fake/crossym"
comp "$TMP/fake/crossym" bra
want brandnew
expect_eq "$TMP/want" "$TMP/got" "a new command in --help is completed"
comp "$TMP/fake/crossym" report --bran
want --brand-new-opt --brand-dir
expect_eq "$TMP/want" "$TMP/got" "a new option in COMMAND --help is completed"
comp "$TMP/fake/crossym" report --brand-dir ''
want build-a build-b
expect_eq "$TMP/want" "$TMP/got" "its DIR argument: directories"

make -s -C "$TOP" uninstall DESTDIR="$DEST" >"$TMP/uninstall.log" 2>&1
ok $? "make uninstall succeeds"
[ ! -e "$COMP" ]
ok $? "make uninstall removes the completion"

done_testing
