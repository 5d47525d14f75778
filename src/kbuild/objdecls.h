/* SPDX-License-Identifier: GPL-2.0-only */
/* objdecls.h - an object's DWARF definitions (dwdecl.h), read at most once per
 * scan and kept in the --db with the object's record. */
#ifndef CROSSYM_OBJDECLS_H
#define CROSSYM_OBJDECLS_H

#include <stddef.h>
#include "kbuild/buildtree.h"
#include "objfile/dwdecl.h"

/* The definitions dwarf_definitions gives for obj (a file of build b), sorted
 * by symbol: their count, *out pointing into obj. 0 when obj has no DWARF
 * (the scan saw no .debug_info; archive members are not read) or when it
 * cannot be read (after error(); a later call tries again). */
size_t object_decls(const struct build *b, struct object *obj, const struct decl **out);

#endif
