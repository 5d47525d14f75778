/* SPDX-License-Identifier: GPL-2.0-only */
/* macros.h - the one table of what crossym knows about macros by their names
 * (the kernel's and BusyBox's; no file of the tree is read for it): which
 * define the object an argument names (`DEFINE_MUTEX(name);`), which only
 * refer to a name (EXPORT_SYMBOL*, initcalls, __setup, module_param ...),
 * which paste a new name out of one (SYSCALL_DEFINEn makes `__x64_sys_x`),
 * which are keywords that look like calls.  srcscan.c reads declarations
 * with it, classify.c leaves exports out of its count, placement.c spares
 * the preprocessor for SYSCALL_DEFINEn.  crossym writes no macro file for
 * spatch: annotate.sh takes the tree's (--macro-file). */
#ifndef CROSSYM_MACROS_H
#define CROSSYM_MACROS_H

#include <stddef.h>

enum macro_how {
	MACRO_DEFINES = 1,      /* defines the object an argument names */
	MACRO_REFERS = 2,       /* takes a name without defining it */
	MACRO_PASTES = 4,       /* pastes a new name out of an argument */
	MACRO_WORD = 8,         /* a keyword that looks like a call */
};

/* The prefix of the export macros (EXPORT_SYMBOL, EXPORT_SYMBOL_GPL ...). */
#define MACROS_EXPORT "EXPORT_"

/* How the macro name[0, len) treats a name argument: MACRO_DEFINES for the
 * listed definers (whole names); else the flag of the longest listed prefix
 * (names containing "initcall" or "_param" refer); 0 when unknown (it may
 * define the name). */
unsigned macros_how(const char *name, size_t len);
/* An export macro: the name starts with MACROS_EXPORT. */
int macros_exports(const char *name, size_t len);
/* A per-CPU macro (type, name[, more]): the name contains PER_CPU. */
int macros_per_cpu(const char *name, size_t len);
/* A compat syscall macro: the name contains COMPAT. */
int macros_compat(const char *name, size_t len);
/* The kernel's SYSCALL_DEFINEn (and COMPAT_SYSCALL_DEFINEn): it makes C
 * functions, no asm alias (a NUL-terminated name). */
int macros_syscall_definer(const char *name);

#endif
