/* arch/demo/setup.c */
#include <stdio.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>

/* HARD CASE: the strong override of kernel/core.c's weak arch_early_init. */
int arch_early_init(void)
{
	return 42;
}

/* HARD CASE: called only from entry.S of this same directory.  An assembly
 * object stays outside the directory's whole-program unit, so this needs
 * the tag although no other directory names it. */
long arch_do_entry(long x)
{
	return 2 * x + empty_zero_page[3];
}

static int arch_demo_init(void)
{
	/* demo_entry: entry.S of this directory; misc_register: exported by
	 * drivers/char/; empty_zero_page: __aligned(16) array of mm/ */
	long r = demo_entry(20);

	misc_register("demo-arch");
	printf("arch: demo_entry(20) = %ld, empty_zero_page %saligned to 16\n", r,
	       ((unsigned long)empty_zero_page & 15) ? "NOT " : "");
	return 0;
}
initcall(arch_demo_init);
/* SPDX-License-Identifier: GPL-2.0-only */
