// SPDX-License-Identifier: GPL-2.0-only
/* tests/trees/arms/lib/arms.c: variables crossym re-declares, two of them
 * defined only in an #if arm. The tree is built with -DCONFIG_ON; compiled
 * without it the arms are left out, and the tagged file must define nothing
 * the untagged one does not (a re-declaration `__typeof__(S) S TAG;` outside
 * the arm would define S there, zeroed). */
#include <arms.h>

#ifdef CONFIG_ON
DEFINE_LOCKED(on_lock);
#endif

#if defined(CONFIG_ON)
DEFINE_TOTAL(on) = 5;
#else
static long total_off = 2;
#endif

DEFINE_LOCKED(any_lock);

int arms_sum(void)
{
#ifdef CONFIG_ON
	return *on_lock.count + (int)total_on + *any_lock.count;
#else
	return *any_lock.count + (int)total_off;
#endif
}
