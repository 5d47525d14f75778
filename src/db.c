/* db.c - the incremental scan database: a tab-separated text file.
 *
 *   crossym-db 2
 *   F <size> <mtime_sec> <mtime_nsec> <inode> <path>
 *   O <machine> <elfclass> <object name>
 *   S <bind> <kind> <symbol>
 */
#include "db.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define DB_MAGIC "crossym-db 2"
/* version 1 had no SYM_SELFREF records: such a file is read as empty */
#define DB_MAGIC_OLD "crossym-db 1"

static struct db_stamp stamp_of(const struct stat *st)
{
	struct db_stamp s = {
		(long long)st->st_size, (long long)st->st_mtim.tv_sec,
		(long long)st->st_mtim.tv_nsec, (long long)st->st_ino,
	};
	return s;
}

/* The record for path, created empty when new. */
static struct db_file *file_slot(struct db *db, const char *path)
{
	unsigned id = strtab_intern(&db->files, path);

	if (id >= db->file_cap) {
		size_t old = db->file_cap;

		grow_array((void **)&db->file, &db->file_cap, (size_t)id + 1,
			   sizeof(*db->file));
		memset(db->file + old, 0, (db->file_cap - old) * sizeof(*db->file));
	}
	return &db->file[id];
}

static void clear_file(struct db_file *f)
{
	for (size_t i = 0; i < f->nobjs; i++) {
		for (size_t k = 0; k < f->objs[i].nsyms; k++)
			free(f->objs[i].syms[k].name);
		free(f->objs[i].syms);
		free(f->objs[i].name);
	}
	free(f->objs);
	memset(f, 0, sizeof(*f));
}

static struct db_object *push_object(struct db_file *f, const char *name)
{
	struct db_object *o;

	grow_array((void **)&f->objs, &f->objs_cap, f->nobjs + 1, sizeof(*o));
	o = &f->objs[f->nobjs++];
	memset(o, 0, sizeof(*o));
	o->name = xstrdup(name);
	return o;
}

static void push_sym(struct db_object *o, const char *name, int bind, int kind)
{
	struct db_sym *s;

	grow_array((void **)&o->syms, &o->syms_cap, o->nsyms + 1, sizeof(*s));
	s = &o->syms[o->nsyms++];
	s->name = xstrdup(name);
	s->bind = (unsigned char)bind;
	s->kind = (unsigned char)kind;
}

/* Parse one line into the current file/object; -1 when malformed. */
static int load_line(struct db *db, char *line, struct db_file **f,
		     struct db_object **o)
{
	struct db_stamp s;
	unsigned machine, cls;
	int bind, kind, n = 0;

	if (sscanf(line, "F\t%lld\t%lld\t%lld\t%lld\t%n", &s.size, &s.mtime_sec,
		   &s.mtime_nsec, &s.ino, &n) == 4 && n) {
		*f = file_slot(db, line + n);
		clear_file(*f);
		(*f)->stamp = s;
		*o = NULL;
	} else if (*f && sscanf(line, "O\t%u\t%u\t%n", &machine, &cls, &n) == 2 && n) {
		*o = push_object(*f, line + n);
		(*o)->machine = machine;
		(*o)->elfclass = (unsigned char)cls;
	} else if (*o && sscanf(line, "S\t%d\t%d\t%n", &bind, &kind, &n) == 2 && n &&
		   ((bind >= SYM_DEF && bind <= SYM_EXPORT) || bind == SYM_SELFREF)) {
		push_sym(*o, line + n, bind, kind);
	} else {
		return -1;
	}
	return 0;
}

int db_load(struct db *db, const char *path)
{
	FILE *in;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	unsigned long lineno = 0;
	struct db_file *f = NULL;
	struct db_object *o = NULL;

	memset(db, 0, sizeof(*db));
	db->path = xstrdup(path);
	strtab_init(&db->files);
	in = fopen(path, "r");
	if (!in && errno == ENOENT)
		return 0;
	if (!in) {
		error("%s: %s", path, strerror(errno));
		return -1;
	}
	while ((len = getline(&line, &cap, in)) >= 0) {
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		if (++lineno == 1 && !strcmp(line, DB_MAGIC_OLD))
			break;
		if (lineno == 1 ? strcmp(line, DB_MAGIC) : load_line(db, line, &f, &o)) {
			error("%s:%lu: not a crossym database line; delete the file "
			      "to start afresh", path, lineno);
			free(line);
			fclose(in);
			return -1;
		}
	}
	free(line);
	fclose(in);
	return 0;
}

const struct db_file *db_get(struct db *db, const char *file, const struct stat *st)
{
	long id = strtab_find(&db->files, file);
	struct db_stamp s = stamp_of(st);
	struct db_file *f;

	if (id < 0 || (size_t)id >= db->file_cap)
		return NULL;
	f = &db->file[id];
	if (f->stamp.size != s.size || f->stamp.mtime_sec != s.mtime_sec ||
	    f->stamp.mtime_nsec != s.mtime_nsec || f->stamp.ino != s.ino)
		return NULL;
	f->used = 1;
	db->reused++;
	return f;
}

void db_put(struct db *db, const char *file, const struct stat *st,
	    const struct objset *set, size_t first)
{
	struct db_file *f = file_slot(db, file);

	clear_file(f);
	f->stamp = stamp_of(st);
	f->used = 1;
	db->read++;
	for (size_t i = first; i < set->count; i++) {
		const struct object *obj = &set->objs[i];
		struct db_object *o = push_object(f, obj->name);

		o->machine = obj->machine;
		o->elfclass = obj->elfclass;
		for (size_t k = 0; k < obj->nsyms; k++)
			push_sym(o, strtab_str(&set->names, obj->syms[k].name),
				 obj->syms[k].bind, obj->syms[k].kind);
	}
}

void db_replay(const struct db_file *rec, struct objset *set,
	       struct object *(*add)(void *ctx, const char *name), void *ctx)
{
	for (size_t i = 0; i < rec->nobjs; i++) {
		const struct db_object *o = &rec->objs[i];
		struct object *obj = add(ctx, o->name);

		if (!obj)
			continue;
		obj->machine = o->machine;
		obj->elfclass = o->elfclass;
		for (size_t k = 0; k < o->nsyms; k++) {
			struct objsym *s;

			grow_array((void **)&obj->syms, &obj->syms_cap, obj->nsyms + 1,
				   sizeof(*s));
			s = &obj->syms[obj->nsyms++];
			s->name = strtab_intern(&set->names, o->syms[k].name);
			s->bind = o->syms[k].bind;
			s->kind = o->syms[k].kind;
		}
	}
}

static int write_records(const struct db *db, FILE *out)
{
	fprintf(out, "%s\n", DB_MAGIC);
	for (size_t id = 0; id < db->files.count && id < db->file_cap; id++) {
		const struct db_file *f = &db->file[id];

		if (!f->used)
			continue;
		fprintf(out, "F\t%lld\t%lld\t%lld\t%lld\t%s\n", f->stamp.size,
			f->stamp.mtime_sec, f->stamp.mtime_nsec, f->stamp.ino,
			strtab_str(&db->files, (unsigned)id));
		for (size_t i = 0; i < f->nobjs; i++) {
			const struct db_object *o = &f->objs[i];

			fprintf(out, "O\t%u\t%u\t%s\n", o->machine, o->elfclass, o->name);
			for (size_t k = 0; k < o->nsyms; k++)
				fprintf(out, "S\t%d\t%d\t%s\n", o->syms[k].bind,
					o->syms[k].kind, o->syms[k].name);
		}
	}
	return ferror(out) ? -1 : 0;
}

int db_save(struct db *db)
{
	char *tmp = xasprintf("%s.tmp", db->path);
	FILE *out = fopen(tmp, "w");
	int rc = -1;

	if (out) {
		rc = write_records(db, out);
		if (fclose(out))
			rc = -1;
		if (!rc && rename(tmp, db->path))
			rc = -1;
	}
	if (rc) {
		error("%s: cannot write the database: %s", db->path, strerror(errno));
		remove(tmp);
	}
	free(tmp);
	return rc;
}

void db_free(struct db *db)
{
	for (size_t i = 0; i < db->file_cap; i++)
		clear_file(&db->file[i]);
	free(db->file);
	strtab_free(&db->files);
	free(db->path);
	memset(db, 0, sizeof(*db));
}
