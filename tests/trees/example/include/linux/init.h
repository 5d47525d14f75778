/* include/linux/init.h: initcalls.  Each directory registers one function in
 * the "initcall" section; init/main.c runs them sorted by name.  The entries
 * are static and __used, so each directory's initcall survives in its
 * whole-program unit without any tag, and with it every cross-directory
 * reference the initcall makes: the untagged whole-program link then reports
 * exactly the definitions that need the tag. */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

struct initcall {
	int (*fn)(void);
	const char *name;
};

#define initcall(f) \
	static struct initcall __initcall_##f __used \
		__attribute__((section("initcall"), aligned(8))) = { f, #f }

#endif /* _LINUX_INIT_H */
/* SPDX-License-Identifier: GPL-2.0-only */
