// SPDX-License-Identifier: GPL-2.0-only
/* linkscripts.c - the linker scripts of a build as pseudo-objects. */
#include "kbuild/linkscripts.h"
#include "kbuild/keepsec.h"
#include "kbuild/ldscript.h"
#include "lib/util.h"

#include <errno.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>

/* A linker script is a pseudo-object that references what it names. */
static void add_linker_script(struct build *b, const char *path)
{
	char *abs = path[0] == '/' ? xstrdup(path) : path_join(b->dir, path);
	char *name = path[0] == '/' ? path_relative(path, b->absdir) : path_normalize(path);
	char *text = read_file(abs, NULL);
	struct object *obj;
	char **refs;
	size_t n;

	if (!text) {
		error("%s: %s", abs, errstr(errno));
	} else if ((obj = build_new_object(b, name)) != NULL) {
		obj->is_script = 1;
		refs = lds_references(text, &n);
		for (size_t i = 0; i < n; i++)
			object_add_sym(&b->set, obj, refs[i], SYM_UNDEF, KIND_VAR);
		lds_free(refs, n);
		keep_add_references(b, obj, text);
	}
	free(text);
	free(name);
	free(abs);
}

void linkscripts_add(struct build *b, const struct scan_opts *opts)
{
	char *pattern;
	glob_t g;

	for (size_t i = 0; i < opts->nlds; i++)
		add_linker_script(b, opts->lds[i]);
	if (opts->nlds)
		return;
	for (size_t i = 0; i < b->nimage_scripts; i++)
		add_linker_script(b, b->image_scripts[i]);
	pattern = path_join(b->dir, "arch/*/kernel/vmlinux.lds");
	if (glob(pattern, 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++) {
			char *rel = path_relative(g.gl_pathv[i], b->dir);

			add_linker_script(b, rel);
			free(rel);
		}
		globfree(&g);
	}
	free(pattern);
}
