#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh OUT SECONDS [NAME...]: run each fuzz harness OUT/fuzz-NAME, one at a
# time and niced, for SECONDS over its corpus (OUT/corpus/NAME, grown from
# OUT/seeds/NAME), after replaying the committed regression inputs
# (tests/fuzz/regress/NAME/*). Crashes go to OUT/crashes/NAME/; prints the
# executions and CPU seconds per harness; exit 1 when any harness found a
# crash (slow-unit-* artifacts are kept but are no crash). FUZZ_TIMEOUT
# (default 10) is the seconds one input may take:
# libFuzzer measures it on the wall clock, so a niced harness on a loaded
# machine needs more (a starved run otherwise "finds" timeouts).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$1 secs=$2
shift 2
names=${*:-elf ar nm cmd lds db srcscan conf tsv}
status=0
for n in $names; do
	bin=$out/fuzz-$n
	mkdir -p "$out/corpus/$n" "$out/crashes/$n"
	if [ -d "$top/tests/fuzz/regress/$n" ] &&
	   ! "$bin" -runs=1 "$top/tests/fuzz/regress/$n"/* >"$out/$n.regress.log" 2>&1; then
		echo "fuzz $n: a regression input fails (see $out/$n.regress.log)"
		status=1
	fi
	timed=""
	[ -x /usr/bin/time ] && timed="/usr/bin/time -f %U+%S -o $out/$n.cpu"
	# shellcheck disable=SC2086
	nice -n 10 $timed "$bin" -max_total_time="$secs" -close_fd_mask=3 -print_final_stats=1 \
		-max_len=65536 -timeout="${FUZZ_TIMEOUT:-10}" -report_slow_units="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=1024 \
		-artifact_prefix="$out/crashes/$n/" "$out/corpus/$n" "$out/seeds/$n" \
		>"$out/$n.log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$n.log")
	ncrash=$(ls "$out/crashes/$n" | grep -cv "^slow-unit-")
	cpu=$( [ -s "$out/$n.cpu" ] && tail -n 1 "$out/$n.cpu" | awk -F+ '{ print $1 + $2 }')
	echo "fuzz $n: ${execs:-?} executions in ${secs} s (${cpu:-?} s CPU), corpus $(ls "$out/corpus/$n" | wc -l), crashes $ncrash"
	if [ "$rc" -ne 0 ] || [ "$ncrash" -ne 0 ]; then
		status=1
		grep -m 3 -E 'ERROR|SUMMARY|runtime error' "$out/$n.log"
	fi
done
exit $status
