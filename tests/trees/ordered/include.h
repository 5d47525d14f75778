/* A class table ordered only by the linker script (ordered.lds), as the
 * kernel's DEFINE_SCHED_CLASS: each class alone in its own section. */
struct cls {
	int prio;
	const char *name;
};
#define DEFINE_CLASS(n) \
	const struct cls n##_class __attribute__((section("__" #n "_class"), aligned(8)))
extern const struct cls hi_class, lo_class;
int classes_ok(void);
/* SPDX-License-Identifier: GPL-2.0-only */
