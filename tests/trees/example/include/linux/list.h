/* include/linux/list.h: a doubly linked list; the functions live in lib/. */
#ifndef _LINUX_LIST_H
#define _LINUX_LIST_H

struct list_head {
	struct list_head *next, *prev;
};

/* A macro-made definition whose name is visible as the macro argument:
 * DEFINE_LIST(free_list) defines the global free_list. */
#define DEFINE_LIST(name) struct list_head name = { &name, &name }

void list_add(struct list_head *new, struct list_head *head);
void list_del(struct list_head *entry);
int list_count(const struct list_head *head);

#endif /* _LINUX_LIST_H */
/* SPDX-License-Identifier: GPL-2.0-only */
