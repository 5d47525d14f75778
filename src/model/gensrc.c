// SPDX-License-Identifier: GPL-2.0-only
/* gensrc.c - definitions in a generated source that other units use. */
#include "model/gensrc.h"
#include "core/build.h"
#include "model/units.h"

#include <stdlib.h>

size_t gensrc_print(FILE *out, const struct build *b, const struct rows *rows)
{
	unsigned char *shared = units_shared_members(b);
	size_t n = 0;

	fputs("unit\tobject\tsymbol\tsource\n", out);
	for (size_t i = 0; i < rows->count; i++) {
		const struct row *r = &rows->v[i];
		const struct object *o = build_find(b, r->object);

		if ((r->status != STATUS_TAG && r->status != STATUS_EXPORTED) || !o ||
		    !o->generated || !shared[o - b->set.objs])
			continue;
		fprintf(out, "%s\t%s\t%s\t%s\n", r->unit, r->object, r->symbol, o->source);
		n++;
	}
	free(shared);
	return n;
}
