/* SPDX-License-Identifier: GPL-2.0-only */
/* spatch misreads this file: its result must not be trusted. */
#include "../include/shapes.h"

#if 0
This isn't C: an apostrophe in a disabled block.
#endif

int bad_count = 1;

int bad_probe(void)
{
	return bad_count;
}
