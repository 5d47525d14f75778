/* SPDX-License-Identifier: GPL-2.0-only */
/* gensrc.h - definitions in a generated source that other units use.
 *
 * A source the build writes into the build dir (Linux's vdso-image-32.c, made
 * by vdso2c) cannot carry a tag: the next build writes it again. crossym
 * re-declares such a definition tagged in another source of its unit
 * (placement "generated"), but GCC 12 -fwhole-program does not honour an
 * externally_visible re-declaration in another file (tests/t37: the link
 * fails; Linux 6.1 x86_64 defconfig: vdso_image_32 was undefined). An object
 * kept out of its unit (--exclude) is compiled normally and needs no tag. */
#ifndef CROSSYM_GENSRC_H
#define CROSSYM_GENSRC_H

#include <stdio.h>
#include "kbuild/buildtree.h"
#include "model/decide.h"

/* One TSV row per definition used from outside its unit (status tag or
 * exported) of a C object whose source the build generated, in a unit with
 * more than one C object (rows: decide_build's for b): unit, object, symbol,
 * source; with a header line, in row order. Returns the rows. */
size_t gensrc_print(FILE *out, const struct build *b, const struct rows *rows);

#endif
