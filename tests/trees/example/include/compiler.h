/* include/compiler.h: attribute macros, force-included into every C and
 * assembly file (-include .../include/compiler.h), like the kernel's
 * compiler_types.h.  Only #defines: it is harmless in .S files too. */
#ifndef _COMPILER_H
#define _COMPILER_H

/* The tag crossym adds to every definition used outside its directory, so
 * that the directory can be compiled as one -fwhole-program unit.  The
 * sources carry none yet, except inside EXPORT_SYMBOL (linux/export.h). */
#define __global	__attribute__((externally_visible, used))

#define __weak		__attribute__((weak))
#define __init		__attribute__((section(".init.text"), cold))
#define __initdata	__attribute__((section(".init.data")))
#define __aligned(x)	__attribute__((aligned(x)))
#define __used		__attribute__((used))
#define __noinline	__attribute__((noinline, noclone))

#endif /* _COMPILER_H */
/* SPDX-License-Identifier: GPL-2.0-only */
