/* SPDX-License-Identifier: GPL-2.0-only */
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
 * fails, or when running the build's commands was not allowed (then the .cmd
 * file is remembered: cpp_was_unrun). The command runs by argument vector
 * (execvp, never sh -c), its -c made -E and its output on a pipe, without
 * dependency-file options; a command with shell syntax crossym cannot
 * represent is not run (warning). The caller frees it. */
char *cpp_preprocess(const char *build_dir, const char *cmd_file, size_t *len);
/* --run-build-commands: allow cpp_preprocess to run commands (default: not). */
void cpp_set_run_commands(int allow);
/* 1 when cpp_preprocess wanted to run cmd_file's command and was not allowed. */
int cpp_was_unrun(const char *cmd_file);
void cpp_forget_unrun(void);
/* The words of the first simple command of a kbuild cmd_ text, as sh would
 * split them: blanks, '...', "...", backslashes; the command ends at an
 * unquoted ; | & newline or #comment. NULL with *why for what cannot be
 * represented without a shell ($ ` ( ) < > * ? [ ] { } ~ ! outside quotes,
 * $ or ` inside double quotes, unterminated quotes, VAR=value prefixes).
 * The vector is NULL-terminated; the caller frees each word and it. */
char **cpp_command_words(const char *cmd, size_t *nwords, const char **why);
/* cpp_command_words of the cmd_ line of a kbuild .cmd file; NULL with *why
 * when it cannot be read, has none or is refused. */
char **cpp_cmd_file_words(const char *cmd_file, size_t *nwords, const char **why);
/* A compile command's words (a C compiler, ccache/distcc allowed in front) for
 * another run: -c replaced by the words of mode (NULL-terminated), -o's
 * argument by out, dependency-file, -save-temps and -fdump- options dropped.
 * A new NULL-terminated vector, or NULL with *why (no compiler, no -c and -o). */
char **cpp_rewrite_words(char *const *words, size_t n, const char *const *mode,
			 const char *out, const char **why);
/* Free a NULL-terminated word vector (NULL is fine). */
void cpp_free_words(char **words);
/* 1 when name occurs in preprocessed C text as an identifier (outside string
 * and character literals and line markers). */
int cpp_has_identifier(const char *text, size_t len, const char *name);

#endif
