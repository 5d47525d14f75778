/* k/sys.c: two calls, both used from main/ (every __STUB definition needs
 * the tag). */
#include <calls.h>

CALL_DEFINE1(add, long, a)
{
	return a + 1;
}

CALL_DEFINE1(sub, long, a)
{
	return a - 1;
}
/* SPDX-License-Identifier: GPL-2.0-only */
