// SPDX-License-Identifier: GPL-2.0-only
/* tests/trees/arms/app/main.c: uses lib/'s variables from another unit. */
#include <stdio.h>
#include <arms.h>

int main(void)
{
	printf("sum %d on %d total %ld any %d pick %d\n", arms_sum(), *on_lock.count,
	       total_on, *any_lock.count, pick_main());
	return 0;
}
