/* SPDX-License-Identifier: GPL-2.0-only */
/* clashes.h - static functions of one unit that share a name with another
 * definition of the unit, where a top-level asm statement names them.
 *
 * A whole-program unit is one compilation: when two of its files define a
 * static `ch_driver_init`, lto1 renames them (ch_driver_init.lto_priv.0), but
 * the text of a top-level asm statement is not C and keeps the old name. The
 * kernel's initcall entries are such statements on every architecture with
 * PREL32 relocations (6.1 init.h: asm(".long fn - .") under the local label
 * __initcall__kmod_MOD__COUNTER_LINE_fnLEVEL); measured on Linux 6.1 x86_64
 * defconfig: drivers/hid's ch_driver_init (hid-cherry.c, hid-chicony.c) and
 * pl_driver_init (hid-pl.c, hid-petalynx.c) were undefined at the vmlinux
 * link. (Clang LTO's answer is a global stub per initcall: CONFIG_LTO_CLANG.)
 * No global symbol shows it: each object's symbol table is read again for
 * its local definitions and its initcall entry labels. Keeping all but one
 * of the objects that define such a name out of the unit (--exclude) ends
 * the clash. */
#ifndef CROSSYM_CLASHES_H
#define CROSSYM_CLASHES_H

#include <stdio.h>
#include "kbuild/buildtree.h"

/* One TSV row per object of a unit with more than one C object that defines
 * a name an initcall entry of the unit names, when another object of the
 * unit defines it too (after units_assign and decide_build): unit, object,
 * symbol, entry (the label in that object naming it, "-" when none); with a
 * header line, in link order. An object whose local symbols cannot be read
 * (no file, not ELF, an LTO object) is an error() naming it. Returns the
 * rows. */
size_t clashes_print(FILE *out, const struct build *b);

/* The function an initcall entry label names ("__initcall__" IID fn LEVEL,
 * IID "kmod_MOD__COUNTER_LINE_", LEVEL a digit, a digit and "s", "early",
 * "rootfs" or "con"), allocated; NULL when label is not such a label. */
char *clashes_entry_function(const char *label);

#endif
