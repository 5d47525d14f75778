/* SPDX-License-Identifier: GPL-2.0-only */
/* util.h - error reporting, checked allocation, small string helpers. */
#ifndef CROSSYM_UTIL_H
#define CROSSYM_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* The exit status the run will end with, set by error(); defined in util.c,
 * read by the commands when they return. The only other file-scope state is
 * cpprun.c's (--run-build-commands and the .cmd files it kept from running). */
struct diag {
	const char *progname;   /* "crossym" */
	int status;             /* 0, or 1 once error() was called */
	int quiet;              /* -q: no notes, summaries or repeated warnings */
};

extern struct diag diag;

/* "crossym: <msg>" on stderr; remembers a non-zero exit. */
void error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "crossym: <msg>" on stderr, the exit status left to the caller (what it
 * counts and lists, as cocci its unplaced definitions). */
void complain(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "crossym: warning: <msg>" on stderr. */
void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "crossym: note: <msg>" on stderr, unless -q. */
void note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "crossym: FILE:LINE: note: <msg>" (": LINE" left out when 0), unless -q. */
void note_at(const char *file, unsigned line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* fmt as it is on stderr (a summary: "crossym check: 0 missing, ..."),
 * unless -q. */
void inform(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
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
/* (*count)[id]++, growing *count (of *cap counters, new ones zero) as needed. */
void bump_count(size_t **count, size_t *cap, size_t id);

/* A path joined from dir and name ("dir/name"; just name when dir is "" or "."). */
char *path_join(const char *dir, const char *name);
/* The target of symbolic link path (a fresh string), or NULL with errno set. */
char *read_link(const char *path);
/* The directory part of path ("." when there is none); a fresh string. */
char *path_dirname(const char *path);
/* path made relative to base when it lies inside base, else a copy of path.
 * Both are normalised textually (no symlink resolution). */
char *path_relative(const char *path, const char *base);
/* When dir/rel (rel relative) is a symbolic link to a file inside tree
 * (Xen's build links arch/x86/efi/boot.c to the source tree's
 * common/efi/boot.c): that file, relative to tree; else NULL. */
char *path_link_into(const char *dir, const char *rel, const char *tree);
/* Collapse "//", "/./" and "dir/.." textually; a fresh string. */
char *path_normalize(const char *path);

int str_has_suffix(const char *s, const char *suffix);
int str_has_prefix(const char *s, const char *prefix);
/* s with every occurrence of from (not empty) replaced by to; a fresh string. */
char *str_replace_all(const char *s, const char *from, const char *to);

/* errno of read_file for a FIFO, socket or device: only regular files are
 * read (a FIFO would hang the run). errstr() names it. */
#define E_NOT_REGULAR 0x10000
/* errno of a reader that found a NUL byte in what must be text */
#define E_NOT_TEXT 0x10001

/* Open a regular file for reading (never blocking on a FIFO); -1 with errno
 * set (E_NOT_REGULAR, EISDIR...) otherwise. *size: its size, when asked. */
int open_regular(const char *path, size_t *size);
/* Read a whole regular file; NULL (errno set: E_NOT_REGULAR, EISDIR...) on
 * failure. *len gets the size. */
char *read_file(const char *path, size_t *len);
/* The start of a regular file: read step bytes at a time until end(text,
 * bytes read) returns the length to keep (not 0), or to the end of the file;
 * NUL-terminated, *len its length. end NULL: the whole file (read_file). */
char *read_prefix(const char *path, size_t *len,
		  size_t (*end)(const char *text, size_t used), size_t step);
/* strerror(), knowing E_NOT_REGULAR and E_NOT_TEXT. */
const char *errstr(int err);

/* A file written whole or not at all: the text goes to a temporary file in the
 * same directory, which atomic_commit() flushes, fsyncs and renames to path.
 * Both return 0, or -1 with errno set (the temporary file is removed). A
 * writer of many files sets nosync after atomic_open: atomic_commit then
 * skips the fsync, and the writer calls sync_fs before it counts on them. */
struct atomic_file {
	FILE *f;                /* write here */
	char *path, *tmp;
	int nosync;
};
int atomic_open(struct atomic_file *af, const char *path);
int atomic_commit(struct atomic_file *af);
/* Give up: the temporary file is removed, path is left as it was. */
void atomic_abort(struct atomic_file *af);
/* path gets text[0..len) atomically; 0, or -1 with errno set. */
int write_file_atomic(const char *path, const char *text, size_t len);
/* mkdir -p path: 0, or -1 with errno set. */
int mkdir_parents(const char *path);
/* fsync a directory (after renames into it); 0 or -1. */
int sync_dir(const char *dir);
/* syncfs the file system holding dir: every file written and renamed there
 * (nosync atomic files among them) reaches the disk; 0 or -1. */
int sync_fs(const char *dir);
/* Flush stdout; on a write error (disk full, closed pipe) report it with
 * error() and return -1. */
int finish_stdout(void);

/* The first ncols columns of each non-empty line of a TSV file, fresh strings
 * in one array of rows * ncols (missing columns ""). Returns the number of
 * rows, or -1 when the file cannot be read (error() said so). */
long read_tsv(const char *path, int ncols, char ***cells);
void free_tsv(char **cells, long nrows, int ncols);

/* POSIX cksum(1) CRC of a buffer, as printed by `cksum`. */
unsigned long posix_cksum(const unsigned char *buf, size_t len);

/* qsort comparator for an array of char *. */
int cmp_strptr(const void *a, const void *b);

/* Append a copy of s to the string vector *v (*n in use, *cap allocated);
 * v[*n] is NULL after it (an argument vector). */
void strv_push(char ***v, size_t *n, size_t *cap, const char *s);
/* Free v[0..n) and v (NULL is fine). */
void strv_free(char **v, size_t n);

/* A string growing at its end (zero it to start; s is NUL-terminated once
 * anything was added). */
struct sbuf {
	char *s;
	size_t len, cap;
};
void sbuf_addn(struct sbuf *sb, const char *s, size_t n);
void sbuf_add(struct sbuf *sb, const char *s);
void sbuf_printf(struct sbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The string built so far, the caller's to free ("" when nothing was added). */
char *sbuf_take(struct sbuf *sb);

#endif
