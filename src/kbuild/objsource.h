/* SPDX-License-Identifier: GPL-2.0-only */
/* objsource.h - each object's source file and unit: from its kbuild .cmd
 * file (source_ line, else the first dep), else the same-named .c/.S/.s in
 * the source tree; the unit is its directory (DIR#asm for assembly, the
 * module for a module's objects). */
#ifndef CROSSYM_OBJSOURCE_H
#define CROSSYM_OBJSOURCE_H

#include "core/build.h"

/* obj's source and .cmd path from head, the start of its .cmd file cmdrel. */
void objsource_from_cmd_head(struct build *b, struct object *obj,
			     const char *cmdrel, const char *head);
/* The file kbuild compiled an object from: "DIR/lib.a(m.o)" was built as
 * "DIR/m.o"; a fresh string. */
char *objsource_file(const char *name);
/* Without a .cmd: the same-named .c/.S/.s in the source tree, or NULL. */
char *objsource_by_name(const struct build *b, const char *objfile);
/* The source a .cmd head names (source_, else the first dep), relative to
 * the source tree; NULL when it names none. */
char *objsource_head_source(const struct build *b, const char *head);
/* obj's unit, and its source when no .cmd head gave it yet. */
void objsource_assign(struct build *b, struct object *obj);
/* obj->included: the other .c files the deps_ list of its .cmd file names. */
void objsource_read_included(struct build *b, struct object *obj);

#endif
