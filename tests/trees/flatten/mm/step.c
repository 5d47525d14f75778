#include "../include.h"
static volatile int sink;

/* big enough that GCC's inliner leaves it called where nothing forces it */
int step(int n)
{
	for (int i = 0; i < n; i++) {
		switch ((sink + i) & 15) {
		case 0: sink += 3 * i; break;
		case 1: sink ^= i << 2; break;
		case 2: sink -= i * 7; break;
		case 3: sink += sink >> 3; break;
		case 4: sink *= 5; break;
		case 5: sink ^= 0x5a5a; break;
		case 6: sink += i * i; break;
		case 7: sink -= sink >> 1; break;
		case 8: sink += 11; break;
		case 9: sink ^= i * 13; break;
		case 10: sink += sink << 1; break;
		case 11: sink -= 17; break;
		case 12: sink ^= sink >> 5; break;
		case 13: sink += i << 4; break;
		case 14: sink *= 3; break;
		default: sink -= i; break;
		}
	}
	return n * 2;
}

/* no flatten: keeps its calls of step() in the whole-program unit */
__visible int step_twice(int n)
{
	return step(n) + step(n + 7) + step(n + 9);
}
/* SPDX-License-Identifier: GPL-2.0-only */
