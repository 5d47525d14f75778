/* SPDX-License-Identifier: GPL-2.0-only */
/* ltocompile.h - a C object's kbuild command made into the -flto compile of a
 * whole-program unit's member and the flags of the unit's link
 * (crossym cmd --lto, for wholeprogram.sh). */
#ifndef CROSSYM_LTOCOMPILE_H
#define CROSSYM_LTOCOMPILE_H

/* A C object's kbuild command (its cmd_ text) made into the -flto compile of
 * a whole-program unit's member and the unit's link (wholeprogram.sh), as
 * text for sh: the first command (up to the first ; outside quotes) writes
 * lto instead of obj (` -o OBJ`, the dependency file of -Wp,-MD or -Wp,-MMD
 * renamed as kbuild names it), -flto added; what follows that ; is objtool's
 * step when it runs objtool, then run on the unit file. */
struct lto_compile {
	char *command;          /* the -flto compile of lto */
	char *unit_flags;       /* its compiler and flags for the unit link:
				 * without -c, -o, -M*, -I, -D, -U, -include,
				 * -imacros, -isystem, -x, -Wp, quoted words and
				 * the source */
	char *objtool;          /* objtool's step on the unit file, or NULL */
};
enum lto_refusal {
	LTO_OK,
	LTO_NO_COMMAND,         /* an empty command */
	LTO_CLANG,              /* compiled by clang: the recipe is GCC's */
	LTO_NO_COMPILE,         /* no -c: an object made from another object */
	LTO_NO_OUTPUT,          /* no ` -o OBJ` */
};
/* Fill *out (LTO_OK) from cmd for the object obj, its LTO object lto and
 * its unit's file unit; else *out is empty. lto_compile_free frees it. */
enum lto_refusal lto_compile_make(const char *cmd, const char *obj, const char *lto,
				  const char *unit, struct lto_compile *out);
void lto_compile_free(struct lto_compile *c);

/* The LTO object of obj: OBJ.lto.o for OBJ.o (anything else as it is); a
 * fresh string. The one place that names them: a scan of the build skips
 * what lto_is_object_name says is one. */
#define LTO_OBJECT_SUFFIX ".lto.o"
char *lto_object_name(const char *obj);
int lto_is_object_name(const char *name);

#endif
