/* init/version.c */
#include <stdio.h>
#include <linux/kernel.h>

/* HARD CASE: a const cross-directory variable (.rodata), read by
 * drivers/char/mem.c. */
const char linux_banner[] = "crossym demo kernel 1.0";

/* HARD CASE: used only by another file of its own directory (init/main.c):
 * must NOT be tagged. */
void print_banner(void)
{
	printf("%s\n", linux_banner);
}
/* SPDX-License-Identifier: GPL-2.0-only */
