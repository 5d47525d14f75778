/* SPDX-License-Identifier: GPL-2.0-only */
/* Tags already there: kept (wanted) or removed (stale). */
#include "../include/shapes.h"

int __global already_fn(void)
{
	return 1;
}

unsigned long __global already_var;
__global DEFINE_MUTEX(already_mutex);
__visible void visible_fn(void)
{
}

int __global stale_fn(void)
{
	return 2;
}

unsigned long __global stale_var = 3;
__global DEFINE_MUTEX(stale_mutex);
unsigned long stale_after __global;

int old_redecl(void)
{
	return 4;
}
extern __typeof__(old_redecl) old_redecl __global;
