// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include "hv.h"

int main(void)
{
	int setup = boot_setup();
	int sched = sched_init();
	int console = console_init();
	int sorted = sort_three(3, 1, 2);

	printf("setup %d sched %d console %d sort %d/%d efi %d\n", setup, sched, console,
	       sorted, counter_sorts, efi_rt_call(21));
	return 0;
}
