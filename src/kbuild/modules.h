/* SPDX-License-Identifier: GPL-2.0-only */
/* modules.h - a kernel build's modules (modules.order): each module's objects
 * form the unit DIR/NAME.ko and are linked into it, not into the image. */
#ifndef CROSSYM_MODULES_H
#define CROSSYM_MODULES_H

#include "core/build.h"

/* Add the object of every module (NAME.o, made with `ld -r` from the objects
 * NAME.mod lists) and mark the objects it brings as the module's. */
void modules_add(struct build *b);
/* nm input (the objects are there already): the objects NAME.mod lists
 * belong to module NAME.ko. */
void modules_assign_nm(struct build *b);

#endif
