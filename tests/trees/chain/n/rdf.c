// SPDX-License-Identifier: GPL-2.0-only
/* objcopy --redefine-sym old_name=new_name */
#include "chain.h"

int old_name(void);

int old_name(void)
{
	return 8;
}
