/* SPDX-License-Identifier: GPL-2.0-only */
/* ltosec.h - the sections of slim LTO objects, for --run-build-commands: a
 * slim object's symbol table names no sections, so a KEEP rule of the linker
 * script cannot be judged from it; the object's own compile command, run
 * again with -fno-lto, gives an object that names them. */
#ifndef CROSSYM_LTOSEC_H
#define CROSSYM_LTOSEC_H
#include "core/build.h"
/* For each linked slim LTO object: compile it again without LTO into a scratch
 * file and take the section of each of its definitions from there (its
 * no_sections is then 0). An object that cannot be compiled so, or whose
 * plain compile lacks one of its definitions, keeps its sections unknown
 * (a row of the lto-sections list, build.h, and one warning with the count;
 * keepsec.c says what that costs when a script KEEPs sections). */
void ltosec_fill(struct build *b);
#endif
