/* include/linux/sched.h: the scheduler, defined in kernel/sched/. */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

extern int prio_to_weight[2][4];
extern int sched_nr;			/* kernel/sched only */
int nr_running(void);
void update_curr(int delta);		/* kernel/sched only */

#endif /* _LINUX_SCHED_H */
/* SPDX-License-Identifier: GPL-2.0-only */
