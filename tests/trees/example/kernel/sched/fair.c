/* kernel/sched/fair.c */
#include <linux/sched.h>

/* HARD CASE: a 2-D global array with an initializer, used from another
 * directory (init/main.c). */
int prio_to_weight[2][4] = {
	{ 1024, 820, 655, 526 },
	{ 423, 335, 272, 215 },
};

/* HARD CASE: a variable and a function used only by another file of this
 * directory (core.c): must NOT be tagged. */
int sched_nr;

static int queue[4];

/* HARD CASE: a static function named like lib/list.c's cross-directory
 * list_add (this file does not include linux/list.h): never tag it. */
static __noinline void list_add(int *q, int v)
{
	q[v & 3] += v;
}

void update_curr(int delta)
{
	list_add(queue, delta);
	sched_nr++;
}
/* SPDX-License-Identifier: GPL-2.0-only */
