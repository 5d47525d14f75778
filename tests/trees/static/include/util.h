/* SPDX-License-Identifier: GPL-2.0-only */
/* util.h - lib/util.c's declarations, as a header that outgrew its users
 * has them: some only util.c itself needs now. */
#ifndef UTIL_H
#define UTIL_H

int util_sum(int x);
int util_twice(int x);
extern int util_count;
int util_shared(int x);
int util_hidden(int x);
int util_armed(int x);

#endif
