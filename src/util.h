/* util.h - error reporting, checked allocation, small string helpers. */
#ifndef CROSSYM_UTIL_H
#define CROSSYM_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* The exit status the run will end with, set by error(); the one global of the
 * program (defined in util.c), read by the commands when they return. */
struct diag {
	const char *progname;   /* "crossym" */
	int status;             /* 0, or 1 once error() was called */
};

extern struct diag diag;

/* "crossym: <msg>" on stderr; remembers a non-zero exit. */
void error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "crossym: warning: <msg>" on stderr. */
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "crossym: <msg>" on stderr and exit(2): the result would be meaningless. */
void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

void *xmalloc(size_t size);
void *xcalloc(size_t nmemb, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* printf into a fresh allocation. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *arr (of *cap elements of elsize bytes) so that it holds at least want. */
void grow_array(void **arr, size_t *cap, size_t want, size_t elsize);

/* A path joined from dir and name ("dir/name"; just name when dir is "" or "."). */
char *path_join(const char *dir, const char *name);
/* The directory part of path ("." when there is none); a fresh string. */
char *path_dirname(const char *path);
/* path made relative to base when it lies inside base, else a copy of path.
 * Both are normalised textually (no symlink resolution). */
char *path_relative(const char *path, const char *base);
/* Collapse "//", "/./" and "dir/.." textually; a fresh string. */
char *path_normalize(const char *path);

int str_has_suffix(const char *s, const char *suffix);
int str_has_prefix(const char *s, const char *prefix);

/* Read a whole file; NULL (errno set) on failure. *len gets the size. */
char *read_file(const char *path, size_t *len);

/* POSIX cksum(1) CRC of a buffer, as printed by `cksum`. */
unsigned long posix_cksum(const unsigned char *buf, size_t len);

/* qsort comparator for an array of char *. */
int cmp_strptr(const void *a, const void *b);

#endif
