/* SPDX-License-Identifier: GPL-2.0-only */
static int b_twice(int n)
{
	return 2 * n;
}

unsigned long a_clock(void);
long a_sys_poke(long x);

int b_run(int n)
{
	return b_twice(n) + 100 + (int)a_clock() + (int)a_sys_poke(10);
}
