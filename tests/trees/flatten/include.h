/* The kernel's spelling of GCC's flatten attribute (compiler_attributes.h). */
#define __flatten __attribute__((flatten))
#define __visible __attribute__((externally_visible))
int mm_setup(int n);
int step(int n);
int step_twice(int n);
int raw_total(void);
int solo(int n);
/* SPDX-License-Identifier: GPL-2.0-only */
