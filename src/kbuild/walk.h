/* SPDX-License-Identifier: GPL-2.0-only */
/* walk.h - the aggregates and objects a walk of the build directory finds,
 * for builds whose image link names no inputs (no .vmlinux.o.cmd). */
#ifndef CROSSYM_WALK_H
#define CROSSYM_WALK_H

#include "core/build.h"

struct found {
	char **roots;           /* aggregates: built-in.o, built_in.o, built-in.a, libraries */
	size_t nroots, roots_cap;
	char **objects;         /* every .o, for trees without aggregates */
	size_t nobjects, objects_cap;
};

/* Walk b's directory (not into .git; following a symbolic link to a
 * directory outside it, once, but not kbuild's `source` link; an error past
 * 255 directories deep):
 * roots in link order (vmlinux.a, the top directory's, then by path), objects
 * by path. Files that are neither are reported and counted in b->nerrors. */
void walk_build(struct build *b, struct found *found);
void found_free(struct found *found);

#endif
