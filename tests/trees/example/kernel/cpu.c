/* kernel/cpu.c */
#include <linux/kernel.h>

/* HARD CASE: a weak definition with no override anywhere, used from another
 * directory (init/main.c). */
int __weak arch_cpu_count(void)
{
	return 2;
}
/* SPDX-License-Identifier: GPL-2.0-only */
