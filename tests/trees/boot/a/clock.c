/* SPDX-License-Identifier: GPL-2.0-only */
/* Linux 6.12's arch/x86/kernel/tsc.c in small: a_clock is defined in both
 * arms of an #ifdef, with a body in the one this build leaves out and by an
 * alias attribute in the one it compiles. b/ calls it: the tag must reach
 * the alias's arm too, or the whole-program unit of a/ drops a_clock. */
unsigned long native_clock(void)
{
	return 7;
}

#ifdef CONFIG_PARAVIRT
unsigned long paravirt_clock(void);

unsigned long a_clock(void)
{
	return paravirt_clock();
}
#else
unsigned long a_clock(void) __attribute__((alias("native_clock")));
#endif
