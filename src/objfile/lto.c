// SPDX-License-Identifier: GPL-2.0-only
/* lto.c - GCC LTO symbol tables of slim -flto objects. */
#include "objfile/lto.h"
#include "lib/strtab.h"
#include "lib/util.h"

#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#define SYMTAB_PREFIX ".gnu.lto_.symtab."
#define EXT_PREFIX ".gnu.lto_.ext_symtab."
#define ENTRY_TAIL 14   /* kind, visibility, size (8), slot (4) */
#define LTO_EXT_MISMATCH "LTO symbol table: its entries and the type records of " \
	".gnu.lto_.ext_symtab differ in number: cut short or altered"

const char *lto_parse_table(const unsigned char *tab, size_t len,
			    const unsigned char *ext, size_t extlen,
			    void (*fn)(void *ctx, const struct lto_sym *sym), void *ctx)
{
	const unsigned char *p = tab, *end;
	size_t index = 0;

	if (ext && (extlen < 1 || ext[0] != 1))
		ext = NULL;             /* an unknown extension version: no types */
	if (!len)               /* an empty table: no symbols (nor types) */
		return ext && extlen > 1 ? LTO_EXT_MISMATCH : NULL;
	if (!tab)
		return "LTO symbol table: no contents";
	end = tab + len;
	while (p < end) {
		const unsigned char *name = p, *comdat;
		struct lto_sym sym;

		p = memchr(p, '\0', (size_t)(end - p));
		if (!p)
			return "LTO symbol table: name not terminated";
		comdat = ++p;
		p = memchr(p, '\0', (size_t)(end - p));
		if (!p || (size_t)(end - p - 1) < ENTRY_TAIL)
			return "LTO symbol table: entry cut short";
		(void)comdat;
		p++;
		if (p[0] > LTO_COMMON)
			return "LTO symbol table: unknown symbol kind";
		sym.name = (const char *)name;
		sym.kind = p[0];
		sym.visibility = p[1];
		sym.type = LTO_TYPE_UNKNOWN;
		if (ext && 1 + 2 * index + 1 < extlen && ext[1 + 2 * index] <= 2)
			sym.type = ext[1 + 2 * index];
		p += ENTRY_TAIL;
		index++;
		fn(ctx, &sym);
	}
	/* GCC writes one type record per symbol: a table cut at an entry
	 * boundary (or one with entries added) does not match it */
	return ext && (extlen - 1) / 2 != index ? LTO_EXT_MISMATCH : NULL;
}

int lto_is_slim(Elf *elf)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr shdr;
		Elf_Data *data;
		size_t count;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_SYMTAB ||
		    !shdr.sh_entsize || !(data = elf_getdata(scn, NULL)))
			continue;
		count = shdr.sh_size / shdr.sh_entsize;
		for (size_t i = 1; i < count; i++) {
			GElf_Sym sym;
			const char *name;

			if (gelf_getsym(data, (int)i, &sym) &&
			    (name = elf_strptr(elf, shdr.sh_link, sym.st_name)) &&
			    !strcmp(name, "__gnu_lto_slim"))
				return 1;
		}
	}
	return 0;
}

struct add_ctx {
	struct objset *set;
	struct object *obj;
};

/* As the ELF reader records them: references are code, commons data. */
static void add_lto_sym(void *ctx, const struct lto_sym *s)
{
	static const unsigned char binds[] = {
		[LTO_DEF] = SYM_DEF, [LTO_WEAKDEF] = SYM_WEAKDEF, [LTO_UNDEF] = SYM_UNDEF,
		[LTO_WEAKUNDEF] = SYM_WEAKUNDEF, [LTO_COMMON] = SYM_DEF,
	};
	struct add_ctx *ac = ctx;
	enum sym_kind kind = KIND_FUNC;

	if (s->kind == LTO_COMMON || (s->type == LTO_TYPE_VARIABLE &&
				      (s->kind == LTO_DEF || s->kind == LTO_WEAKDEF)))
		kind = KIND_VAR;
	if (*s->name)
		object_add_sym(ac->set, ac->obj, s->name, (enum sym_bind)binds[s->kind], kind);
}

/* The data of the section named prefix + id, or NULL. */
static Elf_Data *section_by_name(Elf *elf, size_t shstrndx, const char *prefix,
				 const char *id)
{
	Elf_Scn *scn = NULL;
	size_t plen = strlen(prefix);

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr shdr;
		const char *name;

		if (gelf_getshdr(scn, &shdr) &&
		    (name = elf_strptr(elf, shstrndx, shdr.sh_name)) &&
		    !strncmp(name, prefix, plen) && !strcmp(name + plen, id))
			return elf_getdata(scn, NULL);
	}
	return NULL;
}

/* Parse every LTO symbol table of elf (with its extension), calling fn per
 * symbol; *tables counts them. NULL, or what is wrong. */
static const char *each_lto_table(Elf *elf, void (*fn)(void *ctx, const struct lto_sym *sym),
				  void *ctx, size_t *tables)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	*tables = 0;
	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return "corrupt section header string table";
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr shdr;
		const char *name, *why;
		Elf_Data *tab, *ext;

		if (!gelf_getshdr(scn, &shdr) ||
		    !(name = elf_strptr(elf, shstrndx, shdr.sh_name)))
			return "corrupt section header";
		if (strncmp(name, SYMTAB_PREFIX, strlen(SYMTAB_PREFIX)))
			continue;
		if (!(tab = elf_getdata(scn, NULL)) || (shdr.sh_flags & SHF_COMPRESSED))
			return "unreadable LTO symbol table";
		ext = section_by_name(elf, shstrndx, EXT_PREFIX,
				      name + strlen(SYMTAB_PREFIX));
		if (ext && !ext->d_buf)
			ext = NULL;     /* SHT_NOBITS: no types */
		why = lto_parse_table(tab->d_buf, tab->d_size, ext ? ext->d_buf : NULL,
				      ext ? ext->d_size : 0, fn, ctx);
		if (why)
			return why;
		(*tables)++;
	}
	return NULL;
}

const char *lto_read_symbols(struct objset *set, struct object *obj, Elf *elf)
{
	struct add_ctx ctx = { set, obj };
	size_t tables;
	const char *why;

	obj->no_sections = NO_SECTIONS_LTO; /* its symbol table has no section names */
	why = each_lto_table(elf, add_lto_sym, &ctx, &tables);
	if (!why && !tables)
		return "slim LTO object (__gnu_lto_slim) without an LTO symbol table "
		       "(.gnu.lto_.symtab.*): its symbols cannot be read";
	return why;
}

struct count_ctx {
	const struct objset *set;
	const unsigned char *has;       /* has[name id]: obj has the name; NULL: count only */
	size_t count, found;
};

/* Count the symbol, and (with has) whether obj has it by name. */
static void count_lto_sym(void *ctx, const struct lto_sym *sym)
{
	struct count_ctx *cc = ctx;
	long id = cc->has ? strtab_find(&cc->set->names, sym->name) : -1;

	cc->count++;
	if (id >= 0 && cc->has[id])
		cc->found++;
}

size_t lto_count_symbols(Elf *elf, const struct objset *set, const struct object *obj,
			 size_t *found)
{
	struct count_ctx cc = { set, NULL, 0, 0 };
	unsigned char *has;
	size_t tables;

	*found = 0;
	each_lto_table(elf, count_lto_sym, &cc, &tables);
	if (!cc.count)          /* no LTO symbols: the usual object */
		return 0;
	has = xcalloc(set->names.count + 1, 1);
	for (size_t i = 0; i < obj->nsyms; i++)
		has[obj->syms[i].name] = 1;
	cc = (struct count_ctx){ set, has, 0, 0 };
	each_lto_table(elf, count_lto_sym, &cc, &tables);
	free(has);
	*found = cc.found;
	return cc.count;
}

/* Every name the LTO symbol table of the fat object at path lists, and the
 * names it defines. */
int lto_file_names(const char *path, struct strtab *names, struct strtab *defs)
{
	size_t len;
	unsigned char *buf = (unsigned char *)read_file(path, &len);
	struct objset set;
	struct object *obj;
	Elf *elf;
	int rc = -1;

	if (!buf)
		return -1;
	objset_init(&set);
	obj = objset_add(&set, path);
	elf_version(EV_CURRENT);
	elf = elf_memory((char *)buf, len);
	if (elf && elf_kind(elf) == ELF_K_ELF && !lto_read_symbols(&set, obj, elf)) {
		for (size_t k = 0; k < obj->nsyms; k++) {
			const char *name = strtab_str(&set.names, obj->syms[k].name);

			strtab_intern(names, name);
			if (sym_is_def(obj->syms[k].bind))
				strtab_intern(defs, name);
		}
		rc = 0;
	}
	if (elf)
		elf_end(elf);
	objset_free(&set);
	free(buf);
	return rc;
}
