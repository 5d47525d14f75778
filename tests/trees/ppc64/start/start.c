/* SPDX-License-Identifier: GPL-2.0-only */
#include "ppc.h"

int result;

/* The entry point the linker script names; no C library. */
void _start(void)
{
	result = os_init() + os_local() + table_count();
	for (;;)
		;
}
