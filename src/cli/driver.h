/* SPDX-License-Identifier: GPL-2.0-only */
/* driver.h - `crossym annotate` and `crossym wholeprogram`: run their driver
 * scripts (annotate.sh, wholeprogram.sh). */
#ifndef CROSSYM_DRIVER_H
#define CROSSYM_DRIVER_H

/* Find annotate.sh and exec it with argv[1..]; returns only on failure
 * (exit status 2). */
int cmd_annotate(int argc, char **argv);
/* The same for wholeprogram.sh. */
int cmd_wholeprogram(int argc, char **argv);

#endif
