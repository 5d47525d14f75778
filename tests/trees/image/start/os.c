#include "image.h"

int os_ticks;

int os_init(void)
{
	os_ticks = b_helper(1);
	return os_ticks;
}
/* SPDX-License-Identifier: GPL-2.0-only */
