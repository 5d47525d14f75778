/* SPDX-License-Identifier: GPL-2.0-only */
#include "ppc.h"

int b_helper(int x)
{
	return x + 1;
}

/* Referenced by no object at all. */
int b_unused(int x)
{
	return x * 7;
}

static int bcmd(void) { return b_helper(0); }
const struct cmd cmd_b CMD_ENTRY(b) = { "b", bcmd };
