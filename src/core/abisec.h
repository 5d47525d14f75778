/* SPDX-License-Identifier: GPL-2.0-only */
/* abisec.h - sections the ABI or the compiler makes for every function or
 * object: ELFv1 function descriptors (.opd), TOC and GOT sections, unwind and
 * exception tables, -pg/-fpatchable-function-entry call-site lists, small-data
 * sections. A linker script that KEEPs one (arch/powerpc's KEEP(*(.opd)))
 * keeps what the code needs, not a table whose entries nobody names: a
 * definition there is reached, like any other, through its name, and is
 * judged by its references. Tables made by the program (.init_array, .ctors,
 * initcalls, command lists) are not ABI sections and keep counting. */
#ifndef CROSSYM_ABISEC_H
#define CROSSYM_ABISEC_H

/* 1 when section (an input-section name, or a KEEP pattern naming one) is an
 * ABI section. */
int abisec_is_abi(const char *section);
/* 1 when a definition in section is a function's descriptor (ELFv1 .opd: the
 * symbol callers name is the descriptor, the code is elsewhere): the
 * definition is a function, whatever the section's flags. */
int abisec_is_descriptor(const char *section);

#endif
