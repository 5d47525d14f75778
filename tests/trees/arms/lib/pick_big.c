// SPDX-License-Identifier: GPL-2.0-only
/* tests/trees/arms/lib/pick_big.c: the CONFIG_ON definition of pick_main,
 * #included by lib/pick.c (never compiled on its own). */
int pick_main(void)
{
	return 2 + arms_sum();
}
