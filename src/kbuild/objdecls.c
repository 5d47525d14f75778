// SPDX-License-Identifier: GPL-2.0-only
/* objdecls.c - an object's DWARF definitions, read once. */
#include "kbuild/objdecls.h"
#include "kbuild/db.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

size_t object_decls(const struct build *b, struct object *obj, const struct decl **out)
{
	*out = NULL;
	if (!obj->decls_read && obj->has_dwarf && !strchr(obj->name, '(')) {
		char *abs = path_join(b->dir, obj->name);
		struct decl *decls = NULL;
		long n = dwarf_definitions(abs, &decls);

		free(abs);
		if (n < 0)
			return 0;
		obj->decls = decls;
		obj->ndecls = (size_t)n;
		obj->decls_read = 1;
		if (b->db) {
			char *key = path_join(b->absdir, obj->name);

			db_put_decls(b->db, key, obj);
			free(key);
		}
	}
	*out = obj->decls;
	return obj->decls_read ? obj->ndecls : 0;
}
