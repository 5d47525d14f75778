// SPDX-License-Identifier: GPL-2.0-only
#include "hv.h"

int core_ticks(void)
{
	return boot_local() + 1;
}
