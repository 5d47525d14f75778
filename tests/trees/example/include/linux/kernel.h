/* include/linux/kernel.h: odds and ends used across directories. */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

/* kernel/ */
extern unsigned long jiffies;
void kernel_tick(int ticks);
int arch_early_init(void);	/* weak in kernel/core.c, strong in arch/demo */
int arch_cpu_count(void);	/* weak in kernel/cpu.c, no override */

/* init/ */
extern const char linux_banner[];
void print_banner(void);	/* init/ only */

/* lib/ */
unsigned long kstrlen(const char *s);

/* drivers/char/ */
int misc_register(const char *name);

/* arch/demo/entry.S */
long demo_entry(long x);

#endif /* _LINUX_KERNEL_H */
/* SPDX-License-Identifier: GPL-2.0-only */
