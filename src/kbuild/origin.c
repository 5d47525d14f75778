// SPDX-License-Identifier: GPL-2.0-only
/* origin.c - where each definition of an object made from objects comes from.
 *
 * The steps the .cmd files record (objcopy, strip, `ld -r` of one or many
 * inputs) make a tree of files: the derived object at the top, compiled
 * objects (leaves) at the bottom. A definition of the top is followed down,
 * its name undone through each renaming step, through the input of an `ld -r`
 * that defines it, to the compiled object that defines it: its source, .cmd
 * and DWARF are that object's. What the chain cannot say (no .cmd, a step
 * crossym does not know, a missing input) leaves only the definitions below
 * it unknown, each with the reason. */
#include "kbuild/origin.h"
#include "kbuild/kbuild.h"
#include "kbuild/objsource.h"
#include "objfile/dwdecl.h"
#include "objfile/elfread.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CHAIN 16

enum node_kind { NODE_LEAF, NODE_STEP, NODE_UNKNOWN };

/* One file of the tree. */
struct node {
	char *file;             /* relative to the build dir */
	enum node_kind kind;
	char *source;           /* NODE_LEAF: its source, NULL when unknown */
	char *cmd_path;         /* its .cmd file, or NULL */
	char *why;              /* NODE_UNKNOWN, or a NODE_LEAF without source */
	struct kbuild_derivation d; /* NODE_STEP: the step that made it */
	char *symsfile;         /* the text of --redefine-syms's file, or NULL */
	char *globfile;         /* the text of --globalize-symbols's file, or NULL */
	struct node **in;       /* NODE_STEP: its inputs */
	struct strtab *defs;    /* an `ld -r` of several: each input's definitions */
	size_t nin;
};

/* The files met on the way down, the top first: loops are refused. */
struct chain {
	const char *files[MAX_CHAIN + 1];
	size_t n;
};

static struct node *node_new(const char *file, enum node_kind kind)
{
	struct node *n = xcalloc(1, sizeof(*n));

	n->file = xstrdup(file);
	n->kind = kind;
	return n;
}

static void node_free(struct node *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->nin; i++) {
		node_free(n->in[i]);
		if (n->defs)
			strtab_free(&n->defs[i]);
	}
	free(n->in);
	free(n->defs);
	kbuild_derivation_free(&n->d);
	free(n->symsfile);
	free(n->globfile);
	free(n->file);
	free(n->source);
	free(n->cmd_path);
	free(n->why);
	free(n);
}

static struct node *node_unknown(const char *file, char *why)
{
	struct node *n = node_new(file, NODE_UNKNOWN);

	n->why = why;
	return n;
}

/* A compiled object (or one the chain ends at): source src (relative to the
 * source tree) as its .cmd cmd names it, else the one by its name. */
static struct node *node_leaf(struct build *b, const char *file, char *src,
			      const char *cmd, const char *unnamed)
{
	struct node *n = node_new(file, NODE_LEAF);

	n->source = src ? src : objsource_by_name(b, file);
	n->cmd_path = src && cmd ? xstrdup(cmd) : NULL;
	if (!n->source)
		n->why = xasprintf("%s: %s, and no source is named like it", file, unnamed);
	return n;
}

/* "a <- b <- c": the chain and file for a message; a fresh string. */
static char *chain_text(const struct chain *c, const char *file)
{
	struct sbuf sb = { 0 };

	for (size_t i = 0; i < c->n; i++)
		sbuf_printf(&sb, "%s <- ", c->files[i]);
	sbuf_add(&sb, file);
	return sbuf_take(&sb);
}

static struct node *file_node(struct build *b, const char *file, const char *made,
			      const char *madecmd, struct chain *c);

/* file met again on the way down (made, whose .cmd is madecmd, is made from
 * it): its node, unknown; else NULL. */
static struct node *loop_node(const struct chain *c, const char *file, const char *madecmd)
{
	struct node *n = NULL;

	for (size_t i = 0; i < c->n && !n; i++)
		if (!strcmp(c->files[i], file)) {
			char *text = chain_text(c, file);

			n = node_unknown(file, xasprintf("%s: a loop of objects made from "
							 "objects: %s", madecmd, text));
			free(text);
		}
	return n;
}

/* The global definitions of the object file at path into defs; 0, else -1
 * (not there, not ELF: then its definitions are unknown). */
static int read_defs(const struct build *b, const char *file, struct strtab *defs)
{
	char *abs = path_join(b->dir, file), msg[256];
	size_t len = 0;
	unsigned char *buf = (unsigned char *)read_file(abs, &len);
	struct objset set;
	struct object *o;
	int rc = -1;

	free(abs);
	if (buf && elf_is_elf(buf, len)) {
		objset_init(&set);
		o = objset_add(&set, file);
		if (!elf_read_symbols(&set, o, buf, len, msg, sizeof(msg))) {
			for (size_t k = 0; k < o->nsyms; k++)
				if (sym_is_def(o->syms[k].bind))
					strtab_intern(defs, strtab_str(&set.names,
								       o->syms[k].name));
			rc = 0;
		}
		objset_free(&set);
	}
	free(buf);
	return rc;
}

/* An input as the step writes it, relative to the build dir; NULL with *why
 * when it is outside. */
static char *input_path(const struct build *b, const char *in, const char *cmd,
			const char *target, char **why)
{
	char *rel = in[0] == '/' ? path_relative(in, b->absdir) : path_normalize(in);

	if (rel[0] == '/') {
		*why = xasprintf("%s: %s is made from %s, outside the build directory",
				 cmd, target, in);
		free(rel);
		return NULL;
	}
	return rel;
}

/* The text of file (relative to the build dir, where make runs), or NULL. */
static char *build_read(const struct build *b, const char *file)
{
	char *abs = path_join(b->dir, file), *text = read_file(abs, NULL);

	free(abs);
	return text;
}

/* n's inputs, each followed down in turn; with several, what each defines. */
static void step_inputs(struct build *b, struct node *n, struct chain *c)
{
	n->in = xcalloc(n->d.ninputs, sizeof(*n->in));
	for (size_t i = 0; i < n->d.ninputs; i++) {
		char *why = NULL, *in = input_path(b, n->d.inputs[i], n->cmd_path,
						   n->d.target, &why);

		n->in[n->nin++] = in ? file_node(b, in, n->file, n->cmd_path, c)
				     : node_unknown(n->d.inputs[i], why);
		free(in);
	}
	if (n->nin < 2)
		return;
	n->defs = xcalloc(n->nin, sizeof(*n->defs));
	for (size_t i = 0; i < n->nin; i++) {
		strtab_init(&n->defs[i]);
		read_defs(b, n->in[i]->file, &n->defs[i]);     /* unread: empty */
	}
}

/* file's .cmd (cmd, its head) records a step making it from other files: the
 * node of that step, its inputs followed; NULL when it records none. */
static struct node *step_node(struct build *b, const char *file, const char *cmd,
			      const char *head, struct chain *c)
{
	struct node *n;

	n = node_new(file, NODE_STEP);
	if (!kbuild_cmd_derivation(head, &n->d)) {
		node_free(n);
		return NULL;
	}
	n->cmd_path = xstrdup(cmd);
	if (strcmp(n->d.tool, "ld -r") && n->d.ninputs != 1) {
		char *why = xasprintf("%s: %s is made by %s from %zu files (%s, %s%s), not "
				      "from one object: the sources of its definitions are "
				      "unknown", cmd, n->d.target, n->d.tool, n->d.ninputs,
				      n->d.inputs[0], n->d.inputs[1],
				      n->d.ninputs > 2 ? ", ..." : "");

		node_free(n);
		return node_unknown(file, why);
	}
	n->symsfile = n->d.redefine_file ? build_read(b, n->d.redefine_file) : NULL;
	n->globfile = n->d.globalize_file ? build_read(b, n->d.globalize_file) : NULL;
	c->files[c->n++] = n->file;
	step_inputs(b, n, c);
	c->n--;
	return n;
}

/* The node of file, an input of made (whose .cmd is madecmd). */
static struct node *file_node(struct build *b, const char *file, const char *made,
			      const char *madecmd, struct chain *c)
{
	struct node *n = loop_node(c, file, madecmd);
	char *cmd, *abs, *head, *src;
	int err;

	if (n)
		return n;
	if (c->n >= MAX_CHAIN)
		return node_unknown(file, xasprintf("%s: %s is made from %s, nested too "
						    "deep", madecmd, made, file));
	cmd = kbuild_cmd_path(file);
	abs = path_join(b->dir, cmd);
	head = kbuild_cmd_read_head(abs);
	err = head ? 0 : errno;
	free(abs);
	if (!head && err != ENOENT) {
		n = node_unknown(file, xasprintf("%s: %s", cmd, errstr(err)));
	} else if (!head && !build_file_exists(b, file)) {
		n = node_unknown(file, xasprintf("%s: %s, which %s is made from: %s (nor is "
						 "there %s)", madecmd, file, made,
						 errstr(ENOENT), cmd));
	} else if (!head) {
		n = node_leaf(b, file, NULL, NULL, "no .cmd file says how it was made");
	} else if ((src = objsource_head_source(b, head)) != NULL) {
		n = node_leaf(b, file, src, cmd, "");
	} else if (!(n = step_node(b, file, cmd, head, c))) {
		n = node_leaf(b, file, NULL, NULL, "its command is no step crossym "
			      "follows (objcopy, strip, ld -r) and compiles no source");
	}
	free(head);
	free(cmd);
	return n;
}

/* What following one name down the tree found. */
struct found {
	const struct node *leaf; /* NULL: unknown, why says */
	char *name;             /* its name in leaf */
	char *why;
	char *untaggable;       /* a step made it global: why its source cannot
				 * carry the tag, or NULL */
};

/* Follow name, a definition of n, down to the compiled object defining it. */
static void follow(const struct node *n, const char *name, struct found *f)
{
	const char *why = NULL;
	char *in;
	size_t i = 0;

	if (n->kind != NODE_STEP) {
		f->leaf = n->why ? NULL : n;
		f->name = xstrdup(name);
		f->why = n->why ? xstrdup(n->why) : NULL;
		return;
	}
	in = kbuild_derivation_input_name(&n->d, name, n->symsfile, &why);
	if (!in) {
		f->why = xasprintf("%s: %s: %s", n->cmd_path, name, why);
		return;
	}
	if (!f->untaggable && kbuild_derivation_globalizes(&n->d, in, n->globfile))
		f->untaggable = xasprintf("%s: objcopy --globalize-symbol makes %s global: "
					  "its source defines it file-local, where no tag "
					  "keeps it", n->cmd_path, in);
	while (n->nin > 1 && i < n->nin && strtab_find(&n->defs[i], in) < 0)
		i++;
	if (i < n->nin)
		follow(n->in[i], in, f);
	else
		f->why = xasprintf("%s: no input of %s's `ld -r` that crossym could read "
				   "defines %s (its linker script, --defsym?)", n->cmd_path,
				   n->d.target, in);
	free(in);
}

/* The compiled object at the bottom of a chain of one input each, or NULL. */
static const struct node *single_leaf(const struct node *n)
{
	while (n->kind == NODE_STEP && n->nin == 1)
		n = n->in[0];
	return n->kind == NODE_LEAF && !n->why ? n : NULL;
}

static int cmp_decl(const void *pa, const void *pb)
{
	const struct decl *a = pa, *b = pb;
	int c = strcmp(a->symbol, b->symbol);

	if (!c)
		c = strcmp(a->file, b->file);
	return c ? c : (a->line > b->line) - (a->line < b->line);
}

static int cmp_decl_symbol(const void *key, const void *elem)
{
	return strcmp(key, ((const struct decl *)elem)->symbol);
}

/* One compiled object's DWARF definitions, read once per resolution. */
struct leafdecls {
	const struct node *leaf;
	struct decl *decls;
	long n;
};

static const struct decl *leaf_decl(const struct build *b, struct leafdecls **cache,
				    size_t *ncache, const struct found *f)
{
	struct leafdecls *c = NULL;

	for (size_t i = 0; i < *ncache && !c; i++)
		if ((*cache)[i].leaf == f->leaf)
			c = &(*cache)[i];
	if (!c) {
		char *abs = path_join(b->dir, f->leaf->file);

		*cache = xrealloc(*cache, (*ncache + 1) * sizeof(**cache));
		c = &(*cache)[(*ncache)++];
		c->leaf = f->leaf;
		c->decls = NULL;
		c->n = build_file_exists(b, f->leaf->file) ? dwarf_definitions(abs, &c->decls)
							    : 0;
		free(abs);
	}
	return c->n > 0 ? bsearch(f->name, c->decls, (size_t)c->n, sizeof(*c->decls),
				   cmp_decl_symbol) : NULL;
}

/* obj's DWARF definitions from the compiled objects its definitions come
 * from (f[i] for definition names[i]), under obj's names. */
static void decls_from_leaves(const struct build *b, struct object *obj,
			      const unsigned *names, const struct found *f, size_t n)
{
	struct leafdecls *cache = NULL;
	size_t ncache = 0, nd = 0;
	struct decl *decls = xcalloc(n + 1, sizeof(*decls));

	for (size_t i = 0; i < n; i++) {
		const struct decl *d = f[i].leaf ? leaf_decl(b, &cache, &ncache, &f[i]) : NULL;

		if (!d)
			continue;
		decls[nd].symbol = xstrdup(strtab_str(&b->set.names, names[i]));
		decls[nd].file = xstrdup(d->file);
		decls[nd++].line = d->line;
	}
	for (size_t i = 0; i < ncache; i++)
		decls_free(cache[i].decls, cache[i].n > 0 ? (size_t)cache[i].n : 0);
	free(cache);
	qsort(decls, nd, sizeof(*decls), cmp_decl);
	decls_free(obj->decls, obj->ndecls);
	obj->decls = decls;
	obj->ndecls = nd;
	obj->decls_read = 1;
	obj->has_dwarf = nd > 0;
}

static int cmp_unsigned(const void *pa, const void *pb)
{
	unsigned a = *(const unsigned *)pa, b = *(const unsigned *)pb;

	return (a > b) - (a < b);
}

/* The names of obj's global definitions, sorted, each once; their count. */
static size_t def_names(const struct object *obj, unsigned **out)
{
	unsigned *v = xcalloc(obj->nsyms + 1, sizeof(*v));
	size_t n = 0, k = 0;

	for (size_t i = 0; i < obj->nsyms; i++)
		if (sym_is_def(obj->syms[i].bind))
			v[n++] = obj->syms[i].name;
	if (n)
		qsort(v, n, sizeof(*v), cmp_unsigned);
	for (size_t i = 0; i < n; i++)
		if (!k || v[k - 1] != v[i])
			v[k++] = v[i];
	*out = v;
	return k;
}

/* obj takes leaf's source, .cmd and, with dwarf and without DWARF of its
 * own, its DWARF. */
static void take_leaf(const struct build *b, struct object *obj, const struct node *leaf,
		      int dwarf)
{
	struct decl *decls = NULL;
	char *abs;
	long n;

	free(obj->source);
	free(obj->cmd_path);
	obj->source = xstrdup(leaf->source);
	obj->cmd_path = leaf->cmd_path ? xstrdup(leaf->cmd_path) : NULL;
	if (!dwarf || obj->has_dwarf || obj->decls_read || !obj->machine ||
	    !build_file_exists(b, leaf->file))
		return;
	abs = path_join(b->dir, leaf->file);
	n = dwarf_definitions(abs, &decls);
	free(abs);
	if (n > 0) {
		obj->decls = decls;
		obj->ndecls = (size_t)n;
		obj->decls_read = 1;
		obj->has_dwarf = 1;
	}
}

/* Each definition its own origin (obj->origins, by name id). */
static void set_origins(const struct build *b, struct object *obj, const unsigned *names,
			struct found *f, size_t n)
{
	obj->origins = xcalloc(n + 1, sizeof(*obj->origins));
	obj->norigins = n;
	for (size_t i = 0; i < n; i++) {
		struct objorigin *o = &obj->origins[i];
		const char *src = f[i].leaf ? f[i].leaf->source : NULL;

		o->name = names[i];
		o->source = src ? xstrdup(src) : NULL;
		o->cmd_path = src && f[i].leaf->cmd_path ? xstrdup(f[i].leaf->cmd_path) : NULL;
		o->why = f[i].why ? f[i].why : f[i].untaggable;
		o->untaggable = !f[i].why && f[i].untaggable;
		if (o->why == f[i].why)
			free(f[i].untaggable);
		f[i].why = f[i].untaggable = NULL;
		if (f[i].leaf && strcmp(f[i].name, strtab_str(&b->set.names, names[i])))
			o->input_name = xstrdup(f[i].name);
		o->is_asm = src && (str_has_suffix(src, ".S") || str_has_suffix(src, ".s"));
	}
}

/* How the definitions f[0..n) of obj came out: one compiled object under
 * their own names (obj takes its source), or each its own (obj->origins,
 * each with its reason when unknown; obj's source when they share one). An
 * object defining nothing takes the source at the end of a chain of single
 * inputs, if any. */
static void assign(struct build *b, struct object *obj, const struct node *top,
		   const unsigned *names, struct found *f, size_t n)
{
	const struct node *one = n ? f[0].leaf : single_leaf(top);
	int own = 0, known = 0; /* own: one renamed or made global */

	for (size_t i = 0; i < n; i++) {
		own |= f[i].leaf && strcmp(f[i].name, strtab_str(&b->set.names, names[i]));
		own |= f[i].untaggable != NULL;
		known |= f[i].leaf != NULL;
		if (f[i].leaf != one)
			one = NULL;
	}
	if (one && !own) {
		take_leaf(b, obj, one, 1);
		return;
	}
	if (!n)
		return;
	if (one)
		take_leaf(b, obj, one, 0);
	if (known && obj->machine && (own || !obj->has_dwarf || !one))
		decls_from_leaves(b, obj, names, f, n);
	set_origins(b, obj, names, f, n);
}

void origin_resolve(struct build *b, struct object *obj, const char *cmdrel,
		    const char *head)
{
	char *file = objsource_file(obj->name);
	struct chain c = { { 0 }, 0 };
	struct node *top = step_node(b, file, cmdrel, head, &c);
	unsigned *names = NULL;
	struct found *f;
	size_t n;

	free(file);
	if (!top) {     /* by its name then (objsource_assign), else this */
		obj->source_why = xasprintf("%s: its command compiles no source and is no "
					    "step crossym follows (objcopy, strip, ld -r)", cmdrel);
		return;
	}
	n = def_names(obj, &names);
	f = xcalloc(n + 1, sizeof(*f));
	for (size_t i = 0; i < n; i++)
		follow(top, strtab_str(&b->set.names, names[i]), &f[i]);
	assign(b, obj, top, names, f, n);
	for (size_t i = 0; i < n; i++) {
		free(f[i].name);
		free(f[i].why);
		free(f[i].untaggable);
	}
	free(f);
	free(names);
	node_free(top);
}
