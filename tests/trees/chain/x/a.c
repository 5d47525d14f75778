// SPDX-License-Identifier: GPL-2.0-only
#include "chain.h"

int a_one(void)
{
	return 1;
}
