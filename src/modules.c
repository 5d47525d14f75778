/* modules.c - the modules of a kernel build and their objects. */
#include "modules.h"
#include "aggregate.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>

/* kbuild's modules.order names every module (DIR/NAME.ko); NAME.o is the
 * module's object, made with `ld -r` from the objects NAME.mod lists. */
void modules_add(struct build *b)
{
	char *path = path_join(b->dir, "modules.order");
	char *text = read_file(path, NULL), *line, *save = NULL;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		size_t first = b->set.count;
		char *obj;

		if (!str_has_suffix(line, ".ko"))
			continue;
		obj = xasprintf("%.*s.o", (int)strlen(line) - 3, line);
		aggregate_add_object(b, obj, LINK_ALWAYS, 0);
		for (size_t i = first; i < b->set.count; i++)
			b->set.objs[i].module = path_normalize(line);
		free(obj);
	}
	free(text);
	free(path);
}

/* nm input: the objects NAME.mod lists belong to module NAME.ko. */
void modules_assign_nm(struct build *b)
{
	char *path = path_join(b->dir, "modules.order");
	char *text = read_file(path, NULL), *line, *save = NULL;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *mod, *modabs, *list, *obj, *save2 = NULL;

		if (!str_has_suffix(line, ".ko"))
			continue;
		mod = xasprintf("%.*s.mod", (int)strlen(line) - 3, line);
		modabs = path_join(b->dir, mod);
		list = read_file(modabs, NULL);
		for (obj = list ? strtok_r(list, " \n", &save2) : NULL; obj;
		     obj = strtok_r(NULL, " \n", &save2)) {
			char *name = path_normalize(obj);
			struct object *o = build_find(b, name);

			if (o && !o->module)
				o->module = path_normalize(line);
			free(name);
		}
		free(list);
		free(modabs);
		free(mod);
	}
	free(text);
	free(path);
}
