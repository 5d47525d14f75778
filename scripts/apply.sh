# SPDX-License-Identifier: GPL-2.0-only
# apply.sh: sourced by annotate.sh after option parsing. Locks, signals, the
# spatch process group, and the all-or-nothing apply with its journal.
#
# Locks (mkdir, owner's pid and host inside):
#   OUTDIR/.annotate.lock   held by every run for its whole life (also names
#                           its temporary directory, for the next run to remove);
#   SRCTREE/.crossym-apply  held by an --apply run for its whole life; while
#                           it applies it is also the journal:
#       files     source<TAB>original cksum size<TAB>new cksum size, per file
#                 (original `missing`: a file the apply adds, .crossym)
#       orig/SRC  the original file (a hard link, else a copy)
#       new/SRC   the new text, staged on the tree's file system
#       ready     staging done: from now on files are renamed into the tree
#       done      every file renamed: the apply is complete
# A signal (HUP INT TERM) rolls the tree back and exits 128+signal. After a
# SIGKILL the next run on the tree finds the journal of a dead owner and
# rolls it back (or, after `done`, just removes it) before it does anything
# else; a file that is neither its original nor its new text stops it
# (exit 3) with the way out.
# Test hook: CROSSYM_TEST_APPLY_DELAY=N sleeps N s after staging each file
# and after renaming each one, so tests can interrupt an apply half-way.

OUTLOCK= TREELOCK= OWN_OUTLOCK=0 OWN_TREELOCK=0 APPLYING=0
GROUP_PID= WATCHDOG_PID= WORK=
HOST=$(uname -n 2>/dev/null || echo localhost)

# lock_owner DIR: "pid N on HOST" as recorded in the lock DIR.
lock_owner() {
	echo "pid $(cat "$1/pid" 2>/dev/null || echo '?') on $(cat "$1/host" 2>/dev/null || echo '?')"
}

# lock_alive DIR: status 0 when the owner of lock DIR may still run (it runs,
# or it is on another host), 1 when it is dead. A lock whose pid or host is
# still empty or unreadable a second later (a run that could not write it: a
# full disk) is dead too.
lock_alive() {
	la_pid=$(cat "$1/pid" 2>/dev/null)
	la_host=$(cat "$1/host" 2>/dev/null)
	if [ -z "$la_pid" ] || [ -z "$la_host" ]; then
		sleep 1
		la_pid=$(cat "$1/pid" 2>/dev/null)
		la_host=$(cat "$1/host" 2>/dev/null)
		[ -n "$la_pid" ] && [ -n "$la_host" ] || return 1
	fi
	case $la_pid in
	*[!0-9]*|'')
		echo "$prog: $1: its pid file holds '$la_pid', not a process number: not a" \
			"lock crossym wrote; refused (remove $1 if no annotate.sh runs there)" >&2
		exit 3 ;;
	esac
	[ "$la_host" = "$HOST" ] || return 0
	kill -0 "$la_pid" 2>/dev/null || ps -p "$la_pid" >/dev/null 2>&1
}

# lock_take DIR WHAT: create lock DIR (mkdir); refuse (exit 3) when a live
# run holds it; take a dead run's lock over, saying so. A dead run's journal
# is the caller's: status 4 then, the lock untouched.
lock_take() {
	if [ -L "$1" ]; then
		echo "$prog: $1: a symbolic link, not a lock crossym made: refused; remove it" >&2
		exit 3
	fi
	if mkdir "$1" 2>/dev/null; then
		echo $$ >"$1/pid" && echo "$HOST" >"$1/host" && return 0
		rm -rf "$1"
		echo "$prog: $1: cannot write the lock (a full disk?)" >&2
		exit 2
	fi
	[ -d "$1" ] || { echo "$prog: $1: cannot create the lock directory" >&2; exit 2; }
	if lock_alive "$1"; then
		echo "$prog: $2 is in use: $1 is held by annotate.sh $(lock_owner "$1");" \
			"wait for it to finish (or, if no annotate.sh runs there, remove $1)" >&2
		exit 3
	fi
	[ ! -f "$1/files" ] || return 4
	if [ -s "$1/pid" ] && [ -s "$1/host" ]; then
		echo "$prog: $1: stale lock of $(lock_owner "$1"), which is not running" \
			"(killed?): taken over" >&2
	else
		echo "$prog: $1: stale lock: its pid or host is empty or unreadable (a run" \
			"that could not write it: a full disk?): taken over" >&2
	fi
	lt_work=$(cat "$1/work" 2>/dev/null)
	case $lt_work in */crossym-annotate.??????) rm -rf "$lt_work" ;; esac
	rm -rf "$1" && mkdir "$1" && echo $$ >"$1/pid" && echo "$HOST" >"$1/host" ||
		{ echo "$prog: $1: cannot take the stale lock over" >&2; exit 2; }
}

# file_sum FILE: "cksum size" of FILE, or "missing".
file_sum() {
	if [ -f "$1" ]; then
		set -- $(cksum <"$1")
		echo "$1 $2"
	else
		echo missing
	fi
}

# tree_path_ok SRC: SRC names a file inside SRCTREE: a relative path without
# an empty, `.` or `..` component, whose directory (when there) and whose file
# (when a symbolic link) do not lead out of the tree. (The last directory
# found inside is remembered: a sorted list checks each directory once.)
tree_path_ok() {
	case $1 in ''|/*) return 1 ;; esac
	case /$1/ in */../*|*/./*|*//*) return 1 ;; esac
	# SRCTREE's physical path, once per run
	[ -n "${SRCTREE_REAL:-}" ] || SRCTREE_REAL=$(cd "$SRCTREE" && pwd -P) || return 1
	tp_real=$SRCTREE_REAL
	case $1 in */*) tp_dir=${1%/*} ;; *) tp_dir=. ;; esac
	if [ "$tp_dir" != "${TP_DIR_INSIDE:-}" ] && [ -d "$SRCTREE/$tp_dir" ]; then
		tp_at=$(cd "$SRCTREE/$tp_dir" && pwd -P) || return 1
		case $tp_at/ in "$tp_real"/*) ;; *) return 1 ;; esac
		TP_DIR_INSIDE=$tp_dir
	fi
	[ -L "$SRCTREE/$1" ] || return 0
	tp_to=$(readlink -f "$SRCTREE/$1" 2>/dev/null) || return 1
	case $tp_to in "$tp_real"/*) return 0 ;; esac
	return 1
}

# journal_check J: J is a journal this run may act on: a directory (not a
# symbolic link) of this user, whose files list names only files inside
# SRCTREE with well-formed checksums. Refuses (exit 3) otherwise: a journal
# shipped in a tarball or left by someone else is not crossym's to replay.
journal_check() {
	jc_why=
	if [ -L "$1" ] || [ ! -d "$1" ]; then
		jc_why="not a directory crossym made (a symbolic link?)"
	elif [ ! -O "$1" ]; then
		jc_why="not this user's"
	elif [ -f "$1/files" ]; then
		jc_n=0
		while IFS='	' read -r src orig new; do
			jc_n=$((jc_n + 1))
			tree_path_ok "$src" || { jc_why="line $jc_n: $src leaves the source tree"; break; }
			case $orig in missing|[0-9]*' '[0-9]*) ;; *) jc_why="line $jc_n: bad checksum"; break ;; esac
			case $new in [0-9]*' '[0-9]*) ;; *) jc_why="line $jc_n: bad checksum"; break ;; esac
		done <"$1/files"
	fi
	[ -z "$jc_why" ] && return 0
	echo "$prog: $1: not a journal crossym can replay ($jc_why): refused, nothing" \
		"changed; if no annotate.sh runs there, remove it" >&2
	exit 3
}

# sums ROOT LIST: "NAME<TAB>CKSUM SIZE" (file_sum's form) of each file of LIST
# (one name a line) in ROOT, from one cksum run (a file cksum cannot read, or
# missing, has no line: the callers look for each; the status is always 0).
sums() {
	[ -s "$2" ] || return 0
	(cd "$1" && tr '\n' '\0' <"$2" | xargs -0 cksum -- 2>/dev/null) |
		awk '{ name = $0; sub(/^[0-9]+ [0-9]+ /, "", name); print name "\t" $1 " " $2 }'
	return 0
}

# journal_rollback J: put the tree back as it was before the apply journaled
# in J, then remove J's journal (the lock stays). Refuses (exit 3), changing
# nothing, when a file is neither its original nor its new text.
journal_rollback() {
	journal_check "$1"
	jr_who=$(lock_owner "$1")
	if [ -f "$1/done" ] || [ ! -f "$1/ready" ]; then
		[ -f "$1/done" ] && jr_what="it had finished (every file written)" ||
			jr_what="it had not changed any file yet"
		rm -rf "$1/files" "$1/orig" "$1/new" "$1/ready" "$1/done"
		echo "$prog: $1: an apply by $jr_who was interrupted; $jr_what: journal removed" >&2
		return 0
	fi
	jr_bad=0 jr_n=0
	while IFS='	' read -r src orig new; do
		cur=$(file_sum "$SRCTREE/$src")
		if [ "$cur" = "$new" ] && { [ "$orig" = missing ] ||
			{ [ -f "$1/orig/$src" ] && [ "$(file_sum "$1/orig/$src")" = "$orig" ]; }; }; then
			jr_n=$((jr_n + 1))
		elif [ "$cur" != "$orig" ]; then
			echo "$prog: $SRCTREE/$src: changed since the interrupted apply (neither" \
				"the original nor the patched text)" >&2
			jr_bad=1
		fi
	done <"$1/files"
	if [ $jr_bad -ne 0 ]; then
		echo "$prog: $1: an apply by $jr_who was interrupted and the tree changed since;" \
			"nothing done. The originals are in $1/orig/: copy back the ones you want," \
			"then remove $1" >&2
		exit 3
	fi
	while IFS='	' read -r src orig new; do
		[ "$(file_sum "$SRCTREE/$src")" = "$new" ] || continue
		if [ "$orig" = missing ]; then         # a file the apply added
			rm -f "$SRCTREE/$src" && continue
			echo "$prog: $SRCTREE/$src: cannot remove it" >&2; exit 3
		fi
		mv -f "$1/orig/$src" "$SRCTREE/$src" ||
			{ echo "$prog: $SRCTREE/$src: cannot restore it from $1/orig/$src" >&2; exit 3; }
	done <"$1/files"
	rm -rf "$1/files" "$1/orig" "$1/new" "$1/ready"
	echo "$prog: $1: an apply by $jr_who was interrupted: rolled back, $jr_n files" \
		"restored; the tree is as it was before it" >&2
}

# tree_lock: handle a lock left in SRCTREE (refuse a live one, roll a dead
# one's journal back); with --apply take the lock.
tree_lock() {
	TREELOCK=$SRCTREE/.crossym-apply
	if [ "$APPLY" -eq 0 ]; then
		[ -d "$TREELOCK" ] || return 0
		if lock_alive "$TREELOCK"; then
			echo "$prog: $SRCTREE is being patched: $TREELOCK is held by annotate.sh" \
				"$(lock_owner "$TREELOCK"); wait for it to finish (or, if no" \
				"annotate.sh runs there, remove $TREELOCK)" >&2
			exit 3
		fi
	fi
	lock_take "$TREELOCK" "$SRCTREE"
	tl_rc=$?
	[ $tl_rc -eq 0 ] || [ $tl_rc -eq 4 ] || exit $tl_rc
	OWN_TREELOCK=1
	if [ $tl_rc -eq 4 ]; then
		journal_rollback "$TREELOCK"
		echo $$ >"$TREELOCK/pid" && echo "$HOST" >"$TREELOCK/host" || exit 2
	fi
	if [ "$APPLY" -eq 0 ]; then
		rm -rf "$TREELOCK"
		OWN_TREELOCK=0
	fi
}

# kill_group: stop the process group of run_group, if one runs.
kill_group() {
	[ -n "$GROUP_PID" ] || return 0
	kg_pg=$(cat "$WORK/group" 2>/dev/null)
	if [ -n "$kg_pg" ]; then
		kill -TERM "-$kg_pg" 2>/dev/null
	else
		kill -TERM "$GROUP_PID" 2>/dev/null
	fi
	wait "$GROUP_PID" 2>/dev/null
	GROUP_PID=
}

# run_group INPUT CMD...: run CMD (stdin INPUT) in a session of its own, so
# that a signal to annotate.sh (or its death by SIGKILL, seen by a watchdog)
# stops CMD and every process it started. Returns CMD's status.
run_group() {
	rg_in=$1
	shift
	rm -f "$WORK/group"
	if command -v setsid >/dev/null 2>&1; then
		setsid -w sh -c 'echo $$ >"$0"; exec "$@"' "$WORK/group" "$@" <"$rg_in" &
	else
		"$@" <"$rg_in" &
	fi
	GROUP_PID=$!
	rg_driver=$$
	(
		while kill -0 "$rg_driver" 2>/dev/null; do sleep 1; done
		pg=$(cat "$WORK/group" 2>/dev/null) && kill -TERM "-$pg"
	) >/dev/null 2>&1 &
	WATCHDOG_PID=$!
	wait "$GROUP_PID"
	rg_rc=$?
	GROUP_PID=
	kill "$WATCHDOG_PID" 2>/dev/null
	WATCHDOG_PID=
	return $rg_rc
}

# The traps: on exit stop the children, remove WORK and the locks we hold; on
# a signal roll back an apply under way first.
on_exit() {
	kill_group
	[ -z "$WATCHDOG_PID" ] || kill "$WATCHDOG_PID" 2>/dev/null
	[ -z "$WORK" ] || rm -rf "$WORK"
	# a journal whose rollback did not finish stays for the next run
	if [ $OWN_TREELOCK -eq 1 ] && { [ ! -f "$TREELOCK/ready" ] || [ -f "$TREELOCK/done" ]; }; then
		rm -rf "$TREELOCK"
	fi
	[ $OWN_OUTLOCK -eq 0 ] || rm -rf "$OUTLOCK"
}
on_signal() {
	trap '' HUP INT TERM
	kill_group
	if [ $APPLYING -eq 1 ]; then
		journal_rollback "$TREELOCK"
		echo "$prog: interrupted (signal $1) while applying: the tree is restored" >&2
	else
		echo "$prog: interrupted (signal $1): the tree is unchanged" >&2
	fi
	exit $((128 + $1))
}

# annotate_locks: set the traps, take the OUTDIR lock and deal with the tree's.
annotate_locks() {
	trap on_exit EXIT
	trap 'on_signal 1' HUP
	trap 'on_signal 2' INT
	trap 'on_signal 15' TERM
	OUTLOCK=$OUTDIR/.annotate.lock
	lock_take "$OUTLOCK" "$OUTDIR" || { echo "$prog: $OUTLOCK: not a lock" >&2; exit 2; }
	OWN_OUTLOCK=1
	tree_lock
}

# publish FILE DEST: copy FILE to DEST atomically (a temporary file beside it).
publish() {
	cp "$1" "$2.tmp.$$" && mv -f "$2.tmp.$$" "$2" ||
		{ rm -f "$2.tmp.$$"; echo "$prog: $2: cannot write it" >&2; exit 2; }
}

# test_delay: the CROSSYM_TEST_APPLY_DELAY hook (interruptible sleep).
test_delay() {
	[ -n "${CROSSYM_TEST_APPLY_DELAY:-}" ] || return 0
	sleep "$CROSSYM_TEST_APPLY_DELAY" &
	wait $!
}

# stage_file SRC: SRC's original into the journal (none for a file the apply
# adds: its journal line says `missing`, and a rollback removes it), and
# its new text, WORK/c/SRC, beside it (with the original's mode).
stage_file() {
	if [ -f "$SRCTREE/$1" ]; then
		{ ln "$SRCTREE/$1" "$J/orig/$1" 2>/dev/null ||
			cp -p "$SRCTREE/$1" "$J/orig/$1"; } &&
			cp -p "$SRCTREE/$1" "$J/new/$1" || return 1
	fi
	cat "$WORK/c/$1" >"$J/new/$1"
}

# apply_tree LIST: make SRCTREE/SRC equal WORK/c/SRC for every SRC of LIST,
# all or nothing: stage the new texts and keep the originals in the journal,
# then rename the new texts into place one by one.
apply_tree() {
	J=$TREELOCK
	mkdir "$J/orig" "$J/new" || exit 2
	# the files' directories under orig/ and new/, made by one mkdir
	sed -n 's|/[^/]*$||p' "$1" | sort -u | sed 'h; s|^|orig/|; p; g; s|^|new/|' >"$WORK/apply.dirs" || exit 2
	if [ -s "$WORK/apply.dirs" ]; then
		(cd "$J" && tr '\n' '\0' <"$WORK/apply.dirs" | xargs -0 mkdir -p) ||
			{ rm -rf "$J/orig" "$J/new"; echo "$prog: cannot stage in $J; nothing changed" >&2; exit 1; }
	fi
	# each file's journal line (its original's sum, or `missing`, and its new
	# text's), written once the file is staged
	sums "$SRCTREE" "$1" >"$WORK/orig.sums" && sums "$WORK/c" "$1" >"$WORK/new.sums" &&
		awk -F '\t' -v OFS='\t' 'FILENAME == ARGV[1] { orig[$1] = $2; next }
			FILENAME == ARGV[2] { new[$1] = $2; next }
			!($0 in new) { exit 1 }
			{ print $0, ($0 in orig) ? orig[$0] : "missing", new[$0] }' \
			"$WORK/orig.sums" "$WORK/new.sums" "$1" >"$WORK/journal.new" ||
		{ rm -rf "$J/orig" "$J/new"; echo "$prog: cannot read the new texts in $WORK/c; nothing changed" >&2; exit 1; }
	: >"$J/files"
	while IFS='	' read -r src orig new; do
		stage_file "$src" && printf '%s\t%s\t%s\n' "$src" "$orig" "$new" >>"$J/files" ||
			{ rm -rf "$J/files" "$J/orig" "$J/new";
			  echo "$prog: cannot stage $src in $J; nothing changed" >&2; exit 1; }
		test_delay
	done <"$WORK/journal.new"
	APPLYING=1
	: >"$J/ready"
	cp "$J/files" "$WORK/journal.files" || exit 2
	while IFS='	' read -r src orig new; do
		# the file as staged, just before its rename: one edited since
		# is not overwritten, the apply is rolled back
		if [ "$(file_sum "$SRCTREE/$src")" != "$orig" ]; then
			trap '' HUP INT TERM
			at_src=$src
			awk -F '\t' -v s="$src" '$1 != s' "$WORK/journal.files" >"$J/files"
			journal_rollback "$J"
			echo "$prog: $SRCTREE/$at_src: changed while the patch was being applied;" \
				"left as it is, the tree is restored, nothing applied" >&2
			exit 1
		fi
		if ! mv -f "$J/new/$src" "$SRCTREE/$src"; then
			trap '' HUP INT TERM
			at_src=$src
			journal_rollback "$J"
			echo "$prog: $SRCTREE/$at_src: cannot write it; the tree is restored" >&2
			exit 1
		fi
		test_delay
	done <"$WORK/journal.files"
	: >"$J/done"
	APPLYING=0
	rm -rf "$J/files" "$J/orig" "$J/new" "$J/ready" "$J/done"
}

# record_tagged BUILDS JOURNAL: in each build directory of BUILDS (cocci's
# OUTDIR/builds) that is there and writable, BUILD/.crossym-tagged gets each
# file of JOURNAL (apply_tree's lines: SRC, old sum, new sum) as `CKSUM SIZE
# PATH` (PATH absolute), replacing an older line of the same file: crossym
# check then knows these files are newer than the objects only by their tags
# (src/kbuild/fresh.h). A record that cannot be written is said; the apply
# stands.
record_tagged() {
	[ -s "$1" ] && [ -s "$2" ] || return 0
	[ -n "${SRCTREE_REAL:-}" ] || SRCTREE_REAL=$(cd "$SRCTREE" && pwd -P) || return 0
	while IFS= read -r rt_build; do
		[ -d "$rt_build" ] && [ -w "$rt_build" ] && [ ! -L "$rt_build/.crossym-tagged" ] ||
			continue
		rt_rec=$rt_build/.crossym-tagged
		awk -F '\t' -v root="$SRCTREE_REAL" '
			FILENAME == ARGV[1] { split($3, s, " "); new[root "/" $1] = s[1] " " s[2]; next }
			{ p = $0; sub(/^[0-9]+ [0-9]+ /, "", p); if (!(p in new)) print }
			END { for (p in new) print new[p] " " p }' \
			"$2" "$( [ -f "$rt_rec" ] && echo "$rt_rec" || echo /dev/null)" >"$rt_rec.new" &&
			mv -f "$rt_rec.new" "$rt_rec" ||
			{ rm -f "$rt_rec.new"; echo "$prog: $rt_rec: cannot record the files tagged" \
				"(crossym check will call the build older than them)" >&2; }
	done <"$1"
}
