/* SPDX-License-Identifier: GPL-2.0-only */
/* a_helper: used in a/ only, until a/hot.o has to stay out of a/'s unit */
int a_helper(int n)
{
	return n * 10;
}

int a_run(int n)
{
	return a_helper(n) + 1;
}
