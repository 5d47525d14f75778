#include <stdio.h>
#include "../include.h"
int main(void)
{
	printf("mm: %d %d %d %d\n", mm_setup(4), raw_total(), solo(5), step_twice(1));
	return 0;
}
/* SPDX-License-Identifier: GPL-2.0-only */
