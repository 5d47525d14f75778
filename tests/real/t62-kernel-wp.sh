#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t62-kernel-wp: the references no symbol table shows, on Linux 6.1 x86_64
# tinyconfig + boot options (the build and the report of kernel-proof.sh,
# cached and shared with t63), proved by the whole-program link:
#  - crossym report --run-build-commands finds the asm-string references,
#    among them the target of the `.set __x64_sys_*, sys_ni_posix_timers`
#    aliases of COND_SYSCALL/SYSCALL_ALIAS (kernel/time/posix-stubs.c) and the
#    inline `call irq_exit_rcu` of asm/irq_stack.h; each reported with its
#    symbol, object and file:line (a macro's string: where the macro is used);
#  - without the option crossym compiles nothing and says so;
#  - kernel-wp-link.sh: kernel/time compiled -flto and linked with the GCC 12
#    whole-program recipe keeps the aliases' targets with the report's tags,
#    and loses them with the tags minus the asm-string references. (The whole
#    kernel linked and booted from these tags is t63's.)
# Environment: CROSSYM_SKIP_KERNEL=1 skips it; CROSSYM_CACHE, JOBS as for
# kernel-build.sh.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib/kernel-lib.sh"
proof "" report.tsv
B=$(dirname "$R")/build-x86_64-boot

(IFS='
'; exec "$CROSSYM" report --format=tsv --tag-exports $(cat "$R/units.opts") "$B") \
	>"$TMP/plain.tsv" 2>"$TMP/plain.err"
ok $? "report without --run-build-commands exits 0"
expect_grep "C objects have asm statements in their source" "$TMP/plain.err" \
	"... and says which objects may hide asm references"

# asm-refs.tsv (report --list-dir): build, object, symbol, where
tail -n +2 "$R/lists/asm-refs.tsv" >"$TMP/refs"
echo "# asm-string references found by report --run-build-commands: $(wc -l <"$TMP/refs")"
expect_grep "	kernel/time/posix-stubs.o	sys_ni_posix_timers	kernel/time/posix-stubs.c:[0-9]*$" \
	"$TMP/refs" "the .set __x64_sys_* alias target sys_ni_posix_timers (COND_SYSCALL), with file:line"
expect_grep "	arch/x86/kernel/irq.o	irq_exit_rcu	arch/x86/kernel/irq.c:[0-9]*$" \
	"$TMP/refs" "the inline call irq_exit_rcu of asm/irq_stack.h (where its macro is used)"
[ "$(grep -c 'asm reference' "$R/report.err")" -eq 0 ]
ok $? "... listed there, not a line each on stderr"
awk -F '\t' '$1 == "sys_ni_posix_timers" && $5 == "tag" && $6 ~ /kernel\/time#asm/' "$R/report.tsv" | grep -q .
ok $? "sys_ni_posix_timers gets the tag, referenced from kernel/time#asm"
awk -F '\t' '$1 == "sys_ni_posix_timers" && $5 == "tag"' "$TMP/plain.tsv" | grep -q .
[ $? -ne 0 ]
ok $? "... which the report without the option does not give"

# kernel/time whole-program, with and without the asm-string references' tags.
sh "$REAL/kernel-wp-link.sh" "$B" "$R/report.tsv" "$TMP/wp" kernel/time >"$TMP/undef" 2>"$TMP/wp.err"
ok $? "kernel-wp-link.sh kernel/time with crossym's tags"
sed 's/^/# /' "$TMP/wp.err" | tail -n 1
[ ! -s "$TMP/undef" ] && grep -q ' 0 undefined symbols' "$TMP/wp.err"
ok $? "kernel/time's whole-program unit: 0 undefined symbols"
sed 's/^/# undefined: /' "$TMP/undef" | head -n 20
sh "$REAL/kernel-wp-link.sh" "$B" "$TMP/plain.tsv" "$TMP/wp0" kernel/time >"$TMP/undef0" 2>/dev/null
grep -q '__x64_sys_timer_create\|sys_ni_posix_timers' "$TMP/undef0"
ok $? "without them, kernel/time's whole-program unit loses the aliases ($(wc -l <"$TMP/undef0") undefined)"
done_testing
