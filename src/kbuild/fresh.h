/* SPDX-License-Identifier: GPL-2.0-only */
/* fresh.h - is the build as new as the sources it was built from? An object
 * older than a file its .cmd deps_ list names was built before that file
 * last changed: an answer read from it may be stale.
 *
 * A file `crossym annotate --apply` wrote does not count (its changes are
 * tags, which change nothing the objects say): apply records each such file
 * in BUILD/.crossym-tagged, one line `CKSUM SIZE PATH` (POSIX cksum of the
 * file as written, PATH absolute), and a file listed there with those
 * contents still is not newer in the sense above. */
#ifndef CROSSYM_FRESH_H
#define CROSSYM_FRESH_H

#include <stddef.h>

#define FRESH_TAGGED_RECORD ".crossym-tagged"

struct build;

/* The objects of b with a .cmd deps_ list older than a file of that list
 * (beside the record above): each reported with error() (`OBJ: older than
 * FILE, changed since the build`), the first ten by name, the rest as a
 * count. Returns how many. */
size_t fresh_check(const struct build *b);

#endif
