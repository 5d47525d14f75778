/* SPDX-License-Identifier: GPL-2.0-only */
/* imageinputs.h - what the final link of the image takes besides the
 * aggregates: the inputs kbuild recorded for vmlinux.o and for each image
 * at the top (.IMAGE.cmd, parsed by imagelink.c), its linker scripts, and
 * the loose objects link-vmlinux.sh links beside vmlinux.a. */
#ifndef CROSSYM_IMAGEINPUTS_H
#define CROSSYM_IMAGEINPUTS_H

#include "core/build.h"

/* Linux >= 6.0: vmlinux.o from its .cmd (`ld -r --whole-archive vmlinux.a
 * --start-group LIBS --end-group`), which names every object vmlinux links;
 * 1 when used (no walk of the tree is needed then). */
int imageinputs_add_kernel_link(struct build *b);
/* Beside vmlinux.a, link-vmlinux.sh links these loose objects (Linux >= 6.1). */
void imageinputs_add_loose_objects(struct build *b);
/* The final links recorded at the top: every file they name directly is
 * added (read_inputs; nm input names the objects itself) and their -T
 * scripts are kept in b->image_scripts. */
void imageinputs_add_links(struct build *b, int read_inputs);

#endif
