/* ldscript.h - the symbols a GNU ld linker script references (ENTRY(sym),
 * the right-hand sides of `sym = expr;` and PROVIDE(sym = expr)), such as
 * `jiffies = jiffies_64;` in the kernel's vmlinux.lds. */
#ifndef CROSSYM_LDSCRIPT_H
#define CROSSYM_LDSCRIPT_H

#include <stddef.h>

/* The identifiers text references, in order of appearance, duplicates kept;
 * section names (".text") and the built-in functions are left out. Returns a
 * fresh array of fresh strings; *count is set. */
char **lds_references(const char *text, size_t *count);
void lds_free(char **names, size_t count);

#endif
