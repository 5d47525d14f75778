// SPDX-License-Identifier: GPL-2.0-only
/* the global loc_hide and ret_gone: n's are local (objcopy) or dropped (ld -r) */
#include "chain.h"

int loc_hide(void)
{
	return 50;
}

int ret_gone(void)
{
	return 60;
}
