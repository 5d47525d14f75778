/* k_helper is named only inside the asm string: GCC does not see the call. */
void puts_count(void);
int k_entry(void)
{
	int r;

	asm volatile("call k_helper" : "=a"(r) : : "memory", "cc", "rdi", "rsi",
		     "rdx", "rcx", "r8", "r9", "r10", "r11");
	puts_count();
	return r;
}
/* SPDX-License-Identifier: GPL-2.0-only */
