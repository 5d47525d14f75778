/* include/linux/rwsem_demo.h: a definer macro whose expansion begins with a
 * static helper, as the kernel's DEFINE_PERCPU_RWSEM does (`static
 * DEFINE_PER_CPU(unsigned int, __percpu_rwsem_rc_##name); struct
 * percpu_rw_semaphore name = ...`).  A tag in front of a call,
 * `__global DEFINE_DEMO_RWSEM(x);`, lands on the static helper and GCC
 * rejects it ("'externally_visible' attribute have effect only on public
 * objects"); crossym re-declares the symbol instead. */
#ifndef _LINUX_RWSEM_DEMO_H
#define _LINUX_RWSEM_DEMO_H

struct demo_rwsem {
	int *read_count;
	int writer;
};

#define __DEMO_RWSEM_INIT(rc)	{ &(rc), 0 }
#define DEFINE_DEMO_RWSEM(name)						\
	static int __demo_rwsem_rc_##name;				\
	struct demo_rwsem name = __DEMO_RWSEM_INIT(__demo_rwsem_rc_##name)

extern struct demo_rwsem cpu_hotplug_lock;

#endif /* _LINUX_RWSEM_DEMO_H */
/* SPDX-License-Identifier: GPL-2.0-only */
