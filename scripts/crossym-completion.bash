# SPDX-License-Identifier: GPL-2.0-only
# bash completion for crossym (bash only; `make install` puts it where
# bash-completion loads it on demand: share/bash-completion/completions/crossym;
# or source it from ~/.bashrc).
#
# Nothing is listed here: the commands come from `crossym --help` (its
# "Commands:" section), each command's options from `crossym COMMAND --help`
# (the lines that start with "  -", and annotate's make-style knobs such as
# "  M=DIR"), both asked of the crossym being completed at completion time, so
# the completion follows the binary.  An option's argument is completed by the
# placeholder its help line gives: DIR, BUILD, OUTDIR, SRCTREE a directory;
# FILE, OBJ a file; anything else (NAME, N) nothing.  Operands: directories
# (build directories, annotate's OUTDIR and SRCTREE), files for `diff`,
# commands for `help`.

# _crossym_commands PROG: the command names, one a line.
_crossym_commands() {
	"$1" --help 2>/dev/null | awk '
		/^Commands:/ { on = 1; next }
		on && /^[ \t]*$/ { exit }
		on && /^  [a-z]/ { print $1 }'
}

# _crossym_options PROG COMMAND: "NAME PLACEHOLDER" a line (PLACEHOLDER empty
# for an option without an argument; NAME ends in = for KNOB=VALUE forms).
_crossym_options() {
	"$1" "$2" --help 2>/dev/null | awk '
		/^  -/ || /^  [A-Z][A-Z]*=/ {
			spec = substr($0, 3)
			i = index(spec, "  ")
			if (i) spec = substr(spec, 1, i - 1)
			n = split(spec, alt, ", ")
			for (k = 1; k <= n; k++) {
				m = split(alt[k], w, " ")
				name = w[1]; arg = (m > 1) ? w[2] : ""
				if (name ~ /^[A-Z][A-Z]*=[A-Z]+$/) {      # J=N, M=DIR
					arg = substr(name, index(name, "=") + 1)
					name = substr(name, 1, index(name, "="))
				} else if (name ~ /^--[a-z][-a-z0-9]*=[A-Z]+$/) {   # --define-tag=HEADER
					arg = substr(name, index(name, "=") + 1)
					name = substr(name, 1, index(name, "="))
				} else if (name !~ /^--?[a-z][-a-z0-9]*(=[a-z0-9]*)?$/ &&
					   name !~ /^[A-Z][A-Z]*=[0-9a-z]*$/)
					continue                        # -jN
				print name, arg
			}
		}'
}

# _crossym_arg PLACEHOLDER CUR: fill COMPREPLY with what the placeholder takes.
_crossym_arg() {
	case $1 in
	DIR | BUILD | BUILD_DIR | OUTDIR | SRCTREE)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -d -- "$2") ;;
	FILE | OBJ | @FILE | HEADER)
		compopt -o filenames 2>/dev/null
		mapfile -t COMPREPLY < <(compgen -f -- "$2") ;;
	*) COMPREPLY=() ;;
	esac
}

_crossym() {
	local cur prev prog cmd i w opts name arg opt
	COMPREPLY=()
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=
	[ "$COMP_CWORD" -gt 0 ] && prev=${COMP_WORDS[COMP_CWORD - 1]}
	prog=${COMP_WORDS[0]}
	prog=${prog/#\~/$HOME}
	command -v "$prog" >/dev/null 2>&1 || {
		compopt -o default 2>/dev/null
		return 0
	}

	# The command: the first word after the program that is not an option.
	cmd=
	for ((i = 1; i < COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		case $w in -* | = ) ;; *) cmd=$w; break ;; esac
	done

	if [ -z "$cmd" ]; then
		case $cur in
		-*) mapfile -t COMPREPLY < <(compgen -W "--help --version" -- "$cur") ;;
		*) mapfile -t COMPREPLY < <(compgen -W "$(_crossym_commands "$prog")" -- "$cur") ;;
		esac
		return 0
	fi
	if [ "$cmd" = help ]; then
		mapfile -t COMPREPLY < <(compgen -W "$(_crossym_commands "$prog")" -- "$cur")
		return 0
	fi

	opts=$(_crossym_options "$prog" "$cmd")

	# OPTION=VALUE: bash splits at = (COMP_WORDBREAKS), so the words are
	# OPTION = VALUE (cur is "=" right after the =).
	opt=
	if [ "$cur" = "=" ]; then
		opt=$prev; cur=
	elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -gt 1 ]; then
		opt=${COMP_WORDS[COMP_CWORD - 2]}
	fi
	if [ -n "$opt" ]; then
		local values=
		while read -r name arg; do
			case $name in
			"$opt=") _crossym_arg "$arg" "$cur"; return 0 ;;
			"$opt="?*) values="$values ${name#"$opt="}" ;;
			esac
		done <<<"$opts"
		mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
		return 0
	fi

	# The argument of the option before.
	case $prev in
	-*)
		while read -r name arg; do
			if [ "$name" = "$prev" ] && [ -n "$arg" ]; then
				_crossym_arg "$arg" "$cur"
				return 0
			fi
		done <<<"$opts"
		;;
	esac

	case $cur in
	-*)
		mapfile -t COMPREPLY < <(compgen -W "$(while read -r name arg; do
			case $name in -*) echo "$name" ;; esac; done <<<"$opts")" -- "$cur")
		return 0 ;;
	[A-Z]*)
		mapfile -t COMPREPLY < <(compgen -W "$(while read -r name arg; do
			case $name in [A-Z]*) echo "$name" ;; esac; done <<<"$opts")" -- "$cur")
		[ "${#COMPREPLY[@]}" -eq 1 ] && [ "${COMPREPLY[0]%=}" != "${COMPREPLY[0]}" ] &&
			compopt -o nospace 2>/dev/null
		[ "${#COMPREPLY[@]}" -gt 0 ] && return 0 ;;
	esac

	# Operands.
	case $cmd in
	diff) _crossym_arg FILE "$cur" ;;
	*) _crossym_arg DIR "$cur" ;;
	esac
	return 0
}

complete -F _crossym crossym
