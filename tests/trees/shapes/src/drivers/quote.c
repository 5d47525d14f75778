/* SPDX-License-Identifier: GPL-2.0-only */
/* spatch misplaces a quote from a disabled block: its result is discarded. */
#include "../include/shapes.h"

int quote_level;

#if 0
int digits = 1'000;
#endif

int quote_probe(void)
{
	return quote_level;
}
