// SPDX-License-Identifier: GPL-2.0-only
#include "chain.h"

int scr_one(void)
{
	return 100;
}
