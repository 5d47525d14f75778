/* SPDX-License-Identifier: GPL-2.0-only */
/* objload.h - one file's symbols into the build: an ELF object's, the members
 * of a regular archive, or what the db (--db) remembers of either. */
#ifndef CROSSYM_OBJLOAD_H
#define CROSSYM_OBJLOAD_H

#include <sys/stat.h>
#include "objfile/ar.h"
#include "core/build.h"

/* Take what the db knows of the file key (absolute) with status st; 1 when
 * it knew it (its objects are added, linked as link says), else 0. */
int objload_from_db(struct build *b, const char *key, const struct stat *st,
		    enum obj_link link);
/* The ELF object name from buf[0..len): a new object with its symbols; 0, or
 * -1 when the file is bad (reported; the object has no symbols). */
int objload_object(struct build *b, const char *name, const unsigned char *buf,
		   size_t len, enum obj_link link);
/* The members of the regular archive at path as objects "path(member)";
 * a member met before is only made LINK_ALWAYS when link is. */
void objload_members(struct build *b, const char *path, const struct ar_archive *ar,
		     enum obj_link link);

#endif
