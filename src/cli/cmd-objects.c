// SPDX-License-Identifier: GPL-2.0-only
/* cmd-objects.c - crossym objects: the files to give `nm -A` so that
 * `report --nm` reads what the ELF scan reads. */
#include "cli/commands.h"
#include "cli/pipeline.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static const char objects_help[] =
	"usage: crossym objects [-q] BUILD_DIR\n\n"
	"List the files to give `nm -A` so that `crossym report --nm` reads the same\n"
	"symbols as the ELF scan: linked objects by path, library archives whole.\n\n";

static const struct optdef *const objects_options[] = { NULL };

static void objects_set(void *opts, int id, const char *arg)
{
	scan_args_set(opts, id, arg);
}

/* The file to give nm for obj: a library member's archive (so that nm output
 * keeps the link-on-demand rule), else the object. NULL: nothing to print. */
static char *nm_input_of(const struct object *obj)
{
	const char *open = strchr(obj->name, '(');

	if (obj->is_script)
		return NULL;
	if (open)
		return xstrndup(obj->name, (size_t)(open - obj->name));
	if (obj->archive && obj->link == LINK_ON_DEMAND)
		return xstrdup(obj->archive);
	return xstrdup(obj->name);
}

static void objects_each(struct pipeline *p, struct build *b)
{
	struct strtab printed;

	(void)p;
	strtab_init(&printed);
	objset_sort(&b->set);
	for (size_t i = 0; i < b->set.count; i++) {
		char *file = nm_input_of(&b->set.objs[i]);

		if (file && strtab_find(&printed, file) < 0) {
			strtab_intern(&printed, file);
			puts(file);
		}
		free(file);
	}
	strtab_free(&printed);
}

int cmd_objects(int argc, char **argv)
{
	struct scan_args a = { .db_file = NULL };
	struct cmdline cl = { objects_help, objects_options, objects_set, &a };
	struct pipeline p;
	int done, status = cmdline_parse(argc, argv, &cl, &a.builds, &done);

	if (status || done)
		return status;
	pipeline_init(&p, &a, PH(PH_SCAN) | PH(PH_EACH));
	p.builds.n = 1;         /* the first BUILD_DIR */
	p.each = objects_each;
	status = pipeline_run(&p) ? 2 : diag.status;
	pipeline_free(&p);
	scan_args_free(&a);
	return status;
}
