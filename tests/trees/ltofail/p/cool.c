/* SPDX-License-Identifier: GPL-2.0-only */
/* A normal object (its -flto compile works) that names p_util, defined in
 * p/util.c, only inside an asm string. */
int cool(void)
{
	int r;

	asm volatile("call p_util" : "=a"(r) : : "memory", "cc", "rdi", "rsi",
		     "rdx", "rcx", "r8", "r9", "r10", "r11");
	return r;
}
