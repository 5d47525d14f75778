// SPDX-License-Identifier: GPL-2.0-only
#include "chain.h"

int scr_two(void)
{
	return 200;
}
