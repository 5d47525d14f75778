/* SPDX-License-Identifier: GPL-2.0-only */
/* db.h - what a scan learned per object file, kept between runs (--db FILE).
 *
 * A file is re-read unless its size, mtime (ns), inode and ctime (ns) all
 * match the record, so a re-scan after a merge reads only the objects that
 * changed; what the later steps derived from a file (an object's DWARF
 * definitions, where a source file shows its definitions) is kept too, under
 * the same rule. The file ends with a checksum of all its bytes: one cut
 * short or altered is refused. */
#ifndef CROSSYM_DB_H
#define CROSSYM_DB_H

#include <stddef.h>
#include <sys/stat.h>
#include "core/objects.h"
#include "lib/strtab.h"

struct db_sym {
	unsigned name;          /* id in the db's names */
	unsigned section;       /* a definition's section (id), or 0 */
	unsigned char bind, kind;
};

struct db_object {
	char *name;             /* object display name */
	unsigned machine;
	unsigned char elfclass;
	unsigned char elfdata;  /* byte order: ELFDATA2LSB/MSB */
	unsigned char dwarf;    /* 0 no DWARF, 1 DWARF not read yet, 2 read: decls */
	struct decl *decls;     /* what dwarf_definitions gave (dwarf 2) */
	size_t ndecls, decls_cap;
	struct db_sym *syms;
	size_t nsyms, syms_cap;
};

/* What tells a file changed: size, mtime, inode and ctime (a file rewritten
 * with its old size and mtime put back still gets a new ctime). */
struct db_stamp {
	long long size, mtime_sec, mtime_nsec, ino, ctime_sec, ctime_nsec;
};
#define DB_STAMP_N 6    /* the numbers of a stamp in a record line */

struct db_file {
	struct db_stamp stamp;
	struct db_object *objs;
	size_t nobjs, objs_cap;
	int used;               /* seen by this scan: written back */
};

#define DB_ASM_UNKNOWN 2

/* Where a source file's text shows a definition (the report's line column). */
struct db_line {
	char *symbol;
	unsigned line;
	unsigned char res;      /* enum locate_result */
};

struct db_source {
	struct db_stamp stamp;
	unsigned char asm_word; /* its text has an asm statement: 0 no, 1 yes,
				 * DB_ASM_UNKNOWN not looked at */
	struct db_line *lines;
	size_t nlines, lines_cap;
	int used;               /* seen by this scan: written back */
};

/* An object file's asm-string references, as --run-build-commands found them
 * (asmrefs.c); valid while the file keeps its stamp (kbuild remakes the
 * object when its source, headers or command change). */
struct db_asmref {
	char *symbol;
	char *where;            /* file:line, relative to the tree */
};

/* A record exists only for a check made whole: refs is the whole answer for
 * the file with that stamp. */
struct db_asmcheck {
	struct db_stamp stamp;
	struct db_asmref *refs;
	size_t nrefs, refs_cap;
	int used;               /* looked up or recorded by this scan */
};

struct db {
	char *path;
	struct strtab files;    /* file path -> index in file */
	struct db_file *file;
	size_t file_cap;
	size_t reused, read;    /* object files taken from the db / read anew */
	struct strtab sources;  /* source path -> index in source */
	struct db_source *source;
	size_t source_cap;
	struct strtab asmobjs;  /* object file path -> index in asmcheck */
	struct db_asmcheck *asmcheck;
	size_t asmcheck_cap;
	int changed;            /* something recorded besides the files read */
	struct strtab names;    /* symbol and section names; id 0 is "" */
};

/* Load path (a missing file is an empty db). Returns -1 on a corrupt db. */
int db_load(struct db *db, const char *path);
/* The record of file when its stamp matches st (and count it reused), else NULL. */
const struct db_file *db_get(struct db *db, const char *file, const struct stat *st);
/* Record the objects set->objs[first .. set->count) as what file holds. */
void db_put(struct db *db, const char *file, const struct stat *st,
	    const struct objset *set, size_t first);
/* Replay a record into the set: one object per recorded object;
 * objects are appended through add(), which returns NULL for a known name. */
void db_replay(const struct db *db, const struct db_file *rec, struct objset *set,
	       struct object *(*add)(void *ctx, const char *name), void *ctx);
/* Record obj's DWARF definitions (obj->decls_read) in the record of file,
 * when this scan read or reused that file. */
void db_put_decls(struct db *db, const char *file, const struct object *obj);
/* The record of the source file at path, emptied when its stamp is not st's
 * (asm_word is then DB_ASM_UNKNOWN; set it, and call db_source_changed). */
struct db_source *db_source(struct db *db, const char *path, const struct stat *st);
/* What the record knows of symbol: 1 with *res and *line, else 0. */
int db_source_get(const struct db_source *s, const char *symbol, int *res,
		  unsigned *line);
void db_source_put(struct db *db, struct db_source *s, const char *symbol, int res,
		   unsigned line);
void db_source_changed(struct db *db);
/* The asm-string references recorded for the object file at path when its
 * stamp is st's, else NULL. */
const struct db_asmcheck *db_asm_get(struct db *db, const char *path, const struct stat *st);
/* Record the references of found (a whole check) for the file at path with
 * stamp st; the record takes them over and found is left empty. */
void db_asm_put(struct db *db, const char *path, const struct stat *st,
		struct db_asmcheck *found);
/* Add a reference to a check; free a check's references (it is left empty). */
void db_asmcheck_add(struct db_asmcheck *a, const char *symbol, const char *where);
void db_asmcheck_clear(struct db_asmcheck *a);
/* Write the records this scan used. Returns 0, or -1 after error(). */
int db_save(struct db *db);
void db_free(struct db *db);

#endif
