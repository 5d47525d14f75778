/* SPDX-License-Identifier: GPL-2.0-only */
/* ordersec.h - definitions whose place only the linker script fixes.
 *
 * A global defined alone in an input section that a linker script names one by
 * one (`*(__fair_sched_class)`, no wildcard) sits where the script puts it:
 * code may compare its address with another such definition's
 * (sched_class_above(a, b) is `a < b`). Compiled apart, GCC cannot tell their
 * order; inside one whole-program unit it sees both definitions, may fold the
 * comparison, and the kernel breaks at run time (sched_init became a bare ud2).
 * No symbol table shows it. A unit is at risk when it has two or more such
 * definitions and more than one C object: --exclude the objects that hold
 * them, so each is compiled as the normal build compiled it. */
#ifndef CROSSYM_ORDERSEC_H
#define CROSSYM_ORDERSEC_H

#include <stdio.h>
#include "kbuild/buildtree.h"

/* One TSV row per such definition in a unit at risk (after units_assign and
 * decide_build): unit, object, symbol, section, script; with a header line.
 * Returns the number of rows. */
size_t ordered_print(FILE *out, struct build *b);

#endif
