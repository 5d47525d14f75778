/* SPDX-License-Identifier: GPL-2.0-only */
/* definer.h - does a definer macro call `M(..., sym, ...);` define sym with
 * external linkage in its first declaration?  A tag written in front of the
 * call (`__visible M(...)`) applies to the first declaration of the
 * expansion only: DEFINE_PERCPU_RWSEM(name) expands to `static
 * DEFINE_PER_CPU(unsigned int, __percpu_rwsem_rc_##name); struct
 * percpu_rw_semaphore name = ...`, so the tag lands on a static helper and
 * GCC rejects it.
 *
 * The macro's definitions are read from files only (nothing of the tree is
 * run): the source file itself, then the files of the object's kbuild .cmd
 * dependency list, else the headers under the command's -I directories and
 * its -include files.  Definitions under #if are chosen by evaluating the
 * conditions where they only test CONFIG_ options (the build's autoconf.h),
 * -D names of the command and names no file read defines; otherwise every
 * definition that may be live must agree.  Nested definer macros in the first
 * declaration are expanded the same way. */
#ifndef CROSSYM_DEFINER_H
#define CROSSYM_DEFINER_H

#include <stddef.h>

enum definer_verdict {
	DEFINER_OK,             /* the first declaration declares sym */
	DEFINER_STATIC,         /* it is static (or a typedef) */
	DEFINER_OTHER,          /* it declares another name */
	DEFINER_ARMS,           /* live #if arms disagree, or cannot be told */
	DEFINER_UNKNOWN,        /* a definition was not found: unchecked */
	DEFINER_ASM,            /* definer_site: the expansion is top-level asm that
				 * names sym in no C token (the assembler makes it:
				 * SYSCALL_ALIAS, SYS_NI) */
};

struct definer_ctx;
struct definer_ctx *definer_new(void);
void definer_free(struct definer_ctx *c);

/* The call of macro at line `line` of the text (len bytes) of source file
 * `source_abs`; the object's .cmd file (absolute, may be NULL) and build_dir
 * say which headers the build read.  *why gets an allocated explanation
 * (which #define, file:line) for every verdict but DEFINER_OK, else NULL. */
enum definer_verdict definer_check(struct definer_ctx *c, const char *text, size_t len,
				   const char *source_abs, const char *cmd_file,
				   const char *build_dir, const char *macro,
				   unsigned line, const char *symbol, char **why);

/* Where the expansion of the call of macro at `line` declares symbol, a name
 * a macro pasted together (SYSCALL_DEFINE3(read, ...) makes __x64_sys_read
 * in __SYS_STUBx of arch/x86/include/asm/syscall_wrapper.h): the #define
 * whose own body makes the name (by ## or literally) in a file-scope
 * declaration, and where in that file a tag goes (before the tokens making
 * the name). Macros are expanded as definer_check() does (the build's files,
 * #if arms by autoconf.h and -D). DEFINER_OK: found, not static;
 * DEFINER_STATIC: that declaration is static; DEFINER_OTHER: no macro of the
 * expansion makes it; DEFINER_ASM: nor does any C token of the whole expansion,
 * which is top-level asm statements only (`asm(".set " #a ...)`: the name is in
 * a string); DEFINER_ARMS, DEFINER_UNKNOWN as for definer_check.
 * *why is set (allocated) for every verdict but DEFINER_OK. */
struct definer_site {
	char *file;             /* the #define's file, as the build names it */
	unsigned line;          /* the #define's line */
	char *macro;            /* its name */
	char *chain;            /* the macros expanded from the call: "A -> B" */
	size_t offset;          /* where in file the tag goes */
	int found;              /* offset is known */
	int tagged;             /* that declaration carries the tag already */
};
enum definer_verdict definer_site(struct definer_ctx *c, const char *text, size_t len,
				  const char *source_abs, const char *cmd_file,
				  const char *build_dir, const char *macro, unsigned line,
				  const char *symbol, const char *tag,
				  struct definer_site *site, char **why);
void definer_site_free(struct definer_site *s);

/* 1 when a file of the object's build (its source text, the files of its
 * .cmd deps list, else its -include files and the headers under its -I
 * directories) names symbol as a whole word on a line with `extern`:
 * a file where `extern __typeof__(symbol) symbol TAG;` can compile. */
int definer_declared(const char *source_text, size_t len, const char *cmd_file,
		     const char *build_dir, const char *symbol);

/* Call fn(arg, path) for each file of the deps_ list of a .cmd text (paths
 * relative to build_dir made absolute and normalised) until fn returns
 * nonzero; returns that, or -1 when the list is empty or missing. */
int definer_deps_each(const char *cmdtext, const char *build_dir,
		      int (*fn)(void *arg, const char *path), void *arg);

#endif
