// SPDX-License-Identifier: GPL-2.0-only
#include "chain.h"

int ret_two(void)
{
	return 20;
}
