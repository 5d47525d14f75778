// SPDX-License-Identifier: GPL-2.0-only
/* fresh.c - objects older than the files they were built from. */
#include "kbuild/fresh.h"
#include "core/build.h"
#include "kbuild/kbuild.h"
#include "lib/strtab.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* What a file's stat said, once per path. */
struct mtimes {
	struct strtab paths;
	struct timespec *t;     /* per path; tv_nsec -1: no such file */
	size_t cap;
};

static const struct timespec *mtime_of(struct mtimes *m, const char *path)
{
	unsigned id;
	struct stat st;

	if (strtab_find(&m->paths, path) >= 0)
		return &m->t[strtab_find(&m->paths, path)];
	id = strtab_intern(&m->paths, path);
	grow_array((void **)&m->t, &m->cap, (size_t)id + 1, sizeof(*m->t));
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		m->t[id] = st.st_mtim;
	} else {
		m->t[id].tv_sec = 0;
		m->t[id].tv_nsec = -1;
	}
	return &m->t[id];
}

static int newer(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec > b->tv_sec || (a->tv_sec == b->tv_sec && a->tv_nsec > b->tv_nsec);
}

/* BUILD/.crossym-tagged as keys "PATH\tCKSUM SIZE". */
static void read_record(const struct build *b, struct strtab *keys)
{
	char *path = path_join(b->dir, FRESH_TAGGED_RECORD), *text, *line, *next;
	size_t len;

	strtab_init(keys);
	text = read_file(path, &len);
	if (!text && errno != ENOENT)
		error("%s: %s", path, errstr(errno));
	for (line = text; line && *line; line = next) {
		unsigned long sum, size;
		int at = 0;

		next = strchr(line, '\n');
		next = next ? (*next = 0, next + 1) : line + strlen(line);
		if (sscanf(line, "%lu %lu %n", &sum, &size, &at) == 2 && at && line[at] == '/') {
			char *key = xasprintf("%s\t%lu %lu", line + at, sum, size);

			strtab_intern(keys, key);
			free(key);
		}
	}
	free(text);
	free(path);
}

/* Whether file (newer than an object) is one annotate --apply wrote, as it
 * wrote it. */
static int tagged_as_recorded(const struct strtab *record, const char *file)
{
	char *abs, *text, *key;
	size_t len;
	int found;

	if (!record->count || !(abs = realpath(file, NULL)))
		return 0;
	text = read_file(abs, &len);
	key = text ? xasprintf("%s\t%lu %zu", abs,
			       posix_cksum((const unsigned char *)text, len), len) : NULL;
	found = key && strtab_find(record, key) >= 0;
	free(key);
	free(text);
	free(abs);
	return found;
}

/* The object file a .cmd file is the record of ("d/.x.o.cmd": "d/x.o"). */
static char *object_of_cmd(const char *cmd_path)
{
	const char *base = strrchr(cmd_path, '/');
	size_t dl = base ? (size_t)(base - cmd_path) + 1 : 0, bl;

	base = base ? base + 1 : cmd_path;
	bl = strlen(base);
	if (base[0] != '.' || bl < 6 || strcmp(base + bl - 4, ".cmd"))
		return NULL;
	return xasprintf("%.*s%.*s", (int)dl, cmd_path, (int)(bl - 5), base + 1);
}

/* The first file of deps newer than the object at objpath (its mtime
 * objt), or NULL. */
static char *newer_dep(const struct build *b, struct mtimes *m, const struct strtab *record,
		       char **deps, size_t n, const struct timespec *objt)
{
	char *found = NULL;

	for (size_t i = 0; i < n && !found; i++) {
		char *file = deps[i][0] == '/' ? xstrdup(deps[i]) : path_join(b->dir, deps[i]);
		const struct timespec *t = mtime_of(m, file);

		if (t->tv_nsec >= 0 && newer(t, objt) && !tagged_as_recorded(record, file))
			found = xstrdup(deps[i]);
		free(file);
	}
	return found;
}

size_t fresh_check(const struct build *b)
{
	struct mtimes m = { 0 };
	struct strtab record, done;
	size_t nstale = 0;

	strtab_init(&m.paths);
	strtab_init(&done);
	read_record(b, &record);
	for (size_t i = 0; i < b->set.count; i++) {
		const struct object *o = &b->set.objs[i];
		char *obj, *abs, *cmd, *text, *dep = NULL, **deps = NULL;
		size_t n = 0;
		struct stat st;

		if (!o->cmd_path || strtab_find(&done, o->cmd_path) >= 0 ||
		    !(obj = object_of_cmd(o->cmd_path)))
			continue;
		strtab_intern(&done, o->cmd_path);
		abs = path_join(b->dir, obj);
		cmd = path_join(b->dir, o->cmd_path);
		text = stat(abs, &st) == 0 ? kbuild_cmd_read(cmd) : NULL;
		if (text)
			deps = kbuild_cmd_deps(text, &n);
		if (n)
			dep = newer_dep(b, &m, &record, deps, n, &st.st_mtim);
		if (dep && nstale++ < 10)
			error("%s: older than %s, which changed since the build: the answer "
			      "may be stale (build again, then ask)", abs, dep);
		free(dep);
		strv_free(deps, n);
		free(text);
		free(cmd);
		free(abs);
		free(obj);
	}
	if (nstale > 10)
		error("%s: %zu objects in all older than a file they were built from",
		      b->dir, nstale);
	strtab_free(&record);
	strtab_free(&done);
	strtab_free(&m.paths);
	free(m.t);
	return nstale;
}
