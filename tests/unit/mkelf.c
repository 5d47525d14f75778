// SPDX-License-Identifier: GPL-2.0-only
/* mkelf.c - write a small ELF relocatable object with chosen symbols, in any
 * class and byte order, through libelf: fixtures for the big-endian, 32-bit and
 * foreign-architecture cases that the host toolchain cannot produce, and for
 * the symbol tables no assembler writes.
 *
 * usage: mkelf OUT.o 32|64 lsb|msb MACHINE SPEC...
 *   SPEC is LETTER:NAME with LETTER T (global function), D (global data),
 *   W (weak function), V (weak data), U (undefined), w (weak undefined),
 *   r (local data, e.g. __ksymtab_foo), u (undefined but local),
 *   b (a function with the unknown binding 15), X (a global function whose
 *   st_shndx is SHN_XINDEX: the real index is in a SHT_SYMTAB_SHNDX section;
 *   it is the last section, an executable one), or N:COUNT (COUNT more
 *   executable sections before that last one: 65281 give it an index above
 *   SHN_LORESERVE, as -ffunction-sections does in a big object). */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_SYMS 64

struct spec {
	char letter;
	const char *name;
};

static void die(const char *what)
{
	fprintf(stderr, "mkelf: %s: %s\n", what, elf_errmsg(-1));
	exit(1);
}

/* .shstrtab: "\0.text\0.data\0.symtab\0.strtab\0.shstrtab\0.symtab_shndx\0.text.x\0" */
static const char shstrtab[] =
	"\0.text\0.data\0.symtab\0.strtab\0.shstrtab\0.symtab_shndx\0.text.x";
enum { SH_TEXT = 1, SH_DATA = 7, SH_SYMTAB = 13, SH_STRTAB = 21, SH_SHSTRTAB = 29,
       SH_SHNDX = 39, SH_TEXTX = 53 };

static Elf_Scn *new_section(Elf *elf, unsigned name, unsigned type, unsigned flags,
			    void *buf, size_t size, Elf_Type dtype)
{
	Elf_Scn *scn = elf_newscn(elf);
	Elf_Data *data;
	GElf_Shdr shdr;

	if (!scn || !(data = elf_newdata(scn)))
		die("elf_newscn");
	data->d_buf = buf;
	data->d_size = size;
	data->d_type = dtype;
	data->d_align = dtype == ELF_T_WORD ? 4 : 1;
	gelf_getshdr(scn, &shdr);
	shdr.sh_name = name;
	shdr.sh_type = type;
	shdr.sh_flags = flags;
	gelf_update_shdr(scn, &shdr);
	return scn;
}

static void symbol_for(const struct spec *sp, unsigned name, GElf_Sym *sym)
{
	memset(sym, 0, sizeof(*sym));
	sym->st_name = name;
	switch (sp->letter) {
	case 'T': sym->st_info = GELF_ST_INFO(STB_GLOBAL, STT_FUNC); sym->st_shndx = 1; break;
	case 'D': sym->st_info = GELF_ST_INFO(STB_GLOBAL, STT_OBJECT); sym->st_shndx = 2; break;
	case 'W': sym->st_info = GELF_ST_INFO(STB_WEAK, STT_FUNC); sym->st_shndx = 1; break;
	case 'V': sym->st_info = GELF_ST_INFO(STB_WEAK, STT_OBJECT); sym->st_shndx = 2; break;
	case 'U': sym->st_info = GELF_ST_INFO(STB_GLOBAL, STT_NOTYPE); break;
	case 'w': sym->st_info = GELF_ST_INFO(STB_WEAK, STT_NOTYPE); break;
	case 'u': sym->st_info = GELF_ST_INFO(STB_LOCAL, STT_NOTYPE); break;
	case 'b': sym->st_info = GELF_ST_INFO(15, STT_FUNC); sym->st_shndx = 1; break;
	case 'X': sym->st_info = GELF_ST_INFO(STB_GLOBAL, STT_FUNC);
		sym->st_shndx = SHN_XINDEX; break;
	default: sym->st_info = GELF_ST_INFO(STB_LOCAL, STT_OBJECT); sym->st_shndx = 2; break;
	}
}

static int is_local(char letter)
{
	return letter == 'r' || letter == 'u';
}

/* Locals first, as ELF requires. */
static void sort_locals(struct spec *specs, size_t nspecs)
{
	for (size_t i = 0; i < nspecs; i++)
		for (size_t j = i + 1; j < nspecs; j++)
			if (is_local(specs[j].letter) && !is_local(specs[i].letter)) {
				struct spec t = specs[i];

				specs[i] = specs[j];
				specs[j] = t;
			}
}

/* The SHT_SYMTAB_SHNDX section and the padding sections: the X symbols are
 * in the last section made here. */
static void add_xindex(Elf *elf, Elf32_Word *xndx, size_t nsyms, long npad)
{
	static char code[4];
	size_t last;

	new_section(elf, SH_SHNDX, SHT_SYMTAB_SHNDX, 0, xndx,
		    nsyms * sizeof(*xndx), ELF_T_WORD);
	for (long i = 0; i < npad; i++)
		new_section(elf, SH_TEXTX, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, code,
			    sizeof(code), ELF_T_BYTE);
	last = elf_ndxscn(new_section(elf, SH_TEXTX, SHT_PROGBITS,
				      SHF_ALLOC | SHF_EXECINSTR, code, sizeof(code),
				      ELF_T_BYTE));
	for (size_t i = 0; i < nsyms; i++)
		if (xndx[i])
			xndx[i] = (Elf32_Word)last;
}

int main(int argc, char **argv)
{
	static char text[4], data[4], strtab[4096];
	struct spec specs[MAX_SYMS];
	size_t nspecs = 0, strlen_used = 1;
	int cls, fd, nlocal = 1, has_x = 0;
	long npad = 0;
	Elf32_Word *xndx;
	Elf *elf;
	GElf_Ehdr ehdr;
	Elf_Scn *symscn;
	Elf_Data *symdata;
	GElf_Shdr shdr;

	if (argc < 5) {
		fputs("usage: mkelf OUT.o 32|64 lsb|msb MACHINE SPEC...\n", stderr);
		return 2;
	}
	for (int i = 5; i < argc && nspecs < MAX_SYMS; i++) {
		if (argv[i][0] == 'N') {
			npad = atol(argv[i] + 2);
			continue;
		}
		has_x |= argv[i][0] == 'X';
		specs[nspecs].letter = argv[i][0];
		specs[nspecs++].name = argv[i] + 2;
	}
	sort_locals(specs, nspecs);
	cls = !strcmp(argv[2], "32") ? ELFCLASS32 : ELFCLASS64;
	elf_version(EV_CURRENT);
	fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || !(elf = elf_begin(fd, ELF_C_WRITE, NULL)) || !gelf_newehdr(elf, cls))
		die(argv[1]);
	gelf_getehdr(elf, &ehdr);
	ehdr.e_ident[EI_DATA] = !strcmp(argv[3], "msb") ? ELFDATA2MSB : ELFDATA2LSB;
	ehdr.e_type = ET_REL;
	ehdr.e_machine = (GElf_Half)atoi(argv[4]);
	ehdr.e_version = EV_CURRENT;
	ehdr.e_shstrndx = 5;
	gelf_update_ehdr(elf, &ehdr);
	new_section(elf, SH_TEXT, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, text, 4, ELF_T_BYTE);
	new_section(elf, SH_DATA, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, data, 4, ELF_T_BYTE);
	symscn = new_section(elf, SH_SYMTAB, SHT_SYMTAB, 0, NULL, 0, ELF_T_SYM);
	new_section(elf, SH_STRTAB, SHT_STRTAB, 0, strtab, 0, ELF_T_BYTE);
	new_section(elf, SH_SHSTRTAB, SHT_STRTAB, 0, (void *)shstrtab, sizeof(shstrtab), ELF_T_BYTE);
	symdata = elf_getdata(symscn, NULL);
	symdata->d_size = gelf_fsize(elf, ELF_T_SYM, nspecs + 1, EV_CURRENT);
	void *symbuf = calloc(1, symdata->d_size);

	xndx = calloc(nspecs + 1, sizeof(*xndx));
	if (!symbuf || !xndx)
		die("calloc");
	symdata->d_buf = symbuf;
	for (size_t i = 0; i < nspecs; i++) {
		GElf_Sym sym;

		symbol_for(&specs[i], (unsigned)strlen_used, &sym);
		strcpy(strtab + strlen_used, specs[i].name);
		strlen_used += strlen(specs[i].name) + 1;
		if (is_local(specs[i].letter))
			nlocal++;
		xndx[i + 1] = specs[i].letter == 'X';
		gelf_update_sym(symdata, (int)i + 1, &sym);
	}
	if (has_x)
		add_xindex(elf, xndx, nspecs + 1, npad);
	elf_getdata(elf_getscn(elf, 4), NULL)->d_size = strlen_used;
	gelf_getshdr(symscn, &shdr);
	shdr.sh_link = 4;
	shdr.sh_info = (GElf_Word)nlocal;
	shdr.sh_entsize = gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
	gelf_update_shdr(symscn, &shdr);
	if (has_x) {
		Elf_Scn *x = elf_getscn(elf, 6);

		gelf_getshdr(x, &shdr);
		shdr.sh_link = 3;
		shdr.sh_entsize = sizeof(Elf32_Word);
		gelf_update_shdr(x, &shdr);
	}
	if (elf_update(elf, ELF_C_WRITE) < 0)
		die("elf_update");
	elf_end(elf);
	close(fd);
	free(symbuf);            /* libelf does not own a buffer it was given */
	free(xndx);
	return 0;
}
