/* SPDX-License-Identifier: GPL-2.0-only */
/* mismatch.h - inconsistent extern declarations: the type an object's DWARF
 * declares for a symbol (an `extern` variable, a prototype) against the type
 * of the symbol's definition in another object of the build. */
#ifndef CROSSYM_MISMATCH_H
#define CROSSYM_MISMATCH_H

#include <stddef.h>
#include "lib/strtab.h"

struct build;

/* Read the DWARF of every linked C object of b (after decide_build) and add
 * to found one line per mismatch,
 *   DECL_FILE:LINE: SYMBOL: declared as 'T1' but defined as 'T2' at DEF_FILE:LINE
 * (paths relative to b's source tree; a line found twice is kept once).
 * Types compare by structure with typedefs resolved (size_t is unsigned
 * long), structs, unions and enums by tag name, top-level qualifiers of
 * parameters ignored, an array of unknown size matching any size, and the
 * parameters of an unprototyped declaration not compared. Adds to *compared
 * the number of (declaration, definition) pairs compared; returns the number
 * of objects that had DWARF. */
size_t mismatch_scan(struct build *b, struct strtab *found, size_t *compared);

#endif
