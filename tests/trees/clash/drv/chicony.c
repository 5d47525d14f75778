#include <stdio.h>
#include "../include.h"
/* As drivers/hid/hid-chicony.c's ch_driver_init: the same static name. */
static int drv_init(void)
{
	puts("chicony");
	return 0;
}
device_initcall(drv_init);
/* SPDX-License-Identifier: GPL-2.0-only */
