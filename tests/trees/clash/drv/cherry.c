#include <stdio.h>
#include "../include.h"
/* As drivers/hid/hid-cherry.c's ch_driver_init (module_hid_driver). */
static int drv_init(void)
{
	puts("cherry");
	return 0;
}
device_initcall(drv_init);
/* SPDX-License-Identifier: GPL-2.0-only */
