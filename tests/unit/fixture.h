/* SPDX-License-Identifier: GPL-2.0-only */
/* fixture.h - writing the small source trees the C unit tests read. */
#ifndef CROSSYM_FIXTURE_H
#define CROSSYM_FIXTURE_H

#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>

/* Write text to dir/rel, making the directories on the way; any failure
 * ends the test (fatal). */
static inline void fixture_put(const char *dir, const char *rel, const char *text)
{
	char *p = path_join(dir, rel), *d = path_dirname(p);
	char *cmd = xasprintf("mkdir -p '%s'", d);
	FILE *f;

	if (system(cmd) != 0)
		fatal("%s: cannot make", d);
	f = fopen(p, "w");
	if (!f || fputs(text, f) < 0 || fclose(f))
		fatal("%s: cannot write", p);
	free(cmd);
	free(d);
	free(p);
}

#endif
