#!/bin/sh
# t62-kernel-wp: the references no symbol table shows, on Linux 6.1 x86_64
# tinyconfig (cached by kernel-build.sh), proved by the whole-program link:
#  - crossym report --run-build-commands finds the asm-string references,
#    among them the target of the `.set __x64_sys_*, sys_ni_posix_timers`
#    aliases of COND_SYSCALL/SYSCALL_ALIAS (kernel/time/posix-stubs.c) and the
#    inline `call irq_exit_rcu` of asm/irq_stack.h; each reported with its
#    symbol, object and file:line (a macro's string: where the macro is used);
#  - without the option crossym compiles nothing and says so;
#  - kernel-wp-link.sh: every directory of vmlinux.a compiled -flto with the
#    report's tags and linked with the GCC 12 whole-program recipe leaves 0
#    undefined symbols that an object defined before (and, with the tags minus
#    the asm-string references, the link misses the aliases' targets).
# Environment: CROSSYM_SKIP_KERNEL=1 skips it; CROSSYM_CACHE, JOBS as for
# kernel-build.sh. Takes about 15 minutes on 2 cores (every C object of the
# kernel is compiled twice more).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/lib/kernel-lib.sh"

B=$(sh "$REAL/kernel-build.sh" x86_64-tiny) && [ -f "$B/vmlinux" ]
ok $? "kernel-build.sh x86_64-tiny"

"$CROSSYM" report --format=tsv "$B" >"$TMP/plain.tsv" 2>"$TMP/plain.err"
ok $? "report without --run-build-commands exits 0"
expect_grep "C objects have asm statements in their source" "$TMP/plain.err" \
	"... and says which objects may hide asm references"

start=$(date +%s)
"$CROSSYM" report --format=tsv --run-build-commands "$B" >"$TMP/asm.tsv" 2>"$TMP/asm.err"
ok $? "report --run-build-commands exits 0 ($(($(date +%s) - start)) s)"
grep '^crossym: asm reference: ' "$TMP/asm.err" >"$TMP/refs"
sed 's/^/# /' "$TMP/asm.err" | tail -n 1
expect_grep "asm reference: sys_ni_posix_timers in kernel/time/posix-stubs.o (kernel/time/posix-stubs.c:[0-9]*)" \
	"$TMP/refs" "the .set __x64_sys_* alias target sys_ni_posix_timers (COND_SYSCALL), with file:line"
expect_grep "asm reference: irq_exit_rcu in arch/x86/kernel/irq.o (arch/x86/kernel/irq.c:[0-9]*)" \
	"$TMP/refs" "the inline call irq_exit_rcu of asm/irq_stack.h (where its macro is used)"
awk -F '\t' '$1 == "sys_ni_posix_timers" && $5 == "tag" && $6 ~ /kernel\/time#asm/' "$TMP/asm.tsv" | grep -q .
ok $? "sys_ni_posix_timers gets the tag, referenced from kernel/time#asm"

start=$(date +%s)
sh "$REAL/kernel-wp-link.sh" "$B" "$TMP/asm.tsv" "$TMP/wp" >"$TMP/undef" 2>"$TMP/wp.err"
ok $? "kernel-wp-link.sh with crossym's tags ($(($(date +%s) - start)) s)"
sed 's/^/# /' "$TMP/wp.err" | tail -n 3
[ ! -s "$TMP/undef" ] && grep -q ' 0 undefined symbols' "$TMP/wp.err"
ok $? "the whole-program link of every vmlinux.a directory: 0 undefined symbols"
sed 's/^/# undefined: /' "$TMP/undef" | head -n 20

# The same units without the asm-string references' tags miss them.
sh "$REAL/kernel-wp-link.sh" "$B" "$TMP/plain.tsv" "$TMP/wp0" kernel/time >"$TMP/undef0" 2>/dev/null
grep -q '__x64_sys_timer_create\|sys_ni_posix_timers' "$TMP/undef0"
ok $? "without them, kernel/time's whole-program unit loses the aliases ($(wc -l <"$TMP/undef0") undefined)"
done_testing
