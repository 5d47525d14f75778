/* kernel/core.c */
#include <stdio.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>

/* HARD CASE: a weak definition with a strong override in another directory
 * (arch/demo/setup.c).  It is called from init/main.c and from this file
 * (kernel_core_init below: a call inside the defining object, which no
 * symbol table shows).  It needs the tag although the override wins: in an
 * untagged whole-program unit this file's call would bind to this local
 * copy and print 0. */
int __weak arch_early_init(void)
{
	return 0;
}

static int kernel_core_init(void)
{
	static struct page reserve = { .id = 99 };

	/* lib/ function on mm/'s macro-made list */
	list_add(&reserve.lru, &free_list);
	printf("kernel: arch_early_init() = %d, seen from kernel/ itself\n",
	       arch_early_init());
	return 0;
}
initcall(kernel_core_init);

/* HARD CASE: a global used nowhere: must NOT be reported. */
int panic_timeout = 10;
/* SPDX-License-Identifier: GPL-2.0-only */
