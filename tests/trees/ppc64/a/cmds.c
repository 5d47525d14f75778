/* SPDX-License-Identifier: GPL-2.0-only */
#include "ppc.h"

int table_count(void)
{
	int n = 0;

	for (struct cmd *c = __list_start; c < __list_end; c++)
		n += c->run() >= 0;
	return n;
}

/* Called only from a/more.c: used inside its unit. */
int cmd_helper(int x)
{
	return x + os_ticks;
}

static int hello(void) { return 0; }
const struct cmd cmd_hello CMD_ENTRY(hello) = { "hello", hello };
