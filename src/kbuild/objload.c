// SPDX-License-Identifier: GPL-2.0-only
/* objload.c - read one file's objects: ELF, regular archive members, db. */
#include "kbuild/objload.h"
#include "kbuild/db.h"
#include "objfile/elfread.h"
#include "lib/util.h"

#include <stdlib.h>

/* Read obj's symbols from buf; a bad file is reported (unless the scan is
 * quiet), gets no symbols and makes the return -1. */
static int read_object_symbols(struct build *b, struct object *obj,
			       const unsigned char *buf, size_t len)
{
	char msg[256];
	const char *why = elf_read_symbols(&b->set, obj, buf, len, msg, sizeof(msg));

	if (!why)
		return 0;
	obj->machine_ok = 0;
	if (!b->quiet) {
		error("%s: %s", obj->name, why);
		b->nerrors++;
	}
	return -1;
}

int objload_object(struct build *b, const char *name, const unsigned char *buf,
		   size_t len, enum obj_link link)
{
	struct object *obj = build_new_object(b, name);

	obj->link = (unsigned char)link;
	return read_object_symbols(b, obj, buf, len);
}

void objload_members(struct build *b, const char *path, const struct ar_archive *ar,
		     enum obj_link link)
{
	for (size_t i = 0; i < ar->count; i++) {
		const struct ar_member *m = &ar->members[i];
		char *name = xasprintf("%s(%s)", path, m->name);
		struct object *obj = build_new_object(b, name);

		if (!obj && link == LINK_ALWAYS)   /* --whole-archive too */
			build_find(b, name)->link = LINK_ALWAYS;
		if (obj) {
			obj->link = (unsigned char)link;
			read_object_symbols(b, obj, m->data, m->size);
		}
		free(name);
	}
}

struct replay_ctx {
	struct build *b;
	enum obj_link link;
};

static struct object *replay_add(void *ctx, const char *name)
{
	struct replay_ctx *rc = ctx;
	struct object *obj = build_new_object(rc->b, name);

	if (obj)
		obj->link = (unsigned char)rc->link;
	else if (rc->link == LINK_ALWAYS)
		build_find(rc->b, name)->link = LINK_ALWAYS;
	return obj;
}

int objload_from_db(struct build *b, const char *key, const struct stat *st,
		    enum obj_link link)
{
	const struct db_file *rec;
	struct replay_ctx ctx = { b, link };

	if (!b->db || !(rec = db_get(b->db, key, st)))
		return 0;
	db_replay(b->db, rec, &b->set, replay_add, &ctx);
	return 1;
}
