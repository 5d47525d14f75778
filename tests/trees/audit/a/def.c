/* a/def.c: definitions of every class, and two that b/use.c declares wrong. */
#include <stddef.h>

const int foo[] = { 1, 2 };             /* b/use.c: extern int foo[] (mismatch) */
int table[4];                           /* b/use.c: extern int table[] (fine) */
__thread int tls_counter;               /* kind tls */
int common_var;                         /* kind common (-fcommon) */

struct item { int x; };

/* b/use.c: int copy_bytes(char *, int) (mismatch) */
int copy_bytes(char *dst, size_t len)
{
	dst[0] = 0;
	return (int)len;
}

/* b/use.c: long total(long) -- a const parameter is the same type */
long total(const long n)
{
	return n * 2;
}

struct item *first_item(void)
{
	static struct item it;

	return &it;
}

/* only this file calls it (not inlined: a relocation says so) */
__attribute__((noinline)) int file_fn(int x)
{
	return x * 3 + table[0];
}

/* only this file calls it, inlined: its source names it twice */
int inlined_fn(int x)
{
	return x + 1;
}

/* called from a/other.c only */
int local_user(int x)
{
	return inlined_fn(file_fn(x));
}

/* config A: unreferenced; CONFIG_B: a/other.c calls it (unit-local) */
int maybe_local(void)
{
	return 7;
}

/* nobody calls it, unless CONFIG_B */
int dead_fn(void)
{
	return 42;
}

/* overridden by a/other.c */
__attribute__((weak)) int hook(void)
{
	return 0;
}

/* declared in b/use.c in shapes that are the same type: none is a mismatch */
typedef struct { int a; } cfg_t;
volatile const int vc_val = 3;          /* b: const volatile int */
cfg_t cfg;                              /* b: through its own typedef */
int (*handler)(int);                    /* b: the same function pointer */
int old_style(int x)                    /* b: int old_style(); */
{
	return x;
}
/* SPDX-License-Identifier: GPL-2.0-only */
