// SPDX-License-Identifier: GPL-2.0-only
/* objsource.c - the source file and unit of each object. */
#include "kbuild/objsource.h"
#include "kbuild/unitname.h"
#include "objfile/dwdecl.h"
#include "kbuild/kbuild.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The file kbuild compiled obj from: "DIR/lib.a(m.o)" was built as "DIR/m.o". */
static char *object_file_path(const char *name)
{
	const char *open = strchr(name, '(');
	char *dir, *member, *path;

	if (!open || !str_has_suffix(name, ")"))
		return xstrdup(name);
	dir = xstrndup(name, (size_t)(open - name));
	member = xstrndup(open + 1, strlen(open + 1) - 1);
	{
		char *d = path_dirname(dir);

		path = path_join(d, member);
		free(d);
	}
	free(dir);
	free(member);
	return path;
}

/* A source path as a .cmd file writes it, relative to the source tree. */
static char *cmd_source_relative(const struct build *b, const char *src)
{
	return src[0] == '/' ? build_tree_relative(b, src) : xstrdup(src);
}

/* The source a .cmd head names (source_ line, else the first dep: BusyBox),
 * or NULL; a fresh string as written there. */
static char *cmd_head_source(const char *head)
{
	char *src = kbuild_cmd_source(head);

	return src ? src : kbuild_cmd_first_dep(head);
}

/* Without a .cmd: the same-named .c/.S/.s in the source tree. */
static char *source_by_name(struct build *b, const char *objfile)
{
	static const char *const exts[] = { ".c", ".S", ".s" };
	size_t stem = strlen(objfile) - 2;

	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		char *rel = xasprintf("%.*s%s", (int)stem, objfile, exts[i]);
		char *abs = path_join(b->srctree, rel);
		struct stat st;
		int found = stat(abs, &st) == 0;

		free(abs);
		if (found)
			return rel;
		free(rel);
	}
	return NULL;
}

/* A derived object without DWARF of its own (strip) takes the definitions'
 * coordinates from the DWARF of the file it was made from, when that is there.
 * Objects not read as ELF (nm input) read no DWARF at all. */
static void dwarf_from_input(const struct build *b, struct object *obj,
			     const char *input)
{
	struct decl *decls = NULL;
	char *abs;
	long n;

	if (obj->has_dwarf || obj->decls_read || !obj->machine ||
	    !build_file_exists(b, input))
		return;
	abs = path_join(b->dir, input);
	n = dwarf_definitions(abs, &decls);
	free(abs);
	if (n > 0) {
		obj->decls = decls;
		obj->ndecls = (size_t)n;
		obj->decls_read = 1;
		obj->has_dwarf = 1;
	}
}

/* The objects met while following a derivation, the derived one first. */
struct chain {
	char **objs;
	size_t n, cap;
	const char *cmd;        /* the .cmd file of the last one */
};

/* "a <- b <- c": the chain for a message; a fresh string. */
static char *chain_text(const struct chain *c)
{
	char *text = xstrdup(c->objs[0]);

	for (size_t i = 1; i < c->n; i++) {
		char *t = xasprintf("%s <- %s", text, c->objs[i]);

		free(text);
		text = t;
	}
	return text;
}

/* The single input of a derivation, relative to the build dir, added to the
 * chain; NULL after an error naming the .cmd file. */
static char *chain_input(struct build *b, struct chain *c,
			 const struct kbuild_derivation *d)
{
	char *in, *text;

	if (d->ninputs != 1) {
		error("%s: %s is made by %s from %zu files (%s, %s%s), not from one object: "
		      "the sources of its definitions are unknown", c->cmd, d->target,
		      d->tool, d->ninputs, d->inputs[0], d->inputs[1],
		      d->ninputs > 2 ? ", ..." : "");
		b->nerrors++;
		return NULL;
	}
	in = d->inputs[0][0] == '/' ? path_relative(d->inputs[0], b->absdir)
				    : path_normalize(d->inputs[0]);
	strv_push(&c->objs, &c->n, &c->cap, in);
	for (size_t i = 0; i + 1 < c->n; i++)
		if (!strcmp(c->objs[i], in)) {
			text = chain_text(c);
			error("%s: a loop of objects made from objects: %s", c->cmd, text);
			b->nerrors++;
			free(text);
			free(in);
			return NULL;
		}
	if (in[0] == '/' || c->n > 16) {
		error("%s: %s is made from %s, %s", c->cmd, d->target, d->inputs[0],
		      in[0] == '/' ? "outside the build directory" : "nested too deep");
		b->nerrors++;
		free(in);
		return NULL;
	}
	return in;
}

/* obj, made from in, takes in's source: src as in's .cmd file incmd names
 * it, else the one by in's name; and in's DWARF when it needs it. */
static void take_source(struct build *b, struct object *obj, const char *in,
			const char *src, const char *incmd)
{
	obj->source = src ? cmd_source_relative(b, src) : source_by_name(b, in);
	if (src)
		obj->cmd_path = xstrdup(incmd);
	dwarf_from_input(b, obj, in);
}

/* in, the input of the chain's last object: when in's .cmd file names its
 * source (or in has none: the source by in's name), obj takes that source,
 * that .cmd (its compile command) and, when it needs it, in's DWARF, and the
 * chain ends (0; also after an error). When in was itself made from another
 * object, *cmd and *head become in's, to follow (1). */
static int derived_step(struct build *b, struct object *obj, const char *in,
			const char *made, char **cmd, char **head)
{
	char *incmd = kbuild_cmd_path(in), *abs = path_join(b->dir, incmd);
	char *inhead = kbuild_cmd_read_head(abs), *src;
	int err = inhead ? 0 : errno;

	free(abs);
	src = inhead ? cmd_head_source(inhead) : NULL;
	if (!inhead && err != ENOENT) {
		errno = err;
		build_file_error(b, incmd);
	} else if (!inhead && !build_file_exists(b, in)) {
		error("%s: %s, which %s is made from: %s (nor is there %s)", *cmd, in,
		      made, errstr(ENOENT), incmd);
		b->nerrors++;
	} else if (!src && inhead) {
		free(*cmd);
		free(*head);
		*cmd = incmd;
		*head = inhead;
		return 1;
	} else {
		take_source(b, obj, in, src, incmd);
	}
	free(src);
	free(inhead);
	free(incmd);
	return 0;
}

/* obj's .cmd (cmdrel, head) names no source: when it says obj was made from
 * another object (objcopy, strip, an `ld -r` of one input), follow that, and
 * what that was made from in turn, to the compiled object; when the last
 * one's .cmd says neither, its source is the one by its name. */
static void source_from_derivation(struct build *b, struct object *obj,
				   const char *cmdrel, const char *head)
{
	struct chain c = { 0 };
	char *cmd = xstrdup(cmdrel), *text = xstrdup(head), *in;
	char *file = object_file_path(obj->name);
	struct kbuild_derivation d;
	int more = 1, followed = 0;

	strv_push(&c.objs, &c.n, &c.cap, file);
	while (more && kbuild_cmd_derivation(text, &d)) {
		c.cmd = cmd;
		if (d.renames)
			warn("%s: %s %s renames the symbols of %s: its definitions are "
			     "not named as in its source", cmd, d.tool, d.renames, d.target);
		in = chain_input(b, &c, &d);
		more = in && derived_step(b, obj, in, d.target, &cmd, &text);
		followed |= more;
		kbuild_derivation_free(&d);
		free(in);
	}
	if (more && followed)
		take_source(b, obj, c.objs[c.n - 1], NULL, NULL);
	strv_free(c.objs, c.n);
	free(file);
	free(cmd);
	free(text);
}

void objsource_from_cmd_head(struct build *b, struct object *obj,
			     const char *cmdrel, const char *head)
{
	char *src = cmd_head_source(head);

	obj->cmd_read = 1;
	if (src) {
		obj->source = cmd_source_relative(b, src);
		obj->cmd_path = xstrdup(cmdrel);
	} else {
		source_from_derivation(b, obj, cmdrel, head);
	}
	free(src);
}

static void source_from_cmd(struct build *b, const char *objfile,
			    struct object *obj)
{
	char *cmdrel = kbuild_cmd_path(objfile);
	char *cmdabs = path_join(b->dir, cmdrel);
	char *head = kbuild_cmd_read_head(cmdabs);

	if (head)
		objsource_from_cmd_head(b, obj, cmdrel, head);
	else if (errno != ENOENT)
		build_file_error(b, cmdrel);
	free(head);
	free(cmdabs);
	free(cmdrel);
}

void objsource_read_included(struct build *b, struct object *obj)
{
	char *cmdabs, *text, *src = NULL;

	if (!obj->cmd_path)
		return;
	cmdabs = path_join(b->dir, obj->cmd_path);
	text = kbuild_cmd_read(cmdabs);
	if (text)
		src = cmd_head_source(text);
	else if (errno != ENOENT)
		build_file_error(b, obj->cmd_path);
	if (src) {
		obj->included = kbuild_cmd_included_c(text, src, &obj->nincluded);
		for (size_t i = 0; i < obj->nincluded; i++) {
			/* deps are absolute, or relative to where make ran */
			char *r = build_tree_relative(b, obj->included[i]);

			free(obj->included[i]);
			obj->included[i] = r;
		}
	}
	free(src);
	free(text);
	free(cmdabs);
}

/* A relative source that is not in the source tree but in the build dir. */
static int is_generated(const struct build *b, const char *source)
{
	char *in_src, *in_build;
	struct stat st;
	int generated;

	if (source[0] == '/')
		return 0;
	in_src = path_join(b->srctree, source);
	in_build = path_join(b->dir, source);
	generated = stat(in_src, &st) != 0 && stat(in_build, &st) == 0;
	free(in_src);
	free(in_build);
	return generated;
}

void objsource_assign(struct build *b, struct object *obj)
{
	char *file = object_file_path(obj->name);
	const char *archive_end = strchr(obj->name, '(');
	char *owner = archive_end ? xstrndup(obj->name, (size_t)(archive_end - obj->name))
				  : xstrdup(obj->name);
	char *dir = path_dirname(owner);

	if (obj->is_script) {
		obj->unit = xstrdup(obj->name);
		free(dir);
		free(owner);
		free(file);
		return;
	}
	if (!obj->source && !obj->cmd_read)     /* not read with the object already */
		source_from_cmd(b, file, obj);
	if (!obj->source && str_has_suffix(file, ".o"))
		obj->source = source_by_name(b, file);
	obj->is_asm = obj->source && (str_has_suffix(obj->source, ".S") ||
				      str_has_suffix(obj->source, ".s"));
	obj->generated = obj->source && is_generated(b, obj->source);
	if (obj->module_stub) {        /* outside the module's unit */
		obj->unit = xstrdup(obj->name);
		obj->excluded = 1;
	} else if (obj->module)
		obj->unit = unitname_make(obj->module, obj->is_asm);
	else
		obj->unit = unitname_make(dir, obj->is_asm);
	free(dir);
	free(owner);
	free(file);
}
