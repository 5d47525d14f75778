#include "../include.h"
/* the attribute's own spelling, on a global definition */
__visible int __attribute__((flatten)) raw_total(void)
{
	return step(3);
}
/* SPDX-License-Identifier: GPL-2.0-only */
