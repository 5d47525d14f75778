// SPDX-License-Identifier: GPL-2.0-only
/* fuzz-nm: `nm -A` text (nm_read, nm_parse_line, nm_letter_bind). */
#include "fuzz.h"
#include "objfile/nmread.h"

#include <stdio.h>

static void add(void *ctx, const struct nm_line *line)
{
	size_t *n = ctx;
	enum sym_kind kind;

	*n += strlen(line->path) + strlen(line->name) +
	      (line->member ? strlen(line->member) : 0);
	nm_letter_bind(line->type, &kind);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE *in = fmemopen((void *)data, size, "r");
	size_t n = 0;

	if (!size || !in) {
		if (in)
			fclose(in);
		return 0;
	}
	nm_read(in, "fuzz.nm", add, &n);
	fclose(in);
	return 0;
}
