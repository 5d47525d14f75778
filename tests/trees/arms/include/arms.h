/* SPDX-License-Identifier: GPL-2.0-only */
/* tests/trees/arms/include/arms.h: definer macros crossym re-declares (the
 * expansion of DEFINE_LOCKED begins with a static helper; DEFINE_TOTAL
 * pastes its name), and the declarations every configuration sees. */
#ifndef ARMS_H
#define ARMS_H

struct locked {
	int *count;
};

#define DEFINE_LOCKED(name) \
	static int __locked_rc_##name = 1; \
	struct locked name = { &__locked_rc_##name }
#define DEFINE_TOTAL(n) long total_##n

extern struct locked on_lock, any_lock;
extern long total_on;
int arms_sum(void);
int pick_main(void);

#endif
