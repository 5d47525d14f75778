/* The kernel's built-in initcall entry on architectures with PREL32
 * relocations (Linux 6.1 include/linux/init.h, CONFIG_LTO_CLANG off): a
 * top-level asm statement puts `.long fn - .` in the entry section under the
 * local label __initcall__kmod_MOD__COUNTER_LINE_fnLEVEL; __ADDRESSABLE
 * keeps fn, which no C code calls. */
#define __stringify_1(x...) #x
#define __stringify(x...) __stringify_1(x)
#define ___PASTE(a, b) a##b
#define __PASTE(a, b) ___PASTE(a, b)
#define __initcall_id(fn) \
	__PASTE(__KBUILD_MODNAME, __PASTE(__, __PASTE(__COUNTER__, \
	__PASTE(_, __PASTE(__LINE__, __PASTE(_, fn))))))
#define __initcall_name(prefix, iid, id) \
	__PASTE(__, __PASTE(prefix, __PASTE(__, __PASTE(iid, id))))
#define ____define_initcall(fn, name) \
	static void *__PASTE(__addressable_, fn) __attribute__((used)) = (void *)&fn; \
	asm(".section \"initcall6\", \"a\"\n" __stringify(name) ":\n" \
	    ".long " __stringify(fn) " - .\n.previous\n");
#define device_initcall(fn) \
	____define_initcall(fn, __initcall_name(initcall, __initcall_id(fn), 6))
#define __visible __attribute__((externally_visible))
int plain_value(void);
/* SPDX-License-Identifier: GPL-2.0-only */
