/* lib/list.c: a member of the regular archive lib/lib.a. */
#include <linux/list.h>

/* Cross-directory functions: list_add from kernel/ and mm/, list_del from
 * mm/, list_count from init/ and mm/. */
void list_add(struct list_head *new, struct list_head *head)
{
	new->next = head->next;
	new->prev = head;
	head->next->prev = new;
	head->next = new;
}

void list_del(struct list_head *entry)
{
	entry->prev->next = entry->next;
	entry->next->prev = entry->prev;
	entry->next = entry->prev = entry;
}

int list_count(const struct list_head *head)
{
	const struct list_head *e;
	int n = 0;

	for (e = head->next; e != head; e = e->next)
		n++;
	return n;
}
/* SPDX-License-Identifier: GPL-2.0-only */
