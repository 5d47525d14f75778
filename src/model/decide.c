// SPDX-License-Identifier: GPL-2.0-only
/* decide.c - link closure and the cross-unit decision. */
#include "model/decide.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* Link the library members the linked objects need, until nothing changes. */
static void link_closure(struct build *b)
{
	size_t nsyms = b->set.names.count;
	unsigned char *defined = xcalloc(nsyms, 1), *needed = xcalloc(nsyms, 1);
	int changed = 1;

	for (size_t i = 0; i < b->set.count; i++) {
		struct object *o = &b->set.objs[i];

		o->linked = o->machine_ok && o->link == LINK_ALWAYS;
	}
	/* the C start-up code's reference to main pulls library members in */
	if (strtab_find(&b->set.names, "main") >= 0)
		needed[strtab_find(&b->set.names, "main")] = 1;
	while (changed) {
		changed = 0;
		for (size_t i = 0; i < b->set.count; i++) {
			struct object *o = &b->set.objs[i];

			for (size_t k = 0; o->linked && k < o->nsyms; k++) {
				if (sym_is_def(o->syms[k].bind))
					defined[o->syms[k].name] = 1;
				else if (o->syms[k].bind == SYM_UNDEF && !o->module)
					needed[o->syms[k].name] = 1;    /* modules pull nothing */
			}
		}
		for (size_t i = 0; i < b->set.count; i++) {
			struct object *o = &b->set.objs[i];

			if (o->linked || !o->machine_ok)
				continue;
			for (size_t k = 0; k < o->nsyms; k++) {
				unsigned name = o->syms[k].name;

				if (sym_is_def(o->syms[k].bind) && needed[name] &&
				    !defined[name]) {
					o->linked = 1;
					changed = 1;
					break;
				}
			}
		}
	}
	free(defined);
	free(needed);
}

/* Built by counting sort. */
void symindex_make(const struct build *b, struct symindex *ix)
{
	size_t nsyms = b->set.names.count, total = 0;
	size_t *fill;

	ix->start = xcalloc(nsyms + 1, sizeof(*ix->start));
	for (size_t i = 0; i < b->set.count; i++)
		for (size_t k = 0; b->set.objs[i].linked && k < b->set.objs[i].nsyms; k++)
			ix->start[b->set.objs[i].syms[k].name + 1]++;
	for (size_t s = 0; s < nsyms; s++)
		ix->start[s + 1] += ix->start[s];
	total = ix->start[nsyms];
	ix->entries = xcalloc(total, sizeof(*ix->entries));
	fill = xcalloc(nsyms, sizeof(*fill));
	for (size_t i = 0; i < b->set.count; i++) {
		const struct object *o = &b->set.objs[i];

		for (size_t k = 0; o->linked && k < o->nsyms; k++) {
			unsigned s = o->syms[k].name;
			struct symref *r = &ix->entries[ix->start[s] + fill[s]++];

			r->obj = i;
			r->bind = o->syms[k].bind;
			r->kind = o->syms[k].kind;
			r->section = o->syms[k].section;
		}
	}
	free(fill);
}

void symindex_free(struct symindex *ix)
{
	free(ix->start);
	free(ix->entries);
}

static int same_image(const struct object *a, const struct object *b)
{
	if (!a->module || !b->module)
		return a->module == b->module;
	return !strcmp(a->module, b->module);
}

/* Whether the image (a module, or vmlinux) of object o defines the symbol
 * itself: a module's reference binds there (ld -r), not to another image's. */
static int image_defines(const struct build *b, const struct symref *list, size_t n,
			 const struct object *o)
{
	for (size_t i = 0; i < n; i++)
		if (sym_is_def(list[i].bind) && same_image(&b->set.objs[list[i].obj], o))
			return 1;
	return 0;
}

/* A reference from one module (or vmlinux) into another only links through an
 * export; without one the module cannot load: an error of the tree, no tag. */
static int reaches(const struct object *def, const struct object *ref, int exported,
		   unsigned sym, struct build *b)
{
	if (same_image(def, ref) || exported)
		return 1;
	error("%s: %s uses %s (%s), which is not exported: it cannot load",
	      ref->module ? ref->module : "vmlinux", ref->name,
	      strtab_str(&b->set.names, sym), def->name);
	return 0;
}

/* units[0..n) sorted and without duplicates, in place; the new count. */
static size_t sort_unique(const char **units, size_t n)
{
	size_t out = 0;

	if (n)
		qsort(units, n, sizeof(*units), cmp_strptr);
	for (size_t i = 0; i < n; i++)
		if (!out || strcmp(units[i], units[out - 1]))
			units[out++] = units[i];
	return out;
}

/* The rows' own copy of a unit name (one per name, in rows->units). */
static const char *unit_name(struct rows *rows, const char *unit)
{
	if (!rows->units.nbuckets)
		strtab_init(&rows->units);
	return strtab_str(&rows->units, strtab_intern(&rows->units, unit));
}

/* The units referencing definition d, sorted, without duplicates, as the
 * rows' copies in *units (NULL when none); how many. */
static size_t referencing_units(struct rows *rows, struct build *b,
				const struct symref *list, size_t n,
				const struct symref *d, unsigned sym, int exported,
				const char ***units, int *image_use)
{
	const struct object *def = &b->set.objs[d->obj];
	const char *own = def->unit;
	const char **v = xcalloc(n, sizeof(*v));
	size_t nu = 0, ndefs = 0;

	for (size_t i = 0; i < n; i++)
		ndefs += sym_is_def(list[i].bind);
	for (size_t i = 0; i < n; i++) {
		const struct symref *r = &list[i];
		const struct object *o = &b->set.objs[r->obj];
		int ref = r->bind == SYM_UNDEF || r->bind == SYM_WEAKUNDEF;
		int rival = sym_is_def(r->bind) && r != d && same_image(def, o) &&
			    (r->bind == SYM_WEAKDEF || d->bind == SYM_WEAKDEF);

		if (!strcmp(o->unit, own) || !(ref || rival))
			continue;
		if (ref && ndefs > 1 && !same_image(def, o) && image_defines(b, list, n, o))
			continue;
		if (ref && r->bind == SYM_UNDEF && !reaches(def, o, exported, sym, b))
			continue;
		v[nu++] = o->unit;
		*image_use |= same_image(def, o);
	}
	nu = sort_unique(v, nu);
	for (size_t i = 0; i < nu; i++)
		v[i] = unit_name(rows, v[i]);
	if (!nu) {
		free(v);
		v = NULL;
	}
	*units = v;
	return nu;
}

/* Whether a definition in section id (0: unknown) is in a section named by
 * the source (a table entry: `__u_boot_list_2_cmd_2_x`, `.initcall6.init`),
 * not one the compiler names for data (.data, .bss, .rodata, and their
 * -fdata-sections forms .data.SYM ...). */
static int in_table_section(const struct build *b, unsigned id)
{
	static const char *const compiler_made[] = {
		".data", ".bss", ".rodata", ".tdata", ".tbss", ".sdata", ".sbss",
		".ldata", ".lbss", ".lrodata", ".srodata", "COMMON", NULL
	};
	const char *name = id ? strtab_str(&b->set.sections, id) : NULL;

	for (const char *const *c = compiler_made; name && *c; c++) {
		size_t len = strlen(*c);

		if (!strncmp(name, *c, len) && (!name[len] || name[len] == '.'))
			return 0;
	}
	return name != NULL;
}

/* add_row's how: the symbol is exported; a unit of the definition's own image
 * uses it (referencing_units) */
enum { ROW_EXPORTED = 1, ROW_IMAGE_USE = 2 };

static void add_row(struct rows *out, struct build *b, unsigned sym,
		    const struct symref *d, const char **refs, size_t nrefs,
		    unsigned how, const struct objctx **ctxmap)
{
	const struct object *o = &b->set.objs[d->obj];
	struct row *r;
	int is_asm;

	grow_array((void **)&out->v, &out->cap, out->count + 1, sizeof(*r));
	r = &out->v[out->count++];
	r->symbol = xstrdup(strtab_str(&b->set.names, sym));
	r->unit = xstrdup(o->unit);
	r->object = xstrdup(o->name);
	memset(&r->site, 0, sizeof(r->site));
	is_asm = rows_def_site(out, ctxmap, b, d->obj, sym, r);
	r->refs = refs;
	r->nrefs = nrefs;
	r->image_use = (how & ROW_EXPORTED) && (how & ROW_IMAGE_USE);
	r->status = is_asm ? STATUS_ASM : o->excluded ? STATUS_EXCLUDED :
		    (how & ROW_EXPORTED) && !(b->tag_exports && r->image_use) ?
		    STATUS_EXPORTED : STATUS_TAG;
	r->weak = d->bind == SYM_WEAKDEF;
	r->site.in_table = in_table_section(b, d->section);
	r->refclass = 0;
	r->multi = 0;
	r->kind = d->kind;
}

void decide_build(struct build *b, struct rows *out)
{
	const struct objctx **ctxmap = xcalloc(b->set.count, sizeof(*ctxmap));
	struct symindex ix;

	link_closure(b);
	symindex_make(b, &ix);
	for (unsigned s = 0; s < b->set.names.count; s++) {
		const struct symref *list = ix.entries + ix.start[s];
		size_t n = ix.start[s + 1] - ix.start[s];
		int exported = 0;

		for (size_t i = 0; i < n; i++)
			exported |= list[i].bind == SYM_EXPORT;
		for (size_t i = 0; i < n; i++) {
			const char **refs;
			size_t nrefs;
			int image_use = 0;

			if (!sym_is_def(list[i].bind))
				continue;
			nrefs = referencing_units(out, b, list, n, &list[i], s, exported,
						  &refs, &image_use);
			if (nrefs)
				add_row(out, b, s, &list[i], refs, nrefs,
					(exported ? ROW_EXPORTED : 0) |
					(image_use ? ROW_IMAGE_USE : 0), ctxmap);
		}
	}
	symindex_free(&ix);
	free(ctxmap);
}

const char *status_name(enum row_status status)
{
	static const char *const names[] = {
		"tag", "exported", "asm", "excluded", "unit-local", "file-local", "unreferenced",
		"multiply-defined",
	};

	return names[status];
}

static int strcmp_null(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

static int cmp_row(const void *pa, const void *pb)
{
	const struct row *a = pa, *b = pb;
	int c = strcmp(a->symbol, b->symbol);

	if (!c)
		c = strcmp(a->unit, b->unit);
	if (!c)
		c = strcmp(a->object, b->object);
	if (!c)
		c = strcmp_null(a->site.source, b->site.source);
	return c;
}

/* keep's referencing units and r's: the sorted union, into keep. */
static void merge_refs(struct row *keep, const struct row *r)
{
	const char **u;

	if (!r->nrefs)
		return;
	u = xmalloc((keep->nrefs + r->nrefs) * sizeof(*u));
	if (keep->nrefs)
		memcpy(u, keep->refs, keep->nrefs * sizeof(*u));
	memcpy(u + keep->nrefs, r->refs, r->nrefs * sizeof(*u));
	free(keep->refs);
	keep->refs = u;
	keep->nrefs = sort_unique(u, keep->nrefs + r->nrefs);
}


static void row_free(struct row *r)
{
	free(r->site.def_source);
	free(r->site.also_source);
	free(r->site.source);
	free(r->site.name);
	free(r->site.why);
	free(r->symbol);
	free(r->unit);
	free(r->object);
	free(r->refs);
}

/* A new context in rows for the object whose .cmd is cmd_path (or NULL). */
static struct objctx *new_ctx(struct rows *rows, const struct build *b,
			      const char *cmd_path)
{
	struct objctx *c = xcalloc(1, sizeof(*c));

	c->cmd_file = cmd_path ? path_join(b->absdir, cmd_path) : NULL;
	c->build_dir = xstrdup(b->absdir);
	grow_array((void **)&rows->ctx, &rows->ctx_cap, rows->nctx + 1,
		   sizeof(*rows->ctx));
	rows->ctx[rows->nctx++] = c;
	return c;
}

const struct objctx *rows_object_ctx(struct rows *rows, const struct objctx **map,
				     const struct build *b, size_t obj)
{
	const struct object *o = &b->set.objs[obj];
	struct objctx *c;

	if (map[obj])
		return map[obj];
	c = new_ctx(rows, b, o->cmd_path);
	c->included = xcalloc(o->nincluded, sizeof(*c->included));
	c->nincluded = o->nincluded;
	for (size_t k = 0; k < o->nincluded; k++)
		c->included[k] = xstrdup(o->included[k]);
	return map[obj] = c;
}

int rows_def_site(struct rows *rows, const struct objctx **map, const struct build *b,
		  size_t obj, unsigned sym, struct row *r)
{
	const struct object *o = &b->set.objs[obj];
	const struct objorigin *from = object_origin(o, sym);

	if (!from) {
		r->site.source = o->source ? xstrdup(o->source) : NULL;
		r->site.why = !o->source && o->source_why ? xstrdup(o->source_why) : NULL;
		r->ctx = rows_object_ctx(rows, map, b, obj);
		return o->is_asm;
	}
	r->site.source = from->source ? xstrdup(from->source) : NULL;
	r->site.why = from->why ? xstrdup(from->why) : NULL;
	r->site.name = from->input_name ? xstrdup(from->input_name) : NULL;
	r->site.untaggable = from->untaggable;
	r->ctx = !from->cmd_path ? rows_object_ctx(rows, map, b, obj) :
		 o->cmd_path && !strcmp(o->cmd_path, from->cmd_path) ?
		 rows_object_ctx(rows, map, b, obj) : new_ctx(rows, b, from->cmd_path);
	return from->is_asm;
}

static void objctx_free(struct objctx *c)
{
	strv_free(c->included, c->nincluded);
	free(c->cmd_file);
	free(c->build_dir);
	free(c);
}

/* The same definition in another build: a cross status wins (the lowest);
 * a class of --all holds only when it holds in every build. */
static void merge_status(struct row *keep, const struct row *r)
{
	if (r->refclass < keep->refclass)
		keep->refclass = r->refclass;
	keep->multi &= r->multi;
	keep->self_ref &= r->self_ref;
	keep->image_use |= r->image_use;
	keep->nbuilds += r->nbuilds;
	keep->nfile_local += r->nfile_local;
	if (keep->status > STATUS_EXCLUDED && r->status > STATUS_EXCLUDED)
		keep->status = keep->multi ? STATUS_MULTIPLY : keep->refclass;
	else if (r->status < keep->status)
		keep->status = r->status;
}

void rows_sort_merge(struct rows *rows)
{
	size_t out = 0;

	if (rows->count)
		qsort(rows->v, rows->count, sizeof(*rows->v), cmp_row);
	for (size_t i = 0; i < rows->count; i++) {
		struct row *keep = out ? &rows->v[out - 1] : NULL;
		struct row *r = &rows->v[i];

		if (keep && !cmp_row(keep, r)) {
			merge_refs(keep, r);
			merge_status(keep, r);
			row_free(r);
			continue;
		}
		rows->v[out++] = *r;
	}
	rows->count = out;
}

void rows_free(struct rows *rows)
{
	for (size_t i = 0; i < rows->count; i++)
		row_free(&rows->v[i]);
	free(rows->v);
	for (size_t i = 0; i < rows->nctx; i++)
		objctx_free(rows->ctx[i]);
	free(rows->ctx);
	strtab_free(&rows->units);
	memset(rows, 0, sizeof(*rows));
}
