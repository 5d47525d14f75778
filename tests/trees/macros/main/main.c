/* main/main.c: calls k/'s pasted definitions. */
#include <stdio.h>

long __x64_sys_add(long a);
long __x64_sys_sub(long a);
extern int hook_alpha;
int k_run(void);

int main(void)
{
	printf("add %ld, sub %ld, alpha %d, run %d\n", __x64_sys_add(41),
	       __x64_sys_sub(43), hook_alpha, k_run());
	return 0;
}
