/* lib/string.c: a member of the regular archive lib/lib.a. */
#include <linux/kernel.h>

/* Cross-directory function, used from drivers/char/. */
unsigned long kstrlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return p - s;
}
/* SPDX-License-Identifier: GPL-2.0-only */
