/* SPDX-License-Identifier: GPL-2.0-only */
/* keepsec.h - definitions that only their section keeps: a global in an input
 * section the linker script KEEPs (`KEEP(*(SORT(.list_*)))` command tables
 * walked between start and end symbols) is reached by the linker script,
 * though no object names it. */
#ifndef CROSSYM_KEEPSEC_H
#define CROSSYM_KEEPSEC_H

#include "core/build.h"

/* Add to script (a linker-script pseudo-object of b, with text) a reference
 * to every definition of a linked object whose section one of the script's
 * KEEP patterns matches (objects the link always takes, not library members
 * linked on demand, not modules' objects), but not in an ABI section
 * (abisec.h: KEEP(*(.opd)) keeps no table). Objects whose sections are unknown
 * (nm input, slim LTO objects) make it an error naming them, when the script
 * KEEPs any other section. */
void keep_add_references(struct build *b, struct object *script, const char *text);

#endif
