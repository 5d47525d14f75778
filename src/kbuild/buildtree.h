/* SPDX-License-Identifier: GPL-2.0-only */
/* buildtree.h - find the objects a kbuild-style build links, and for each its
 * unit and its source file.
 *
 * Layouts: per-directory built-in.o made with `ld -r` (inputs from its .cmd file),
 * thin built-in.a archives (members opened by path), regular library archives
 * (DIR/lib.a, members linked on demand), composite objects made with `ld -r`,
 * and plain trees of .o files when there is no aggregate at all. */
#ifndef CROSSYM_BUILDTREE_H
#define CROSSYM_BUILDTREE_H

#include "core/build.h"

/* Find and read the objects of the build in dir. Problems with single files are
 * reported with error() and the file is left out; returns -1 only when the build
 * directory itself is unusable. */
int build_scan(struct build *b, const char *dir, const struct scan_opts *opts);
void build_free(struct build *b);
/* The source tree of the build in dir: srctree (--srctree) when given, else
 * the tree dir was built from (its `source` link, its Makefile's KERNELSRC,
 * or dir itself); absolute, a fresh string. NULL when there is none (dir not
 * a directory, srctree not found: the scan says so). */
char *build_srctree(const char *dir, const char *srctree);

#endif
