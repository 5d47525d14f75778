/* SPDX-License-Identifier: GPL-2.0-only */
/* tagcheck.h - compare the tags present in the sources with what the build
 * needs: missing tags (needed, absent) and stale ones (present, not needed). */
#ifndef CROSSYM_TAGCHECK_H
#define CROSSYM_TAGCHECK_H

#include <stddef.h>
#include "model/decide.h"

struct tag_issue {
	char *source;           /* relative to the source tree */
	char *symbol;
	unsigned line;          /* 0 when unknown */
	enum sym_kind kind;
	int several;            /* defined in several #if arms */
	int table;              /* missing tags: a variable in a table's section
				 * (defsite.in_table) */
	const char *why;        /* for stale tags: a static explanation */
	const struct placement *place; /* missing tags: where the tag goes */
	const char *unit;       /* missing tags: the definition's unit (the
				 * row's string); NULL for stale ones */
	const struct objctx *ctx; /* missing tags: its object's build context */
};

struct tag_report {
	struct tag_issue *missing, *stale;
	size_t nmissing, nstale, nexact;
	size_t npos[4];         /* the tags on function definitions in the
				 * sources, by enum tag_pos (srcscan.h) */
	size_t missing_cap, stale_cap;
};

struct strtab;
struct srcset;
struct placement;

/* Read every C source the builds compiled (sources: paths relative to
 * srctree, read through files) and compare their tags with the rows' `tag` definitions. defined holds every
 * symbol the builds' linked objects define, unlinked those only library members
 * the link leaves out define. Unreadable sources are reported with error(). */
void tagcheck_run(const struct rows *rows, const struct placement *places,
		  const struct strtab *sources,
		  const struct strtab *defined, const struct strtab *unlinked,
		  const char *srctree, struct srcset *files, const char *tag,
		  struct tag_report *out);
void tagcheck_free(struct tag_report *rep);

#endif
