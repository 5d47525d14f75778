// SPDX-License-Identifier: GPL-2.0-only
/* mkelf.c - write a small ELF relocatable object with chosen symbols, in any
 * class and byte order, through libelf: fixtures for the big-endian, 32-bit and
 * foreign-architecture cases that the host toolchain cannot produce.
 *
 * usage: mkelf OUT.o 32|64 lsb|msb MACHINE SPEC...
 *   SPEC is LETTER:NAME with LETTER T (global function), D (global data),
 *   W (weak function), V (weak data), U (undefined), w (weak undefined),
 *   r (local data, e.g. __ksymtab_foo). */
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

/* .shstrtab: "\0.text\0.data\0.symtab\0.strtab\0.shstrtab\0" */
static const char shstrtab[] = "\0.text\0.data\0.symtab\0.strtab\0.shstrtab";
enum { SH_TEXT = 1, SH_DATA = 7, SH_SYMTAB = 13, SH_STRTAB = 21, SH_SHSTRTAB = 29 };

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
	data->d_align = 1;
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
	default: sym->st_info = GELF_ST_INFO(STB_LOCAL, STT_OBJECT); sym->st_shndx = 2; break;
	}
}

int main(int argc, char **argv)
{
	static char text[4], data[4], strtab[4096];
	struct spec specs[MAX_SYMS];
	size_t nspecs = 0, strlen_used = 1;
	int cls, fd, nlocal = 1;
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
		specs[nspecs].letter = argv[i][0];
		specs[nspecs++].name = argv[i] + 2;
	}
	/* locals first, as ELF requires */
	for (size_t i = 0; i < nspecs; i++)
		for (size_t j = i + 1; j < nspecs; j++)
			if (specs[j].letter == 'r' && specs[i].letter != 'r') {
				struct spec t = specs[i];

				specs[i] = specs[j];
				specs[j] = t;
			}
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

	if (!symbuf)
		die("calloc");
	symdata->d_buf = symbuf;
	for (size_t i = 0; i < nspecs; i++) {
		GElf_Sym sym;

		symbol_for(&specs[i], (unsigned)strlen_used, &sym);
		strcpy(strtab + strlen_used, specs[i].name);
		strlen_used += strlen(specs[i].name) + 1;
		if (specs[i].letter == 'r')
			nlocal++;
		gelf_update_sym(symdata, (int)i + 1, &sym);
	}
	elf_getdata(elf_getscn(elf, 4), NULL)->d_size = strlen_used;
	gelf_getshdr(symscn, &shdr);
	shdr.sh_link = 4;
	shdr.sh_info = (GElf_Word)nlocal;
	shdr.sh_entsize = gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
	gelf_update_shdr(symscn, &shdr);
	if (elf_update(elf, ELF_C_WRITE) < 0)
		die("elf_update");
	elf_end(elf);
	close(fd);
	free(symbuf);            /* libelf does not own a buffer it was given */
	return 0;
}
