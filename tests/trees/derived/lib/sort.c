// SPDX-License-Identifier: GPL-2.0-only
/* Init-only, made in three steps: lib/sort.o, `ld -r` of it alone into
 * lib/sort.r.o, stripped of its debug info into lib/sort.s.o, objcopied to
 * lib/sort.init.o. counter_sorts is pasted by a macro: only DWARF knows its
 * line. */
#include "hv.h"

#define DEFINE_COUNTER(n) int counter_##n

DEFINE_COUNTER(sorts) __initdata;

static void swap(int *x, int *y)
{
	int t = *x;

	*x = *y;
	*y = t;
}

int __init sort_three(int a, int b, int c)
{
	if (a > b)
		swap(&a, &b);
	if (b > c)
		swap(&b, &c);
	if (a > b)
		swap(&a, &b);
	counter_sorts++;
	return a * 100 + b * 10 + c;
}
