// SPDX-License-Identifier: GPL-2.0-only
/* tests/trees/arms/lib/pick.c: pick_main defined in two #if arms, the one
 * the build compiles (CONFIG_ON) in a .c file the arm #includes (BusyBox's
 * od.c and od_bloaty.c, nc.c and nc_bloaty.c). Built without debug info, so
 * only the text says where the definition is: a tag on this file's own
 * definition, or a re-declaration behind it in its arm, leaves the compiled
 * one untagged. */
#include <arms.h>

#ifdef CONFIG_ON
#include "pick_big.c"
#else
int pick_main(void)
{
	return 1;
}
#endif
