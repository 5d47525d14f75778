/* SPDX-License-Identifier: GPL-2.0-only */
/* Not listed at all: never touched. */
static int nr_table[4];

int unlisted_fn(void)
{
	return nr_table[0];
}
