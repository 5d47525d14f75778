/* SPDX-License-Identifier: GPL-2.0-only */
static int b_twice(int n)
{
	return 2 * n;
}

int b_run(int n)
{
	return b_twice(n) + 100;
}
