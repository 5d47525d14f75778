/* include/linux/linkage.h: symbol definitions in assembly files. */
#ifndef _LINUX_LINKAGE_H
#define _LINUX_LINKAGE_H

#ifdef __ASSEMBLY__
#define ENTRY(name)	.globl name; .type name, @function; .p2align 4; name:
#define END(name)	.size name, . - name
#endif

#endif /* _LINUX_LINKAGE_H */
/* SPDX-License-Identifier: GPL-2.0-only */
