/* dwarf.h - where the external definitions of an ELF object are declared,
 * from its DWARF (libdw, relocated through libdwfl). */
#ifndef CROSSYM_DWARF_H
#define CROSSYM_DWARF_H

#include <stddef.h>

struct decl {
	char *symbol;   /* linkage name of an external function or variable defined here */
	char *file;     /* DW_AT_decl_file: absolute (made so with DW_AT_comp_dir), normalised */
	unsigned line;  /* DW_AT_decl_line */
};

/* The declaration coordinates of every external (DW_AT_external) function with
 * code (DW_TAG_subprogram with DW_AT_low_pc or DW_AT_ranges, including the
 * concrete out-of-line instance of an inline function) and every external
 * variable definition (DW_TAG_variable with DW_AT_location, not a
 * DW_AT_declaration) of the ELF object at path, attributes inherited through
 * DW_AT_specification / DW_AT_abstract_origin included.  ET_REL objects are
 * relocated (libdwfl) before their DWARF is read.  A definition is kept only
 * when the object's symbol table defines its name as a global or weak symbol
 * (this drops e.g. local clones of an inline function that is not emitted);
 * definitions without DW_AT_decl_file / DW_AT_decl_line are left out.
 * Returns the number of entries (*out allocated, sorted by symbol, then file
 * and line, exact duplicates removed), 0 (*out NULL) when the object has no
 * DWARF, -1 (*out NULL) after error("%s: ...", path) when the file cannot be
 * read as ELF or its DWARF cannot be read. */
long dwarf_definitions(const char *path, struct decl **out);
void dwarf_free(struct decl *decls, size_t n);

#endif
