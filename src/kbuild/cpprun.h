/* SPDX-License-Identifier: GPL-2.0-only */
/* cpprun.h - does a translation unit declare a name in C? Runs the object's
 * own compile command (from kbuild's .cmd file) as the preprocessor and looks
 * for the name as a C identifier. A name that is only inside asm strings
 * (`asm(".globl X; .set X, f")` from SYSCALL_ALIAS) is defined by top-level
 * assembly: GCC never sees it, it needs no tag, and a C re-declaration of it
 * would not compile. */
#ifndef CROSSYM_CPPRUN_H
#define CROSSYM_CPPRUN_H

#include "lib/strtab.h"

#include <stddef.h>

/* Whether the build's compile commands may be run (--run-build-commands),
 * and the .cmd files whose command was wanted but not run. */
struct cpp_runner {
	int run_build_commands;
	struct strtab unrun;
	size_t nrefused;        /* commands it would not run (shell syntax) */
	char *first_refused;    /* the first of them: "CMD_FILE: why" */
};

void cpp_runner_init(struct cpp_runner *r, int run_build_commands);
void cpp_runner_free(struct cpp_runner *r);
/* The commands cpp_preprocess would not run, said once: how many, the first
 * and why (a warning), when there were any. */
void cpp_runner_say(const struct cpp_runner *r);
/* The preprocessed text of the object whose .cmd file is cmd_file (absolute),
 * compiled in build_dir; NULL when there is no usable compile command or it
 * fails, or when running the build's commands was not allowed (then the .cmd
 * file is remembered: cpp_was_unrun). The command runs by argument vector
 * (run_argv, never sh -c), its -c made -E and its output on a pipe, without
 * dependency-file options; a command with shell syntax crossym cannot
 * represent is not run (counted for cpp_runner_say). The caller frees it. */
char *cpp_preprocess(struct cpp_runner *r, const char *build_dir, const char *cmd_file,
		     size_t *len);
/* 1 when cpp_preprocess wanted to run cmd_file's command and was not allowed. */
int cpp_was_unrun(const struct cpp_runner *r, const char *cmd_file);
/* 1 when name occurs in preprocessed C text as an identifier (outside string
 * and character literals and line markers). */
int cpp_has_identifier(const char *text, size_t len, const char *name);
/* The C name declared with the asm label `asm("label")` in preprocessed C
 * text (`extern int errno asm("__u_boot_errno");`: errno), a fresh string;
 * NULL when no declaration has that label. */
char *cpp_asm_label_owner(const char *text, size_t len, const char *label);

#endif
