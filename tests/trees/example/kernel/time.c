/* kernel/time.c */
#include <linux/kernel.h>

/* HARD CASE: a cross-directory variable in .bss (written here, read by
 * kernel/sched/ and init/). */
unsigned long jiffies;

/* Cross-directory function, called from the subdirectory kernel/sched/
 * (a nested directory is a unit of its own). */
void kernel_tick(int ticks)
{
	jiffies += ticks;
}
/* SPDX-License-Identifier: GPL-2.0-only */
