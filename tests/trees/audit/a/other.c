/* a/other.c: the strong hook, and an entry point for b. */
int local_user(int x);
int maybe_local(void);

int hook(void)
{
	return 1;
}

int other_entry(void)
{
#ifdef CONFIG_B
	return local_user(1) + hook() + maybe_local();
#else
	return local_user(1) + hook();
#endif
}
/* SPDX-License-Identifier: GPL-2.0-only */
