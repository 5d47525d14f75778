/* include/calls.h: definer macros that paste the names they define, shaped
 * like the kernel's SYSCALL_DEFINEn -> SYSCALL_DEFINEx -> __X64_SYS_STUBx ->
 * __SYS_STUBx chain (arch/x86/include/asm/syscall_wrapper.h): the global
 * __x64_sys_NAME is declared in __STUB, two macros below the call. */
#ifndef CALLS_H
#define CALLS_H

#define __STUB(abi, name, arg)						\
	long __##abi##_##name(long arg);				\
	long __##abi##_##name(long arg)					\
	{								\
		return __do_##name(arg);				\
	}

#define __STUB_X(name, arg) __STUB(x64, sys##name, arg)

#define CALL_DEFINE1(sname, type, arg)					\
	static long __do_sys_##sname(type arg);				\
	__STUB_X(_##sname, arg)						\
	static long __do_sys_##sname(type arg)

/* A table entry: one of its uses (hook_beta) is used only in its own unit. */
#define __HOOK(name, value) int hook_##name = (value)
#define DEFINE_HOOK(name, value) __HOOK(name, value)

#endif
/* SPDX-License-Identifier: GPL-2.0-only */
