/* SPDX-License-Identifier: GPL-2.0-only */
#include <stdio.h>

int knr_sum();
long knr_scale();
char *knr_pick();
int lib_total();

int main(void)
{
	int v[] = { 0, 1, 2 };
	char s[] = "kr!";

	printf("sum %d scale %ld pick %c total %d\n", knr_sum(2, 3),
	       knr_scale(4, 5u), *knr_pick(s, v, 2u), lib_total(1));
	return 0;
}
