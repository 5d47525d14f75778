/* SPDX-License-Identifier: GPL-2.0-only */
/* tagdef.h - is the tag real? Before cocci writes a patch that puts TAG on
 * definitions, every object compiling one of them must reach a `#define TAG`
 * (or `-DTAG` on its command): else the tagged tree does not compile.
 *
 * The files an object's build read are those of its kbuild .cmd file: the
 * deps_ list, else (no list) its source_, its -include files and the headers
 * under its -I directories (what it could include). Each file is read once
 * and looked at for `#define TAG` (`# define TAG`, not function-like); an
 * object shared by many definitions is looked at once. Objects with no .cmd
 * file (--nm, plain objects) cannot be checked: a warning says so. */
#ifndef CROSSYM_TAGDEF_H
#define CROSSYM_TAGDEF_H

#include <stddef.h>
#include "patch/tagcheck.h"

struct tagdef_opts {
	const char *tag;
	const char *header;     /* --define-tag=HEADER (relative to srctree): the
				 * objects must reach it instead; NULL otherwise */
	const char *srctree;
	const char *prog;       /* message prefix: "crossym cocci" */
};

/* Check the objects of the missing tags (rep->missing, their ctx). Returns 0
 * when every checkable object reaches a #define (or, with header, reads
 * HEADER); -1 when some do not: said on stderr, naming the files to tag
 * whose objects do not (the command then exits 2). Unchecked objects: a
 * warning. */
int tagdef_check(const struct tagdef_opts *o, const struct tag_report *rep);

/* Whether text (len bytes) has a line `#define TAG` (blanks allowed around
 * the `#`, not `#define TAG(`). */
int tagdef_text_defines(const char *text, size_t len, const char *tag);

#endif
