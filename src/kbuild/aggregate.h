/* SPDX-License-Identifier: GPL-2.0-only */
/* aggregate.h - follow a build's aggregates down to its objects: the inputs
 * of an `ld -r` (its .cmd file), the members of thin and regular archives,
 * the objects beside a built-in.o no .cmd file explains. */
#ifndef CROSSYM_AGGREGATE_H
#define CROSSYM_AGGREGATE_H

#include "core/build.h"

/* How an archive is linked, by its name: built-in.a, built-in.o, built_in.o and
 * vmlinux.a whole, other archives (libraries) member by member on demand. */
enum obj_link aggregate_link_mode(const char *path);
/* Add the object at path (from the build dir): the inputs of an `ld -r`, else
 * its symbols and, from the same read of its .cmd file, its source; an object
 * met before is only made LINK_ALWAYS when link is. depth: nesting so far. */
void aggregate_add_object(struct build *b, const char *path, enum obj_link link,
			  int depth);
/* Add the members of the archive at path (a library's on demand). */
void aggregate_add_archive(struct build *b, const char *path, enum obj_link link,
			   int depth);

#endif
