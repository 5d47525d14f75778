/* SPDX-License-Identifier: GPL-2.0-only */
/* ownline.h - series.sh --checkpatch's rewrite of the patch: the tag on a
 * line of its own where the tagged line broke checkpatch.pl. */
#ifndef CROSSYM_OWNLINE_H
#define CROSSYM_OWNLINE_H

#include <stddef.h>
#include <stdio.h>

/* Write patch (a unified diff's text) to out with each `-ORIG` `+TAGGED`
 * pair whose + line (numbered from 1 in patch) is one of errs[0..nerrs) and
 * is ORIG with the tag placed as tagtext_own_line() knows made `+TAG` and
 * ` ORIG` (the original line kept as context); every hunk header written
 * again with its new lines counted. Returns how many pairs were rewritten. */
size_t ownline_patch(const char *patch, const long *errs, size_t nerrs, const char *tag,
		     FILE *out);

#endif
