/* SPDX-License-Identifier: GPL-2.0-only */
/* run.h - run a program by argument vector (fork, execvp; never a shell). */
#ifndef CROSSYM_RUN_H
#define CROSSYM_RUN_H

#include <stddef.h>

/* Run argv (NULL-terminated; argv[0] looked up in PATH) in dir, stdin and
 * stderr on /dev/null. With out, its stdout is read into *out (NUL-terminated,
 * *len bytes; the caller frees it, also on failure); without, it goes to
 * /dev/null. 0 when it ran and exited 0, else -1. */
int run_argv(const char *dir, char *const *argv, char **out, size_t *len);
/* run_argv without out, its stderr written to the file errpath (made or
 * emptied first): what a failed compile said. */
int run_argv_err(const char *dir, char *const *argv, const char *errpath);

/* Start argv as run_argv does, its stdout on /dev/null, without waiting:
 * its process id, or -1. */
int run_start(const char *dir, char *const *argv);
/* Wait for one of the programs run_start started: its process id, *ok 1
 * when it exited 0; -1 when none is left. */
int run_wait_any(int *ok);
/* The number of processors online (at least 1). */
unsigned run_processors(void);

#endif
