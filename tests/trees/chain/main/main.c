// SPDX-License-Identifier: GPL-2.0-only
#include <stdio.h>
#include "chain.h"

int main(void)
{
	printf("x %d n %d %d %d %d %d %d main %d %d\n", a_one() + b_two() + c_var,
	       init_pfx_fn(), loc_keep(), weak_fn(), new_name(), ret_one() + ret_two(),
	       scr_one() + scr_two(), loc_hide(), ret_gone());
#ifdef GLOB
	printf("glob %d\n", glob_fn());
#endif
	return 0;
}
