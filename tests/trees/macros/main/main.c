/* main/main.c: calls k/'s pasted definitions; built with -DUSE_BETA (a
 * second configuration) it uses hook_beta too. */
#include <stdio.h>

long __x64_sys_add(long a);
long __x64_sys_sub(long a);
extern int hook_alpha;
int k_run(void);
#ifdef USE_BETA
extern int hook_beta;
#define BETA hook_beta
#else
#define BETA 0
#endif

int main(void)
{
	printf("add %ld, sub %ld, alpha %d, run %d, beta %d\n", __x64_sys_add(41),
	       __x64_sys_sub(43), hook_alpha, k_run(), BETA);
	return 0;
}
/* SPDX-License-Identifier: GPL-2.0-only */
