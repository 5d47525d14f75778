/* SPDX-License-Identifier: GPL-2.0-only */
/* asmrefs.h - symbols a C object names only inside asm strings (an inline
 * `"call foo"`, `.long foo - .`, a top-level `.set A, B`): GCC does not see
 * them, so inside a whole-program unit it may localise or drop foo although
 * the assembler's reference needs it. The reference looks like any other in
 * the object; it is told apart by running the object's own compile command
 * (by argument vector, never through a shell) as the preprocessor: a symbol
 * of the object named inside a string literal of an asm statement is an asm
 * reference (a C reference to it as well does not keep GCC from localising
 * or renaming it). A definition so named counts only when it is a C one: the
 * object compiled again with -flto -ffat-lto-objects has it in its LTO
 * symbol table (`.set A, B` makes A itself). Only with --run-build-commands. */
#ifndef CROSSYM_ASMREFS_H
#define CROSSYM_ASMREFS_H

#include "core/build.h"

/* Find the asm-string references of every linked C object of b; each is
 * reported (symbol, object, file:line) and made a reference of the pseudo
 * unit DIR#asm, as an assembly object's would be. */
void asmrefs_find(struct build *b);
/* Without --run-build-commands: say how many C objects have asm statements in
 * their source file, whose asm-string references are not looked for. */
void asmrefs_warn_unchecked(struct build *b);

#endif
