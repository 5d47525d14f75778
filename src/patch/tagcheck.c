// SPDX-License-Identifier: GPL-2.0-only
/* tagcheck.c - missing and stale tags, from the rows and the sources' text. */
#include "patch/tagcheck.h"
#include "place/placement.h"
#include "source/srcscan.h"
#include "lib/strtab.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void push_issue(struct tag_issue **arr, size_t *n, size_t *cap,
		       const char *source, const char *symbol, unsigned line,
		       enum sym_kind kind, const char *why)
{
	struct tag_issue *t;

	grow_array((void **)arr, cap, *n + 1, sizeof(**arr));
	t = &(*arr)[(*n)++];
	t->source = xstrdup(source);
	t->symbol = xstrdup(symbol);
	t->line = line;
	t->kind = kind;
	t->several = 0;
	t->table = 0;
	t->why = why;
	t->place = NULL;
	t->unit = NULL;
	t->ctx = NULL;
}

/* Key "source\tsymbol" of a wanted definition or a present tag. */
static char *pair_key(const char *source, const char *symbol)
{
	return xasprintf("%s\t%s", source, symbol);
}

/* Why a present tag is not needed: the symbol is defined in the build but not
 * used from outside, or the build has no such definition at all. */
struct known_symbols {
	const struct strtab *reported, *defined, *unlinked;
};

static const char *stale_reason(const struct known_symbols *known, const char *symbol)
{
	if (strtab_find(known->reported, symbol) >= 0)
		return "the build needs no tag here (exported, or defined elsewhere)";
	if (strtab_find(known->defined, symbol) >= 0)
		return "not referenced from outside its unit";
	if (strtab_find(known->unlinked, symbol) >= 0)
		return "not referenced at all (the link leaves its object out)";
	return "no such symbol in the build";
}

/* The tags of one file: stale ones recorded, wanted ones marked found. */
static void check_file(const char *source, struct srcfile *f, const char *tag, struct strtab *wanted, unsigned char *found,
		       const struct known_symbols *known, struct tag_report *out)
{
	struct src_tag *tags;
	size_t n = srcfile_tags(f, tag, &tags);

	for (size_t i = 0; i < n; i++) {
		char *key = pair_key(source, tags[i].symbol);
		long id = strtab_find(wanted, key);

		out->npos[tags[i].pos]++;
		if (id >= 0) {
			if (!found[id])
				out->nexact++;
			found[id] = 1;
		} else {
			push_issue(&out->stale, &out->nstale, &out->stale_cap, source,
				   tags[i].symbol, tags[i].line, KIND_FUNC,
				   stale_reason(known, tags[i].symbol));
		}
		free(key);
	}
	srcscan_free(tags, n);
}

/* The placement of a definition tagged where it stands (an included .c's). */
static const struct placement in_place = { PLACE_DECLARATOR, 0, NULL, NULL };

/* A wanted pair's row, and whether its file is the row's also_source. */
struct wanted_at {
	size_t row;
	int also;
};

/* Want the pair (file, r's name), for row i. */
static void want(struct strtab *wanted, struct wanted_at **at, size_t *cap, const char *file,
		 const struct row *r, size_t i, int also)
{
	char *key = pair_key(file, row_source_name(r));
	unsigned id = strtab_intern(wanted, key);

	grow_array((void **)at, cap, (size_t)id + 1, sizeof(**at));
	(*at)[id].row = i;
	(*at)[id].also = also;
	free(key);
}

static int cmp_issue(const void *pa, const void *pb)
{
	const struct tag_issue *a = pa, *b = pb;
	int c = strcmp(a->source, b->source);

	if (!c)
		c = (a->line > b->line) - (a->line < b->line);
	return c ? c : strcmp(a->symbol, b->symbol);
}

void tagcheck_run(const struct rows *rows, const struct placement *places,
		  const struct strtab *sources,
		  const struct strtab *defined, const struct strtab *unlinked,
		  const char *srctree, struct srcset *files, const char *tag,
		  struct tag_report *out)
{
	struct strtab wanted, reported;
	struct known_symbols known = { &reported, defined, unlinked };
	unsigned char *found;
	struct wanted_at *wanted_row = NULL; /* wanted id -> its row */
	size_t wanted_cap = 0;
	char **order = xcalloc(sources->count, sizeof(*order));

	memset(out, 0, sizeof(*out));
	strtab_init(&wanted);
	strtab_init(&reported);
	for (size_t i = 0; i < rows->count; i++) {
		const struct row *r = &rows->v[i];

		strtab_intern(&reported, row_source_name(r));
		if (r->status == STATUS_TAG && r->site.source && !r->site.asm_alias &&
		    !r->site.untaggable) {
			want(&wanted, &wanted_row, &wanted_cap, defsite_file(&r->site), r, i, 0);
			if (r->site.also_source)
				want(&wanted, &wanted_row, &wanted_cap, r->site.also_source, r, i,
				     1);
		}
	}
	found = xcalloc(wanted.count, 1);
	for (size_t i = 0; i < sources->count; i++)
		order[i] = sources->strings[i];
	if (sources->count)
		qsort(order, sources->count, sizeof(*order), cmp_strptr);
	for (size_t i = 0; i < sources->count; i++) {
		int err;
		struct srcfile *f = srcset_get(files, order[i], &err);

		if (!f) {
			char *abs = path_join(srctree, order[i]);

			error("%s: missing source: %s%s", abs, errstr(err),
			      order[i][0] == '/' ? " (the build names it outside the source "
			      "tree: moved or copied since it was built? --srctree gives the "
			      "tree its paths start from)" : "");
			free(abs);
		} else {
			check_file(order[i], f, tag, &wanted, found, &known, out);
		}
	}
	for (size_t id = 0; id < wanted.count; id++) {
		const struct row *r = &rows->v[wanted_row[id].row];
		/* the definition's file, or the included .c that defines it too
		 * (tagged in place there) */
		int also = wanted_row[id].also;

		if (found[id])
			continue;
		push_issue(&out->missing, &out->nmissing, &out->missing_cap,
			   also ? r->site.also_source : defsite_file(&r->site),
			   row_source_name(r), also ? r->site.also_line : r->site.def_line,
			   r->kind, "referenced from outside its unit");
		out->missing[out->nmissing - 1].several = also ? 0 : r->site.several;
		out->missing[out->nmissing - 1].table = r->site.in_table && r->kind != KIND_FUNC;
		out->missing[out->nmissing - 1].place = also ? &in_place : &places[wanted_row[id].row];
		out->missing[out->nmissing - 1].unit = r->unit;
		out->missing[out->nmissing - 1].ctx = r->ctx;
	}
	if (out->nmissing)
		qsort(out->missing, out->nmissing, sizeof(*out->missing), cmp_issue);
	if (out->nstale)
		qsort(out->stale, out->nstale, sizeof(*out->stale), cmp_issue);
	free(order);
	free(found);
	free(wanted_row);
	strtab_free(&wanted);
	strtab_free(&reported);
}

static void free_issues(struct tag_issue *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].source);
		free(v[i].symbol);
	}
	free(v);
}

void tagcheck_free(struct tag_report *rep)
{
	free_issues(rep->missing, rep->nmissing);
	free_issues(rep->stale, rep->nstale);
	memset(rep, 0, sizeof(*rep));
}
