// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include "util.h"

int main(void)
{
	int s = util_sum(4);

#ifdef CONFIG_B
	s += util_shared(3);
#endif
	printf("%d\n", s);
	return 0;
}
