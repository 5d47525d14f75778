/* SPDX-License-Identifier: GPL-2.0-only */
/* nmread.h - symbols from `nm -A` text output, for trees built elsewhere. */
#ifndef CROSSYM_NMREAD_H
#define CROSSYM_NMREAD_H

#include <stdio.h>
#include "core/objects.h"

struct nm_line {
	char *path;             /* the file nm read (object or archive) */
	char *member;           /* archive member, or NULL */
	char type;              /* nm's letter */
	char *name;             /* points into the parsed line */
};

/* Split one line of `nm -A` output (modified in place). Returns 0, or -1 when
 * the line has not the shape "PATH[:MEMBER]:[VALUE] T NAME"; an archive
 * member is also read from the prefix "PATH[MEMBER]:" (other nm programs). */
int nm_parse_line(char *line, struct nm_line *out);

/* 1 when type is a letter nm prints (binutils and elfutils). */
int nm_letter_known(char type);

/* Map an nm letter to a symbol binding; -1 for symbols crossym ignores
 * (debug, absolute) and for unknown letters. */
int nm_letter_bind(char type, enum sym_kind *kind);

/* Read nm -A output from in (named label in messages); for every line call
 * add(ctx, &line) . Malformed lines and unknown type letters are reported and
 * skipped; a last line without its newline (cut output) too. Returns the
 * number of problems, or -1 when the input is refused whole (reported): a
 * read error (a directory), a line longer than 1 MiB or with a NUL byte
 * (/dev/zero), too many malformed lines, no symbol line at all, or no
 * undefined symbol (nm --defined-only: the references are missing). */
int nm_read(FILE *in, const char *label,
	    void (*add)(void *ctx, const struct nm_line *line), void *ctx);

#endif
