/* SPDX-License-Identifier: GPL-2.0-only */
/* dotsyms.h - ELFv1 dot-symbols. On 64-bit big-endian PowerPC a function f
 * has a descriptor f in .opd; with -mcall-aixdesc (Linux's ppc64 ELFv1 flags)
 * and in assembly (_GLOBAL) its code is a second global, .f, and calls name
 * .f (ld makes .f from the descriptor when no object defines it); taking its
 * address names f. Both are the one C function f, which the tag goes on. */
#ifndef CROSSYM_DOTSYMS_H
#define CROSSYM_DOTSYMS_H

#include "core/build.h"

/* Fold each .f into f where f is a descriptor: defined in a descriptor section
 * (abisec.h), or, when the sections are unknown (nm input), defined beside a
 * code definition .f in one object. A definition .f beside its descriptor goes,
 * a reference to .f becomes one to f (once per object), and the object's
 * reference to its own .f goes (its .opd entry names .f: ABI, not a use).
 * Call after the linker scripts' references are in. */
void dotsyms_fold(struct build *b);

#endif
