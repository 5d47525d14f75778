// SPDX-License-Identifier: GPL-2.0-only
/* keepsec.c - references a linker script makes by KEEPing sections. */
#include "kbuild/keepsec.h"
#include "core/abisec.h"
#include "kbuild/ldscript.h"
#include "lib/util.h"

#include <stdlib.h>

/* What the KEEP patterns make of a section, asked once per section name. */
enum { SEC_UNASKED, SEC_NEVER, SEC_MAYBE };

struct keep_ctx {
	const struct lds_keep *keeps;
	size_t nkeeps;
	unsigned char *sec;     /* per section id: SEC_* */
	size_t nsec;
};

static int kept(const struct build *b, struct keep_ctx *kc, const char *file,
		unsigned section)
{
	const char *name = strtab_str(&b->set.sections, section);
	unsigned char ask = section < kc->nsec ? kc->sec[section] : SEC_UNASKED;

	if (ask == SEC_UNASKED) {
		ask = !abisec_is_abi(name) &&
		      lds_keep_section_matches(kc->keeps, kc->nkeeps, name) ?
		      SEC_MAYBE : SEC_NEVER;
		if (section < kc->nsec)
			kc->sec[section] = ask;
	}
	return ask == SEC_MAYBE && lds_keep_matches(kc->keeps, kc->nkeeps, file, name);
}

/* Drops the patterns of keeps[0..*n) that name an ABI section (KEEP(*(.opd))):
 * they keep no table, so objects whose sections are unknown lose nothing. */
static void drop_abi_keeps(struct lds_keep *keeps, size_t *n)
{
	size_t kept_n = 0;

	for (size_t i = 0; i < *n; i++) {
		if (abisec_is_abi(keeps[i].section))
			lds_keep_free_one(&keeps[i]);
		else
			keeps[kept_n++] = keeps[i];
	}
	*n = kept_n;
}

/* The definitions of obj in kept sections, as references of the script. */
static void add_kept(struct build *b, struct object *script, const struct object *obj,
		     struct keep_ctx *kc)
{
	const char *file = obj->name;

	for (size_t k = 0; k < obj->nsyms; k++) {
		const struct objsym *s = &obj->syms[k];

		if (sym_is_def(s->bind) && s->section &&
		    kept(b, kc, file, s->section))
			object_add_sym(&b->set, script, strtab_str(&b->set.names, s->name),
				       SYM_UNDEF, (enum sym_kind)s->kind);
	}
}

/* The objects whose sections are unknown, said once: how many, why, and what
 * to do instead. */
static void say_unknown_sections(const struct object *script, size_t n,
				 const struct object *first)
{
	const char *why = first->no_sections == NO_SECTIONS_LTO ?
		"they are slim LTO objects (-flto without -ffat-lto-objects), whose "
		"symbol table carries no section names; give --run-build-commands (each is "
		"compiled again with -fno-lto), or build with -ffat-lto-objects or without "
		"-flto for the scan" :
		"nm -A text names no sections; scan the objects instead of --nm";

	error("%s: KEEPs input sections, but the sections of %zu objects are unknown "
	      "(%s%s): definitions only their section keeps cannot be found: %s",
	      script->name, n, first->name, n > 1 ? " and others" : "", why);
}

void keep_add_references(struct build *b, struct object *script, const char *text)
{
	size_t nkeeps, unknown = 0;
	struct lds_keep *keeps = lds_keep_patterns(text, &nkeeps);
	const struct object *first = NULL;
	size_t script_idx = (size_t)(script - b->set.objs);
	struct keep_ctx kc;

	drop_abi_keeps(keeps, &nkeeps);
	kc = (struct keep_ctx){ keeps, nkeeps, NULL, b->set.sections.count };
	kc.sec = xcalloc(kc.nsec ? kc.nsec : 1, 1);
	for (size_t i = 0; nkeeps && i < b->set.count; i++) {
		const struct object *o = &b->set.objs[i];

		if (i == script_idx || o->is_script || !o->machine_ok ||
		    o->module || o->link != LINK_ALWAYS)
			continue;
		if (o->no_sections) {
			unknown++;
			first = first ? first : o;
			continue;
		}
		add_kept(b, &b->set.objs[script_idx], o, &kc);
	}
	free(kc.sec);
	if (unknown)
		say_unknown_sections(script, unknown, first);
	lds_keep_free(keeps, nkeeps);
}
