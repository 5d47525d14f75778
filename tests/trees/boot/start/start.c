/* SPDX-License-Identifier: GPL-2.0-only */
#include <stdio.h>

int a_run(int n);
int a_hot(void);
int b_run(int n);

int main(void)
{
	printf("boot: %d %d %d\n", a_run(2), a_hot(), b_run(3));
	return 0;
}
