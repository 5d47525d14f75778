// SPDX-License-Identifier: GPL-2.0-only
#include "chain.h"

static int b_half(void)
{
	return 1;
}

int b_two(void)
{
	return b_half() + a_one();
}
