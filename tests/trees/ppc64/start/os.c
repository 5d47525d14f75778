/* SPDX-License-Identifier: GPL-2.0-only */
#include "ppc.h"

int os_ticks;

int os_init(void)
{
	os_ticks = b_helper(1);
	return os_ticks;
}

/* Called only from start/start.c: used inside its unit. */
int os_local(void)
{
	return os_ticks * 2;
}
