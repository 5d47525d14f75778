#include <stdio.h>
#include "image.h"

int main(void)
{
	os_init();
	printf("commands: %d\n", table_count());
	return 0;
}
/* SPDX-License-Identifier: GPL-2.0-only */
