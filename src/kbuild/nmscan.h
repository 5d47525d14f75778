/* SPDX-License-Identifier: GPL-2.0-only */
/* nmscan.h - the objects of a build from `nm -A` text (--nm) instead of
 * its files: one object per PATH or PATH:MEMBER, named as the ELF walk
 * names it; no sections (nm prints none). */
#ifndef CROSSYM_NMSCAN_H
#define CROSSYM_NMSCAN_H

#include "core/build.h"

/* Read nm_file ("-": stdin) into b; bad lines are reported and counted in
 * b->nerrors. -1 when the file cannot be opened. */
int nmscan_read(struct build *b, const char *nm_file);

#endif
