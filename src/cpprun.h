/* cpprun.h - does a translation unit declare a name in C? Runs the object's
 * own compile command (from kbuild's .cmd file) as the preprocessor and looks
 * for the name as a C identifier. A name that is only inside asm strings
 * (`asm(".globl X; .set X, f")` from SYSCALL_ALIAS) is defined by top-level
 * assembly: GCC never sees it, it needs no tag, and a C re-declaration of it
 * would not compile. */
#ifndef CROSSYM_CPPRUN_H
#define CROSSYM_CPPRUN_H

#include <stddef.h>

/* The preprocessed text of the object whose .cmd file is cmd_file (absolute),
 * compiled in build_dir; NULL when there is no usable compile command or it
 * fails. The caller frees it. */
char *cpp_preprocess(const char *build_dir, const char *cmd_file, size_t *len);
/* 1 when name occurs in preprocessed C text as an identifier (outside string
 * and character literals and line markers). */
int cpp_has_identifier(const char *text, size_t len, const char *name);

#endif
