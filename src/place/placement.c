// SPDX-License-Identifier: GPL-2.0-only
/* placement.c - classify where each definition's tag can go. */
#include "place/placement.h"
#include "kbuild/buildtree.h"
#include "kbuild/cpprun.h"
#include "source/definer.h"
#include "text/macros.h"
#include "kbuild/objdecls.h"
#include "source/srcscan.h"
#include "lib/strtab.h"
#include "model/synccheck.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

const char *placement_name(enum place_kind kind)
{
	static const char *const names[] = {
		"in place", "on the definer macro", "pasted by a macro",
		"definer macro, its expansion begins with a static declaration:",
		"definer macro, its expansion declares another name first:",
		"definer macro, defined differently in #if arms:",
		"defined in a generated source",
		"in a file kept equal to its copy under tools/:",
		"no definition found in the source", "source unknown",
		"defined by top-level asm (no tag needed)", "-",
	};
	return names[kind];
}

const char *placement_token(enum place_kind kind)
{
	static const char *const tokens[] = {
		"declarator", "declarer", "pasted", "declarer-static", "declarer-other",
		"declarer-arms", "generated", "synced", "not-in-source", "no-source",
		"asm", "-",
	};
	return tokens[kind];
}

/* The preprocessed units of the objects, by .cmd file, made once each. */
struct cached_text {
	char *text;             /* NULL: could not be made */
	size_t len;
	int loaded;
};

struct text_cache {
	struct strtab paths;    /* .cmd path -> index in files */
	struct cached_text *files;
	size_t cap;
	struct cpp_runner *run; /* runs the compile commands, when allowed */
};

/* The cache slot of key, made empty when new. */
static struct cached_text *cache_slot(struct text_cache *c, const char *key)
{
	unsigned id = strtab_intern(&c->paths, key);

	if (id >= c->cap) {
		size_t old = c->cap;

		grow_array((void **)&c->files, &c->cap, (size_t)id + 1, sizeof(*c->files));
		memset(c->files + old, 0, (c->cap - old) * sizeof(*c->files));
	}
	return &c->files[id];
}

/* The preprocessed unit of r's object, once per .cmd file. */
static const char *cached_cpp(struct text_cache *c, const struct row *r, size_t *len)
{
	struct cached_text *f = cache_slot(c, r->ctx->cmd_file);

	if (!f->loaded) {
		f->text = cpp_preprocess(c->run, r->ctx->build_dir, r->ctx->cmd_file, &f->len);
		f->loaded = 1;
	}
	*len = f->text ? f->len : 0;
	return f->text;
}

static void free_cache(struct text_cache *c)
{
	for (size_t i = 0; i < c->cap; i++)
		free(c->files[i].text);
	free(c->files);
	strtab_free(&c->paths);
}

/* Place the tag of symbol as file f allows; 1 when the file defines it. */
static int place_in(struct srcfile *f, const char *symbol, struct placement *p)
{
	char *macro = NULL;
	unsigned line = 0;

	switch (f ? srcfile_locate(f, symbol, 0, &line, &macro) : LOC_NOT_FOUND) {
	case LOC_DECLARATOR:
		p->kind = PLACE_DECLARATOR;
		p->line = line;
		return 1;
	case LOC_IN_MACRO:
		p->kind = PLACE_DECLARER;
		p->line = line;
		p->macro = macro;
		return 1;
	default:
		return 0;
	}
}

/* A second definition in the source after the first (another #if arm), or
 * in an included .c (at->also_source, also_line: the first such file). */
static int several_definitions(struct srcset *files, struct row *r,
			       struct srcfile *f, unsigned line)
{
	unsigned again;
	int several = srcfile_locate(f, row_source_name(r), line, &again, NULL) ==
		      LOC_DECLARATOR;

	for (size_t i = 0; i < r->ctx->nincluded; i++) {
		struct placement p = { 0 };
		struct srcfile *inc = srcset_get(files, r->ctx->included[i], NULL);
		int found = place_in(inc, row_source_name(r), &p);

		if (found && p.kind == PLACE_DECLARATOR && !r->site.also_source) {
			r->site.also_source = xstrdup(r->ctx->included[i]);
			r->site.also_line = p.line;
		}
		several |= found;
		free(p.macro);
	}
	return several;
}

/* The file debug info names (a macro's line there means the macro pasted the
 * name); else the source, then the .c files it includes; else a pasting macro. */
static void classify_row(struct srcset *files, struct row *r, struct placement *p)
{
	struct defsite *at = &r->site;
	struct srcfile *f;

	if (at->def_source && at->source && strcmp(at->def_source, at->source) &&
	    !srcset_get(files, at->source, NULL) && srcset_get(files, at->def_source, NULL)) {
		/* placement_generated() chose def_source */
		p->kind = PLACE_GENERATED;
		p->macro = xstrdup(at->source);
		p->why = xasprintf("%s is made by the build; re-declared in %s, which "
				   "GCC 12 -fwhole-program does not honour for a definition in "
				   "another file: keep %s's object out of the unit, or tag the "
				   "generator", at->source, at->def_source, at->source);
		return;
	}
	if (at->def_source && (f = srcset_get(files, at->def_source, NULL))) {
		unsigned dwarf_line = at->def_line;

		if (place_in(f, row_source_name(r), p))
			return;
		p->macro = srcfile_paste_macro(f, row_source_name(r));
		p->kind = p->macro ? PLACE_PASTED : PLACE_NOT_IN_SOURCE;
		p->line = dwarf_line;
		return;
	}
	f = srcset_get(files, at->source, NULL);
	if (!f) {
		p->kind = PLACE_NO_SOURCE;
		return;
	}
	free(at->def_source);
	at->def_source = xstrdup(at->source);
	if (place_in(f, row_source_name(r), p)) {
		at->def_line = p->line;
		at->several = p->kind == PLACE_DECLARATOR &&
			     several_definitions(files, r, f, p->line);
		return;
	}
	for (size_t i = 0; i < r->ctx->nincluded; i++) {
		if (place_in(srcset_get(files, r->ctx->included[i], NULL), row_source_name(r), p)) {
			free(at->def_source);
			at->def_source = xstrdup(r->ctx->included[i]);
			at->def_line = p->line;
			return;
		}
	}
	p->macro = srcfile_paste_macro(f, row_source_name(r));
	p->kind = p->macro ? PLACE_PASTED : PLACE_NOT_IN_SOURCE;
}

/* Without the preprocessed unit: 1 when the macro call pasting r's name
 * expands, by the #defines the build read, to top-level asm only (definer.h,
 * DEFINER_ASM). */
static int asm_made_by_macro(struct definer_ctx *dc, struct srcset *files, const struct row *r)
{
	const char *file = r->site.def_source ? r->site.def_source : r->site.source;
	struct srcfile *f = file ? srcset_get(files, file, NULL) : NULL;
	enum definer_verdict v = DEFINER_UNKNOWN;
	struct definer_site site;
	char *macro, *why = NULL;
	const char *text;
	unsigned line = 0;
	size_t len;

	if (!f || !(macro = srcfile_paste_call(f, row_source_name(r), &line)))
		return 0;
	if ((text = srcset_text(files, file, &len))) {
		char *abs = path_join(srcset_srctree(files), file);

		v = definer_site(dc, text, len, abs, r->ctx->cmd_file, r->ctx->build_dir, macro,
				 line, row_source_name(r), NULL, &site, &why);
		definer_site_free(&site);
		free(abs);
	}
	free(why);
	free(macro);
	return v == DEFINER_ASM;
}

/* A name pasted by one of several calls of the same argument (U-Boot's
 * U_BOOT_LONGHELP(bootm, ...) and U_BOOT_CMD(bootm, ...)), its line unknown:
 * the first call whose expansion, by the #defines the build read, makes the
 * name itself (definer_site), else the text's best guess. */
static void choose_paste_call(struct definer_ctx *dc, struct srcset *files, struct row *r,
			      struct placement *p)
{
	const char *file = defsite_file(&r->site), *text;
	struct srcfile *f;
	char **macros, *abs;
	unsigned *lines;
	size_t n, len;

	if (p->kind != PLACE_PASTED || p->line || !file || !(f = srcset_get(files, file, NULL)) ||
	    !(text = srcset_text(files, file, &len)))
		return;
	n = srcfile_paste_calls(f, row_source_name(r), &macros, &lines);
	abs = path_join(srcset_srctree(files), file);
	for (size_t k = 0; n > 1 && k < n; k++) {
		struct definer_site site;
		char *why = NULL;
		enum definer_verdict v = definer_site(dc, text, len, abs, r->ctx->cmd_file,
						      r->ctx->build_dir, macros[k], lines[k],
						      row_source_name(r), NULL, &site, &why);

		definer_site_free(&site);
		free(why);
		if (v == DEFINER_OK || v == DEFINER_STATIC) {
			free(p->macro);
			p->macro = xstrdup(macros[k]);
			p->line = r->site.def_line = lines[k];
			break;
		}
	}
	free(abs);
	strv_free(macros, n);
	free(lines);
}

/* A pasted name the translation unit never declares in C is made by top-level
 * asm (SYSCALL_ALIAS): the preprocessed unit says so or, when the build's
 * commands are not run, the expansion of the pasting call by the #defines the
 * build read. */
static void check_asm_alias(struct text_cache *pre, struct definer_ctx *dc,
			    struct srcset *files, struct row *r, struct placement *p)
{
	size_t len;
	const char *text;

	if (!r->ctx->cmd_file ||
	    (p->kind != PLACE_PASTED && p->kind != PLACE_NOT_IN_SOURCE))
		return;
	/* the kernel's SYSCALL_DEFINEn make C functions: spare the preprocessor */
	if (p->macro && macros_syscall_definer(p->macro))
		return;
	text = cached_cpp(pre, r, &len);
	if (text ? !cpp_has_identifier(text, len, row_source_name(r)) :
	    p->kind == PLACE_PASTED && asm_made_by_macro(dc, files, r)) {
		p->kind = PLACE_ASM_ALIAS;
		r->site.asm_alias = 1;
	}
}

/* A name no source spells that the translation unit gives a C declaration
 * as its asm label (U-Boot's `int errno asm("__u_boot_errno")`): the C name
 * is the definition's name in the source, and the row is placed again by
 * it (the preprocessed unit tells; nothing without it). */
static void check_asm_label(struct text_cache *pre, struct srcset *files,
			    struct row *r, struct placement *p)
{
	size_t len;
	const char *text;
	char *owner;

	if (!r->ctx->cmd_file || p->kind != PLACE_NOT_IN_SOURCE || r->site.name ||
	    !(text = cached_cpp(pre, r, &len)) ||
	    !(owner = cpp_asm_label_owner(text, len, r->symbol)))
		return;
	r->site.name = owner;
	placement_free(p, 1);
	memset(p, 0, sizeof(*p));
	classify_row(files, r, p);
}

/* Delete every "dir/" from text (paths made relative for the report). */
static void strip_dir(char *text, const char *dir)
{
	char *prefix, *p;
	size_t n;

	if (!dir || !strcmp(dir, ".") || !*dir)
		return;
	prefix = xasprintf("%s/", dir);
	n = strlen(prefix);
	while ((p = strstr(text, prefix)))
		memmove(p, p + n, strlen(p + n) + 1);
	free(prefix);
}

/* A tag in front of a definer macro call applies to the first declaration
 * of its expansion: accept the place only when that declares the symbol
 * itself with external linkage (definer.h). */
static void check_definer(struct definer_ctx *dc, struct srcset *files, const struct row *r,
			  struct placement *p)
{
	static const unsigned char kinds[] = {
		[DEFINER_STATIC] = PLACE_MACRO_STATIC, [DEFINER_OTHER] = PLACE_MACRO_OTHER,
		[DEFINER_ARMS] = PLACE_MACRO_ARMS,
	};
	size_t len;
	const char *text;
	enum definer_verdict v;

	if (p->kind != PLACE_DECLARER || !r->site.def_source ||
	    !(text = srcset_text(files, r->site.def_source, &len)))
		return;
	v = definer_check(dc, text, len, r->site.def_source, r->ctx->cmd_file,
			  r->ctx->build_dir, p->macro, p->line, row_source_name(r), &p->why);
	if (v == DEFINER_STATIC || v == DEFINER_OTHER || v == DEFINER_ARMS)
		p->kind = kinds[v];
	if (p->why) {
		strip_dir(p->why, srcset_srctree(files));
		strip_dir(p->why, r->ctx->build_dir);
	}
}

/* A tag in place in a file mirrored under tools/ (arch/x86/lib/insn.c) makes
 * objtool's sync check warn: such a definition is re-declared with the comment
 * that check passes over (synccheck.h). */
static void check_synced(struct srcset *files, const struct row *r, struct placement *p)
{
	const char *file = r->site.def_source, *text;
	size_t len;

	if ((p->kind != PLACE_DECLARATOR && p->kind != PLACE_DECLARER) || !file ||
	    !(text = srcset_text(files, file, &len)) ||
	    !synccheck_mirrored(srcset_srctree(files), file, text, len))
		return;
	p->kind = PLACE_SYNCED;
	free(p->macro);
	free(p->why);
	p->macro = xasprintf("tools/%s", file);
	p->why = xstrdup("objtool's sync check compares the two; the re-declaration "
			 "carries " SYNC_IGNORE_COMMENT);
}

void placement_classify(struct rows *rows, struct srcset *files, struct cpp_runner *run,
			struct placement *out)
{
	struct text_cache pre = { { 0 }, NULL, 0, run };
	struct definer_ctx *dc = definer_new();

	strtab_init(&pre.paths);
	memset(out, 0, rows->count * sizeof(*out));
	for (size_t i = 0; i < rows->count; i++) {
		struct row *r = &rows->v[i];

		out[i].kind = PLACE_NONE;
		if (r->status != STATUS_TAG || r->site.untaggable)    /* cocci: unplaced */
			continue;
		if (!r->site.source)
			out[i].kind = PLACE_NO_SOURCE;
		else
			classify_row(files, r, &out[i]);
		check_asm_label(&pre, files, r, &out[i]);
		choose_paste_call(dc, files, r, &out[i]);
		check_definer(dc, files, r, &out[i]);
		check_asm_alias(&pre, dc, files, r, &out[i]);
		check_synced(files, r, &out[i]);
	}
	definer_free(dc);
	free_cache(&pre);
}

void placement_free(struct placement *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(p[i].macro);
		free(p[i].why);
	}
}

static int cmp_decl_symbol(const void *key, const void *elem)
{
	return strcmp(key, ((const struct decl *)elem)->symbol);
}

/* A DW_AT_decl_file (absolute) as a source: relative to the source tree, or
 * the source-tree file a link in the build directory names (Xen's
 * arch/x86/efi/boot.c; also a link where the build was made, for a copy of
 * the build); else as it is. */
static char *dwarf_file_source(const struct build *b, const char *file)
{
	char *in_build = path_relative(file, b->absdir), *linked = NULL, *rel;

	if (in_build[0] != '/')
		linked = build_linked_source(b, in_build);
	free(in_build);
	if (linked)
		return linked;
	rel = path_relative(file, b->srctree);
	if (rel[0] == '/' && (linked = path_link_into("/", rel + 1, b->built_from))) {
		free(rel);
		return linked;
	}
	return rel;
}

/* The rows of one object: look their symbols up in its debug info. */
static void dwarf_object(const struct build *b, struct rows *rows, size_t from,
			 size_t to, const char *objfile)
{
	struct object *obj = build_find(b, objfile);
	const struct decl *decls = NULL;
	size_t n = obj ? object_decls(b, obj, &decls) : 0;

	for (size_t i = from; n > 0 && i < to; i++) {
		struct row *r = &rows->v[i];
		const struct decl *d = bsearch(r->symbol, decls, n, sizeof(*decls),
					       cmp_decl_symbol);

		if (r->status != STATUS_TAG || !d)
			continue;
		free(r->site.def_source);
		r->site.def_source = dwarf_file_source(b, d->file);
		r->site.def_line = d->line;
	}
}

static int cmp_row_object(const void *pa, const void *pb)
{
	return strcmp(((const struct row *)pa)->object, ((const struct row *)pb)->object);
}

void placement_from_dwarf(const struct build *b, struct rows *rows, size_t first)
{
	size_t n = rows->count - first, start = first;
	int has_tag = 0;

	if (!n)
		return;
	/* rows are sorted again when all builds are in: order by object here */
	qsort(rows->v + first, n, sizeof(*rows->v), cmp_row_object);
	for (size_t i = first; i < rows->count; i++) {
		const char *obj = rows->v[i].object;

		has_tag |= rows->v[i].status == STATUS_TAG;
		if (i + 1 < rows->count && !strcmp(obj, rows->v[i + 1].object))
			continue;
		if (has_tag && !strchr(obj, '('))       /* archive members: no file */
			dwarf_object(b, rows, start, i + 1, obj);
		start = i + 1;
		has_tag = 0;
	}
}

/* The first C source of unit (in object order) whose build declares symbol. */
static const struct object *host_object(const struct build *b, const char *unit,
					const char *symbol)
{
	for (size_t i = 0; i < b->set.count; i++) {
		const struct object *o = &b->set.objs[i];
		char *path, *text, *cmd;
		size_t len = 0;
		int found;

		if (!o->linked || o->generated || o->is_asm || !o->source || !o->unit ||
		    strcmp(o->unit, unit) || !str_has_suffix(o->source, ".c"))
			continue;
		path = path_join(b->srctree, o->source);
		text = read_file(path, &len);
		cmd = o->cmd_path ? path_join(b->absdir, o->cmd_path) : NULL;
		found = text && definer_declared(text, len, cmd, b->absdir, symbol);
		free(cmd);
		free(text);
		free(path);
		if (found)
			return o;
	}
	return NULL;
}

void placement_generated(const struct build *b, struct rows *rows, size_t first)
{
	for (size_t i = first; i < rows->count; i++) {
		struct row *r = &rows->v[i];
		const struct object *o, *host;

		if (r->status != STATUS_TAG || !(o = build_find(b, r->object)) || !o->generated)
			continue;
		host = host_object(b, r->unit, row_source_name(r));
		if (!host)
			continue;
		free(r->site.def_source);
		r->site.def_source = xstrdup(host->source);
		r->site.def_line = 0;
	}
}
