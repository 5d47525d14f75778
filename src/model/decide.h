/* SPDX-License-Identifier: GPL-2.0-only */
/* decide.h - the decision: which definitions are referenced from outside their
 * unit (doc/CONTRACT.md, "Decision rule"). */
#ifndef CROSSYM_DECIDE_H
#define CROSSYM_DECIDE_H

#include <stddef.h>
#include "kbuild/buildtree.h"

/* Cross-unit statuses, then the classes of `report --all` (classify.h); a
 * merge of several builds keeps the lowest cross status. */
enum row_status {
	STATUS_TAG, STATUS_EXPORTED, STATUS_ASM,
	STATUS_EXCLUDED,        /* in an object --exclude keeps out of units: it is
				 * compiled normally, so it needs no tag */
	STATUS_UNIT_LOCAL,      /* referenced only from other objects of its unit */
	STATUS_FILE_LOCAL,      /* referenced only inside its own object */
	STATUS_UNREFERENCED,    /* referenced by no object */
	STATUS_MULTIPLY,        /* another definition in the same image */
	STATUS_COUNT
};

/* Where a definition is. */
struct defsite {
	char *source;           /* its object's source; NULL when unknown */
	char *def_source;       /* the file holding the definition's text
				 * (placement_from_dwarf, placement_classify) */
	unsigned def_line;      /* its line there, 0 when unknown */
	char *name;             /* the name its source gives it, when a step the
				 * object was made by renamed it (origin.h); else NULL */
	char *why;              /* source NULL (or untaggable): why, or NULL */
	unsigned char untaggable; /* a step made it global (objcopy
				   * --globalize-symbol): its source defines it
				   * file-local, where no tag keeps it */
	unsigned char asm_alias; /* defined by top-level asm in a C file: no tag */
	unsigned char several;  /* defined more than once (#if arms): which one
				 * is live is unknown, so a re-declaration too */
	char *also_source;      /* several: a .c file the source #includes (in
				 * another arm) that defines it too, or NULL: its
				 * definition is tagged there as well */
	unsigned also_line;     /* its line there */
	unsigned char in_table; /* in a section of its own name (not .data,
				 * .bss, .rodata...): an entry of a table the
				 * linker builds, whose stride is its alignment */
};

/* The file the definition's text is in, else its object's source (NULL). */
static inline const char *defsite_file(const struct defsite *at)
{
	return at->def_source ? at->def_source : at->source;
}

/* The name the definition's source text gives it (row.symbol, the name the
 * object links, unless a step renamed it). */
#define row_source_name(r) ((r)->site.name ? (r)->site.name : (r)->symbol)

/* The build context of an object rows come from: made once per object and
 * shared by its rows (struct rows owns it), never copied into each row. */
struct objctx {
	char *cmd_file;         /* the object's kbuild .cmd file (absolute), or NULL */
	char *build_dir;        /* where its command runs */
	char **included;        /* .c files its source #includes */
	size_t nincluded;
};

/* One reported definition: the decision, where the definition is, and the
 * context of its object. Its strings are its own, but for the unit names in
 * refs (rows.units) and the context (rows.ctx). */
struct row {
	char *symbol;
	char *unit;
	char *object;
	const char **refs;      /* the referencing units, sorted (the rows' copies,
				 * rows.units); NULL for the classes of --all */
	size_t nrefs;
	unsigned char status;   /* enum row_status */
	unsigned char kind;     /* enum sym_kind */
	unsigned char weak;
	unsigned char refclass; /* --all rows: the class the references give
				 * (STATUS_UNIT_LOCAL..STATUS_UNREFERENCED) */
	unsigned char multi;    /* --all rows: multiply defined in this build */
	unsigned char self_ref; /* --all rows: a relocation of its own object
				 * uses it (merged: in every build) */
	unsigned char image_use; /* exported, and used by another unit of its own
				  * image (not only through the module loader) */
	unsigned short nbuilds;  /* with classes: the builds it comes from, and */
	unsigned short nfile_local; /* those where it is file-local (merged: summed) */
	struct defsite site;
	const struct objctx *ctx; /* in the rows' ctx list, never NULL */
};

struct rows {
	struct row *v;
	size_t count, cap;
	struct objctx **ctx;    /* the contexts the rows point to */
	size_t nctx, ctx_cap;
	struct strtab units;    /* the unit names rows refer to (refs) */
};

/* Decide which objects the link pulls in (library members on demand), then
 * append one row per definition referenced from outside its unit. An exported
 * definition's row is STATUS_EXPORTED (the export macro carries the tag, as in
 * the seeds' core change), except with b->tag_exports (--tag-exports: stock
 * Linux, where EXPORT_SYMBOL adds no visibility) when another unit of its own
 * image uses it: then it needs the tag, STATUS_TAG (a module's use goes
 * through the module loader and the export table, which needs none). */
void decide_build(struct build *b, struct rows *out);
/* Sort rows (symbol, unit, object, source) and merge the rows of several builds
 * that name the same definition: the union of their referencing units; a
 * definition one build needs tagged stays tagged. */
void rows_sort_merge(struct rows *rows);
void rows_free(struct rows *rows);
/* The context of object obj of b for the rows of one pass over b: made on
 * first use (map: one slot per object of b, zeroed before the pass). */
const struct objctx *rows_object_ctx(struct rows *rows, const struct objctx **map,
				     const struct build *b, size_t obj);

/* Fill r->site.source (name, why) and r->ctx for definition sym of object
 * obj of b: the object's, or its origin's (a definition of an object made
 * from several, objects.h). Returns 1 when that source is assembly. */
int rows_def_site(struct rows *rows, const struct objctx **map, const struct build *b,
		  size_t obj, unsigned sym, struct row *r);

/* Per-symbol lists of (object, binding, kind) over the linked objects of a build
 * (after decide_build): entries[start[s] .. start[s + 1]) for symbol id s. */
struct symindex {
	size_t *start;
	struct symref { size_t obj; unsigned section; unsigned char bind, kind; } *entries;
};
void symindex_make(const struct build *b, struct symindex *ix);
void symindex_free(struct symindex *ix);
const char *status_name(enum row_status status);

#endif
