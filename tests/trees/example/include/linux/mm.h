/* include/linux/mm.h: memory management, defined in mm/. */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H

#include <linux/list.h>

#define PAGE_SIZE 64

struct page {
	struct list_head lru;
	int order;
	int id;
};

extern struct list_head free_list;
extern unsigned char empty_zero_page[PAGE_SIZE];
extern unsigned long boot_pages;

/* HARD CASE: the prototype of a cross-directory function in a header (the
 * definition in mm/page_alloc.c has its return type on the previous line).
 * Only the definition may get the tag, never this prototype. */
struct page *alloc_page(int order);
void paging_init(void);

#endif /* _LINUX_MM_H */
/* SPDX-License-Identifier: GPL-2.0-only */
