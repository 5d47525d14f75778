/* SPDX-License-Identifier: GPL-2.0-only */
/* chain.h - the chain tree's declarations; __global is the tag crossym adds. */
#ifndef CHAIN_H
#define CHAIN_H

#define __global __attribute__((externally_visible))

int a_one(void);
int b_two(void);
extern int c_var;
int init_pfx_fn(void);
int loc_keep(void);
int loc_hide(void);
int weak_fn(void);
int new_name(void);
int ret_one(void);
int ret_two(void);
int ret_gone(void);
int scr_one(void);
int scr_two(void);
int glob_fn(void);      /* n/glob.c's static, made global (GLOB=1) */

#endif
