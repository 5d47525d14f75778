// SPDX-License-Identifier: GPL-2.0-only
/* dwdecl.c - declaration coordinates of the external definitions of an ELF
 * object, read from its DWARF.
 *
 * libdw alone does not apply the .rel(a).debug_* relocations of an ET_REL
 * object (every DW_FORM_strp would then read offset 0 and all the names come
 * out the same), so the object is reported to an offline libdwfl session,
 * whose dwfl_module_getdwarf() relocates the debug sections first. */
#include "objfile/dwdecl.h"
#include "lib/util.h"

/* The DW_* constants: elfutils installs its dwarf.h next to the elfutils/
 * directory. */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct decl_list {
	struct decl *v;
	size_t n, cap;
};

/* The names the object's symbol table defines as global or weak, sorted;
 * they point into the string table of the Elf they were read from. */
struct symset {
	const char **names;
	size_t n, cap;
	int have_symtab;
};

/* Never look for separate debuginfo files: a .o carries its own DWARF. */
static int no_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
			Dwarf_Addr base, const char *file_name,
			const char *debuglink_file, GElf_Word debuglink_crc,
			char **debuginfo_file_name)
{
	(void)mod, (void)userdata, (void)modname, (void)base, (void)file_name;
	(void)debuglink_file, (void)debuglink_crc, (void)debuginfo_file_name;
	return -1;
}

static const Dwfl_Callbacks offline_callbacks = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = no_debuginfo,
	.section_address = dwfl_offline_section_address,
};

static int is_debug_info(const char *name)
{
	return !strcmp(name, ".debug_info") || !strcmp(name, ".zdebug_info");
}

static void symset_add(struct symset *set, const char *name)
{
	grow_array((void **)&set->names, &set->cap, set->n + 1, sizeof(*set->names));
	set->names[set->n++] = name;
}

static int defines_global(const GElf_Sym *sym)
{
	int bind = GELF_ST_BIND(sym->st_info);

	if (sym->st_shndx == SHN_UNDEF)
		return 0;
	return bind == STB_GLOBAL || bind == STB_WEAK || bind == STB_GNU_UNIQUE;
}

static void read_symtab(Elf *elf, Elf_Scn *scn, const GElf_Shdr *shdr,
			struct symset *set)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t i, count;
	GElf_Sym sym;
	const char *name;

	if (!data || !shdr->sh_entsize)
		return;
	set->have_symtab = 1;
	count = shdr->sh_size / shdr->sh_entsize;
	for (i = 1; i < count; i++) {
		if (!gelf_getsym(data, (int)i, &sym) || !defines_global(&sym))
			continue;
		name = elf_strptr(elf, shdr->sh_link, sym.st_name);
		if (name && *name)
			symset_add(set, name);
	}
}

int dwarf_present(Elf *elf)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr shdr;
	size_t shstrndx;
	const char *name;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return 0;
	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, &shdr) &&
		    (name = elf_strptr(elf, shstrndx, shdr.sh_name)) && is_debug_info(name))
			return 1;
	return 0;
}

/* Fill set from the symbol table when the object has DWARF (else the set
 * is not needed); 1 when it has. */
static int scan_sections(Elf *elf, struct symset *set)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr shdr;

	if (!dwarf_present(elf))
		return 0;
	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, &shdr) && shdr.sh_type == SHT_SYMTAB)
			read_symtab(elf, scn, &shdr, set);
	if (set->n > 1)
		qsort(set->names, set->n, sizeof(*set->names), cmp_strptr);
	return 1;
}

static int symset_has(const struct symset *set, const char *name)
{
	if (!set->have_symtab)
		return 1;
	return set->n && bsearch(&name, set->names, set->n, sizeof(*set->names),
		       cmp_strptr) != NULL;
}

static int flag_attr(Dwarf_Die *die, unsigned name, int integrate)
{
	Dwarf_Attribute mem, *attr;
	bool flag;

	attr = integrate ? dwarf_attr_integrate(die, name, &mem)
			 : dwarf_attr(die, name, &mem);
	return attr && !dwarf_formflag(attr, &flag) && flag;
}

/* A function with code or a variable with storage, made here.  With a symbol
 * table to confirm the name, a definition whose code or storage was folded
 * into another's (-fipa-icf leaves a DIE with neither DW_AT_low_pc nor
 * DW_AT_location, and an alias symbol) counts too. */
static int is_definition(Dwarf_Die *die, const struct symset *syms)
{
	if (flag_attr(die, DW_AT_declaration, 0))
		return 0;
	switch (dwarf_tag(die)) {
	case DW_TAG_subprogram:
		return syms->have_symtab || dwarf_hasattr(die, DW_AT_low_pc) ||
		       dwarf_hasattr(die, DW_AT_ranges);
	case DW_TAG_variable:
		return syms->have_symtab || dwarf_hasattr(die, DW_AT_location);
	default:
		return 0;
	}
}

static const char *string_attr(Dwarf_Die *die, unsigned name)
{
	Dwarf_Attribute mem, *attr = dwarf_attr_integrate(die, name, &mem);

	return attr ? dwarf_formstring(attr) : NULL;
}

static const char *linkage_name(Dwarf_Die *die)
{
	const char *name = string_attr(die, DW_AT_linkage_name);

	if (!name)
		name = string_attr(die, DW_AT_MIPS_linkage_name);
	if (!name)
		name = string_attr(die, DW_AT_name);
	return name;
}

/* The absolute, normalised form of a decl_file name. */
static char *absolute_file(const char *file, const char *comp_dir)
{
	char *joined, *norm;

	if (file[0] == '/' || !comp_dir)
		return path_normalize(file);
	joined = path_join(comp_dir, file);
	norm = path_normalize(joined);
	free(joined);
	return norm;
}

/* dwarf_decl_file(), but resolved through the file table of the unit the
 * attribute came from, which also works for split units (where libdw 0.188's
 * dwarf_decl_file() asserts); a fresh absolute path, or NULL. */
char *dwarf_decl_path(Dwarf_Die *die)
{
	Dwarf_Attribute mem, *attr = dwarf_attr_integrate(die, DW_AT_decl_file, &mem);
	Dwarf_Files *files;
	Dwarf_Word idx;
	Dwarf_Die cudie;
	size_t nfiles;
	const char *name;

	if (!attr || dwarf_formudata(attr, &idx) ||
	    !dwarf_cu_die(attr->cu, &cudie, NULL, NULL, NULL, NULL, NULL, NULL) ||
	    dwarf_getsrcfiles(&cudie, &files, &nfiles) || idx >= nfiles)
		return NULL;
	name = dwarf_filesrc(files, idx, NULL, NULL);
	if (!name)
		return NULL;
	return absolute_file(name, string_attr(&cudie, DW_AT_comp_dir));
}

/* What add_decl needs while the units are walked. */
struct decl_walk {
	struct decl_list *list;
	const struct symset *syms;
};

static void add_decl(Dwarf_Die *die, void *ctx)
{
	struct decl_list *list = ((struct decl_walk *)ctx)->list;
	const struct symset *syms = ((struct decl_walk *)ctx)->syms;
	const char *name;
	struct decl *d;
	char *file;
	int line;

	if (!is_definition(die, syms) || !flag_attr(die, DW_AT_external, 1))
		return;
	name = linkage_name(die);
	if (!name || !*name || !symset_has(syms, name))
		return;
	if (dwarf_decl_line(die, &line) || line < 0)
		return;
	file = dwarf_decl_path(die);
	if (!file)
		return;
	grow_array((void **)&list->v, &list->cap, list->n + 1, sizeof(*list->v));
	d = &list->v[list->n++];
	d->symbol = xstrdup(name);
	d->file = file;
	d->line = (unsigned)line;
}

/* The top-level DIEs of one compile unit; -1 on bad DWARF. */
static int scan_unit(Dwarf_Die *cudie, dwarf_die_fn *fn, void *ctx)
{
	Dwarf_Die die;
	int rc;

	rc = dwarf_child(cudie, &die);
	while (rc == 0) {
		fn(&die, ctx);
		rc = dwarf_siblingof(&die, &die);
	}
	return rc < 0 ? -1 : 0;
}

static const char *dwo_name(Dwarf_Die *skeleton)
{
	const char *name = string_attr(skeleton, DW_AT_dwo_name);

	if (!name)
		name = string_attr(skeleton, DW_AT_GNU_dwo_name);
	return name ? name : "the .dwo file";
}

static int scan_dwarf(const char *path, Dwarf *dbg, dwarf_die_fn *fn, void *ctx)
{
	Dwarf_CU *cu = NULL;
	Dwarf_Die cudie, subdie;
	Dwarf_Half version;
	uint8_t unit_type;
	int rc;

	while ((rc = dwarf_get_units(dbg, cu, &cu, &version, &unit_type,
				     &cudie, &subdie)) == 0) {
		/* -gsplit-dwarf: the DIEs are in the .dwo libdw found, if any. */
		if (unit_type == DW_UT_skeleton && subdie.cu)
			rc = scan_unit(&subdie, fn, ctx);
		else if (unit_type == DW_UT_skeleton)
			warn("%s: split DWARF: %s not found", path, dwo_name(&cudie));
		else if (unit_type == DW_UT_compile || unit_type == DW_UT_partial)
			rc = scan_unit(&cudie, fn, ctx);
		if (rc)
			return -1;
	}
	return rc < 0 ? -1 : 0;
}

static int cmp_decl(const void *a, const void *b)
{
	const struct decl *x = a, *y = b;
	int c = strcmp(x->symbol, y->symbol);

	if (!c)
		c = strcmp(x->file, y->file);
	if (!c)
		c = (x->line > y->line) - (x->line < y->line);
	return c;
}

static void sort_unique(struct decl_list *list)
{
	size_t i, kept = 0;

	if (list->n > 1)
		qsort(list->v, list->n, sizeof(*list->v), cmp_decl);
	for (i = 0; i < list->n; i++) {
		if (kept && !cmp_decl(&list->v[kept - 1], &list->v[i])) {
			free(list->v[i].symbol);
			free(list->v[i].file);
			continue;
		}
		list->v[kept++] = list->v[i];
	}
	list->n = kept;
}

/* Relocate and read the DWARF of path through an offline libdwfl session. */
static int walk_dwarf(const char *path, dwarf_die_fn *fn, void *ctx)
{
	Dwfl *dwfl = dwfl_begin(&offline_callbacks);
	Dwfl_Module *mod;
	Dwarf_Addr bias;
	Dwarf *dbg;
	int rc = -1;

	if (!dwfl) {
		error("%s: %s", path, dwfl_errmsg(-1));
		return -1;
	}
	dwfl_report_begin(dwfl);
	mod = dwfl_report_offline(dwfl, path, path, -1);
	if (!mod || dwfl_report_end(dwfl, NULL, NULL)) {
		error("%s: %s", path, dwfl_errmsg(-1));
	} else if (!(dbg = dwfl_module_getdwarf(mod, &bias))) {
		error("%s: cannot read DWARF: %s", path, dwfl_errmsg(-1));
	} else if (scan_dwarf(path, dbg, fn, ctx)) {
		error("%s: bad DWARF: %s", path, dwarf_errmsg(-1));
	} else {
		rc = 0;
	}
	dwfl_end(dwfl);
	return rc;
}

static Elf *open_elf(const char *path, int *fd)
{
	Elf *elf;

	*fd = open(path, O_RDONLY | O_CLOEXEC);
	if (*fd < 0) {
		error("%s: %s", path, errstr(errno));
		return NULL;
	}
	elf = elf_begin(*fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		error("%s: not an ELF object", path);
		elf_end(elf);
		close(*fd);
		return NULL;
	}
	return elf;
}

long dwarf_definitions(const char *path, struct decl **out)
{
	struct symset syms = { 0 };
	struct decl_list list = { 0 };
	int fd, rc = 0;
	Elf *elf;

	*out = NULL;
	if (elf_version(EV_CURRENT) == EV_NONE) {
		error("%s: libelf: %s", path, elf_errmsg(-1));
		return -1;
	}
	elf = open_elf(path, &fd);
	if (!elf)
		return -1;
	if (scan_sections(elf, &syms)) {
		struct decl_walk walk = { &list, &syms };

		rc = walk_dwarf(path, add_decl, &walk);
	}
	free(syms.names);
	elf_end(elf);
	close(fd);
	if (rc) {
		decls_free(list.v, list.n);
		return -1;
	}
	sort_unique(&list);
	if (!list.n) {
		free(list.v);
		return 0;
	}
	*out = list.v;
	return (long)list.n;
}

int dwarf_walk_top(const char *path, dwarf_die_fn *fn, void *ctx)
{
	struct symset syms = { 0 };
	int fd, rc = 1;
	Elf *elf;

	if (elf_version(EV_CURRENT) == EV_NONE) {
		error("%s: libelf: %s", path, elf_errmsg(-1));
		return -1;
	}
	elf = open_elf(path, &fd);
	if (!elf)
		return -1;
	if (scan_sections(elf, &syms))
		rc = walk_dwarf(path, fn, ctx);
	free(syms.names);
	elf_end(elf);
	close(fd);
	return rc;
}
