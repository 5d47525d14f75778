/* SPDX-License-Identifier: GPL-2.0-only */
/* hv.h - the derived tree's declarations: init code and data go to .init.*
 * sections; __global is the tag crossym adds. */
#ifndef HV_H
#define HV_H

#define __init __attribute__((section(".init.text")))
#define __initdata __attribute__((section(".init.data")))
#define __global __attribute__((externally_visible))

int boot_setup(void);
extern int boot_level;
int boot_local(void);
int core_ticks(void);
int sched_init(void);
int console_init(void);
int sort_three(int a, int b, int c);
extern int counter_sorts;
int efi_rt_call(int n);

#endif
