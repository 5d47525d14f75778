/* kernel/rwsem.c: a lock made by a definer macro whose expansion begins with
 * a static helper (linux/rwsem_demo.h), used from mm/. */
#include <linux/rwsem_demo.h>

DEFINE_DEMO_RWSEM(cpu_hotplug_lock);
/* SPDX-License-Identifier: GPL-2.0-only */
