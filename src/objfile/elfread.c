// SPDX-License-Identifier: GPL-2.0-only
/* elfread.c - symbol tables of ELF relocatable objects (ELF32/64, either byte
 * order) through libelf, classified the way binutils nm classifies them so that
 * ELF input and `nm -A` input give the same answers. */
#include "objfile/elfread.h"
#include "objfile/dwdecl.h"
#include "objfile/lto.h"
#include "lib/util.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int elf_is_elf(const unsigned char *buf, size_t len)
{
	return len >= SELFMAG && !memcmp(buf, ELFMAG, SELFMAG);
}

const char *elf_machine_name(unsigned machine, char *buf, size_t buflen)
{
	switch (machine) {
	case EM_386: return "i386";
	case EM_X86_64: return "x86-64";
	case EM_ARM: return "arm";
	case EM_AARCH64: return "aarch64";
	case EM_PPC: return "ppc";
	case EM_PPC64: return "ppc64";
	case EM_S390: return "s390";
	case EM_MIPS: return "mips";
	case EM_RISCV: return "riscv";
	case EM_SPARCV9: return "sparc64";
	default:
		snprintf(buf, buflen, "EM_%u", machine);
		return buf;
	}
}

const char *elf_arch_name(unsigned machine, unsigned elfclass, char *buf, size_t buflen)
{
	if (machine == EM_X86_64 && elfclass == ELFCLASS32)
		return "x32";
	return elf_machine_name(machine, buf, buflen);
}

/* One symbol table as read: its entries, the extended section indexes
 * (SHT_SYMTAB_SHNDX) of an object with 65280 or more sections, and where a
 * problem with one entry is described (detail, for the file's message). */
struct symtab {
	Elf *elf;
	Elf_Scn *scn;
	Elf_Data *data, *xdata;
	size_t count, strndx, shnum;
	char *detail;
	size_t detail_len;
};

/* The section a symbol is in, SHN_XINDEX resolved through the extended
 * table; 0 for none (undefined, absolute, common). */
static size_t real_shndx(const GElf_Sym *sym, Elf32_Word xndx)
{
	if (sym->st_shndx == SHN_XINDEX)
		return xndx;
	return sym->st_shndx >= SHN_LORESERVE ? 0 : sym->st_shndx;
}

/* nm's letter logic, reduced to what crossym needs: code or data. */
static enum sym_kind symbol_kind(Elf *elf, const GElf_Sym *sym, size_t shndx)
{
	GElf_Shdr shdr;
	Elf_Scn *scn;

	if (GELF_ST_TYPE(sym->st_info) == STT_TLS)
		return KIND_TLS;
	if (sym->st_shndx == SHN_COMMON || GELF_ST_TYPE(sym->st_info) == STT_COMMON)
		return KIND_COMMON;
	if (GELF_ST_BIND(sym->st_info) == STB_WEAK)
		return GELF_ST_TYPE(sym->st_info) == STT_OBJECT ? KIND_VAR : KIND_FUNC;
	if (!shndx)
		return KIND_VAR;
	scn = elf_getscn(elf, shndx);
	if (scn && gelf_getshdr(scn, &shdr) && (shdr.sh_flags & SHF_EXECINSTR))
		return KIND_FUNC;
	return KIND_VAR;
}

/* The name of section shndx, for matching the linker script's KEEP patterns. */
static const char *section_name(Elf *elf, size_t shndx)
{
	Elf_Scn *scn;
	GElf_Shdr shdr;
	size_t strndx;

	if (!shndx || elf_getshdrstrndx(elf, &strndx) != 0 ||
	    !(scn = elf_getscn(elf, shndx)) || !gelf_getshdr(scn, &shdr))
		return NULL;
	return elf_strptr(elf, strndx, shdr.sh_name);
}

/* Entry i of st: its symbol, name and real section index; NULL, or what is
 * wrong with it. */
static const char *symtab_entry(const struct symtab *st, size_t i, GElf_Sym *sym,
				const char **name, size_t *shndx)
{
	Elf32_Word xndx = 0;

	if (!gelf_getsymshndx(st->data, st->xdata, (int)i, sym, &xndx))
		return "corrupt symbol table";
	*name = elf_strptr(st->elf, st->strndx, sym->st_name);
	if (!*name)
		return "corrupt symbol name table";
	*shndx = real_shndx(sym, xndx);
	if (sym->st_shndx == SHN_XINDEX && !st->xdata) {
		snprintf(st->detail, st->detail_len, "symbol %s: section index SHN_XINDEX, "
			 "but no SHT_SYMTAB_SHNDX section", *name);
		return st->detail;
	}
	if (*shndx >= st->shnum) {
		snprintf(st->detail, st->detail_len, "symbol %s: section index %zu, "
			 "but the object has %zu sections", *name, *shndx, st->shnum);
		return st->detail;
	}
	return NULL;
}

/* A binding the symbol table may have, and the combinations ld refuses. */
static const char *check_binding(const struct symtab *st, const GElf_Sym *sym,
				 const char *name)
{
	int bind = GELF_ST_BIND(sym->st_info), type = GELF_ST_TYPE(sym->st_info);

	if (bind != STB_LOCAL && bind != STB_GLOBAL && bind != STB_WEAK &&
	    bind != STB_GNU_UNIQUE) {
		snprintf(st->detail, st->detail_len, "symbol %s: unknown binding %d",
			 *name ? name : "(no name)", bind);
		return st->detail;
	}
	if (bind == STB_LOCAL && sym->st_shndx == SHN_UNDEF && *name &&
	    type != STT_SECTION && type != STT_FILE) {
		snprintf(st->detail, st->detail_len,
			 "symbol %s: undefined, yet local (STB_LOCAL)", name);
		return st->detail;
	}
	if (bind == STB_GLOBAL && sym->st_shndx == SHN_ABS &&
	    str_has_prefix(name, WHOLEPROGRAM_MARKER)) {
		snprintf(st->detail, st->detail_len, "a whole-program unit that crossym "
			 "wholeprogram made (%s), not an object of the normal build: "
			 "the build directory holds its units; build it again", name);
		return st->detail;
	}
	return NULL;
}

static void add_symbol(struct objset *set, struct object *obj, Elf *elf,
		       const GElf_Sym *sym, const char *name, size_t shndx)
{
	int bind = GELF_ST_BIND(sym->st_info);
	int type = GELF_ST_TYPE(sym->st_info);
	int global = bind == STB_GLOBAL || bind == STB_GNU_UNIQUE;

	if (!*name || type == STT_SECTION || type == STT_FILE)
		return;
	if (sym->st_shndx == SHN_UNDEF) {
		if (global || bind == STB_WEAK)
			object_add_sym(set, obj, name,
				       global ? SYM_UNDEF : SYM_WEAKUNDEF, KIND_FUNC);
		return;
	}
	if (global || bind == STB_WEAK) {
		object_add_sym(set, obj, name, global ? SYM_DEF : SYM_WEAKDEF,
			       symbol_kind(elf, sym, shndx));
		object_set_section(set, obj, section_name(elf, shndx));
	} else if (export_marker_len(name))
		object_add_sym(set, obj, name, SYM_LOCALDEF, KIND_VAR);
}

static int defines_global(const GElf_Sym *sym)
{
	int bind = GELF_ST_BIND(sym->st_info);

	return sym->st_shndx != SHN_UNDEF &&
	       (bind == STB_GLOBAL || bind == STB_GNU_UNIQUE || bind == STB_WEAK);
}

/* The symbol indexes one relocation section uses, marked in seen[0..nsyms). */
static void mark_relocs(Elf_Scn *scn, const GElf_Shdr *shdr, unsigned char *seen,
			size_t nsyms)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t count = shdr->sh_entsize ? shdr->sh_size / shdr->sh_entsize : 0;

	for (size_t i = 0; data && i < count; i++) {
		GElf_Rela rela;
		GElf_Rel rel;
		size_t symi;

		if (shdr->sh_type == SHT_RELA && gelf_getrela(data, (int)i, &rela))
			symi = GELF_R_SYM(rela.r_info);
		else if (shdr->sh_type == SHT_REL && gelf_getrel(data, (int)i, &rel))
			symi = GELF_R_SYM(rel.r_info);
		else
			continue;
		if (symi < nsyms)
			seen[symi] = 1;
	}
}

/* Record SYM_SELFREF for each global the object's own code or data refers to:
 * relocations applied to allocated sections (debug info does not count). */
static void read_self_refs(struct objset *set, struct object *obj,
			   const struct symtab *st)
{
	unsigned char *seen = xcalloc(st->count ? st->count : 1, 1);
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(st->elf, scn)) != NULL) {
		GElf_Shdr shdr, target;
		Elf_Scn *tscn;

		if (!gelf_getshdr(scn, &shdr) ||
		    (shdr.sh_type != SHT_REL && shdr.sh_type != SHT_RELA) ||
		    shdr.sh_link != elf_ndxscn(st->scn))
			continue;
		tscn = elf_getscn(st->elf, shdr.sh_info);
		if (tscn && gelf_getshdr(tscn, &target) && (target.sh_flags & SHF_ALLOC))
			mark_relocs(scn, &shdr, seen, st->count);
	}
	for (size_t i = 1; i < st->count; i++) {
		GElf_Sym sym;
		const char *name;
		size_t shndx;

		if (!seen[i] || symtab_entry(st, i, &sym, &name, &shndx) ||
		    !defines_global(&sym))
			continue;
		if (*name && GELF_ST_TYPE(sym.st_info) != STT_SECTION)
			object_add_sym(set, obj, name, SYM_SELFREF,
				       symbol_kind(st->elf, &sym, shndx));
	}
	free(seen);
}

/* The extended section index table of the symbol table st->scn, when the
 * object has one: one word per symbol. NULL, or what is wrong with it. */
static const char *find_xindex(struct symtab *st)
{
	Elf_Scn *scn = NULL;

	st->xdata = NULL;
	while ((scn = elf_nextscn(st->elf, scn)) != NULL) {
		GElf_Shdr shdr;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_SYMTAB_SHNDX ||
		    shdr.sh_link != elf_ndxscn(st->scn))
			continue;
		st->xdata = elf_getdata(scn, NULL);
		if (!st->xdata || st->xdata->d_size / sizeof(Elf32_Word) < st->count)
			return "corrupt extended section index table (SHT_SYMTAB_SHNDX)";
	}
	return NULL;
}

/* The symbol table's header against the entries it claims: readelf and ld
 * refuse a table whose entry size is wrong, or whose size is no multiple of
 * it (libelf would read it as no symbols). */
static const char *check_symtab(struct symtab *st, const GElf_Shdr *shdr)
{
	size_t want = gelf_fsize(st->elf, ELF_T_SYM, 1, EV_CURRENT);

	if (shdr->sh_entsize != want) {
		snprintf(st->detail, st->detail_len, "corrupt symbol table (entry size "
			 "%llu, not %zu)", (unsigned long long)shdr->sh_entsize, want);
		return st->detail;
	}
	if (!shdr->sh_size || shdr->sh_size % want) {
		snprintf(st->detail, st->detail_len, "corrupt symbol table (size %llu, "
			 "not a multiple of its entry size %zu)",
			 (unsigned long long)shdr->sh_size, want);
		return st->detail;
	}
	st->data = elf_getdata(st->scn, NULL);
	st->count = shdr->sh_size / want;
	if (!st->data ||
	    gelf_fsize(st->elf, ELF_T_SYM, st->count, EV_CURRENT) != st->data->d_size)
		return "corrupt symbol table";
	st->strndx = shdr->sh_link;
	return find_xindex(st);
}

/* Every entry of the symbol table st->scn: checked, then its globals kept. */
static const char *read_entries(struct objset *set, struct object *obj,
				struct symtab *st)
{
	for (size_t i = 1; i < st->count; i++) {
		GElf_Sym sym;
		const char *name, *why;
		size_t shndx;

		why = symtab_entry(st, i, &sym, &name, &shndx);
		if (!why)
			why = check_binding(st, &sym, name);
		if (why)
			return why;
		add_symbol(set, obj, st->elf, &sym, name, shndx);
	}
	read_self_refs(set, obj, st);
	return NULL;
}

/* An object with nothing for a link to take: no relocations and no allocated
 * section with contents (an assembly file whose every line an #if left out).
 * Without a symbol table it defines nothing and references nothing. */
static int elf_is_empty(Elf *elf)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr shdr;

		if (!gelf_getshdr(scn, &shdr))
			return 0;
		if (shdr.sh_type == SHT_REL || shdr.sh_type == SHT_RELA ||
		    ((shdr.sh_flags & SHF_ALLOC) && shdr.sh_size > 0))
			return 0;
	}
	return 1;
}

static const char *read_symtab(struct objset *set, struct object *obj, Elf *elf,
			       char *detail, size_t detail_len)
{
	struct symtab st = { elf, NULL, NULL, NULL, 0, 0, 0, detail, detail_len };
	int found = 0;

	if (elf_getshdrnum(elf, &st.shnum) != 0)
		return "corrupt section header";
	while ((st.scn = elf_nextscn(elf, st.scn)) != NULL) {
		GElf_Shdr shdr;
		const char *why;

		if (!gelf_getshdr(st.scn, &shdr))
			return "corrupt section header";
		if (shdr.sh_type != SHT_SYMTAB)
			continue;
		found = 1;
		why = check_symtab(&st, &shdr);
		if (!why)
			why = read_entries(set, obj, &st);
		if (why)
			return why;
	}
	if (found || elf_is_empty(elf))
		return NULL;
	return "no symbol table (stripped?)";
}

/* An object with LTO symbol tables but no __gnu_lto_slim marker is fat: its
 * ELF symbol table holds the same symbols. When it holds none of them the
 * object is a slim one whose marker was altered, and its symbols would be
 * dropped: an error. */
static const char *fat_lto_check(struct objset *set, const struct object *obj, Elf *elf)
{
	size_t found = 0, count = lto_count_symbols(elf, set, obj, &found);

	if (count && !found)
		return "LTO symbol table (.gnu.lto_.symtab) with none of its symbols in the "
		       "ELF symbol table and no __gnu_lto_slim marker: a slim LTO object altered?";
	return NULL;
}

/* A field of the raw header, in the file's byte order. */
static unsigned long long raw_field(const unsigned char *p, size_t size, int msb)
{
	unsigned long long v = 0;

	for (size_t i = 0; i < size; i++)
		v |= (unsigned long long)p[msb ? size - 1 - i : i] << (8 * i);
	return v;
}

/* The section-header table as the raw header gives it, checked against the
 * file's length before libelf sees it: libelf maps a table cut short (or
 * reaching past the end) as no sections at all, which reads as an object
 * with no symbols. NULL when it fits. */
static const char *check_section_table(const unsigned char *buf, size_t len)
{
	int is64, msb;
	size_t ehsize, shsize;
	unsigned long long shoff, shentsize, shnum;

	if (len < EI_NIDENT)
		return "truncated ELF file (inside the ELF header)";
	is64 = buf[EI_CLASS] == ELFCLASS64;
	msb = buf[EI_DATA] == ELFDATA2MSB;
	ehsize = is64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
	shsize = is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
	if (buf[EI_CLASS] != ELFCLASS32 && !is64)
		return "unknown ELF class";
	if (buf[EI_DATA] != ELFDATA2LSB && !msb)
		return "unknown ELF byte order";
	if (len < ehsize)
		return "truncated ELF file (inside the ELF header)";
	shoff = raw_field(buf + (is64 ? 0x28 : 0x20), is64 ? 8 : 4, msb);
	shentsize = raw_field(buf + (is64 ? 0x3a : 0x2e), 2, msb);
	shnum = raw_field(buf + (is64 ? 0x3c : 0x30), 2, msb);
	if (!shoff)
		return "no section header table";
	if (shentsize != shsize)
		return "corrupt ELF header (section header size)";
	if (shoff > len || len - shoff < shsize)
		return "truncated ELF file (section header table past its end)";
	if (shnum == 0)         /* extended numbering: the count is in section 0 */
		shnum = raw_field(buf + shoff + (is64 ? 0x20 : 0x14), is64 ? 8 : 4, msb);
	if (shnum == 0 || shnum > (len - shoff) / shsize)
		return "truncated ELF file (section header table past its end)";
	return NULL;
}

/* libelf maps what it can of a cut file without complaint: check that every
 * section's bytes lie inside the buffer and that libelf saw every header. */
static int headers_fit(Elf *elf, const unsigned char *buf, size_t len)
{
	int is64 = buf[EI_CLASS] == ELFCLASS64, msb = buf[EI_DATA] == ELFDATA2MSB;
	unsigned long long shnum = raw_field(buf + (is64 ? 0x3c : 0x30), 2, msb);
	Elf_Scn *scn = NULL;
	size_t count;

	if (elf_getshdrnum(elf, &count) != 0 || (shnum && count != shnum))
		return 0;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr shdr;

		if (!gelf_getshdr(scn, &shdr))
			return 0;
		if (shdr.sh_type != SHT_NOBITS &&
		    (shdr.sh_offset > len || shdr.sh_size > len - shdr.sh_offset))
			return 0;
	}
	return 1;
}

/* why, with libelf's own message when it has one. */
static const char *with_libelf_message(const char *why, char *msgbuf, size_t msglen)
{
	int err = elf_errno();

	if (!err)
		return why;
	snprintf(msgbuf, msglen, "%s (%s)", why, elf_errmsg(err));
	return msgbuf;
}

const char *elf_read_symbols(struct objset *set, struct object *obj,
			     const unsigned char *buf, size_t len,
			     char *msgbuf, size_t msglen)
{
	const char *why = NULL;
	char detail[200];
	GElf_Ehdr ehdr;
	Elf *elf;

	if (!elf_is_elf(buf, len))
		return "not an ELF file";
	if (elf_version(EV_CURRENT) == EV_NONE)
		return "libelf is too old";
	why = check_section_table(buf, len);
	if (why)
		return why;
	(void)elf_errno();      /* forget an earlier object's error */
	elf = elf_memory((char *)buf, len);
	if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &ehdr)) {
		why = "truncated or corrupt ELF file";
	} else if (!headers_fit(elf, buf, len)) {
		why = "truncated ELF file (sections reach past its end)";
	} else if (ehdr.e_type != ET_REL) {
		why = "not a relocatable object (ET_REL)";
	} else if (ehdr.e_machine == EM_NONE) {
		why = "no machine (e_machine is EM_NONE)";
	} else if ((ehdr.e_machine == EM_X86_64 || ehdr.e_machine == EM_386) &&
		   ehdr.e_ident[EI_DATA] != ELFDATA2LSB) {
		why = ehdr.e_machine == EM_386 ? "big-endian i386 (x86 is little-endian only)" :
		      "big-endian x86-64 (x86 is little-endian only)";
	} else {
		obj->machine = ehdr.e_machine;
		obj->elfclass = (unsigned char)gelf_getclass(elf);
		obj->elfdata = ehdr.e_ident[EI_DATA];
		obj->has_dwarf = (unsigned char)dwarf_present(elf);
		why = lto_is_slim(elf) ? lto_read_symbols(set, obj, elf)
				       : read_symtab(set, obj, elf, detail, sizeof(detail));
		if (!why && !lto_is_slim(elf))
			why = fat_lto_check(set, obj, elf);
	}
	if (why == detail) {    /* one symbol's problem: libelf saw none */
		snprintf(msgbuf, msglen, "%s", detail);
		why = msgbuf;
	} else if (why) {
		why = with_libelf_message(why, msgbuf, msglen);
	}
	elf_end(elf);
	return why;
}

/* Give each local definition of elf's symbol table to fn; -1 when it has
 * none. (SHN_XINDEX: in a section numbered above 65280.) */
static int each_local(Elf *elf, elf_local_fn fn, void *ctx)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr shdr;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		Elf_Data *data;
		size_t n;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_SYMTAB ||
		    !shdr.sh_entsize || !(data = elf_getdata(scn, NULL)))
			continue;
		n = shdr.sh_size / shdr.sh_entsize;
		for (size_t i = 1; i < n; i++) {
			GElf_Sym sym;
			const char *name;
			int type;

			if (!gelf_getsym(data, (int)i, &sym) ||
			    !(name = elf_strptr(elf, shdr.sh_link, sym.st_name)) || !*name ||
			    GELF_ST_BIND(sym.st_info) != STB_LOCAL || sym.st_shndx == SHN_UNDEF ||
			    (sym.st_shndx >= SHN_LORESERVE && sym.st_shndx != SHN_XINDEX))
				continue;
			type = GELF_ST_TYPE(sym.st_info);
			fn(ctx, name, type == STT_FUNC || type == STT_OBJECT);
		}
		return 0;
	}
	return -1;
}

const char *elf_read_locals(const char *path, elf_local_fn fn, void *ctx)
{
	int fd = open_regular(path, NULL);
	const char *why = NULL;
	Elf *elf;

	if (fd < 0)
		return errstr(errno);
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF || each_local(elf, fn, ctx))
		why = "no ELF symbol table";
	if (elf)
		elf_end(elf);
	close(fd);
	return why;
}
