/* SPDX-License-Identifier: GPL-2.0-only */
/* Functions: the tag goes right before the name, after type and attributes. */
#include "../include/shapes.h"

void paging_init(void);

static int helper(int x)
{
	return x + 1;
}

void __init paging_init(void)
{
	helper(1);
}

pte_t *
pte_alloc_one(struct mm_struct *mm, unsigned long address)
{
	return (pte_t *)0 + mm->users + address;
}

pte_t * pte_alloc_kernel(struct mm_struct *mm)
{
	return (pte_t *)0 + mm->users;
}

int __weak arch_setup(void)
{
	return 0;
}

unsigned long __init __cold noinline early_pfn(int nid, unsigned long pfn)
{
	return pfn + nid;
}

int
sum_pages(int a,
	  int b)
{
	return a + b;
}
