// SPDX-License-Identifier: GPL-2.0-only
/* nmscan.c - a build's objects and symbols from nm -A text. */
#include "kbuild/nmscan.h"
#include "kbuild/aggregate.h"
#include "objfile/ar.h"
#include "objfile/nmread.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* nm -A input: one object per PATH or PATH:MEMBER, named as the ELF walk
 * names it. nm prints a thin archive's members as paths from where it ran
 * (the build dir), a regular archive's as stored. */
static char *nm_object_name(struct build *b, const struct nm_line *line)
{
	char *path = path_relative(line->path, b->dir), *abs, *name;

	if (!line->member)
		return path;
	abs = path_join(b->dir, path);
	name = ar_file_kind(abs) == 2 ? path_normalize(line->member)
				    : xasprintf("%s(%s)", path, line->member);
	free(abs);
	free(path);
	return name;
}

static void nm_add(void *ctx, const struct nm_line *line)
{
	struct build *b = ctx;
	char *name = nm_object_name(b, line);
	struct object *obj = build_find(b, name);
	enum sym_kind kind;
	int bind = nm_letter_bind(line->type, &kind);

	if (!obj) {
		obj = build_new_object(b, name);
		obj->link = (unsigned char)(line->member ?
					    aggregate_link_mode(line->path) : LINK_ALWAYS);
		obj->no_sections = NO_SECTIONS_NM; /* nm -A prints no sections */
	}
	if (bind >= 0)
		object_add_sym(&b->set, obj, line->name, (enum sym_bind)bind, kind);
	free(name);
}

/* The nm text: a regular file or a pipe (bash's <(...) too), never a
 * device (/dev/zero) or a socket. NULL when refused (reported). */
static FILE *open_nm_input(const char *nm_file)
{
	int is_stdin = !strcmp(nm_file, "-");
	int fd = is_stdin ? dup(STDIN_FILENO) : open(nm_file, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;
	FILE *in;

	if (fd < 0 || fstat(fd, &st) != 0) {
		error("%s: %s", nm_file, errstr(errno));
	} else if (S_ISDIR(st.st_mode)) {
		error("%s: %s", nm_file, errstr(EISDIR));
	} else if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
		error("%s: not a regular file or a pipe", is_stdin ? "<stdin>" : nm_file);
	} else if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 ||
		   !(in = fdopen(fd, "r"))) {
		error("%s: %s", nm_file, errstr(errno));
	} else {
		return in;
	}
	if (fd >= 0)
		close(fd);
	return NULL;
}

int nmscan_read(struct build *b, const char *nm_file)
{
	FILE *in = open_nm_input(nm_file);
	int bad;

	if (!in) {
		b->nerrors++;
		return -1;
	}
	bad = nm_read(in, strcmp(nm_file, "-") ? nm_file : "<stdin>", nm_add, b);
	fclose(in);
	if (bad < 0) {
		b->nerrors++;
		return -1;
	}
	b->nerrors += (unsigned)bad;
	return 0;
}
