/* SPDX-License-Identifier: GPL-2.0-only */
/* flatten.h - functions GCC's flatten attribute asks to inline whole.
 *
 * `__attribute__((flatten))` (the kernel's __flatten) inlines every call in the
 * function, recursively, wherever the callee's body is visible. Compiled apart,
 * only the file's own functions are; inside one whole-program unit every body
 * of the unit is, and the call tree below the function is copied in at every
 * call site. Measured on Linux 6.1 x86_64 defconfig: mm/percpu.c's
 * pcpu_build_alloc_info took lto1's WPA stage of the mm unit past 24 GiB (the
 * kernel's OOM killer ended it); without mm/percpu.o the unit links in 30 s and
 * 318 MiB. No symbol table shows the attribute (the function is often
 * static): the sources of the unit's C objects are read. A unit is at risk
 * when one of its C objects' sources names the attribute and the unit has
 * more than one C object: --exclude that object. */
#ifndef CROSSYM_FLATTEN_H
#define CROSSYM_FLATTEN_H

#include <stdio.h>
#include "kbuild/buildtree.h"

/* One TSV row per function the attribute is given to (a definition or a
 * declaration) in a C object of a unit at risk (after units_assign and
 * decide_build): unit, object, symbol, source, line; with a header line.
 * A source that cannot be read is an error() naming it. Returns the rows. */
size_t flatten_print(FILE *out, struct build *b);

#endif
