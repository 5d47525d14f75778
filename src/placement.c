/* placement.c - classify where each definition's tag can go. */
#include "placement.h"
#include "srcscan.h"
#include "strtab.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

const char *placement_name(enum place_kind kind)
{
	static const char *const names[] = {
		"in place", "on the definer macro", "pasted by a macro",
		"no definition found in the source", "source unknown", "-",
	};
	return names[kind];
}

/* Source texts read once each, by path relative to the source tree. */
struct cached_text {
	char *text;             /* NULL: unreadable */
	size_t len;
	int loaded;
};

struct text_cache {
	const char *srctree;
	struct strtab paths;    /* path -> index in files */
	struct cached_text *files;
	size_t cap;
};

static const char *cached_text(struct text_cache *c, const char *path, size_t *len)
{
	unsigned id = strtab_intern(&c->paths, path);
	struct cached_text *f;

	if (id >= c->cap) {
		size_t old = c->cap;

		grow_array((void **)&c->files, &c->cap, (size_t)id + 1, sizeof(*c->files));
		memset(c->files + old, 0, (c->cap - old) * sizeof(*c->files));
	}
	f = &c->files[id];
	if (!f->loaded) {
		char *abs = path_join(c->srctree, path);

		f->text = read_file(abs, &f->len);
		f->loaded = 1;
		free(abs);
	}
	*len = f->text ? f->len : 0;
	return f->text;
}

static void free_cache(struct text_cache *c)
{
	for (size_t i = 0; i < c->cap; i++)
		free(c->files[i].text);
	free(c->files);
	strtab_free(&c->paths);
}

/* Place the tag of symbol as file's text allows; 1 when the file defines it. */
static int place_in(const char *text, size_t len, const char *symbol,
		    struct placement *p)
{
	char *macro = NULL;
	unsigned line = 0;

	switch (srcscan_locate(text, len, symbol, &line, &macro)) {
	case LOC_DECLARATOR:
		p->kind = PLACE_DECLARATOR;
		p->line = line;
		return 1;
	case LOC_IN_MACRO:
		p->kind = PLACE_DECLARER;
		p->line = line;
		p->macro = macro;
		return 1;
	default:
		return 0;
	}
}

/* The source first, then the .c files it includes; else a pasting macro. */
static void classify_row(struct text_cache *cache, struct row *r, struct placement *p)
{
	size_t len;
	const char *text = cached_text(cache, r->source, &len);

	if (!text) {
		p->kind = PLACE_NO_SOURCE;
		return;
	}
	r->def_source = xstrdup(r->source);
	if (place_in(text, len, r->symbol, p)) {
		r->def_line = p->line;
		return;
	}
	for (size_t i = 0; i < r->nincluded; i++) {
		size_t ilen;
		const char *itext = cached_text(cache, r->included[i], &ilen);

		if (itext && place_in(itext, ilen, r->symbol, p)) {
			free(r->def_source);
			r->def_source = xstrdup(r->included[i]);
			r->def_line = p->line;
			return;
		}
	}
	p->macro = srcscan_paste_macro(text, len, r->symbol);
	p->kind = p->macro ? PLACE_PASTED : PLACE_NOT_IN_SOURCE;
}

void placement_classify(struct rows *rows, const char *srctree, struct placement *out)
{
	struct text_cache cache = { srctree, { 0 }, NULL, 0 };

	strtab_init(&cache.paths);
	memset(out, 0, rows->count * sizeof(*out));
	for (size_t i = 0; i < rows->count; i++) {
		struct row *r = &rows->v[i];

		out[i].kind = PLACE_NONE;
		if (r->status != STATUS_TAG)
			continue;
		if (!r->source)
			out[i].kind = PLACE_NO_SOURCE;
		else
			classify_row(&cache, r, &out[i]);
	}
	free_cache(&cache);
}

void placement_free(struct placement *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(p[i].macro);
}
