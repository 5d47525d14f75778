/* SPDX-License-Identifier: GPL-2.0-only */
/* cmdline.h - kbuild command lines: the one splitter of a recorded command
 * into words (as sh would, quotes and backslashes included), the compile
 * command of a .cmd file, and that command rewritten for another run. */
#ifndef CROSSYM_CMDLINE_H
#define CROSSYM_CMDLINE_H

#include <stddef.h>

/* How cmdline_words treats what only a shell could do. */
enum cmdline_mode {
	CMDLINE_READ,   /* to read the words: $ ` ( ) < > * ? [ ] { } ~ ! are
			 * taken as they are, an unterminated quote runs to the
			 * end; never refused */
	CMDLINE_RUN,    /* to run them by argument vector: refused (NULL, *why) */
};

/* The words of the first simple command of a kbuild cmd_ text, as sh would
 * split them: blanks, '...', "...", backslashes; the command ends at an
 * unquoted ; | & newline or #comment. CMDLINE_RUN refuses (NULL with *why)
 * what cannot be represented without a shell ($ ` ( ) < > * ? [ ] { } ~ !
 * outside quotes, $ or ` inside double quotes, unterminated quotes, VAR=value
 * prefixes, no command); CMDLINE_READ returns the words (maybe none). The
 * vector is NULL-terminated; cmdline_free frees it. */
char **cmdline_words(const char *cmd, enum cmdline_mode mode, size_t *nwords,
		     const char **why);
/* Where the compiler is among a compile command's words: 1 after a ccache or
 * distcc in front, else 0. */
size_t cmdline_compiler_index(char *const *words, size_t n);
/* A compile command's words (a C compiler, ccache/distcc allowed in front) for
 * another run: -c replaced by the words of mode (NULL-terminated), -o's
 * argument by out, dependency-file, -save-temps and -fdump- options dropped.
 * A new NULL-terminated vector, or NULL with *why (no compiler, no -c and -o). */
char **cmdline_rewrite_compile(char *const *words, size_t n, const char *const *mode,
			       const char *out, const char **why);
/* Whether a command's words (CMDLINE_READ) are an `ld -r` link: -r or
 * --relocatable and no -c. */
int cmdline_is_relocatable_link(const char *cmd);
/* The first character of stops at p or after it outside quotes ('...',
 * "..." and backslashes, as sh reads them), or the terminating NUL. */
const char *cmdline_unquoted(const char *p, const char *stops);
/* Whether a compile command's compiler (cmdline_compiler_index) is clang. */
int cmdline_is_clang(char *const *words, size_t n);

/* Free a NULL-terminated word vector (NULL is fine). */
void cmdline_free(char **words);

#endif
