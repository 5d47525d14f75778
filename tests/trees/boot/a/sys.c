/* SPDX-License-Identifier: GPL-2.0-only */
/* Linux 6.1's arch/x86/kernel/ioport.c and kernel/fork.c in small: a name
 * only a definer macro makes (a_sys_poke, pasted as SYSCALL_DEFINEn pastes
 * __x64_sys_NAME), defined by a call in each arm of an #ifdef; this build
 * compiles the #else arm. b/ calls it: its re-declaration must follow the
 * call in that arm too, or the whole-program unit of a/ drops a_sys_poke.
 * U-Boot's commands in small too: CMD_HELP(peek, ...) pastes peek_help, not
 * the table entry a_cmd_peek that CMD(peek, ...) makes (b/ reads it); no
 * re-declaration of a_cmd_peek may follow CMD_HELP (it would not compile). */
#define DEFINE_CALL(n) long a_sys_##n(long x)

#ifdef CONFIG_POKE
DEFINE_CALL(poke)
{
	return x + 1;
}
#else
DEFINE_CALL(poke)
{
	return x - 1;
}
#endif

struct a_cmd {
	const char *name, *help;
	long (*fn)(long);
};
#define CMD_HELP(n, text) static const char n##_help[] = text
/* (an entry of a table the linker builds, aligned below its type as U-Boot's
 * ll_entry_declare does: its re-declaration must keep that alignment) */
#define CMD(n, f) struct a_cmd a_cmd_##n \
	__attribute__((aligned(4), section("a_cmd_list_" #n))) = { #n, n##_help, f }

static long a_peek(long x)
{
	return x + 2;
}

CMD_HELP(peek, "peek help");
CMD(peek, a_peek);
