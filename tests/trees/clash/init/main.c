#include <stdio.h>
#include "../include.h"
/* Calls the entries of section initcall6 in link order, as do_initcalls(). */
extern const int __start_initcall6[], __stop_initcall6[];

static __attribute__((noinline, used)) int helper(void)
{
	return 1;
}

int main(void)
{
	for (const int *p = __start_initcall6; p < __stop_initcall6; p++)
		((int (*)(void))((const char *)p + *p))();
	printf("plain %d %d\n", plain_value(), helper());
	return 0;
}
/* SPDX-License-Identifier: GPL-2.0-only */
