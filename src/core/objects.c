// SPDX-License-Identifier: GPL-2.0-only
/* objects.c - the object set of a build. */
#include "core/objects.h"
#include "core/abisec.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

void objset_init(struct objset *set)
{
	memset(set, 0, sizeof(*set));
	strtab_init(&set->names);
	strtab_init(&set->sections);
	strtab_intern(&set->sections, "");
}

void objset_free(struct objset *set)
{
	for (size_t i = 0; i < set->count; i++) {
		struct object *o = &set->objs[i];

		free(o->name);
		free(o->unit);
		free(o->source);
		free(o->cmd_path);
		free(o->module);
		free(o->archive);
		for (size_t k = 0; k < o->nincluded; k++)
			free(o->included[k]);
		free(o->included);
		free(o->syms);
		decls_free(o->decls, o->ndecls);
		free(o->source_why);
		objorigins_free(o->origins, o->norigins);
	}
	free(set->objs);
	strtab_free(&set->names);
	strtab_free(&set->sections);
	memset(set, 0, sizeof(*set));
}

void objorigins_free(struct objorigin *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].source);
		free(v[i].cmd_path);
		free(v[i].input_name);
		free(v[i].why);
	}
	free(v);
}

static int cmp_origin_name(const void *key, const void *elem)
{
	unsigned a = *(const unsigned *)key, b = ((const struct objorigin *)elem)->name;

	return (a > b) - (a < b);
}

const struct objorigin *object_origin(const struct object *obj, unsigned name)
{
	if (!obj->norigins)
		return NULL;
	return bsearch(&name, obj->origins, obj->norigins, sizeof(*obj->origins),
		       cmp_origin_name);
}

struct object *objset_add(struct objset *set, const char *name)
{
	struct object *o;

	grow_array((void **)&set->objs, &set->cap, set->count + 1, sizeof(*o));
	o = &set->objs[set->count++];
	memset(o, 0, sizeof(*o));
	o->name = xstrdup(name);
	o->machine_ok = 1;
	return o;
}

/* The export markers kbuild's EXPORT_SYMBOL(NAME) leaves in the object:
 * __ksymtab_NAME up to Linux 6.4, __export_symbol_NAME (section
 * .export_symbol, read by modpost) from 6.5 on. */
#define PREFIX(s) { s, sizeof(s) - 1 }
static const struct { const char *text; size_t len; } export_prefixes[] = {
	PREFIX("__ksymtab_"), PREFIX("__export_symbol_"),
};
#undef PREFIX

/* (called for every symbol of every object: most names start otherwise) */
size_t export_marker_len(const char *name)
{
	if (name[0] != '_' || name[1] != '_')
		return 0;
	for (size_t i = 0; i < sizeof(export_prefixes) / sizeof(*export_prefixes); i++) {
		size_t plen = export_prefixes[i].len;

		if (!strncmp(name, export_prefixes[i].text, plen) && name[plen])
			return plen;
	}
	return 0;
}

static void push_sym(struct objset *set, struct object *obj, const char *name,
		     enum sym_bind bind, enum sym_kind kind)
{
	struct objsym *s;

	grow_array((void **)&obj->syms, &obj->syms_cap, obj->nsyms + 1,
		   sizeof(*s));
	s = &obj->syms[obj->nsyms++];
	s->name = strtab_intern(&set->names, name);
	s->bind = (unsigned char)bind;
	s->kind = (unsigned char)kind;
	s->section = 0;
}

void object_add_sym(struct objset *set, struct object *obj, const char *name,
		    enum sym_bind bind, enum sym_kind kind)
{
	size_t plen = export_marker_len(name);
	int defined = bind == SYM_DEF || bind == SYM_WEAKDEF || bind == SYM_LOCALDEF;

	if (defined && plen)
		push_sym(set, obj, name + plen, SYM_EXPORT, KIND_VAR);
	if (bind != SYM_LOCALDEF)
		push_sym(set, obj, name, bind, kind);
}

static int cmp_object(const void *a, const void *b)
{
	return strcmp(((const struct object *)a)->name,
		      ((const struct object *)b)->name);
}

void objset_sort(struct objset *set)
{
	if (set->count)
		qsort(set->objs, set->count, sizeof(*set->objs), cmp_object);
}

void object_set_section(struct objset *set, struct object *obj, const char *section)
{
	struct objsym *s = obj->nsyms ? &obj->syms[obj->nsyms - 1] : NULL;

	if (s && sym_is_def(s->bind) && section && *section) {
		s->section = strtab_intern(&set->sections, section);
		if (abisec_is_descriptor(section))
			s->kind = KIND_FUNC;
	}
}

void decls_free(struct decl *decls, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(decls[i].symbol);
		free(decls[i].file);
	}
	free(decls);
}
