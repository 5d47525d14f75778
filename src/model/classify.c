// SPDX-License-Identifier: GPL-2.0-only
/* classify.c - the classes of `report --all`, from the decision's symbol index. */
#include "model/classify.h"
#include "text/lexer.h"
#include "text/macros.h"
#include "lib/strtab.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* What the index says about one definition. */
struct def_facts {
	int exported, multi, unit_refs, self_ref;
};

static int same_image(const struct object *a, const struct object *b)
{
	if (!a->module || !b->module)
		return a->module == b->module;
	return !strcmp(a->module, b->module);
}

static struct def_facts facts_of(const struct build *b, const struct symref *list,
				 size_t n, const struct symref *d)
{
	const struct object *def = &b->set.objs[d->obj];
	struct def_facts f = { 0 };

	for (size_t i = 0; i < n; i++) {
		const struct symref *r = &list[i];
		const struct object *o = &b->set.objs[r->obj];

		if (r->bind == SYM_EXPORT)
			f.exported = 1;
		else if (r->bind == SYM_SELFREF && r->obj == d->obj)
			f.self_ref = 1;
		else if (sym_is_def(r->bind) && r != d && same_image(def, o))
			f.multi = 1;
		else if ((r->bind == SYM_UNDEF || r->bind == SYM_WEAKUNDEF) &&
			 r->obj != d->obj)
			f.unit_refs = 1;
	}
	return f;
}

/* Whether text[from, to) is only spaces and tabs. */
static int blank_gap(const char *text, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (text[i] != ' ' && text[i] != '\t')
			return 0;
	return 1;
}

/* Whether token t, after m and paren, is the argument of EXPORT_SYMBOL(...)
 * and the like (nothing but blanks between them): an export names a symbol
 * without using it. */
static int export_argument(const char *text, const struct lex_item *m,
			   const struct lex_item *paren, const struct lex_item *t)
{
	return m->kind == TK_IDENT && paren->kind == TK_PUNCT && text[paren->off] == '(' &&
	       blank_gap(text, paren->off + 1, t->off) &&
	       blank_gap(text, m->off + m->len, paren->off) &&
	       macros_exports(text + m->off, m->len);
}

size_t classify_count_word(const char *text, size_t len, const char *name)
{
	struct lex_cursor c;
	struct lex_item t, prev[2] = { { TK_PP, 0, 0 }, { TK_PP, 0, 0 } };
	size_t nlen = strlen(name), count = 0;

	lex_cursor_init(&c, text, len, LEXF_NO_PP);
	while (lex_next(&c, &t)) {
		if (t.kind == TK_IDENT && t.len == nlen && !memcmp(text + t.off, name, nlen) &&
		    !export_argument(text, &prev[0], &prev[1], &t))
			count++;
		prev[0] = prev[1];
		prev[1] = t;
	}
	return count;
}

/* How often the sources of o name sym (0 when none is readable). */
static size_t source_mentions(const struct build *b, const struct object *o,
			      const char *sym)
{
	size_t total = 0;

	for (size_t i = 0; o->source && i <= o->nincluded; i++) {
		const char *rel = i ? o->included[i - 1] : o->source;
		char *path = path_join(b->srctree, rel), *text;
		size_t len;

		text = read_file(path, &len);
		if (text)
			total += classify_count_word(text, len, sym);
		free(text);
		free(path);
	}
	return total;
}

static enum row_status ref_class(const struct build *b, const struct object *o,
				 const char *sym, const struct def_facts *f)
{
	if (f->unit_refs)
		return STATUS_UNIT_LOCAL;
	if (f->self_ref || source_mentions(b, o, sym) > 1)
		return STATUS_FILE_LOCAL;
	return STATUS_UNREFERENCED;
}

static void add_class_row(struct rows *out, const struct build *b,
			  const struct symref *d, unsigned sym,
			  const struct def_facts *f, const struct objctx **ctxmap)
{
	const struct object *o = &b->set.objs[d->obj];
	const char *name = strtab_str(&b->set.names, sym);
	struct row *r;

	grow_array((void **)&out->v, &out->cap, out->count + 1, sizeof(*r));
	r = &out->v[out->count++];
	memset(r, 0, sizeof(*r));
	r->symbol = xstrdup(name);
	r->unit = xstrdup(o->unit);
	r->object = xstrdup(o->name);
	rows_def_site(out, ctxmap, b, d->obj, sym, r);
	r->weak = d->bind == SYM_WEAKDEF;
	for (size_t k = 0; k < o->nsyms; k++)
		if (o->syms[k].name == sym && sym_is_def(o->syms[k].bind))
			r->kind = o->syms[k].kind;
	r->refclass = (unsigned char)ref_class(b, o, name, f);
	r->multi = (unsigned char)f->multi;
	r->self_ref = (unsigned char)f->self_ref;
	r->status = f->exported ? STATUS_EXPORTED :
		    f->multi ? STATUS_MULTIPLY : r->refclass;
}

/* Not main (the C start-up code calls it) nor an export table's own entry. */
static int worth_a_class(const char *name)
{
	return strcmp(name, "main") && !export_marker_len(name);
}

/* "object\tsymbol" of the rows decide_build made for this build. */
static void index_rows(const struct rows *rows, size_t first, struct strtab *keys)
{
	strtab_init(keys);
	for (size_t i = first; i < rows->count; i++) {
		char *key = xasprintf("%s\t%s", rows->v[i].object, rows->v[i].symbol);

		strtab_intern(keys, key);
		free(key);
	}
}

void classify_build(const struct build *b, struct rows *rows, size_t first)
{
	const struct objctx **ctxmap = xcalloc(b->set.count, sizeof(*ctxmap));
	struct symindex ix;
	struct strtab cross;

	index_rows(rows, first, &cross);
	symindex_make(b, &ix);
	for (unsigned s = 0; s < b->set.names.count; s++) {
		const struct symref *list = ix.entries + ix.start[s];
		size_t n = ix.start[s + 1] - ix.start[s];

		for (size_t i = 0; i < n; i++) {
			const struct object *o = &b->set.objs[list[i].obj];
			struct def_facts f;
			char *key;
			long seen;

			if (!sym_is_def(list[i].bind) || o->is_script || !worth_a_class(
			    strtab_str(&b->set.names, s)))
				continue;
			key = xasprintf("%s\t%s", o->name, strtab_str(&b->set.names, s));
			seen = strtab_find(&cross, key);
			free(key);
			if (seen >= 0)
				continue;
			f = facts_of(b, list, n, &list[i]);
			add_class_row(rows, b, &list[i], s, &f, ctxmap);
		}
	}
	symindex_free(&ix);
	strtab_free(&cross);
	free(ctxmap);
}
