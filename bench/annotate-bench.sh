#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# annotate-bench.sh CROSSYM BUILD DIR WORK [TAGGED_SRCTREE]: part 4 of bench/run.sh.
# On the sources of one directory DIR of a Linux build (x86_64 tinyconfig):
#  - the files crossym cocci says must change there, with ONE semantic patch (the
#    union of crossym's add-function and add-variable rules for those files):
#    spatch on exactly those files, one process per file (as annotate.sh runs it)
#    at -j 1 and -j 2, against `spatch --dir DIR -j 2` with the same patch;
#  - the whole job, crossym cocci + scripts/annotate.sh (its checks included),
#    at -j 1 and -j 2;
#  - a second run with nothing to change (TAGGED_SRCTREE: the tagged copy that
#    tests/real/t61 makes), against the first.
# One run each (minutes); prints a markdown table on stdout.
set -eu
crossym=$1 B=$2 dir=$3 W=$4 tagged=${5:-}
top=$(cd "$(dirname "$0")/.." && pwd)
SRC=$(cd "$B/source" && pwd -P)
mkdir -p "$W"
say() { echo "bench: annotate: $*" >&2; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
per() { awk -v a="$1" -v n="$2" 'BEGIN { if (n > 0) printf "%.2f", a / n; else print "-" }'; }

# subset OUT SUB: SUB = the part of crossym cocci's OUT that is under DIR
subset() {
	rm -rf "$2"
	cp -R "$1" "$2"
	for f in files.tsv wanted.tsv stale.tsv; do
		[ ! -f "$1/$f" ] || awk -F '\t' -v d="$dir/" 'index($1, d) == 1' "$1/$f" >"$2/$f"
	done
}

say "crossym cocci on $B"
t0=$(now)
"$crossym" cocci --tag __visible --keep-stale -o "$W/all" "$B" >/dev/null 2>&1
t_cocci=$(since "$t0")
subset "$W/all" "$W/sub"
n=$(wc -l <"$W/sub/files.tsv")
ndir=$(find "$SRC/$dir" -name '*.c' | wc -l)
cut -f1 "$W/sub/files.tsv" >"$W/list"

# the union of the per-file add_func*/add_var* rules: identifier lists merged
(cd "$W/sub" && cut -f4 files.tsv | xargs cat) | awk '
	/^@[A-Za-z_0-9]+@$/ {
		rule = $0; keep = rule ~ /^@add_(func|var)/
		if (keep && !(rule in seen)) { seen[rule] = 1; order[++nr] = rule; cur = 1 } else cur = 0
		next
	}
	!keep { next }
	/^identifier [A-Za-z_0-9]+ = \{.*\};$/ {
		var = $2; ids = $0; sub(/^[^{]*\{/, "", ids); sub(/\};$/, "", ids)
		k = split(ids, a, /, */)
		for (i = 1; i <= k; i++) if (!((rule, var, a[i]) in have)) {
			have[rule, var, a[i]] = 1; list[rule, var] = list[rule, var] (list[rule, var] == "" ? "" : ", ") a[i]
		}
		if (cur) body[rule] = body[rule] "\n\001" var
		next
	}
	cur { body[rule] = body[rule] "\n" $0 }
	END {
		for (i = 1; i <= nr; i++) {
			r = order[i]; print r
			k = split(substr(body[r], 2), l, "\n")
			for (j = 1; j <= k; j++)
				if (substr(l[j], 1, 1) == "\001") {
					v = substr(l[j], 2); print "identifier " v " = {" list[r, v] "};"
				} else print l[j]
		}
	}' >"$W/union.cocci"
opts="--very-quiet --no-includes --sp-file $W/union.cocci"

say "$n files to change under $dir/ ($ndir .c files there): targeted spatch -j 1"
t0=$(now)
# shellcheck disable=SC2086
(cd "$SRC" && xargs -P 1 -n 1 spatch $opts <"$W/list" >"$W/t1.out" 2>&1) || true
t_j1=$(since "$t0")
say "targeted spatch -j 2"
t0=$(now)
# shellcheck disable=SC2086
(cd "$SRC" && xargs -P 2 -n 1 spatch $opts <"$W/list" >"$W/t2.out" 2>&1) || true
t_j2=$(since "$t0")
say "spatch --dir $dir -j 2"
t0=$(now)
# shellcheck disable=SC2086
(cd "$SRC" && spatch $opts -j 2 --dir "$dir" >"$W/dir.out" 2>&1) || true
t_dir=$(since "$t0")
changed_t=$(grep -c '^+++ ' "$W/t2.out" || true)
changed_d=$(grep -c '^+++ ' "$W/dir.out" || true)

for j in 1 2; do
	say "crossym cocci + annotate.sh -j $j"
	subset "$W/all" "$W/job$j"
	t0=$(now)
	sh "$top/scripts/annotate.sh" "$W/job$j" "$SRC" -j "$j" >"$W/job$j.log" 2>&1 || true
	eval "t_job$j=\$(awk -v a=\"\$(since \"\$t0\")\" -v c=\"\$t_cocci\" 'BEGIN { printf \"%.2f\", a + c }')"
done

# the figures bench/run.sh's goals table takes: annotate.sh -j 2 (cocci
# included) and targeted spatch -j 2, seconds
printf 'annotate\t%s\t%s\n' "$t_job2" "$t_j2" >"$W/figures"
echo "Directory \`$dir/\` of the x86_64 tinyconfig source ($ndir .c files); $n of them need"
echo "a change. Targeted and --dir runs use one semantic patch (the union of crossym's"
echo "function and variable rules for those $n files); one run each."
echo
echo "| run | files given to spatch | seconds | s per changed file | files changed |"
echo "|---|---|---|---|---|"
echo "| targeted, one spatch per file, -j 1 | $n | $t_j1 | $(per "$t_j1" "$n") | |"
echo "| targeted, one spatch per file, -j 2 | $n | $t_j2 | $(per "$t_j2" "$n") | $changed_t |"
echo "| spatch --dir $dir -j 2 | $ndir | $t_dir | $(per "$t_dir" "$n") | $changed_d |"
echo "| crossym cocci ($t_cocci s) + annotate.sh -j 1 | $n | $t_job1 | $(per "$t_job1" "$n") | |"
echo "| crossym cocci ($t_cocci s) + annotate.sh -j 2 | $n | $t_job2 | $(per "$t_job2" "$n") | |"
echo
echo "spatch --dir / targeted at -j 2: $(awk -v a="$t_dir" -v b="$t_j2" 'BEGIN { printf "%.1fx", a / b }')."
if [ -n "$tagged" ] && [ -d "$tagged/$dir" ]; then
	say "second run on the tagged copy $tagged"
	t0=$(now)
	"$crossym" cocci --tag __visible --keep-stale --srctree "$tagged" -o "$W/again" "$B" \
		>/dev/null 2>&1 || true
	subset "$W/again" "$W/again-sub"
	n2=$(wc -l <"$W/again-sub/files.tsv")
	if [ "$n2" -gt 0 ]; then
		sh "$top/scripts/annotate.sh" "$W/again-sub" "$tagged" -j 2 >"$W/again.log" 2>&1 || true
	fi
	t_again=$(since "$t0")
	t0=$(now)
	# shellcheck disable=SC2086
	(cd "$tagged" && spatch $opts -j 2 --dir "$dir" >/dev/null 2>&1) || true
	t_dir2=$(since "$t0")
	echo
	echo "Second run, nothing to change (the tagged copy): crossym cocci + annotate.sh"
	echo "$t_again s ($n2 files to change under $dir/), $(awk -v a="$t_again" -v b="$t_job2" \
		'BEGIN { printf "%.0f%%", 100 * a / b }') of the first -j 2 run; spatch --dir"
	echo "$dir again: $t_dir2 s."
fi
