/* SPDX-License-Identifier: GPL-2.0-only */
/* Definitions made by macros: the tag goes in front of the macro call. */
#include "../include/shapes.h"

DEFINE_PER_CPU(struct mmu_gather, mmu_gathers);
DEFINE_MUTEX(cgroup_mutex);
LIST_HEAD(super_blocks);
DEFINE_SPINLOCK(tasklist_lock);
EXPORT_SYMBOL(tasklist_lock);
DEFINE_LIST(free_list);
DEFINE_COUNTER(irq_count, 4);
static DEFINE_SPINLOCK(private_lock);

int drain(void)
{
	LIST_HEAD(super_blocks);

	return super_blocks.next == &super_blocks && private_lock.raw == 0;
}
