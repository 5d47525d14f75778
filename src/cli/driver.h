/* SPDX-License-Identifier: GPL-2.0-only */
/* driver.h - `crossym annotate`: run the Coccinelle driver script. */
#ifndef CROSSYM_DRIVER_H
#define CROSSYM_DRIVER_H

/* Find annotate.sh and exec it with argv[1..]; returns only on failure
 * (exit status 2). */
int cmd_annotate(int argc, char **argv);

#endif
