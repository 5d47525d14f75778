// SPDX-License-Identifier: GPL-2.0-only
#include "chain.h"

int ret_one(void)
{
	return 10;
}
