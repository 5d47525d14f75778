#include <stdio.h>

int k_entry(void);
int k_alias(void);
extern int k_count;

int main(void)
{
	printf("k_entry: %d, k_count: %d, k_alias: %d\n", k_entry(), k_count, k_alias());
	return 0;
}
/* SPDX-License-Identifier: GPL-2.0-only */
