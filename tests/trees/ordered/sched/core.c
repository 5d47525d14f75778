#include "../include.h"
/* As sched_init: "make sure the linker didn't screw up". Only the linker
 * script puts lo_class right after hi_class; a compiler that sees both
 * definitions knows two distinct objects and folds the test to true.
 * (classes_ok carries the tag crossym reports for it: init/ calls it.) */
__attribute__((externally_visible)) int classes_ok(void)
{
	if (&lo_class != &hi_class + 1)
		__builtin_trap();
	return hi_class.prio + lo_class.prio;
}

/* alone in a section ordered.lds names, but in another output section:
 * units --ordered does not count it with the classes */
int core_flag __attribute__((section("__core_flag"), externally_visible)) = 1;
/* SPDX-License-Identifier: GPL-2.0-only */
