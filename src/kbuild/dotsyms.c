// SPDX-License-Identifier: GPL-2.0-only
/* dotsyms.c - ELFv1 dot-symbols folded into their functions (dotsyms.h). */
#include "kbuild/dotsyms.h"
#include "core/abisec.h"
#include "lib/util.h"

#include <stdlib.h>

struct fold {
	struct objset *set;
	unsigned char *desc;    /* per name id: 1 when the name is a descriptor */
	size_t *seen;           /* per name id: 1 + the object that refers to it */
};

/* The id of the name s stands for without its dot, or -1. */
static long undotted(const struct objset *set, const struct objsym *s)
{
	const char *name = strtab_str(&set->names, s->name);

	return name[0] == '.' && name[1] ? strtab_find(&set->names, name + 1) : -1;
}

/* Marks the descriptors of object o: definitions in a descriptor section; with
 * no section known, definitions whose dot-name o defines as code. */
static void mark_descriptors(struct fold *f, const struct object *o)
{
	for (size_t k = 0; k < o->nsyms; k++) {
		const struct objsym *s = &o->syms[k];
		long id;

		if (!sym_is_def(s->bind))
			continue;
		if (s->section &&
		    abisec_is_descriptor(strtab_str(&f->set->sections, s->section)))
			f->desc[s->name] = 1;
		else if (!s->section && s->kind == KIND_FUNC &&
			 (id = undotted(f->set, s)) >= 0) {
			for (size_t j = 0; j < o->nsyms; j++)
				if (o->syms[j].name == (unsigned)id && sym_is_def(o->syms[j].bind) &&
				    !o->syms[j].section)
					f->desc[id] = 1;
		}
	}
}

/* Folds symbol s of object i; 0 when it goes. */
static int fold_one(struct fold *f, size_t i, struct objsym *s)
{
	long id = undotted(f->set, s);
	int ref = s->bind == SYM_UNDEF || s->bind == SYM_WEAKUNDEF;

	if (id >= 0 && f->desc[id]) {
		if (sym_is_def(s->bind) || s->bind == SYM_SELFREF)
			return 0;       /* f's code, or f's .opd entry naming it */
		if (ref)
			s->name = (unsigned)id;
	}
	if (sym_is_def(s->bind) && f->desc[s->name])
		s->kind = KIND_FUNC;
	if (!ref)
		return 1;
	if (f->seen[s->name] == i + 1)
		return 0;       /* both f and .f referenced: once */
	f->seen[s->name] = i + 1;
	return 1;
}

static void fold_object(struct fold *f, size_t i)
{
	struct object *o = &f->set->objs[i];
	size_t n = 0;

	for (size_t k = 0; k < o->nsyms; k++) {
		struct objsym s = o->syms[k];

		if (fold_one(f, i, &s))
			o->syms[n++] = s;
	}
	o->nsyms = n;
}

void dotsyms_fold(struct build *b)
{
	size_t nnames = b->set.names.count;
	struct fold f = { &b->set, xcalloc(nnames + 1, 1), NULL };
	int any = 0;

	for (size_t i = 0; i < b->set.count; i++)
		mark_descriptors(&f, &b->set.objs[i]);
	for (size_t id = 0; id < nnames && !any; id++)
		any = f.desc[id];
	if (any) {
		f.seen = xcalloc(nnames + 1, sizeof(*f.seen));
		for (size_t i = 0; i < b->set.count; i++)
			fold_object(&f, i);
	}
	free(f.seen);
	free(f.desc);
}
