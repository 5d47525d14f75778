// SPDX-License-Identifier: GPL-2.0-only
/* objcopy --localize-symbol=loc_hide: main/dup.c's loc_hide is the global one */
#include "chain.h"

int loc_hide(void)
{
	return 5;
}

int loc_keep(void)
{
	return loc_hide() + 1;
}
