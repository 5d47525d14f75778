/* SPDX-License-Identifier: GPL-2.0-only */
/* linkscripts.h - linker scripts as referencing units (doc/CONTRACT.md,
 * "linker script unit"): each is a pseudo-object named by its path that
 * references what it names and what its KEEP patterns keep. */
#ifndef CROSSYM_LINKSCRIPTS_H
#define CROSSYM_LINKSCRIPTS_H

#include "core/build.h"

/* The --lds scripts of opts, else the final link's -T scripts
 * (b->image_scripts) and arch/ARCH/kernel/vmlinux.lds when present. */
void linkscripts_add(struct build *b, const struct scan_opts *opts);

#endif
