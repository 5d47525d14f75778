/* SPDX-License-Identifier: GPL-2.0-only */
/* Same names as definitions wanted elsewhere, but static here: untouched. */
static unsigned long aio_nr;
static int primes[2];

int other_fn(void)
{
	return (int)aio_nr + primes[0];
}
