/* drivers/char/misc.c */
#include <stdio.h>
#include <linux/export.h>
#include <linux/kernel.h>

static int misc_count;

/* HARD CASE: an exported function (EXPORT_SYMBOL carries the tag, so it needs
 * none of its own), used from arch/demo/ and from mem.c of this directory. */
int misc_register(const char *name)
{
	misc_count++;
	printf("misc: registered %s as device %d\n", name, misc_count);
	return misc_count;
}
EXPORT_SYMBOL(misc_register);
/* SPDX-License-Identifier: GPL-2.0-only */
