/* k/other.c: the only user of hook_beta (the same unit). */
extern int hook_beta;

int k_run(void)
{
	return hook_beta + 10;
}
/* SPDX-License-Identifier: GPL-2.0-only */
