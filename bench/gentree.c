// SPDX-License-Identifier: GPL-2.0-only
/* gentree.c - write a synthetic Linux-6.1-like O= build tree for bench/.
 *
 *   gentree OUTDIR OBJECTS DIRS [SYMS [DEPS [TEXT]]]
 *
 * OBJECTS ELF64 x86-64 relocatable objects spread over DIRS directories
 * (two levels, like kernel/sched), each with SYMS symbols (default 50, the
 * issue's 1.5M symbols over 30,000 objects): a tenth static functions, a
 * quarter global definitions (functions and a few variables), the rest
 * references, two thirds of them to definitions of the same directory and a
 * third to other directories. Each object gets TEXT bytes of .text (default
 * 24 KiB: with its tables about the 29 KiB an x86_64 defconfig object has) and
 * a kbuild .NAME.o.cmd: a 2.6 KiB compile command, the source_ line and a
 * deps_ list of DEPS entries (default 1400, about the 72 KiB of a defconfig
 * .cmd file). As kbuild writes them: a thin built-in.a per directory and at the
 * top, a thin vmlinux.a, .vmlinux.o.cmd (`ld -r ... vmlinux.a`),
 * init/version-timestamp.o, and the `source` link to OUTDIR.src (empty: the
 * sources are named, not written). The same arguments give the same bytes. */
#include <elf.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct params {
	const char *out;
	unsigned objects, dirs, syms, deps, text;
};

struct buf {
	char *p;
	size_t len, cap;
};

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("gentree: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

static void buf_add(struct buf *b, const void *data, size_t len)
{
	if (b->len + len > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;

		while (cap < b->len + len)
			cap *= 2;
		b->p = realloc(b->p, cap);
		if (!b->p)
			die("out of memory");
		b->cap = cap;
	}
	memcpy(b->p + b->len, data, len);
	b->len += len;
}

static void buf_printf(struct buf *b, const char *fmt, ...)
{
	char tmp[8192];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(tmp))
		die("line too long");
	buf_add(b, tmp, (size_t)n);
}

static void write_file(const char *path, const struct buf *b)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(b->p, 1, b->len, f) != b->len || fclose(f))
		die("%s: %s", path, strerror(errno));
}

static void make_dirs(const char *path)
{
	char tmp[4096];

	snprintf(tmp, sizeof(tmp), "%s", path);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(tmp, 0755) && errno != EEXIST)
				die("%s: %s", tmp, strerror(errno));
			*p = '/';
		}
	if (mkdir(tmp, 0755) && errno != EEXIST)
		die("%s: %s", tmp, strerror(errno));
}

static unsigned long long rng_state;

static unsigned rnd(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)((rng_state >> 33) % n);
}

/* Directory of object i: "tNN/dNNNN" (20 top-level directories). */
static void dir_name(unsigned dir, char *out, size_t len)
{
	snprintf(out, len, "t%02u/d%04u", dir % 20, dir);
}

static unsigned ndefs(const struct params *p)
{
	return p->syms / 4 ? p->syms / 4 : 1;
}

static unsigned nlocals(const struct params *p)
{
	return p->syms / 10;
}

static void def_name(unsigned obj, unsigned k, unsigned nd, char *out, size_t len)
{
	/* the last two definitions of an object are variables */
	snprintf(out, len, k + 2 >= nd && nd > 2 ? "obj%u_table%u" : "obj%u_handle_request%u",
		 obj, k);
}

struct elfsym {
	unsigned name;
	unsigned char info;
	unsigned short shndx;
};

/* One ELF64 relocatable object with the given symbols (locals first). */
static void write_object(const char *path, const char *file_sym, struct elfsym *syms,
			 unsigned nsyms, unsigned nlocal, struct buf *strtab, unsigned text)
{
	static const char shstr[] = "\0.text\0.data\0.symtab\0.strtab\0.shstrtab";
	struct buf o = { 0 };
	Elf64_Ehdr eh = { 0 };
	Elf64_Shdr sh[6];
	size_t off_text, off_data, off_sym, off_str, off_shstr, off_sh;
	char zeros[64] = { 0 };

	(void)file_sym;
	memset(sh, 0, sizeof(sh));
	buf_add(&o, &eh, sizeof(eh));
	off_text = o.len;
	for (unsigned i = 0; i < text; i += 64)
		buf_add(&o, "\x55\x48\x89\xe5\x90\x90\x5d\xc3\x55\x48\x89\xe5\x90\x90\x5d\xc3"
			    "\x55\x48\x89\xe5\x90\x90\x5d\xc3\x55\x48\x89\xe5\x90\x90\x5d\xc3"
			    "\x55\x48\x89\xe5\x90\x90\x5d\xc3\x55\x48\x89\xe5\x90\x90\x5d\xc3"
			    "\x55\x48\x89\xe5\x90\x90\x5d\xc3\x55\x48\x89\xe5\x90\x90\x5d\xc3",
			text - i < 64 ? text - i : 64);
	off_data = o.len;
	buf_add(&o, zeros, 64);
	off_sym = o.len;
	{
		Elf64_Sym s = { 0 };

		buf_add(&o, &s, sizeof(s));
		for (unsigned i = 0; i < nsyms; i++) {
			memset(&s, 0, sizeof(s));
			s.st_name = syms[i].name;
			s.st_info = syms[i].info;
			s.st_shndx = syms[i].shndx;
			s.st_size = syms[i].shndx == 1 ? 16 : syms[i].shndx == 2 ? 8 : 0;
			buf_add(&o, &s, sizeof(s));
		}
	}
	off_str = o.len;
	buf_add(&o, strtab->p, strtab->len);
	off_shstr = o.len;
	buf_add(&o, shstr, sizeof(shstr));
	while (o.len % 8)
		buf_add(&o, "", 1);
	off_sh = o.len;

	sh[1] = (Elf64_Shdr){ 1, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0, off_text,
			      text, 0, 0, 16, 0 };
	sh[2] = (Elf64_Shdr){ 7, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0, off_data, 64,
			      0, 0, 8, 0 };
	sh[3] = (Elf64_Shdr){ 13, SHT_SYMTAB, 0, 0, off_sym, (nsyms + 1) * sizeof(Elf64_Sym),
			      4, nlocal + 1, 8, sizeof(Elf64_Sym) };
	sh[4] = (Elf64_Shdr){ 21, SHT_STRTAB, 0, 0, off_str, strtab->len, 0, 0, 1, 0 };
	sh[5] = (Elf64_Shdr){ 29, SHT_STRTAB, 0, 0, off_shstr, sizeof(shstr), 0, 0, 1, 0 };
	buf_add(&o, sh, sizeof(sh));

	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = ET_REL;
	eh.e_machine = EM_X86_64;
	eh.e_version = EV_CURRENT;
	eh.e_shoff = off_sh;
	eh.e_ehsize = sizeof(eh);
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shnum = 6;
	eh.e_shstrndx = 5;
	memcpy(o.p, &eh, sizeof(eh));
	write_file(path, &o);
	free(o.p);
}

static unsigned str_add(struct buf *strtab, const char *s)
{
	unsigned at = (unsigned)strtab->len;

	buf_add(strtab, s, strlen(s) + 1);
	return at;
}

/* The symbols of object obj: locals, then definitions, then references. */
static void gen_object(const struct params *p, unsigned obj, const char *objpath)
{
	unsigned nd = ndefs(p), nl = nlocals(p);
	unsigned nu = p->syms > nd + nl ? p->syms - nd - nl : 0;
	struct elfsym *syms = calloc(p->syms + 3, sizeof(*syms));
	struct buf strtab = { 0 };
	unsigned n = 0;
	char name[128];

	if (!syms)
		die("out of memory");
	buf_add(&strtab, "", 1);
	snprintf(name, sizeof(name), "obj%u.c", obj);
	syms[n++] = (struct elfsym){ str_add(&strtab, name), ELF64_ST_INFO(STB_LOCAL, STT_FILE),
				     SHN_ABS };
	for (unsigned k = 0; k < nl; k++) {
		snprintf(name, sizeof(name), "helper_%u", k);
		syms[n++] = (struct elfsym){ str_add(&strtab, name),
					     ELF64_ST_INFO(STB_LOCAL, STT_FUNC), 1 };
	}
	for (unsigned k = 0; k < nd; k++) {
		int var = k + 2 >= nd && nd > 2;

		def_name(obj, k, nd, name, sizeof(name));
		syms[n++] = (struct elfsym){ str_add(&strtab, name),
					     ELF64_ST_INFO(STB_GLOBAL, var ? STT_OBJECT : STT_FUNC),
					     (unsigned short)(var ? 2 : 1) };
	}
	for (unsigned k = 0; k < nu && p->objects > 1; k++) {
		unsigned per_dir = (p->objects + p->dirs - 1) / p->dirs, target;

		if (rnd(3) < 2 && per_dir > 1)      /* same directory */
			target = obj % p->dirs + p->dirs * rnd(per_dir);
		else
			target = rnd(p->objects);
		if (target >= p->objects || target == obj)
			target = (obj + 1) % p->objects;
		def_name(target, rnd(nd), nd, name, sizeof(name));
		syms[n++] = (struct elfsym){ str_add(&strtab, name),
					     ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE), SHN_UNDEF };
	}
	write_object(objpath, NULL, syms, n, nl + 1, &strtab, p->text);
	free(strtab.p);
	free(syms);
}

static const char cflags[] =
	"-nostdinc -I%s/arch/x86/include -I./arch/x86/include/generated -I%s/include "
	"-I./include -I%s/arch/x86/include/uapi -I./arch/x86/include/generated/uapi "
	"-I%s/include/uapi -I./include/generated/uapi -include %s/include/linux/compiler-version.h "
	"-include %s/include/linux/kconfig.h -include %s/include/linux/compiler_types.h "
	"-D__KERNEL__ -fmacro-prefix-map=%s/= -Wall -Wundef -Werror=strict-prototypes "
	"-Wno-trigraphs -fno-strict-aliasing -fno-common -fshort-wchar -fno-PIE "
	"-Werror=implicit-function-declaration -Werror=implicit-int -Werror=return-type "
	"-Wno-format-security -std=gnu11 -mno-sse -mno-mmx -mno-sse2 -mno-3dnow -mno-avx "
	"-fcf-protection=none -m64 -falign-jumps=1 -falign-loops=1 -mno-80387 "
	"-mno-fp-ret-in-387 -mpreferred-stack-boundary=3 -mskip-rax-setup -mtune=generic "
	"-mno-red-zone -mcmodel=kernel -Wno-sign-compare -fno-asynchronous-unwind-tables "
	"-mindirect-branch=thunk-extern -mindirect-branch-register -mindirect-branch-cs-prefix "
	"-mfunction-return=thunk-extern -fno-jump-tables -fno-delete-null-pointer-checks "
	"-Wno-frame-address -Wno-format-truncation -Wno-format-overflow "
	"-Wno-address-of-packed-member -O2 -fno-allow-store-data-races -Wframe-larger-than=2048 "
	"-fstack-protector-strong -Wno-main -Wno-unused-but-set-variable "
	"-Wno-unused-const-variable -Wno-dangling-pointer -ftrivial-auto-var-init=zero "
	"-fno-stack-clash-protection -pg -mrecord-mcount -mfentry -DCC_USING_FENTRY "
	"-Wdeclaration-after-statement -Wvla -Wno-pointer-sign -Wcast-function-type "
	"-Wno-stringop-truncation -Wno-stringop-overflow -Wno-restrict "
	"-Wno-maybe-uninitialized -Wno-array-bounds -Wno-alloc-size-larger-than "
	"-Wimplicit-fallthrough=5 -fno-strict-overflow -fno-stack-check -fconserve-stack "
	"-Werror=date-time -Werror=incompatible-pointer-types -Werror=designated-init "
	"-Wno-packed-not-aligned -g -gdwarf-5 -I%s/%s -I./%s";

/* The kbuild .cmd file of DIR/obj.o. */
static void gen_cmd(const struct params *p, const char *src, const char *dir,
		    unsigned obj, const char *cmdpath)
{
	struct buf c = { 0 };
	char target[256];

	snprintf(target, sizeof(target), "%s/obj%u.o", dir, obj);
	buf_printf(&c, "cmd_%s := gcc -Wp,-MMD,%s/.obj%u.o.d ", target, dir, obj);
	buf_printf(&c, cflags, src, src, src, src, src, src, src, src, src, dir, dir);
	buf_printf(&c, "    -DKBUILD_MODFILE='\"%s/obj%u\"' -DKBUILD_BASENAME='\"obj%u\"' "
		   "-DKBUILD_MODNAME='\"obj%u\"' -D__KBUILD_MODNAME=kmod_obj%u -c -o %s "
		   "%s/%s/obj%u.c  ; ./tools/objtool/objtool --hacks=jump_label --hacks=noinstr "
		   "--orc --retpoline --rethunk --static-call --uaccess   --link  %s\n\n",
		   dir, obj, obj, obj, obj, target, src, dir, obj, target);
	buf_printf(&c, "source_%s := %s/%s/obj%u.c\n\n", target, src, dir, obj);
	buf_printf(&c, "deps_%s := \\\n", target);
	for (unsigned k = 0; k < p->deps; k++) {
		if (k < p->deps / 10)
			buf_printf(&c, "    $(wildcard include/config/SYNTH_OPTION_%u) \\\n",
				   (obj + k * 7) % 5000);
		else if (k == p->deps / 10)
			buf_printf(&c, "  %s/%s/obj%u.c \\\n", src, dir, obj);
		else
			buf_printf(&c, "  %s/include/linux/header_%04u.h \\\n", src,
				   (obj * 31 + k) % 4000);
	}
	buf_printf(&c, "\n%s: $(deps_%s)\n\n$(deps_%s):\n\n%s: $(wildcard ./tools/objtool/objtool)\n",
		   target, target, target, target);
	write_file(cmdpath, &c);
	free(c.p);
}

/* A thin archive (`ar cDPrST`) of the given member paths. */
static void write_thin_archive(const char *path, char **members, unsigned n,
			       const char *outdir)
{
	struct buf a = { 0 }, names = { 0 };
	size_t *offsets = calloc(n + 1, sizeof(*offsets));
	char hdr[96], file[4096];

	if (!offsets)
		die("out of memory");
	for (unsigned i = 0; i < n; i++) {
		offsets[i] = names.len;
		buf_printf(&names, "%s/\n", members[i]);
	}
	if (names.len % 2)
		buf_add(&names, "\n", 1);
	buf_add(&a, "!<thin>\n", 8);
	snprintf(hdr, sizeof(hdr), "%-16s%-12s%-6s%-6s%-8s%-10zu`\n", "//", "", "", "", "",
		 names.len);
	buf_add(&a, hdr, 60);
	buf_add(&a, names.p ? names.p : "", names.len);
	for (unsigned i = 0; i < n; i++) {
		struct stat st;
		char name[32];

		snprintf(file, sizeof(file), "%s/%s", outdir, members[i]);
		if (stat(file, &st))
			die("%s: %s", file, strerror(errno));
		snprintf(name, sizeof(name), "/%zu", offsets[i]);
		snprintf(hdr, sizeof(hdr), "%-16s%-12u%-6u%-6u%-8o%-10lld`\n", name, 0u, 0u, 0u,
			 0644u, (long long)st.st_size);
		buf_add(&a, hdr, 60);
	}
	write_file(path, &a);
	free(a.p);
	free(names.p);
	free(offsets);
}

int main(int argc, char **argv)
{
	struct params p = { 0 };
	char src[4200], path[4096], dir[64];
	char **members;
	struct buf vm = { 0 };

	if (argc < 4) {
		fprintf(stderr, "usage: gentree OUTDIR OBJECTS DIRS [SYMS [DEPS [TEXT]]]\n");
		return 2;
	}
	p.out = argv[1];
	p.objects = (unsigned)atoi(argv[2]);
	p.dirs = (unsigned)atoi(argv[3]);
	p.syms = argc > 4 ? (unsigned)atoi(argv[4]) : 50;
	p.deps = argc > 5 ? (unsigned)atoi(argv[5]) : 1400;
	p.text = argc > 6 ? (unsigned)atoi(argv[6]) : 24576;
	if (!p.objects || !p.dirs || p.dirs > p.objects || p.syms < 4)
		die("need OBJECTS >= DIRS >= 1 and SYMS >= 4");
	rng_state = p.objects * 1000003ULL + p.dirs;
	make_dirs(p.out);
	if (!realpath(p.out, path))
		die("%s: %s", p.out, strerror(errno));
	snprintf(src, sizeof(src), "%s.src", path);
	make_dirs(src);
	snprintf(path, sizeof(path), "%s/source", p.out);
	unlink(path);
	if (symlink(src, path))
		die("%s: %s", path, strerror(errno));
	members = calloc(p.objects + 1, sizeof(*members));
	if (!members)
		die("out of memory");
	for (unsigned i = 0; i < p.objects; i++) {
		dir_name(i % p.dirs, dir, sizeof(dir));
		if (i < p.dirs) {
			snprintf(path, sizeof(path), "%s/%s", p.out, dir);
			make_dirs(path);
		}
		snprintf(path, sizeof(path), "%s/%s/obj%u.o", p.out, dir, i);
		gen_object(&p, i, path);
		snprintf(path, sizeof(path), "%s/%s/.obj%u.o.cmd", p.out, dir, i);
		gen_cmd(&p, src, dir, i, path);
		if (asprintf(&members[i], "%s/obj%u.o", dir, i) < 0)
			die("out of memory");
		if ((i + 1) % 5000 == 0)
			fprintf(stderr, "gentree: %u of %u objects\n", i + 1, p.objects);
	}
	/* per-directory built-in.a (members of a directory: i = d, d + D, ...) */
	for (unsigned d = 0; d < p.dirs; d++) {
		char **mine = calloc(p.objects / p.dirs + 2, sizeof(*mine));
		unsigned n = 0;

		if (!mine)
			die("out of memory");
		for (unsigned i = d; i < p.objects; i += p.dirs)
			mine[n++] = members[i];
		dir_name(d, dir, sizeof(dir));
		snprintf(path, sizeof(path), "%s/%s/built-in.a", p.out, dir);
		write_thin_archive(path, mine, n, p.out);
		free(mine);
	}
	snprintf(path, sizeof(path), "%s/built-in.a", p.out);
	write_thin_archive(path, members, p.objects, p.out);
	snprintf(path, sizeof(path), "%s/vmlinux.a", p.out);
	write_thin_archive(path, members, p.objects, p.out);
	buf_printf(&vm, "cmd_vmlinux.o := ld -m elf_x86_64 -z noexecstack -r -o vmlinux.o  "
		   "--whole-archive vmlinux.a --no-whole-archive --start-group  --end-group \n");
	snprintf(path, sizeof(path), "%s/.vmlinux.o.cmd", p.out);
	write_file(path, &vm);
	free(vm.p);
	{       /* init/version-timestamp.o, linked beside vmlinux.a */
		struct elfsym s = { 1, ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT), 2 };
		struct buf st = { 0 };

		buf_add(&st, "\0linux_banner", 14);
		snprintf(path, sizeof(path), "%s/init", p.out);
		make_dirs(path);
		snprintf(path, sizeof(path), "%s/init/version-timestamp.o", p.out);
		write_object(path, NULL, &s, 1, 0, &st, 64);
		free(st.p);
	}
	for (unsigned i = 0; i < p.objects; i++)
		free(members[i]);
	free(members);
	return 0;
}
