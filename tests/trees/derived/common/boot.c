// SPDX-License-Identifier: GPL-2.0-only
/* Init-only code: compiled to common/boot.o, objcopied to common/boot.init.o. */
#include "hv.h"

int boot_level __initdata = 3;

static int __init double_it(int x)
{
	return 2 * x;
}

int __init boot_local(void)
{
	return double_it(boot_level);
}

int __init boot_setup(void)
{
	return boot_level + 1;
}
