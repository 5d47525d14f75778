// SPDX-License-Identifier: GPL-2.0-only
/* not in n/keep.syms: `ld -r --retain-symbols-file` drops ret_gone from
 * n/ret.o; main/dup.c's is the one linked */
#include "chain.h"

int ret_gone(void)
{
	return 30;
}
