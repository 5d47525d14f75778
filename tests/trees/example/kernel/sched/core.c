/* kernel/sched/core.c */
#include <stdio.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/sched.h>

/* HARD CASE: a cross-directory function (init/main.c) whose name is also a
 * static function in drivers/char/mem.c: only this one may be tagged. */
int nr_running(void)
{
	return sched_nr;
}

static int sched_init_late(void)
{
	int i;

	for (i = 1; i <= 3; i++) {
		update_curr(i);		/* kernel/sched/fair.c: same directory */
		kernel_tick(i);		/* kernel/time.c: the parent directory */
	}
	printf("sched: nr_running %d, jiffies %lu, prio_to_weight[0][1] %d\n",
	       nr_running(), jiffies, prio_to_weight[0][1]);
	return 0;
}
initcall(sched_init_late);
/* SPDX-License-Identifier: GPL-2.0-only */
