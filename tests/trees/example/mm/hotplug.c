/* mm/hotplug.c: takes kernel/'s cpu_hotplug_lock from a constructor, which
 * whole-program GCC keeps, so the reference stays in every build. */
#include <linux/rwsem_demo.h>

static void __attribute__((constructor)) mm_hotplug_init(void)
{
	cpu_hotplug_lock.writer = *cpu_hotplug_lock.read_count;
}
/* SPDX-License-Identifier: GPL-2.0-only */
