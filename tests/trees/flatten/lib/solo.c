#include "../include.h"
/* alone in its unit: the attribute sees only this file, as compiled apart */
static int __flatten twice(int n)
{
	return n + n;
}

__visible int solo(int n)
{
	return twice(n);
}
/* SPDX-License-Identifier: GPL-2.0-only */
