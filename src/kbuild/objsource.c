// SPDX-License-Identifier: GPL-2.0-only
/* objsource.c - the source file and unit of each object. */
#include "kbuild/objsource.h"
#include "kbuild/unitname.h"
#include "kbuild/origin.h"
#include "kbuild/kbuild.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

char *objsource_file(const char *name)
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

char *objsource_by_name(const struct build *b, const char *objfile)
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

char *objsource_head_source(const struct build *b, const char *head)
{
	char *src = cmd_head_source(head), *rel;

	if (!src)
		return NULL;
	rel = cmd_source_relative(b, src);
	free(src);
	return rel;
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
		origin_resolve(b, obj, cmdrel, head);
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
	char *file = objsource_file(obj->name);
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
		obj->source = objsource_by_name(b, file);
	if (!obj->source && !obj->source_why && !obj->norigins)
		obj->source_why = xasprintf("%s: no .cmd file names its source, and no "
					    "source is named like it", file);
	if (obj->source) {
		char *linked = build_linked_source(b, obj->source);

		if (linked) {
			free(obj->source);
			obj->source = linked;
		}
	}
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
