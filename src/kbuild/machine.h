/* SPDX-License-Identifier: GPL-2.0-only */
/* machine.h - one architecture per build: the objects of another (a stray
 * host object, a 32-bit boot stub) are reported and left out of the link. */
#ifndef CROSSYM_MACHINE_H
#define CROSSYM_MACHINE_H

#include "core/build.h"

/* The architecture (machine and ELF class) most objects of b have; every
 * object of another is an error and loses machine_ok. */
void machine_check(struct build *b);

#endif
