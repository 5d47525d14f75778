/* SPDX-License-Identifier: GPL-2.0-only */
/* defline.h - the line of each row's definition: the build's DWARF
 * (decl_file/decl_line) when the object has it, else the first top-level
 * definition the source text shows (srcscan_locate). */
#ifndef CROSSYM_DEFLINE_H
#define CROSSYM_DEFLINE_H

#include <stddef.h>
#include "model/decide.h"

struct build;
/* Set def_source/def_line of the rows rows->v[first..] of build b that have
 * no def_source yet (reorders those rows); use_dwarf 0: the objects may not
 * be on disk (nm input), read the sources only. */
void defline_resolve(const struct build *b, struct rows *rows, size_t first,
		     int use_dwarf);
/* The line to print for r: its def_line when the definition's text is in r's
 * source file, else 0 (unknown, or in an #included .c file). */
unsigned defline_of(const struct row *r);

#endif
