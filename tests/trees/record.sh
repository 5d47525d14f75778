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
