int k_count;

int k_helper(void)
{
	return 42;
}

void puts_count(void)
{
	k_count++;
}

/* k_alias is made by top-level asm: the asm names k_real, which GCC does
 * not see; k_alias itself is no C definition (its declaration is). */
int k_alias(void);
int k_real(void)
{
	return 7;
}
asm(".globl k_alias\n\t.set k_alias, k_real");
/* SPDX-License-Identifier: GPL-2.0-only */
