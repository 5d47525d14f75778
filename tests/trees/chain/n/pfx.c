// SPDX-License-Identifier: GPL-2.0-only
/* objcopy --prefix-symbols=init_ makes pfx_fn init_pfx_fn (every symbol
 * gets the prefix, references too: this file references nothing). */
#include "chain.h"

int pfx_fn(void);

int pfx_fn(void)
{
	return 40;
}
