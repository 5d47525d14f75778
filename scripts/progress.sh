#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# progress.sh WORK OUTDIR TOTAL: the progress of annotate.sh's spatch phase, on
# stderr, until TOTAL files are done, WORK/.spatch-done exists (the spatch
# phase is over: annotate.sh then sends USR1) or annotate.sh, its parent, is
# gone.
# WORK is annotate.sh's scratch directory: list (line ID: source<TAB>cocci),
# status/ID (spatch's exit status, written when file ID is done), a/ and b/
# (each file before and after spatch); OUTDIR/tag and OUTDIR/wanted.tsv say
# what is wanted per file.
#
#   [120/316] files, 3 re-declared, ETA 14 s
#
# "re-declared" estimates, over the files done, the definitions annotate.sh
# will re-declare: those spatch did not tag (its result has fewer new tags
# than the file has wanted definitions, or it failed) and those defined in
# several #if arms; the summary after the checks gives the exact forms. On a terminal one line is rewritten every
# second; otherwise a line is printed per 10% of the files (per file when
# there are 10 or fewer). CROSSYM_PROGRESS=tty, lines or none overrides.
set -u
[ $# -eq 3 ] || { echo "usage: progress.sh WORK OUTDIR TOTAL" >&2; exit 2; }
WORK=$1 OUTDIR=$2 TOTAL=$3
# USR1 (annotate.sh, when the spatch phase is over): the last pass now, not
# after the second's sleep; annotate.sh sends it once WORK/.progress-up says
# the trap is set
woken=0 sleeper=
trap 'woken=1; [ -z "$sleeper" ] || kill "$sleeper" 2>/dev/null' USR1
: >"$WORK/.progress-up"
mode=${CROSSYM_PROGRESS:-}
if [ -z "$mode" ]; then
	if [ -t 2 ]; then mode=tty; else mode=lines; fi
fi
[ "$mode" = none ] || [ "$TOTAL" -eq 0 ] && exit 0
parent=$PPID
TAG=$(sed -n 1p "$OUTDIR/tag")
start=$(date +%s)

# per list line, "wanted several": the wanted definitions and those of them
# defined in several #if arms (annotate.sh re-declares those in any case)
awk -F '\t' 'FILENAME == ARGV[1] { n[$1]++; if ($3 == "several") sev[$1]++; next }
	{ print n[$1] + 0, sev[$1] + 0 }' "$OUTDIR/wanted.tsv" "$WORK/list" >"$WORK/.nwanted"

# PASS_AWK: for the files ids (list line numbers) whose status is written,
# print "done ID" and then "redecl N", N their estimated re-declarations.
PASS_AWK='
function words(file,    n, line, p, i, q, L) {
	n = 0; L = length(tag)
	while ((getline line < file) > 0)
		for (p = 0; (i = index(substr(line, p + 1), tag)) > 0; p = q + L - 1) {
			q = p + i
			if ((q == 1 || substr(line, q - 1, 1) !~ /[A-Za-z0-9_]/) &&
			    substr(line, q + L, 1) !~ /[A-Za-z0-9_]/)
				n++
		}
	close(file)
	return n
}
BEGIN {
	FS = "\t"
	for (i = 1; (getline line < (work "/list")) > 0; i++) {
		split(line, f, "\t"); src[i] = f[1]
	}
	for (i = 1; (getline line < (work "/.nwanted")) > 0; i++) {
		split(line, f, " "); want[i] = f[1]; sev[i] = f[2]
	}
	n = split(ids, id, " ")
	for (k = 1; k <= n; k++) {
		st = ""
		getline st < (work "/status/" id[k])
		close(work "/status/" id[k])
		if (st == "")
			continue                        # being written
		print "done " id[k]
		added = st == 0 ? words(work "/b/" src[id[k]]) - words(work "/a/" src[id[k]]) : 0
		r += sev[id[k]] + (added < want[id[k]] ? want[id[k]] - added : 0)
	}
	print "redecl " r + 0
}'

done_ids=" "
ndone=0 nredecl=0 printed=0
while :; do
	over=0
	[ -e "$WORK/.spatch-done" ] && over=1        # before the pass: it sees all
	new=
	for f in "$WORK"/status/*; do
		[ -f "$f" ] || continue
		case $done_ids in *" ${f##*/} "*) ;; *) new="$new ${f##*/}" ;; esac
	done
	if [ -n "$new" ]; then
		awk -v work="$WORK" -v tag="$TAG" -v ids="$new" "$PASS_AWK" >"$WORK/.pass"
		while read -r what n; do
			case $what in
			done) done_ids="$done_ids$n "; ndone=$((ndone + 1)) ;;
			redecl) nredecl=$((nredecl + n)) ;;
			esac
		done <"$WORK/.pass"
	fi
	now=$(date +%s)
	elapsed=$((now - start))
	if [ "$ndone" -ge "$TOTAL" ]; then
		tail="$elapsed s"
	elif [ "$ndone" -gt 0 ]; then
		tail="ETA $(( elapsed * (TOTAL - ndone) / ndone )) s"
	else
		tail="ETA ?"
	fi
	line="[$ndone/$TOTAL] files, $nredecl re-declared, $tail"
	finished=0
	{ [ "$ndone" -ge "$TOTAL" ] || [ $over -eq 1 ]; } && finished=1
	if [ "$mode" = tty ]; then
		printf '\r%s\033[K' "$line" >&2
	elif [ "$ndone" -gt "$printed" ] &&
	     { [ $((ndone * 10 / TOTAL)) -gt $((printed * 10 / TOTAL)) ] || [ $finished -eq 1 ]; }; then
		echo "$line" >&2
		printed=$ndone
	fi
	[ $finished -eq 1 ] && break
	kill -0 "$parent" 2>/dev/null || break
	# (a second, or until annotate.sh's USR1 says the spatch phase is over)
	[ $woken = 1 ] || { sleep 1 & sleeper=$!; wait $sleeper 2>/dev/null; }
	sleeper=
done
[ "$mode" = tty ] && echo >&2
exit 0
