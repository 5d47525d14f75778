/* mm/page_alloc.c */
#include <linux/list.h>
#include <linux/mm.h>

/* HARD CASE: a macro-made definition; its name is visible as the macro
 * argument.  Used from kernel/ and init/ (and mm/init.c). */
DEFINE_LIST(free_list);

/* HARD CASE: a .bss array with an attribute after the declarator, used from
 * arch/demo/. */
unsigned char empty_zero_page[PAGE_SIZE] __aligned(16);

/* HARD CASE: a pointer-returning function with its type on the previous
 * line; prototype in include/linux/mm.h; used from drivers/char/. */
struct page *
alloc_page(int order)
{
	struct list_head *e = free_list.next;
	struct page *page;

	if (e == &free_list)
		return 0;
	list_del(e);
	page = (struct page *)e;	/* lru is the first member */
	page->order = order;
	return page;
}
/* SPDX-License-Identifier: GPL-2.0-only */
