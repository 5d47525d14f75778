#include "../include.h"
/* As mm/percpu.c's pcpu_build_alloc_info: static, given __flatten. Compiled
 * apart it cannot inline step() (mm/step.c); in the whole-program unit mm it
 * inlines step() and everything step() calls. */
static int __flatten build_info(int n)
{
	return step(n) + step(n + 1);
}

__visible int mm_setup(int n)
{
	return build_info(n);
}
/* SPDX-License-Identifier: GPL-2.0-only */
