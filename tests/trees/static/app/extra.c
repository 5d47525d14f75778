// SPDX-License-Identifier: GPL-2.0-only
/* extra.c - a file every build compiles, with a use of util_hidden() under
 * an option no build given to crossym sets. */
#include "util.h"

int extra_value = 5;

#ifdef CONFIG_NEVER
int extra_hidden(void)
{
	return util_hidden(2);
}
#endif
