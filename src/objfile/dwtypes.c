// SPDX-License-Identifier: GPL-2.0-only
/* dwtypes.c - the declared and defined types of an object's external
 * symbols, rendered as C text from its DWARF (libdw). */
#include "objfile/dwtypes.h"
#include "objfile/dwdecl.h"
#include "lib/util.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>


#define MAX_DEPTH 12

static void render(Dwarf_Die *t, struct sbuf *b, int depth);

static int type_of(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Attribute mem, *attr = dwarf_attr_integrate(die, DW_AT_type, &mem);

	return attr && dwarf_formref_die(attr, out) != NULL;
}

/* Render the type die refers to with DW_AT_type ("void" when none). */
static void render_ref(Dwarf_Die *die, struct sbuf *b, int depth)
{
	Dwarf_Die t;

	if (type_of(die, &t))
		render(&t, b, depth + 1);
	else
		sbuf_add(b, "void");
}

static int peel_typedefs(Dwarf_Die *t)
{
	while (dwarf_tag(t) == DW_TAG_typedef)
		if (!type_of(t, t))
			return 0;
	return 1;
}

static void render_tagged(const char *kw, const char *name, struct sbuf *b)
{
	sbuf_add(b, kw);
	sbuf_add(b, name ? name : "<anonymous>");
}

static void render_array(Dwarf_Die *t, struct sbuf *b, int depth)
{
	Dwarf_Die child;
	char dim[32];

	render_ref(t, b, depth);
	sbuf_add(b, " ");
	if (dwarf_child(t, &child) != 0)
		return;
	do {
		Dwarf_Word n;
		Dwarf_Attribute mem;

		if (dwarf_tag(&child) != DW_TAG_subrange_type)
			continue;
		if (dwarf_formudata(dwarf_attr(&child, DW_AT_count, &mem), &n) == 0)
			snprintf(dim, sizeof(dim), "[%llu]", (unsigned long long)n);
		else if (dwarf_formudata(dwarf_attr(&child, DW_AT_upper_bound, &mem), &n) == 0)
			snprintf(dim, sizeof(dim), "[%llu]", (unsigned long long)n + 1);
		else
			snprintf(dim, sizeof(dim), "[]");
		sbuf_add(b, dim);
	} while (dwarf_siblingof(&child, &child) == 0);
}

/* A parameter's type without its top-level qualifiers. */
static void render_param(Dwarf_Die *param, struct sbuf *b, int depth)
{
	Dwarf_Die t;

	if (!type_of(param, &t)) {
		sbuf_add(b, "void");
		return;
	}
	while ((dwarf_tag(&t) == DW_TAG_const_type || dwarf_tag(&t) == DW_TAG_volatile_type ||
		dwarf_tag(&t) == DW_TAG_restrict_type) && type_of(&t, &t))
		;
	render(&t, b, depth + 1);
}

/* "RET (P1, P2)" of a subprogram or subroutine type; params from pdie. */
static int render_function(Dwarf_Die *fn, Dwarf_Die *pdie, struct sbuf *b, int depth)
{
	Dwarf_Attribute mem;
	Dwarf_Die child;
	bool proto = false;
	int n = 0;

	render_ref(fn, b, depth);
	dwarf_formflag(dwarf_attr_integrate(fn, DW_AT_prototyped, &mem), &proto);
	sbuf_add(b, " (");
	if (dwarf_child(pdie, &child) == 0) {
		do {
			int tag = dwarf_tag(&child);

			if (tag != DW_TAG_formal_parameter && tag != DW_TAG_unspecified_parameters)
				continue;
			if (n++)
				sbuf_add(b, ", ");
			if (tag == DW_TAG_unspecified_parameters)
				sbuf_add(b, "...");
			else
				render_param(&child, b, depth);
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	if (!n)
		sbuf_add(b, proto ? "void" : "?");
	sbuf_add(b, ")");
	return proto;
}

static int qual_bit(int tag)
{
	switch (tag) {
	case DW_TAG_const_type: return 1;
	case DW_TAG_volatile_type: return 2;
	case DW_TAG_atomic_type: return 4;
	case DW_TAG_restrict_type: return 8;
	default: return 0;
	}
}

/* "const volatile" in that order, whatever the nesting of the DIEs. */
static void add_quals(struct sbuf *b, int quals, const char *sep_before, const char *sep_after)
{
	static const char *const names[] = { "const", "volatile", "_Atomic" };

	for (int i = 0; i < 3; i++)
		if (quals & (1 << i)) {
			sbuf_add(b, sep_before);
			sbuf_add(b, names[i]);
			sbuf_add(b, sep_after);
		}
}

/* A chain of qualifier DIEs; restrict is left out (it does not change
 * which objects a declaration may name). */
static void render_qualified(Dwarf_Die *t, struct sbuf *b, int depth)
{
	Dwarf_Die inner = *t, peeled;
	int quals = 0, have = 1;

	while (qual_bit(dwarf_tag(&inner))) {
		quals |= qual_bit(dwarf_tag(&inner));
		if (!type_of(&inner, &inner)) {
			have = 0;
			break;
		}
	}
	quals &= 7;
	if (!have) {
		add_quals(b, quals, "", " ");
		sbuf_add(b, "void");
		return;
	}
	peeled = inner;
	if (peel_typedefs(&peeled) && dwarf_tag(&peeled) == DW_TAG_pointer_type) {
		render(&inner, b, depth + 1);
		add_quals(b, quals, " ", "");
		return;
	}
	if (dwarf_tag(&peeled) == DW_TAG_array_type) {
		/* a qualified array is an array of qualified elements (C11 6.7.3):
		 * GCC often says it twice, on the array and on the element */
		struct sbuf arr = { 0 };

		render(&inner, &arr, depth + 1);
		if ((quals & 1) && !strncmp(arr.s, "const ", 6))
			quals &= ~1;
		if ((quals & 2) && (!strncmp(arr.s, "volatile ", 9) ||
				    !strncmp(arr.s, "const volatile ", 15)))
			quals &= ~2;
		add_quals(b, quals, "", " ");
		sbuf_add(b, arr.s);
		free(arr.s);
		return;
	}
	add_quals(b, quals, "", " ");
	render(&inner, b, depth + 1);
}

static void render(Dwarf_Die *t, struct sbuf *b, int depth)
{
	const char *name = dwarf_diename(t);
	Dwarf_Die target;

	if (depth > MAX_DEPTH) {
		sbuf_add(b, "...");
		return;
	}
	switch (dwarf_tag(t)) {
	case DW_TAG_base_type: sbuf_add(b, name ? name : "?"); break;
	case DW_TAG_typedef:
		if (!type_of(t, &target)) {
			sbuf_add(b, "void");
		} else if (!dwarf_diename(&target) &&
			   dwarf_tag(&target) == DW_TAG_structure_type) {
			render_tagged("struct ", name, b);
		} else if (!dwarf_diename(&target) && dwarf_tag(&target) == DW_TAG_union_type) {
			render_tagged("union ", name, b);
		} else if (!dwarf_diename(&target) &&
			   dwarf_tag(&target) == DW_TAG_enumeration_type) {
			render_tagged("enum ", name, b);
		} else {
			render(&target, b, depth + 1);
		}
		break;
	case DW_TAG_pointer_type: render_ref(t, b, depth); sbuf_add(b, " *"); break;
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
	case DW_TAG_atomic_type:
	case DW_TAG_restrict_type: render_qualified(t, b, depth); break;
	case DW_TAG_array_type: render_array(t, b, depth); break;
	case DW_TAG_structure_type: render_tagged("struct ", name, b); break;
	case DW_TAG_union_type: render_tagged("union ", name, b); break;
	case DW_TAG_enumeration_type: render_tagged("enum ", name, b); break;
	case DW_TAG_subroutine_type: render_function(t, t, b, depth); break;
	default: sbuf_add(b, name ? name : "?"); break;
	}
}

/* The DIE holding a subprogram's parameters in declaration order: the
 * abstract instance of an out-of-line copy (whose own children GCC may give
 * in another order, or leave out), else itself, else its declaration. */
static Dwarf_Die params_die(Dwarf_Die *die, Dwarf_Die *mem)
{
	Dwarf_Attribute amem, *attr = dwarf_attr(die, DW_AT_abstract_origin, &amem);
	Dwarf_Die child;

	if (attr && dwarf_formref_die(attr, mem))
		return *mem;
	if (dwarf_child(die, &child) == 0)
		do {
			if (dwarf_tag(&child) == DW_TAG_formal_parameter ||
			    dwarf_tag(&child) == DW_TAG_unspecified_parameters)
				return *die;
		} while (dwarf_siblingof(&child, &child) == 0);
	attr = dwarf_attr(die, DW_AT_specification, &amem);
	if (attr && dwarf_formref_die(attr, mem))
		return *mem;
	return *die;
}

static int flag_of(Dwarf_Die *die, unsigned name)
{
	Dwarf_Attribute mem;
	bool flag = false;

	dwarf_formflag(dwarf_attr(die, name, &mem), &flag);
	return flag;
}

static void record(Dwarf_Die *die, void *ctx)
{
	struct dwtypes *w = ctx;
	int tag = dwarf_tag(die), line;
	struct sbuf type = { 0 }, ret = { 0 };
	Dwarf_Attribute mem;
	const char *name;
	struct typed *t;
	bool ext = false;
	int proto = 1;

	if (tag != DW_TAG_subprogram && tag != DW_TAG_variable)
		return;
	dwarf_formflag(dwarf_attr_integrate(die, DW_AT_external, &mem), &ext);
	name = dwarf_diename(die);
	if (!ext || !name || dwarf_decl_line(die, &line))
		return;
	if (tag == DW_TAG_subprogram) {
		Dwarf_Die pmem, pdie = params_die(die, &pmem);

		proto = render_function(die, &pdie, &type, 0);
		render_ref(die, &ret, 0);
	} else {
		render_ref(die, &type, 0);
		sbuf_add(&ret, type.s);
	}
	grow_array((void **)&w->v, &w->cap, w->n + 1, sizeof(*w->v));
	t = &w->v[w->n++];
	t->symbol = strtab_intern(&w->strings, name);
	t->type = strtab_intern(&w->strings, type.s);
	t->ret = strtab_intern(&w->strings, ret.s);
	t->file = dwarf_decl_path(die);
	t->line = (unsigned)line;
	t->obj = w->obj;
	t->is_def = !flag_of(die, DW_AT_declaration);
	t->unprototyped = !proto;
	free(type.s);
	free(ret.s);
}

int dwtypes_read(const char *path, struct dwtypes *w, size_t obj)
{
	w->obj = obj;
	return dwarf_walk_top(path, record, w);
}

void dwtypes_free(struct dwtypes *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->v[i].file);
	free(w->v);
	strtab_free(&w->strings);
	memset(w, 0, sizeof(*w));
}
