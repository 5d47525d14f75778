/* SPDX-License-Identifier: GPL-2.0-only */
/* Old-style (K&R) definitions, as zlib and other imported code has them, and
 * their neighbours: each is tagged in place where spatch and crossym's scanner
 * agree, else re-declared. */
#include "../include/shapes.h"

#define OF(args) args
#define Z_ARG(args) args
#define ZEXPORT
#define local static

int knr_sum OF((int a, int b));
int ZEXPORT knr_zexport Z_ARG((int level));
long knr_register();

int knr_plain(a, b)
int a;
char *b;
{
	return a + b[0];
}

long knr_register (n, m)
    register int n;
    register unsigned m;
{
	return n + m;
}

int knr_sum(a, b)
	int a, b;
{
	return a + b;
}

int ZEXPORT knr_zexport(level)
    int level;
{
	return level;
}

local int knr_local(x)
	int x;
{
	return x;
}

char *
knr_ptrs(p, v, n)
	char *p;
	int v[];
	unsigned n;
{
	return p + v[n];
}

int knr_fnptr(fn, x)
	int (*fn)(int);
	int x;
{
	return fn(x) + knr_local(x);
}

int knr_struct(a)
	struct knr_pt { int x; } *a;
{
	return a->x;
}

int knr_paren (a, b)
	int (a);
	int b __attribute__((unused));
{
	return a;
}

extern int knr_extern(x)
	int x;
{
	return x;
}

int knr_empty()
{
	return 0;
}

int __global knr_tagged(a)
	int a;
{
	return a;
}

int __global knr_stale(a)
	int a;
{
	return a;
}

void (*knr_handler(int sig, void (*fn)(int)))(int)
{
	return sig ? fn : 0;
}

int
knr_split(int a,
	  int b)
{
	return a - b;
}
