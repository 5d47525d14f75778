#include "../include.h"
/* A static named like a function of another unit, and an initcall entry
 * whose name no other object of drv/ defines: no clash. */
static __attribute__((noinline, used)) int helper(void)
{
	return 7;
}

static int plain_init(void)
{
	return 0;
}
device_initcall(plain_init);

__visible int plain_value(void)
{
	return helper();
}
/* SPDX-License-Identifier: GPL-2.0-only */
