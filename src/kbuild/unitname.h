/* SPDX-License-Identifier: GPL-2.0-only */
/* unitname.h - the one place unit names are made and taken apart, and the file
 * the whole-program build makes of a unit:
 *   DIR          the C objects of directory DIR ("." at the top)
 *   DIR#asm      its assembly objects (never compiled whole-program)
 *   DIR@N        the Nth run of DIR's objects in link order (--runs, N >= 2)
 *   DIR/NAME.ko  a module's C objects (DIR/NAME.ko#asm its assembly)
 *   OBJECT       an excluded object or a module stub: a unit of its own.
 * Every name is a fresh string. */
#ifndef CROSSYM_UNITNAME_H
#define CROSSYM_UNITNAME_H
/* "DIR", or "DIR#asm" for assembly; the same for a module "DIR/NAME.ko". */
char *unitname_make(const char *dir_or_module, int is_asm);
/* "DIR@N": the Nth run of DIR's objects. */
char *unitname_run(const char *dir, unsigned run);
/* The directory (or module) a unit is named after: "DIR" of "DIR#asm". */
char *unitname_base(const char *unit);
/* The object file scripts/wholeprogram.sh links a C unit into: DIR/unit.o
 * (unit.o at the top), DIR/unit@N.o for a run, DIR/NAME.unit.o for a module. */
char *unitname_file(const char *unit);
#endif
