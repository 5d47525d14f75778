/* mm/init.c */
#include <stdio.h>
#include <linux/init.h>
#include <linux/mm.h>

/* HARD CASE: an __initdata variable used from another directory
 * (init/main.c). */
unsigned long __initdata boot_pages = 4;

static struct page boot_mem[8];

/* HARD CASE: an __init function used from another directory (init/main.c),
 * the historic patch's own example of an __init function. */
void __init paging_init(void)
{
	unsigned long i;

	for (i = 0; i < boot_pages; i++) {
		boot_mem[i].id = i + 1;
		list_add(&boot_mem[i].lru, &free_list);
	}
}

static int mm_late_init(void)
{
	struct page *page = alloc_page(1);	/* mm/page_alloc.c: same directory */

	printf("mm: alloc_page(1) gave page %d, %d left\n",
	       page ? page->id : -1, list_count(&free_list));
	return 0;
}
initcall(mm_late_init);

/* HARD CASE: a global function used nowhere: must NOT be reported. */
void mm_debug_dump(void)
{
	printf("free pages: %d\n", list_count(&free_list));
}
/* SPDX-License-Identifier: GPL-2.0-only */
