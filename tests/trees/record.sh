# SPDX-License-Identifier: GPL-2.0-only
# tests/trees/record.sh, sourced by the test trees' build.sh: kbuild's record
# of a command. record OBJ CMD [SOURCE] runs CMD in the current (build)
# directory and writes OBJ's .cmd file beside it: `cmd_OBJ := CMD` and, when
# given, `source_OBJ := SOURCE`.
record() {
	obj=$1 cmd=$2
	sh -c "$cmd"
	{ printf 'cmd_%s := %s\n\n' "$obj" "$cmd"
	  [ $# -lt 3 ] || printf 'source_%s := %s\n\n' "$obj" "$3"; } \
		>"$(dirname "$obj")/.$(basename "$obj").cmd"
}
# begin_build OUT SRC DIR...: make the build directory OUT and DIR... below
# it, link OUT/source to the tree SRC and cd to OUT; out and src are set to
# their absolute paths.
begin_build() {
	out=$1
	src=$(cd "$2" && pwd)
	shift 2
	for d in "$@"; do mkdir -p "$out/$d"; done
	out=$(cd "$out" && pwd)
	ln -sfn "$src" "$out/source"
	cd "$out"
}
# record_thin DIR:OBJ,OBJ... ...: kbuild's thin archives, DIR/built-in.a of
# each DIR's objects (named from OUT), then the top built-in.a of them all.
record_thin() {
	all=
	for spec in "$@"; do
		dir=${spec%%:*} objs=$(echo "${spec#*:}" | tr ',' ' ')
		record "$dir/built-in.a" "rm -f $dir/built-in.a; ar cDPrST $dir/built-in.a $objs"
		all="$all $objs"
	done
	record built-in.a "rm -f built-in.a; ar cDPrST built-in.a$all"
}

# wrap SRC: a wrapper that includes $src/SRC and re-declares the tag rows of
# $tags (a report TSV) defined in SRC (the whole-program builds of image,
# ppc64)
wrap() {
	w=$(dirname "$1")/.wrap-$(basename "$1")
	{ printf '#include "%s/%s"\n' "$src" "$1"
	  awk -F '\t' -v s="$1" 'NR > 1 && $4 == s && $5 == "tag" {
		printf "extern __typeof__(%s) %s __attribute__((externally_visible));\n", $1, $1 }' "$tags"
	} >"$w"
	echo "$w"
}
