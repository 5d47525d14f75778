/* SPDX-License-Identifier: GPL-2.0-only */
/* Linux 6.1's arch/x86/kernel/ioport.c and kernel/fork.c in small: a name
 * only a definer macro makes (a_sys_poke, pasted as SYSCALL_DEFINEn pastes
 * __x64_sys_NAME), defined by a call in each arm of an #ifdef; this build
 * compiles the #else arm. b/ calls it: its re-declaration must follow the
 * call in that arm too, or the whole-program unit of a/ drops a_sys_poke. */
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
