// SPDX-License-Identifier: GPL-2.0-only
/* coupling.c - units and unit-to-unit edges from the rows of a report. */
#include "model/coupling.h"
#include "model/staticize.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

int row_is_cross(const struct row *r)
{
	return r->nrefs != 0;
}

/* Counts by unit id and by pair id ("from\tto") while the rows are read. */
struct tally {
	struct strtab pairs;
	size_t *pair_count, pair_cap;
	struct unit_summary *sum;
	size_t sum_cap;
};

static void *grow_zeroed(void *arr, size_t *cap, size_t want, size_t elsize)
{
	size_t old = *cap;

	if (want <= old)
		return arr;
	grow_array(&arr, cap, want, elsize);
	memset((char *)arr + old * elsize, 0, (*cap - old) * elsize);
	return arr;
}

static struct unit_summary *unit_of(struct coupling *c, struct tally *t, const char *name)
{
	unsigned id = strtab_intern(&c->names, name);

	t->sum = grow_zeroed(t->sum, &t->sum_cap, (size_t)id + 1, sizeof(*t->sum));
	t->sum[id].name = strtab_str(&c->names, id);
	return &t->sum[id];
}

static void add_edge(struct coupling *c, struct tally *t, const char *from, const char *to)
{
	char *key = xasprintf("%s\t%s", from, to);
	unsigned id = strtab_intern(&t->pairs, key);

	t->pair_count = grow_zeroed(t->pair_count, &t->pair_cap, (size_t)id + 1,
				    sizeof(*t->pair_count));
	t->pair_count[id]++;
	unit_of(c, t, from)->used++;
	free(key);
}

static void add_row(struct coupling *c, struct tally *t, const struct row *r)
{
	unit_of(c, t, r->unit)->classes[r->status]++;
	if (r->status == STATUS_FILE_LOCAL && staticize_row_candidate(r))
		unit_of(c, t, r->unit)->could_static++;
	if (!row_is_cross(r))
		return;
	unit_of(c, t, r->unit)->provided++;
	for (size_t i = 0; i < r->nrefs; i++)
		add_edge(c, t, r->refs[i], r->unit);
}

static int cmp_unit(const void *a, const void *b)
{
	return strcmp(((const struct unit_summary *)a)->name,
		      ((const struct unit_summary *)b)->name);
}

static int cmp_edge(const void *pa, const void *pb)
{
	const struct coupling_edge *a = pa, *b = pb;
	int c = strcmp(a->from, b->from);

	return c ? c : strcmp(a->to, b->to);
}

void coupling_build(const struct rows *rows, int (*keep)(const void *ctx, const char *unit),
		    const void *ctx, struct coupling *c)
{
	struct tally t = { 0 };

	memset(c, 0, sizeof(*c));
	strtab_init(&c->names);
	strtab_init(&t.pairs);
	for (size_t i = 0; i < rows->count; i++)
		add_row(c, &t, &rows->v[i]);
	c->units = xcalloc(c->names.count + 1, sizeof(*c->units));
	for (unsigned id = 0; id < c->names.count; id++)
		if (!keep || keep(ctx, t.sum[id].name))
			c->units[c->nunits++] = t.sum[id];
	if (c->nunits > 1)
		qsort(c->units, c->nunits, sizeof(*c->units), cmp_unit);
	c->edges = xcalloc(t.pairs.count + 1, sizeof(*c->edges));
	for (unsigned id = 0; id < t.pairs.count; id++) {
		const char *key = strtab_str(&t.pairs, id), *tab = strchr(key, '\t');
		unsigned from = strtab_intern_n(&c->names, key, (size_t)(tab - key));
		unsigned to = strtab_intern(&c->names, tab + 1);
		struct coupling_edge e = { strtab_str(&c->names, from),
					   strtab_str(&c->names, to), t.pair_count[id] };

		if (!keep || keep(ctx, e.from) || keep(ctx, e.to))
			c->edges[c->nedges++] = e;
	}
	if (c->nedges > 1)
		qsort(c->edges, c->nedges, sizeof(*c->edges), cmp_edge);
	free(t.sum);
	free(t.pair_count);
	strtab_free(&t.pairs);
}

void coupling_free(struct coupling *c)
{
	free(c->units);
	free(c->edges);
	strtab_free(&c->names);
	memset(c, 0, sizeof(*c));
}

static int cmp_weight(const void *pa, const void *pb, void *ctx)
{
	const struct coupling *c = ctx;
	const struct coupling_edge *a = &c->edges[*(const size_t *)pa];
	const struct coupling_edge *b = &c->edges[*(const size_t *)pb];

	if (a->symbols != b->symbols)
		return a->symbols < b->symbols ? 1 : -1;
	return cmp_edge(a, b);
}

size_t *coupling_by_weight(const struct coupling *c)
{
	size_t *order = xcalloc(c->nedges + 1, sizeof(*order));

	for (size_t i = 0; i < c->nedges; i++)
		order[i] = i;
	if (c->nedges > 1)
		qsort_r(order, c->nedges, sizeof(*order), cmp_weight, (void *)c);
	return order;
}
