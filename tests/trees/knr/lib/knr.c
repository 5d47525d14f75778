/* SPDX-License-Identifier: GPL-2.0-only */
/* Old-style (K&R) definitions, as zlib and other imported code has them. */
#define OF(args) args
#define ZEXPORT
#define local static

int knr_sum OF((int a, int b));
long knr_scale();

int knr_sum(a, b)
	int a, b;
{
	return a + b;
}

long knr_scale (n, m)
    register int n;
    register unsigned m;
{
	return (long)n * m;
}

local int knr_twice(x)
	int x;
{
	return 2 * x;
}

char *
knr_pick(p, v, n)
	char *p;
	int v[];
	unsigned n;
{
	return p + v[n];
}

int ZEXPORT knr_inner(x)
	int x;
{
	return knr_twice(x) + 1;
}

/* used inside lib only: whole-program may make it static */
int knr_helper(x)
	int x;
{
	return knr_inner(x) * 3;
}
