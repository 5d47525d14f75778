/* drivers/char/mem.c */
#include <stdio.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/stat.h>

/* HARD CASE: a static function with the name of kernel/sched/core.c's
 * cross-directory nr_running (this file does not include linux/sched.h):
 * never tag it. */
static __noinline int nr_running(void)
{
	return 1;
}

static int chr_dev_init(void)
{
	struct page *page = alloc_page(2);	/* mm/, prototype in a header */
	unsigned long len = kstrlen(linux_banner);	/* lib/ and init/ */

	stat_reads += len;		/* lib/, pasted name */
	misc_register("mem");		/* drivers/char/misc.c: same directory */
	printf("char: %d local task, page %d of order %d, read %lu banner bytes\n",
	       nr_running(), page ? page->id : -1, page ? page->order : -1, len);
	return 0;
}
initcall(chr_dev_init);
/* SPDX-License-Identifier: GPL-2.0-only */
