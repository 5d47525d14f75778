/* SPDX-License-Identifier: GPL-2.0-only */
#include <stdio.h>

int hot_read(void);
int hot_alias(void);
int cool(void);

int main(void)
{
	printf("hot_read: %d, hot_alias: %d, cool: %d\n", hot_read(), hot_alias(), cool());
	return 0;
}
