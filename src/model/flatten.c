// SPDX-License-Identifier: GPL-2.0-only
/* flatten.c - functions GCC's flatten attribute asks to inline whole. */
#include "model/flatten.h"
#include "source/srcscan.h"
#include "model/units.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* The spellings of the attribute, as the token the tag scanner looks for: the
 * kernel's macro, and the attribute's own names inside __attribute__((...)). */
static const char *const flatten_words[] = { "__flatten", "flatten", "__flatten__" };

/* The rows of object o's source; 0 when it cannot be read (said so). */
static size_t print_object(FILE *out, struct srcset *files, const struct object *o)
{
	int err = 0;
	struct srcfile *f = srcset_get(files, o->source, &err);
	size_t rows = 0;

	if (!f) {
		error("%s/%s: %s (the source of %s: cannot tell whether it uses the "
		      "flatten attribute)", srcset_srctree(files), o->source,
		      err ? errstr(err) : "cannot read", o->name);
		return 0;
	}
	for (size_t w = 0; w < sizeof(flatten_words) / sizeof(flatten_words[0]); w++) {
		struct src_tag *tags;
		size_t n = srcfile_tags(f, flatten_words[w], &tags);

		for (size_t k = 0; k < n; k++)
			fprintf(out, "%s\t%s\t%s\t%s\t%u\n", o->unit, o->name,
				tags[k].symbol, o->source, tags[k].line);
		rows += n;
		srcscan_free(tags, n);
	}
	return rows;
}

size_t flatten_print(FILE *out, struct build *b)
{
	unsigned char *shared = units_shared_members(b);
	size_t rows = 0;
	struct srcset *files = srcset_new(b->srctree);

	fputs("unit\tobject\tsymbol\tsource\tline\n", out);
	for (size_t i = 0; i < b->set.count; i++) {
		const struct object *o = &b->set.objs[i];

		if (shared[i] && o->source && !o->generated)
			rows += print_object(out, files, o);
	}
	srcset_free(files);
	free(shared);
	return rows;
}
