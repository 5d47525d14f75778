/* lib/stats.c: a member of the regular archive lib/lib.a. */
#include <linux/stat.h>

/* HARD CASE: a pasted macro-made name: this defines stat_reads, which
 * drivers/char/ updates and init/ prints.  The token stat_reads appears in
 * no definition, so the tag must come as a re-declaration after it. */
DEFINE_STAT(reads);

/* HARD CASE: a pasted macro-made global used nowhere (stat_writes): must NOT
 * be reported. */
DEFINE_STAT(writes);
/* SPDX-License-Identifier: GPL-2.0-only */
