// SPDX-License-Identifier: GPL-2.0-only
/* objcopy --weaken-symbol=weak_fn */
#include "chain.h"

int weak_fn(void)
{
	return 7;
}
