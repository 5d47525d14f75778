/* SPDX-License-Identifier: GPL-2.0-only */
/* objects.h - the objects of one build and the symbols each defines or uses.
 *
 * Readers (ELF, nm text) fill struct objsym arrays; the build-tree walker decides
 * which objects exist, their unit and their source; decide.c decides. */
#ifndef CROSSYM_OBJECTS_H
#define CROSSYM_OBJECTS_H

#include <stddef.h>
#include "lib/strtab.h"

struct decl {
	char *symbol;   /* linkage name of an external function or variable defined here */
	char *file;     /* DW_AT_decl_file: absolute (made so with DW_AT_comp_dir), normalised */
	unsigned line;  /* DW_AT_decl_line */
};
/* Free n decls (as objdecls.c and dwdecl.c allocate them) and the array. */
void decls_free(struct decl *decls, size_t n);

enum sym_bind {
	SYM_DEF,        /* global definition (nm: T D B R C G S ...) */
	SYM_WEAKDEF,    /* weak definition (nm: W V) */
	SYM_UNDEF,      /* reference (nm: U) */
	SYM_WEAKUNDEF,  /* weak reference (nm: w v) */
	SYM_EXPORT,     /* the object exports the symbol (an export marker) */
	SYM_LOCALDEF,   /* local definition: only read for export markers */
	SYM_SELFREF,    /* the object references its own global definition (a
			 * relocation in an allocated section): used in its file */
};

/* What a definition is (ELF symbol type and section); nm text cannot show
 * KIND_TLS (it prints such symbols as data). */
enum sym_kind { KIND_FUNC, KIND_VAR, KIND_TLS, KIND_COMMON };
/* Why an object's sections are unknown (object.no_sections). */
enum { NO_SECTIONS_NM = 1, NO_SECTIONS_LTO = 2 };

struct objsym {
	unsigned name;          /* strtab id */
	unsigned char bind;     /* enum sym_bind */
	unsigned char kind;     /* enum sym_kind */
	unsigned section;       /* definitions: id in objset.sections, 0 unknown */
};

/* 1 for a global or weak definition (enum sym_bind). */
static inline int sym_is_def(unsigned bind)
{
	return bind == SYM_DEF || bind == SYM_WEAKDEF;
}

/* Where a definition of an object made from other objects (objcopy, strip,
 * `ld -r`, kbuild/origin.c) comes from, when its object has no one source:
 * the compiled object that defines it, followed through every step. */
struct objorigin {
	unsigned name;          /* the definition, strtab id (objset.names) */
	char *source;           /* that object's source; NULL when unknown */
	char *cmd_path;         /* its .cmd file; NULL if none */
	char *input_name;       /* its name there, when a step renamed it, else NULL */
	char *why;              /* source NULL: why it is unknown; untaggable: why */
	unsigned char is_asm;   /* the source is .S/.s */
	unsigned char untaggable; /* a step made it global (objcopy
				   * --globalize-symbol): file-local in its source */
};

/* How an object reaches the link. */
enum obj_link {
	LINK_ALWAYS,    /* loose object, ld -r input, whole-archive member */
	LINK_ON_DEMAND, /* member of a library archive: linked when it resolves a need */
};

struct object {
	char *name;             /* display path, relative to the build dir */
	char *unit;             /* unit name ("DIR", "DIR#asm", "DIR/NAME.ko") */
	char *source;           /* relative to the source tree; NULL when unknown */
	char *cmd_path;         /* the .cmd file naming its source; NULL if none */
	char **included;        /* other .c files its source #includes (.cmd deps;
				 * only when the scan options ask for them) */
	size_t nincluded;
	char *module;           /* the module ("DIR/NAME.ko") it is linked into */
	char *archive;          /* the thin archive it is a member of, or NULL */
	unsigned char link;     /* enum obj_link */
	unsigned char is_asm;
	unsigned char generated; /* its source was made in the build dir */
	unsigned char cmd_read;  /* its .cmd file was read for its source */
	unsigned char is_script; /* a linker script: references only, no file to nm */
	unsigned char no_sections; /* its definitions' sections are unknown: 0, else
				   * NO_SECTIONS_NM (nm -A text) or NO_SECTIONS_LTO
				   * (a slim LTO object) */
	unsigned char linked;   /* decided: part of the link */
	unsigned char excluded; /* --exclude: a unit of its own (units.c) */
	unsigned char module_stub; /* NAME.mod.o, modpost's part of module NAME.ko:
				  * outside the module's unit, references only */
	unsigned char machine_ok;
	unsigned machine;       /* ELF e_machine, 0 when unknown (nm input) */
	unsigned char elfclass; /* ELFCLASS32/64, 0 when unknown */
	unsigned char elfdata;  /* ELFDATA2LSB/MSB (byte order), 0 when unknown */
	unsigned char has_dwarf; /* a .debug_info section: its DWARF is worth reading */
	unsigned char decls_read; /* decls holds its DWARF definitions (objdecls.h) */
	struct decl *decls;     /* sorted by symbol, as dwarf_definitions gives them */
	char *source_why;       /* source NULL: why (a step it was made by), or NULL */
	struct objorigin *origins; /* sorted by name id; NULL when source says it */
	size_t norigins;
	size_t ndecls;
	struct objsym *syms;
	size_t nsyms, syms_cap;
};

struct objset {
	struct strtab names;    /* symbol names */
	struct strtab sections; /* section names; id 0 is "" (unknown) */
	struct object *objs;
	size_t count, cap;
};

void objset_init(struct objset *set);
void objset_free(struct objset *set);
/* A new object with the given display name (copied); other fields zero. */
struct object *objset_add(struct objset *set, const char *name);
/* The length of the export marker prefix name begins with (__ksymtab_,
 * __export_symbol_: EXPORT_SYMBOL's), 0 when it is no export marker. */
size_t export_marker_len(const char *name);
/* Record one symbol as a reader saw it: an export marker's definition (local
 * or global) also records an export of <name>; local definitions go no further. */
void object_add_sym(struct objset *set, struct object *obj, const char *name,
		    enum sym_bind bind, enum sym_kind kind);
/* The section of the definition object_add_sym recorded last; a definition in
 * a function-descriptor section (ELFv1 .opd, not executable) is a function. */
void object_set_section(struct objset *set, struct object *obj, const char *section);
/* The origin of definition name (strtab id) of obj, or NULL. */
const struct objorigin *object_origin(const struct object *obj, unsigned name);
void objorigins_free(struct objorigin *v, size_t n);
/* Sort objects by name (stable output order). */
void objset_sort(struct objset *set);

#endif
