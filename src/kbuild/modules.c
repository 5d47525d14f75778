// SPDX-License-Identifier: GPL-2.0-only
/* modules.c - the modules of a kernel build and their objects. */
#include "kbuild/modules.h"
#include "kbuild/aggregate.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* NAME.mod.o (made by modpost from NAME.mod.c) is linked into NAME.ko beside
 * NAME.o, outside the module's unit: its references (init_module and
 * cleanup_module, which __this_module names for the module loader) come from
 * outside the unit. Its own definitions are modpost's and never compiled
 * whole-program: only its references are kept. */
static void mark_module_stub(struct object *o, const char *module)
{
	size_t kept = 0;

	if (!o || o->module)
		return;
	o->module = path_normalize(module);
	o->module_stub = 1;
	for (size_t k = 0; k < o->nsyms; k++)
		if (o->syms[k].bind == SYM_UNDEF || o->syms[k].bind == SYM_WEAKUNDEF)
			o->syms[kept++] = o->syms[k];
	o->nsyms = kept;
}

static void add_module_stub(struct build *b, const char *module, const char *base)
{
	char *stub = xasprintf("%s.mod.o", base), *abs = path_join(b->dir, stub);

	if (access(abs, F_OK) == 0) {
		aggregate_add_object(b, stub, LINK_ALWAYS, 0);
		mark_module_stub(build_find(b, stub), module);
	}
	free(abs);
	free(stub);
}

/* The module a modules.order line names: DIR/NAME.ko (Linux up to 6.1) or
 * DIR/NAME.o (from 6.2 on: the module's object); its DIR/NAME, or NULL. */
static char *module_base(const char *line)
{
	if (str_has_suffix(line, ".ko"))
		return xstrndup(line, strlen(line) - 3);
	if (str_has_suffix(line, ".o"))
		return xstrndup(line, strlen(line) - 2);
	return NULL;
}

/* kbuild's modules.order names every module; NAME.o is the module's object,
 * made with `ld -r` from the objects NAME.mod lists; NAME.ko its name here. */
void modules_add(struct build *b)
{
	char *path = path_join(b->dir, "modules.order");
	char *text = read_file(path, NULL), *line, *save = NULL;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		size_t first = b->set.count;
		char *base = module_base(line), *obj, *ko;

		if (!base)
			continue;
		obj = xasprintf("%s.o", base);
		ko = xasprintf("%s.ko", base);
		aggregate_add_object(b, obj, LINK_ALWAYS, 0);
		for (size_t i = first; i < b->set.count; i++)
			b->set.objs[i].module = path_normalize(ko);
		add_module_stub(b, ko, base);
		free(ko);
		free(obj);
		free(base);
	}
	free(text);
	free(path);
}

/* nm input: the objects NAME.mod lists belong to module NAME.ko, and its
 * NAME.mod.o (when the nm output has it) is its stub. */
void modules_assign_nm(struct build *b)
{
	char *path = path_join(b->dir, "modules.order");
	char *text = read_file(path, NULL), *line, *save = NULL;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *base = module_base(line), *mod, *stub, *modabs, *list, *obj, *ko;
		char *save2 = NULL;

		if (!base)
			continue;
		mod = xasprintf("%s.mod", base);
		ko = xasprintf("%s.ko", base);
		stub = xasprintf("%s.o", mod);
		mark_module_stub(build_find(b, stub), ko);
		free(stub);
		modabs = path_join(b->dir, mod);
		list = read_file(modabs, NULL);
		for (obj = list ? strtok_r(list, " \n", &save2) : NULL; obj;
		     obj = strtok_r(NULL, " \n", &save2)) {
			char *name = path_normalize(obj);
			struct object *o = build_find(b, name);

			if (o && !o->module)
				o->module = path_normalize(ko);
			free(name);
		}
		free(list);
		free(modabs);
		free(mod);
		free(ko);
		free(base);
	}
	free(text);
	free(path);
}
