// SPDX-License-Identifier: GPL-2.0-only
/* db.c - the incremental scan database: a tab-separated text file.
 *
 *   crossym-db 7
 *   F <size> <mtime_sec> <mtime_nsec> <inode> <ctime_sec> <ctime_nsec> <path>
 *   O <machine> <elfclass> <elfdata> <dwarf> <object name>
 *   S <bind> <kind> <symbol>
 *   X <section>          (the section of the definition just before)
 *   D <line> <symbol>    (a DWARF definition of the object, when dwarf is 2)
 *   E <file>             (its declaration file)
 *   L <stamp as F's> <asm> <path>   (a source file; asm: 1 when its text has
 *                        an asm statement, 2 unknown)
 *   W <result> <line> <symbol>   (where its text shows symbol's definition)
 *   R <stamp as F's> <path>   (an object file whose asm strings
 *                        --run-build-commands checked)
 *   A <symbol> <where>   (one asm-string reference it found)
 *   Z <hash>             (last: FNV-1a 64 of every byte before it)
 */
#include "core/abisec.h"
#include "kbuild/db.h"
#include "objfile/dwdecl.h"
#include "lib/util.h"
#include "text/locate.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define DB_MAGIC_NAME "crossym-db "
#define DB_VERSION 7
#define DB_MAGIC DB_MAGIC_NAME "7"
/* version 1 had no SYM_SELFREF records, 2 no sections, 3 no DWARF
 * definitions or source lines, 4 no asm-string checks, 5 no byte order, 6 no
 * ctime and no checksum: such a file is read as empty */
static const char *const db_magic_old[] = {
	"crossym-db 1", "crossym-db 2", "crossym-db 3", "crossym-db 4", "crossym-db 5",
	"crossym-db 6",
};

/* The last line, "Z<TAB>HASH": FNV-1a (64 bits) of every byte before it. A
 * file cut short has none, an altered one another hash. */
#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static unsigned long long fnv1a(unsigned long long h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * FNV_PRIME;
	return h;
}

static struct db_stamp stamp_of(const struct stat *st)
{
	struct db_stamp s = {
		(long long)st->st_size, (long long)st->st_mtim.tv_sec,
		(long long)st->st_mtim.tv_nsec, (long long)st->st_ino,
		(long long)st->st_ctim.tv_sec, (long long)st->st_ctim.tv_nsec,
	};
	return s;
}

static int same_stamp(const struct db_stamp *a, const struct db_stamp *b)
{
	return a->size == b->size && a->mtime_sec == b->mtime_sec &&
	       a->mtime_nsec == b->mtime_nsec && a->ino == b->ino &&
	       a->ctime_sec == b->ctime_sec && a->ctime_nsec == b->ctime_nsec;
}

/* The stamp of a record line's numbers v[0..DB_STAMP_N). */
static struct db_stamp stamp_from(const long long *v)
{
	return (struct db_stamp){ v[0], v[1], v[2], v[3], v[4], v[5] };
}

static void put_stamp(FILE *out, char tag, const struct db_stamp *s)
{
	fprintf(out, "%c\t%lld\t%lld\t%lld\t%lld\t%lld\t%lld\t", tag, s->size, s->mtime_sec,
		s->mtime_nsec, s->ino, s->ctime_sec, s->ctime_nsec);
}

/* Slot id of an array of records of size elsize, zeroed when new. */
static void *slot_of(void **arr, size_t *cap, unsigned id, size_t elsize)
{
	if (id >= *cap) {
		size_t old = *cap;

		grow_array(arr, cap, (size_t)id + 1, elsize);
		memset((char *)*arr + old * elsize, 0, (*cap - old) * elsize);
	}
	return (char *)*arr + (size_t)id * elsize;
}

/* The record for path, created empty when new. */
static struct db_file *file_slot(struct db *db, const char *path)
{
	return slot_of((void **)&db->file, &db->file_cap,
		       strtab_intern(&db->files, path), sizeof(*db->file));
}

static struct db_source *source_slot(struct db *db, const char *path)
{
	return slot_of((void **)&db->source, &db->source_cap,
		       strtab_intern(&db->sources, path), sizeof(*db->source));
}

static struct db_asmcheck *asm_slot(struct db *db, const char *path)
{
	return slot_of((void **)&db->asmcheck, &db->asmcheck_cap,
		       strtab_intern(&db->asmobjs, path), sizeof(*db->asmcheck));
}

void db_asmcheck_clear(struct db_asmcheck *a)
{
	for (size_t i = 0; i < a->nrefs; i++) {
		free(a->refs[i].symbol);
		free(a->refs[i].where);
	}
	free(a->refs);
	memset(a, 0, sizeof(*a));
}

void db_asmcheck_add(struct db_asmcheck *a, const char *symbol, const char *where)
{
	struct db_asmref *r;

	grow_array((void **)&a->refs, &a->refs_cap, a->nrefs + 1, sizeof(*r));
	r = &a->refs[a->nrefs++];
	r->symbol = xstrdup(symbol);
	r->where = xstrdup(where);
}

static void clear_object(struct db_object *o)
{
	free(o->syms);
	free(o->name);
	decls_free(o->decls, o->ndecls);
}

static void clear_file(struct db_file *f)
{
	for (size_t i = 0; i < f->nobjs; i++)
		clear_object(&f->objs[i]);
	free(f->objs);
	memset(f, 0, sizeof(*f));
}

static void clear_source(struct db_source *s)
{
	for (size_t i = 0; i < s->nlines; i++)
		free(s->lines[i].symbol);
	free(s->lines);
	memset(s, 0, sizeof(*s));
	s->asm_word = DB_ASM_UNKNOWN;
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

static void push_sym(struct db *db, struct db_object *o, const char *name, int bind,
		     int kind)
{
	struct db_sym *s;

	grow_array((void **)&o->syms, &o->syms_cap, o->nsyms + 1, sizeof(*s));
	s = &o->syms[o->nsyms++];
	s->name = strtab_intern(&db->names, name);
	s->section = 0;
	s->bind = (unsigned char)bind;
	s->kind = (unsigned char)kind;
}

static void push_decl(struct db_object *o, const char *symbol, const char *file,
		      unsigned line)
{
	struct decl *d;

	grow_array((void **)&o->decls, &o->decls_cap, o->ndecls + 1, sizeof(*d));
	d = &o->decls[o->ndecls++];
	d->symbol = xstrdup(symbol);
	d->file = file ? xstrdup(file) : NULL;
	d->line = line;
}

static void push_line(struct db_source *s, const char *symbol, int res, unsigned line)
{
	struct db_line *l;

	grow_array((void **)&s->lines, &s->lines_cap, s->nlines + 1, sizeof(*l));
	l = &s->lines[s->nlines++];
	l->symbol = xstrdup(symbol);
	l->res = (unsigned char)res;
	l->line = line;
}

/* "C\tN1\t...\tNn\tREST" with C == tag: the n numbers into v and REST, or
 * NULL (what sscanf("C\t%lld\t...%n") took, without its cost per line). */
static char *numbers(char *line, char tag, int n, long long *v)
{
	char *p = line, *end;

	if (p[0] != tag || p[1] != '\t')
		return NULL;
	p += 2;
	for (int i = 0; i < n; i++) {
		errno = 0;
		v[i] = strtoll(p, &end, 10);
		if (end == p || errno || *end != '\t')
			return NULL;
		p = end + 1;
	}
	return p;
}

/* Where load_line is: the current file, object and source records. */
struct load_state {
	struct db_file *f;
	struct db_object *o;
	struct db_source *s;
	struct db_asmcheck *a;
};

static int in_range(long long v, long long lo, long long hi)
{
	return v >= lo && v <= hi;
}

/* The lines of an object record; 0, else -1 when malformed. */
static int load_object_line(struct db *db, char *line, struct db_object *o)
{
	long long v[2];
	char *rest;

	if ((rest = numbers(line, 'S', 2, v)) != NULL &&
	    (in_range(v[0], SYM_DEF, SYM_EXPORT) || v[0] == SYM_SELFREF) &&
	    in_range(v[1], INT_MIN, INT_MAX)) {
		push_sym(db, o, rest, (int)v[0], (int)v[1]);
	} else if (o->nsyms && !strncmp(line, "X\t", 2) &&
		   !o->syms[o->nsyms - 1].section) {
		o->syms[o->nsyms - 1].section = strtab_intern(&db->names, line + 2);
	} else if (o->dwarf == 2 && (rest = numbers(line, 'D', 1, v)) != NULL &&
		   in_range(v[0], 0, UINT_MAX) &&
		   (!o->ndecls || o->decls[o->ndecls - 1].file)) {
		push_decl(o, rest, NULL, (unsigned)v[0]);
	} else if (o->ndecls && !strncmp(line, "E\t", 2) &&
		   !o->decls[o->ndecls - 1].file) {
		o->decls[o->ndecls - 1].file = xstrdup(line + 2);
	} else {
		return -1;
	}
	return 0;
}

/* Parse one line into the current records; -1 when malformed. */
static int load_line(struct db *db, char *line, struct load_state *ls)
{
	long long v[DB_STAMP_N + 1];
	char *rest;

	if ((rest = numbers(line, 'F', DB_STAMP_N, v)) != NULL) {
		*ls = (struct load_state){ file_slot(db, rest), NULL, NULL, NULL };
		clear_file(ls->f);
		ls->f->stamp = stamp_from(v);
	} else if ((rest = numbers(line, 'L', DB_STAMP_N + 1, v)) != NULL &&
		   in_range(v[DB_STAMP_N], 0, DB_ASM_UNKNOWN)) {
		*ls = (struct load_state){ NULL, NULL, source_slot(db, rest), NULL };
		clear_source(ls->s);
		ls->s->stamp = stamp_from(v);
		ls->s->asm_word = (unsigned char)v[DB_STAMP_N];
	} else if (ls->f && (rest = numbers(line, 'O', 4, v)) != NULL &&
		   in_range(v[0], 0, 0xffffffffLL) && in_range(v[1], 0, 255) &&
		   in_range(v[2], 0, 255) && in_range(v[3], 0, 2)) {
		if (ls->o && ls->o->ndecls && !ls->o->decls[ls->o->ndecls - 1].file)
			return -1;
		ls->o = push_object(ls->f, rest);
		ls->o->machine = (unsigned)v[0];
		ls->o->elfclass = (unsigned char)v[1];
		ls->o->elfdata = (unsigned char)v[2];
		ls->o->dwarf = (unsigned char)v[3];
	} else if ((rest = numbers(line, 'R', DB_STAMP_N, v)) != NULL) {
		*ls = (struct load_state){ NULL, NULL, NULL, asm_slot(db, rest) };
		db_asmcheck_clear(ls->a);
		ls->a->stamp = stamp_from(v);
	} else if (ls->a && !strncmp(line, "A\t", 2) && (rest = strchr(line + 2, '\t')) != NULL &&
		   rest > line + 2 && rest[1]) {
		*rest = '\0';
		db_asmcheck_add(ls->a, line + 2, rest + 1);
	} else if (ls->s && (rest = numbers(line, 'W', 2, v)) != NULL &&
		   in_range(v[0], LOC_NOT_FOUND, LOC_IN_MACRO) && in_range(v[1], 0, UINT_MAX)) {
		push_line(ls->s, rest, (int)v[0], (unsigned)v[1]);
	} else if (!ls->o || load_object_line(db, line, ls->o)) {
		return -1;
	}
	return 0;
}

/* Every decl got its file line. */
static int decls_complete(const struct db *db)
{
	for (size_t id = 0; id < db->files.count && id < db->file_cap; id++)
		for (size_t i = 0; i < db->file[id].nobjs; i++) {
			const struct db_object *o = &db->file[id].objs[i];

			for (size_t k = 0; k < o->ndecls; k++)
				if (!o->decls[k].file)
					return 0;
		}
	return 1;
}

static int is_old_magic(const char *line)
{
	for (size_t i = 0; i < sizeof(db_magic_old) / sizeof(*db_magic_old); i++)
		if (!strcmp(line, db_magic_old[i]))
			return 1;
	return 0;
}

/* "crossym-db N" of a later crossym than this one: N, else 0. */
static long newer_version(const char *line)
{
	char *end;
	long v;

	if (strncmp(line, DB_MAGIC_NAME, strlen(DB_MAGIC_NAME)))
		return 0;
	v = strtol(line + strlen(DB_MAGIC_NAME), &end, 10);
	return !*end && v > DB_VERSION ? v : 0;
}

/* The first line: 0 when it is this version's, 1 when an older one's (warned:
 * the scan starts afresh), -1 when refused (said). */
static int check_magic(const char *path, const char *line)
{
	long newer = newer_version(line);

	if (!strcmp(line, DB_MAGIC))
		return 0;
	if (is_old_magic(line)) {
		warn("%s: written by an older crossym (%s): scanning afresh", path, line);
		return 1;
	}
	if (newer)
		error("%s: written by a newer crossym (crossym-db %ld; this one reads "
		      "crossym-db %d): use that crossym, or delete the file to start afresh",
		      path, newer, DB_VERSION);
	else
		error("%s:1: not a crossym database; delete the file to start afresh", path);
	return -1;
}

/* The checksum line "Z<TAB>HASH" against the hash of the bytes before it: 0
 * when they agree, else -1 (said). */
static int check_sum(const char *path, unsigned long lineno, const char *line,
		     unsigned long long hash)
{
	char *end;
	unsigned long long want = strtoull(line + 2, &end, 16);

	if (line[0] == 'Z' && line[1] == '\t' && !*end && end > line + 2 && want == hash)
		return 0;
	error("%s:%lu: checksum mismatch: the file was changed after crossym wrote it; "
	      "delete it to start afresh", path, lineno);
	return -1;
}

/* The records of in after its first line; 0, or -1 when the file is refused
 * (said): a malformed line, a checksum that does not match, no checksum (cut
 * short), a line after it. */
static int load_records(struct db *db, FILE *in, const char *first, size_t firstlen)
{
	struct load_state ls = { NULL, NULL, NULL, NULL };
	unsigned long long hash = fnv1a(FNV_OFFSET, first, firstlen);
	unsigned long lineno = 1;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int bad = 0, summed = 0;

	while (!bad && (len = getline(&line, &cap, in)) >= 0) {
		lineno++;
		if (summed) {
			bad = -1;
			break;
		}
		if (line[0] == 'Z' && line[1] == '\t') {
			line[len - (line[len - 1] == '\n')] = '\0';
			if (check_sum(db->path, lineno, line, hash))
				bad = 1;
			summed = 1;
			continue;
		}
		hash = fnv1a(hash, line, (size_t)len);
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		bad = load_line(db, line, &ls) ? -1 : 0;
	}
	free(line);
	if (!bad && !summed) {
		error("%s: cut short after line %lu (no checksum line): delete it to start "
		      "afresh", db->path, lineno);
		return -1;
	}
	if (!bad && !decls_complete(db))
		bad = -1, lineno++;
	if (bad < 0)
		error("%s:%lu: not a crossym database line; delete the file to start afresh",
		      db->path, lineno);
	return bad ? -1 : 0;
}

int db_load(struct db *db, const char *path)
{
	FILE *in;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	struct stat st;
	int rc = 0;

	memset(db, 0, sizeof(*db));
	db->path = xstrdup(path);
	strtab_init(&db->files);
	strtab_init(&db->sources);
	strtab_init(&db->asmobjs);
	strtab_init(&db->names);
	strtab_intern(&db->names, "");       /* id 0: no section */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		error("%s: not a regular file", path);
		return -1;
	}
	in = fopen(path, "r");
	if (!in && errno == ENOENT)
		return 0;
	if (!in) {
		error("%s: %s", path, errstr(errno));
		return -1;
	}
	if ((len = getline(&line, &cap, in)) > 0) {
		size_t whole = (size_t)len;

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		rc = check_magic(path, line);
		if (!rc) {
			line[len] = whole > (size_t)len ? '\n' : '\0';
			rc = load_records(db, in, line, whole);
		}
	} else if (ferror(in)) {
		error("%s: %s", path, errstr(errno));
		rc = -1;
	}
	free(line);
	fclose(in);
	return rc < 0 ? -1 : 0;
}

const struct db_file *db_get(struct db *db, const char *file, const struct stat *st)
{
	long id = strtab_find(&db->files, file);
	struct db_stamp s = stamp_of(st);
	struct db_file *f;

	if (id < 0 || (size_t)id >= db->file_cap)
		return NULL;
	f = &db->file[id];
	if (!same_stamp(&f->stamp, &s))
		return NULL;
	f->used = 1;
	db->reused++;
	return f;
}

static void put_decls(struct db_object *o, const struct object *obj)
{
	o->dwarf = obj->has_dwarf ? 1 + obj->decls_read : 0;
	for (size_t k = 0; obj->decls_read && k < obj->ndecls; k++)
		push_decl(o, obj->decls[k].symbol, obj->decls[k].file, obj->decls[k].line);
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
		o->elfdata = obj->elfdata;
		put_decls(o, obj);
		for (size_t k = 0; k < obj->nsyms; k++) {
			push_sym(db, o, strtab_str(&set->names, obj->syms[k].name),
				 obj->syms[k].bind, obj->syms[k].kind);
			if (obj->syms[k].section)
				o->syms[o->nsyms - 1].section = strtab_intern(&db->names,
					strtab_str(&set->sections, obj->syms[k].section));
		}
	}
}

static void replay_decls(const struct db_object *o, struct object *obj)
{
	obj->has_dwarf = o->dwarf != 0;
	obj->decls_read = o->dwarf == 2;
	if (!o->ndecls)
		return;
	obj->decls = xcalloc(o->ndecls, sizeof(*obj->decls));
	obj->ndecls = o->ndecls;
	for (size_t k = 0; k < o->ndecls; k++) {
		obj->decls[k].symbol = xstrdup(o->decls[k].symbol);
		obj->decls[k].file = xstrdup(o->decls[k].file);
		obj->decls[k].line = o->decls[k].line;
	}
}

void db_replay(const struct db *db, const struct db_file *rec, struct objset *set,
	       struct object *(*add)(void *ctx, const char *name), void *ctx)
{
	for (size_t i = 0; i < rec->nobjs; i++) {
		const struct db_object *o = &rec->objs[i];
		struct object *obj = add(ctx, o->name);

		if (!obj)
			continue;
		obj->machine = o->machine;
		obj->elfclass = o->elfclass;
		obj->elfdata = o->elfdata;
		replay_decls(o, obj);
		grow_array((void **)&obj->syms, &obj->syms_cap, obj->nsyms + o->nsyms,
			   sizeof(*obj->syms));
		for (size_t k = 0; k < o->nsyms; k++) {
			struct objsym *s = &obj->syms[obj->nsyms++];

			s->name = strtab_intern(&set->names,
						strtab_str(&db->names, o->syms[k].name));
			s->section = o->syms[k].section ? strtab_intern(&set->sections,
				strtab_str(&db->names, o->syms[k].section)) : 0;
			s->bind = o->syms[k].bind;
			s->kind = o->syms[k].kind;
			if (s->section && abisec_is_descriptor(strtab_str(&set->sections,
								 s->section)))
				s->kind = KIND_FUNC;    /* a db an older crossym wrote */
		}
	}
}

void db_put_decls(struct db *db, const char *file, const struct object *obj)
{
	long id = strtab_find(&db->files, file);
	struct db_file *f;

	if (!obj->has_dwarf || id < 0 || (size_t)id >= db->file_cap || !db->file[id].used)
		return;
	f = &db->file[id];
	for (size_t i = 0; i < f->nobjs; i++) {
		struct db_object *o = &f->objs[i];

		if (strcmp(o->name, obj->name) || o->dwarf == 2)
			continue;
		put_decls(o, obj);
		db->changed = 1;
	}
}

struct db_source *db_source(struct db *db, const char *path, const struct stat *st)
{
	struct db_source *s = source_slot(db, path);
	struct db_stamp stamp = stamp_of(st);

	if (!same_stamp(&s->stamp, &stamp)) {
		clear_source(s);
		s->stamp = stamp;
		db->changed = 1;
	}
	s->used = 1;
	return s;
}

int db_source_get(const struct db_source *s, const char *symbol, int *res,
		  unsigned *line)
{
	for (size_t i = 0; i < s->nlines; i++)
		if (!strcmp(s->lines[i].symbol, symbol)) {
			*res = s->lines[i].res;
			*line = s->lines[i].line;
			return 1;
		}
	return 0;
}

void db_source_put(struct db *db, struct db_source *s, const char *symbol, int res,
		   unsigned line)
{
	push_line(s, symbol, res, line);
	db->changed = 1;
}

static void write_object(const struct db *db, const struct db_object *o, FILE *out)
{
	fprintf(out, "O\t%u\t%u\t%u\t%u\t%s\n", o->machine, o->elfclass, o->elfdata,
		o->dwarf, o->name);
	for (size_t k = 0; k < o->nsyms; k++) {
		fprintf(out, "S\t%d\t%d\t%s\n", o->syms[k].bind, o->syms[k].kind,
			strtab_str(&db->names, o->syms[k].name));
		if (o->syms[k].section)
			fprintf(out, "X\t%s\n", strtab_str(&db->names, o->syms[k].section));
	}
	for (size_t k = 0; k < o->ndecls; k++)
		fprintf(out, "D\t%u\t%s\nE\t%s\n", o->decls[k].line, o->decls[k].symbol,
			o->decls[k].file);
}

/* Whether the file record of path was used by this scan with the given stamp. */
static int file_used_as(const struct db *db, const char *path, const struct db_stamp *stamp)
{
	long id = strtab_find(&db->files, path);

	return id >= 0 && (size_t)id < db->file_cap && db->file[id].used &&
	       same_stamp(&db->file[id].stamp, stamp);
}

/* An asm-string check, kept while this scan used it or its object file. */
static void write_asmcheck(const struct db *db, size_t id, FILE *out)
{
	const struct db_asmcheck *a = &db->asmcheck[id];
	const char *path = strtab_str(&db->asmobjs, (unsigned)id);

	if (!a->used && !file_used_as(db, path, &a->stamp))
		return;
	put_stamp(out, 'R', &a->stamp);
	fprintf(out, "%s\n", path);
	for (size_t i = 0; i < a->nrefs; i++)
		fprintf(out, "A\t%s\t%s\n", a->refs[i].symbol, a->refs[i].where);
}

static int write_records(const struct db *db, FILE *out)
{
	fprintf(out, "%s\n", DB_MAGIC);
	for (size_t id = 0; id < db->files.count && id < db->file_cap; id++) {
		const struct db_file *f = &db->file[id];

		if (!f->used)
			continue;
		put_stamp(out, 'F', &f->stamp);
		fprintf(out, "%s\n", strtab_str(&db->files, (unsigned)id));
		for (size_t i = 0; i < f->nobjs; i++)
			write_object(db, &f->objs[i], out);
	}
	for (size_t id = 0; id < db->sources.count && id < db->source_cap; id++) {
		const struct db_source *s = &db->source[id];

		if (!s->used || (!s->nlines && s->asm_word == DB_ASM_UNKNOWN))
			continue;
		put_stamp(out, 'L', &s->stamp);
		fprintf(out, "%u\t%s\n", s->asm_word, strtab_str(&db->sources, (unsigned)id));
		for (size_t i = 0; i < s->nlines; i++)
			fprintf(out, "W\t%u\t%u\t%s\n", s->lines[i].res, s->lines[i].line,
				s->lines[i].symbol);
	}
	for (size_t id = 0; id < db->asmobjs.count && id < db->asmcheck_cap; id++)
		write_asmcheck(db, id, out);
	return ferror(out) ? -1 : 0;
}

/* Nothing read or recorded anew and every record used again: the file would
 * not change. */
static int unchanged(const struct db *db)
{
	if (db->read || db->changed || !db->files.count ||
	    db->files.count > db->file_cap || db->sources.count > db->source_cap)
		return 0;
	for (size_t id = 0; id < db->files.count; id++)
		if (!db->file[id].used)
			return 0;
	for (size_t id = 0; id < db->sources.count; id++)
		if (!db->source[id].used && db->source[id].nlines)
			return 0;
	return 1;
}
int db_save(struct db *db)
{
	struct atomic_file af;
	char *text = NULL;
	size_t len = 0;
	FILE *mem;
	int rc = -1;

	if (unchanged(db))
		return 0;
	/* in memory first: the checksum line covers every byte before it */
	mem = open_memstream(&text, &len);
	if (mem && !write_records(db, mem) && !fflush(mem) &&
	    !(rc = atomic_open(&af, db->path))) {
		fwrite(text, 1, len, af.f);
		fprintf(af.f, "Z\t%016llx\n", fnv1a(FNV_OFFSET, text, len));
		if (ferror(af.f)) {
			int saved = errno;

			atomic_abort(&af);
			errno = saved;
			rc = -1;
		} else {
			rc = atomic_commit(&af);
		}
	}
	if (mem)
		fclose(mem);
	free(text);
	if (rc)
		error("%s: cannot write the database: %s", db->path, errstr(errno));
	return rc;
}

void db_free(struct db *db)
{
	for (size_t i = 0; i < db->file_cap; i++)
		clear_file(&db->file[i]);
	free(db->file);
	strtab_free(&db->files);
	for (size_t i = 0; i < db->source_cap; i++)
		clear_source(&db->source[i]);
	free(db->source);
	strtab_free(&db->sources);
	for (size_t i = 0; i < db->asmcheck_cap; i++)
		db_asmcheck_clear(&db->asmcheck[i]);
	free(db->asmcheck);
	strtab_free(&db->asmobjs);
	strtab_free(&db->names);
	free(db->path);
	memset(db, 0, sizeof(*db));
}

void db_source_changed(struct db *db)
{
	db->changed = 1;
}

const struct db_asmcheck *db_asm_get(struct db *db, const char *path, const struct stat *st)
{
	long id = strtab_find(&db->asmobjs, path);
	struct db_stamp s = stamp_of(st);
	struct db_asmcheck *a;

	if (id < 0 || (size_t)id >= db->asmcheck_cap)
		return NULL;
	a = &db->asmcheck[id];
	if (!same_stamp(&a->stamp, &s))
		return NULL;
	a->used = 1;
	return a;
}

void db_asm_put(struct db *db, const char *path, const struct stat *st,
		struct db_asmcheck *found)
{
	struct db_asmcheck *a = asm_slot(db, path);

	db_asmcheck_clear(a);
	*a = *found;
	a->stamp = stamp_of(st);
	a->used = 1;
	memset(found, 0, sizeof(*found));
	db->changed = 1;
}
