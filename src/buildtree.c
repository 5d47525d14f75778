/* buildtree.c - the objects of a build, their units and their sources. */
#include "buildtree.h"
#include "ar.h"
#include "asmrefs.h"
#include "db.h"
#include "elfread.h"
#include "imagelink.h"
#include "kbuild.h"
#include "keepsec.h"
#include "ldscript.h"
#include "nmread.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_NESTING 16

/* What the directory walk found. */
struct found {
	char **roots;           /* aggregates: built-in.o, built-in.a, libraries */
	size_t nroots, roots_cap;
	char **objects;         /* every .o, for trees without aggregates */
	size_t nobjects, objects_cap;
};

static void push_path(char ***arr, size_t *n, size_t *cap, const char *path)
{
	grow_array((void **)arr, cap, *n + 1, sizeof(**arr));
	(*arr)[(*n)++] = xstrdup(path);
}

static void free_paths(char **arr, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(arr[i]);
	free(arr);
}

static int is_aggregate_name(const char *base)
{
	return !strcmp(base, "built-in.o") || str_has_suffix(base, ".a");
}

/* Whole aggregates are linked entire; other archives are libraries. */
static enum obj_link archive_link_mode(const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;

	if (!strcmp(base, "built-in.a") || !strcmp(base, "built-in.o") ||
	    !strcmp(base, "vmlinux.a"))
		return LINK_ALWAYS;
	return LINK_ON_DEMAND;
}

/* An object or aggregate file the walk met (st: what it is). */
static void add_found(struct build *b, const char *rel, const struct stat *st,
		      struct found *found)
{
	const char *base = strrchr(rel, '/') ? strrchr(rel, '/') + 1 : rel;

	if (!S_ISREG(st->st_mode)) {
		if (!S_ISDIR(st->st_mode)) {
			error("%s: not a regular file", rel);
			b->nerrors++;
		}
	} else if (is_aggregate_name(base)) {
		push_path(&found->roots, &found->nroots, &found->roots_cap, rel);
	} else {
		push_path(&found->objects, &found->nobjects, &found->objects_cap, rel);
	}
}

static void check_linked_object(struct build *b, const char *rel, const char *abs,
				struct found *found)
{
	struct stat st;

	if (stat(abs, &st) != 0) {
		error("%s: %s (a symbolic link to nothing)", rel, strerror(errno));
		b->nerrors++;
	} else {
		add_found(b, rel, &st, found);
	}
}

/* What the file at path starts with: 0 neither, 1 an ar archive, 2 a thin one.
 * Only a regular file's magic is read: a FIFO or device is no archive (and
 * no hang). */
static int archive_magic(const char *path)
{
	char magic[AR_MAGIC_LEN];
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), kind = 0;
	struct stat st;

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    read(fd, magic, sizeof(magic)) == (ssize_t)sizeof(magic))
		kind = !memcmp(magic, AR_THIN_MAGIC, AR_MAGIC_LEN) ? 2 :
		       !memcmp(magic, AR_MAGIC, AR_MAGIC_LEN) ? 1 : 0;
	close(fd);
	return kind;
}

static void walk(struct build *b, const char *rel, struct found *found, int depth)
{
	char *abs = *rel ? path_join(b->dir, rel) : xstrdup(b->dir);
	DIR *d = opendir(abs);
	struct dirent *de;

	if (!d) {
		error("%s: %s", abs, strerror(errno));
		free(abs);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		const char *n = de->d_name;
		char *child, *child_abs;
		struct stat st;

		if (!strcmp(n, ".") || !strcmp(n, "..") || !strcmp(n, ".git"))
			continue;
		child = *rel ? path_join(rel, n) : xstrdup(n);
		child_abs = path_join(b->dir, child);
		if (lstat(child_abs, &st) == 0) {
			int is_obj = is_aggregate_name(n) || str_has_suffix(n, ".o");

			if (S_ISDIR(st.st_mode) && depth < 64)
				walk(b, child, found, depth + 1);
			else if (S_ISLNK(st.st_mode) && is_obj)
				/* `cp -as` trees: a link to an object is the object;
				 * links to directories are not followed (`source`) */
				check_linked_object(b, child, child_abs, found);
			else if (is_obj)
				add_found(b, child, &st, found);
		}
		free(child);
		free(child_abs);
	}
	closedir(d);
	free(abs);
}

struct object *build_find(const struct build *b, const char *name)
{
	long id = strtab_find(&b->objnames, name);

	return id < 0 ? NULL : &b->set.objs[b->objidx[id]];
}

/* A new object, indexed by name; NULL when it is known already. */
static struct object *new_object(struct build *b, const char *name)
{
	unsigned id;

	if (build_find(b, name))
		return NULL;
	id = strtab_intern(&b->objnames, name);
	grow_array((void **)&b->objidx, &b->objidx_cap, (size_t)id + 1,
		   sizeof(*b->objidx));
	b->objidx[id] = b->set.count;
	return objset_add(&b->set, name);
}

/* Read obj's symbols from buf; a bad file is reported, gets no symbols and
 * makes the return -1. */
static int read_object_symbols(struct build *b, struct object *obj,
			       const unsigned char *buf, size_t len)
{
	char msg[256];
	const char *why = elf_read_symbols(&b->set, obj, buf, len, msg, sizeof(msg));

	if (!why)
		return 0;
	error("%s: %s", obj->name, why);
	obj->machine_ok = 0;
	b->nerrors++;
	return -1;
}

static void add_object_path(struct build *b, const char *path, enum obj_link link,
			    int depth);
static void add_archive(struct build *b, const char *path, enum obj_link link,
			int depth);

/* Inputs of an `ld -r` command: .o and .a words, and the words of @files.
 * Returns how many it found. */
static size_t add_link_inputs(struct build *b, char **words, size_t n,
			      enum obj_link link, int depth)
{
	size_t inputs = 0;

	for (size_t i = 1; i < n; i++) {
		const char *w = words[i];

		if (!strcmp(w, "-o") || !strcmp(w, "-m") || !strcmp(w, "-T")) {
			i++;
		} else if (w[0] == '@') {
			char *resp = path_join(b->dir, w + 1);
			char *text = read_file(resp, NULL);
			size_t nresp;
			char **rw;

			inputs++;
			if (!text) {
				error("%s: %s", resp, errstr(errno));
			} else {
				for (char *c = text; *c; c++)
					if (*c == '\n')
						*c = ' ';
				rw = kbuild_split_command(text, &nresp);
				/* word 0 is skipped by the loop: prepend a dummy */
				rw = xrealloc(rw, (nresp + 1) * sizeof(*rw));
				memmove(rw + 1, rw, nresp * sizeof(*rw));
				rw[0] = xstrdup("@");
				inputs += add_link_inputs(b, rw, nresp + 1, link, depth);
				for (size_t k = 0; k <= nresp; k++)
					free(rw[k]);
				free(rw);
			}
			free(text);
			free(resp);
		} else if (w[0] != '-' && str_has_suffix(w, ".o")) {
			add_object_path(b, w, link, depth + 1);
			inputs++;
		} else if (w[0] != '-' && str_has_suffix(w, ".a")) {
			add_archive(b, w, link, depth + 1);
			inputs++;
		}
	}
	return inputs;
}

/* A .cmd file that is there but cannot be read (a FIFO, a directory...). */
static void cmd_file_error(struct build *b, const char *cmdrel)
{
	error("%s: %s", cmdrel, errstr(errno));
	b->nerrors++;
}

/* When the .cmd head says its object was made by `ld -r`, add the inputs
 * instead of it and return 1. */
static int expand_relocatable_link(struct build *b, const char *path,
				   const char *cmdrel, const char *cmdhead,
				   enum obj_link link, int depth)
{
	char *cmd = cmdhead ? kbuild_cmd_command(cmdhead) : NULL;
	char **words = NULL;
	size_t n = 0;
	int expanded = 0;

	if (cmd && kbuild_command_is_relocatable_link(cmd))
		words = kbuild_split_command(cmd, &n);
	if (n) {
		expanded = add_link_inputs(b, words, n, link, depth) > 0;
		if (!expanded) {
			error("%s: its `ld -r` command names no inputs; reading %s itself",
			      cmdrel, path);
			b->nerrors++;
		}
	}
	for (size_t i = 0; i < n; i++)
		free(words[i]);
	free(words);
	free(cmd);
	return expanded;
}

/* A built-in.o without a .cmd naming its inputs: the objects beside it (its
 * sub-directories' built-in.o are aggregates of their own). */
static void add_sibling_objects(struct build *b, const char *builtin, int depth)
{
	char *dir = path_dirname(builtin), *abs = path_join(b->dir, dir);
	struct found found = { 0 };
	DIR *d = opendir(abs);
	struct dirent *de;

	warn("%s: no .cmd file names its inputs; taking the objects beside it", builtin);
	while (d && (de = readdir(d)) != NULL)
		if (str_has_suffix(de->d_name, ".o") && strcmp(de->d_name, "built-in.o") &&
		    !str_has_suffix(de->d_name, ".mod.o"))
			push_path(&found.objects, &found.nobjects, &found.objects_cap,
				  de->d_name);
	if (d)
		closedir(d);
	if (found.nobjects)
		qsort(found.objects, found.nobjects, sizeof(char *), cmp_strptr);
	for (size_t i = 0; i < found.nobjects; i++) {
		char *path = path_join(dir, found.objects[i]);

		add_object_path(b, path, LINK_ALWAYS, depth + 1);
		free(path);
	}
	free_paths(found.objects, found.nobjects);
	free(abs);
	free(dir);
}

/* 1 when rel (from the build dir) exists; else 0 with errno set. */
static int build_file_exists(const struct build *b, const char *rel)
{
	char *abs = path_join(b->dir, rel);
	struct stat st;
	int exists = stat(abs, &st) == 0, saved = errno;

	free(abs);
	errno = saved;
	return exists;
}

/* Remember which thin archive brought the member in (for `crossym objects`). */
static void note_thin_archive(struct build *b, const char *member, const char *archive)
{
	char *name = path_normalize(member);
	struct object *obj = build_find(b, name);

	if (obj && !obj->archive)
		obj->archive = xstrdup(archive);
	free(name);
}

static void add_archive_members(struct build *b, const char *path,
				const struct ar_archive *ar, enum obj_link link,
				int depth)
{
	char *dir = path_dirname(path);

	for (size_t i = 0; i < ar->count; i++) {
		const struct ar_member *m = &ar->members[i];
		struct object *obj;
		char *name;

		if (ar->thin) {
			/* kbuild stores member paths relative to the build root when
			 * they do not exist relative to the archive's directory (at
			 * the top the two are one: no need to look) */
			char *rel = path_join(dir, m->name);

			if (!build_file_exists(b, rel) && m->name[0] != '/' &&
			    build_file_exists(b, m->name)) {
				free(rel);
				rel = xstrdup(m->name);
			}
			if (!build_file_exists(b, rel)) {
				error("%s: member %s (stored as %s): %s", path, rel,
				      m->name, strerror(errno));
				b->nerrors++;
			} else {
				add_object_path(b, rel, link, depth + 1);
				note_thin_archive(b, rel, path);
			}
			free(rel);
			continue;
		}
		name = xasprintf("%s(%s)", path, m->name);
		obj = new_object(b, name);
		if (!obj && link == LINK_ALWAYS)   /* --whole-archive too */
			build_find(b, name)->link = LINK_ALWAYS;
		if (obj) {
			obj->link = (unsigned char)link;
			read_object_symbols(b, obj, m->data, m->size);
		}
		free(name);
	}
	free(dir);
}

struct replay_ctx {
	struct build *b;
	enum obj_link link;
};

static struct object *replay_add(void *ctx, const char *name)
{
	struct replay_ctx *rc = ctx;
	struct object *obj = new_object(rc->b, name);

	if (obj)
		obj->link = (unsigned char)rc->link;
	else if (rc->link == LINK_ALWAYS)
		build_find(rc->b, name)->link = LINK_ALWAYS;
	return obj;
}

/* Take what the db knows of the file at abs; 1 when it knew it. */
static int load_from_db(struct build *b, const char *abs, const struct stat *st,
			enum obj_link link)
{
	const struct db_file *rec;
	struct replay_ctx ctx = { b, link };

	if (!b->db || !(rec = db_get(b->db, abs, st)))
		return 0;
	db_replay(b->db, rec, &b->set, replay_add, &ctx);
	return 1;
}

/* Read an archive's members, or an object's symbols, from the file name. */
static void load_path(struct build *b, const char *name, enum obj_link link,
		      int depth)
{
	char *abs = path_join(b->dir, name), *key = path_join(b->absdir, name);
	size_t first = b->set.count, len = 0;
	unsigned char *buf = NULL;
	struct ar_archive ar;
	struct stat st;
	int cacheable = 0;

	if (b->db && stat(abs, &st) == 0 && load_from_db(b, key, &st, link)) {
		free(abs);
		free(key);
		return;
	}
	buf = (unsigned char *)read_file(abs, &len);
	if (!buf) {
		error("%s: %s", name, errstr(errno));
		b->nerrors++;
	} else if (ar_is_archive(buf, len)) {
		const char *why = ar_parse(buf, len, &ar);

		if (why) {
			error("%s: %s", name, why);
			b->nerrors++;
		}
		add_archive_members(b, name, &ar, link, depth);
		cacheable = !why && !ar.thin;
		ar_free(&ar);
	} else if (!elf_is_elf(buf, len)) {
		error("%s: not an ELF object or ar archive", name);
		b->nerrors++;
	} else if (!strcmp(name, "built-in.o") || str_has_suffix(name, "/built-in.o")) {
		add_sibling_objects(b, name, depth);
	} else {
		struct object *obj = new_object(b, name);

		obj->link = (unsigned char)link;
		cacheable = read_object_symbols(b, obj, buf, len) == 0;
	}
	if (cacheable && b->db)
		db_put(b->db, key, &st, &b->set, first);
	free(buf);
	free(abs);
	free(key);
}

static void source_from_cmd_head(struct build *b, struct object *obj,
				 const char *cmdrel, const char *head);

/* An object file: the inputs of an `ld -r`, else its symbols and, from the
 * same read of its .cmd file, its source. */
static void add_object_path(struct build *b, const char *path, enum obj_link link,
			    int depth)
{
	char *name = path_normalize(path);
	struct object *obj = build_find(b, name);

	if (obj) {
		if (link == LINK_ALWAYS)
			obj->link = LINK_ALWAYS;
	} else if (depth > MAX_NESTING) {
		error("%s: objects nested too deep", name);
	} else {
		char *cmdrel = kbuild_cmd_path(name), *cmdabs = path_join(b->dir, cmdrel);
		char *head = kbuild_cmd_read_head(cmdabs);

		if (!head && errno != ENOENT)
			cmd_file_error(b, cmdrel);
		if (!expand_relocatable_link(b, name, cmdrel, head, link, depth)) {
			load_path(b, name, link, depth);
			obj = build_find(b, name);
			if (obj && head)
				source_from_cmd_head(b, obj, cmdrel, head);
		}
		free(head);
		free(cmdabs);
		free(cmdrel);
	}
	free(name);
}

static void add_archive(struct build *b, const char *path, enum obj_link link,
			int depth)
{
	char *name = path_normalize(path);

	if (archive_link_mode(name) == LINK_ON_DEMAND)
		link = LINK_ON_DEMAND;
	if (depth > MAX_NESTING)
		error("%s: archives nested too deep", name);
	else
		load_path(b, name, link, depth);
	free(name);
}

/* The file kbuild compiled obj from: "DIR/lib.a(m.o)" was built as "DIR/m.o". */
static char *object_file_path(const char *name)
{
	const char *open = strchr(name, '(');
	char *dir, *member, *path;

	if (!open || !str_has_suffix(name, ")"))
		return xstrdup(name);
	dir = xstrndup(name, (size_t)(open - name));
	member = xstrndup(open + 1, strlen(open + 1) - 1);
	{
		char *d = path_dirname(dir);

		path = path_join(d, member);
		free(d);
	}
	free(dir);
	free(member);
	return path;
}

/* A path from a .cmd file, relative to the tree the build was made from (or
 * to --srctree) when it lies inside; relative ones are from the build dir. */
static char *tree_relative(const struct build *b, const char *path)
{
	char *abs = path_join(b->absdir, path);
	char *rel = path_relative(abs, b->built_from);

	if (rel[0] == '/') {
		free(rel);
		rel = path_relative(abs, b->srctree);
	}
	free(abs);
	return rel;
}

/* A source path as a .cmd file writes it, relative to the source tree. */
static char *cmd_source_relative(const struct build *b, const char *src)
{
	return src[0] == '/' ? tree_relative(b, src) : xstrdup(src);
}

/* The source a .cmd head names (source_ line, else the first dep: BusyBox),
 * or NULL; a fresh string as written there. */
static char *cmd_head_source(const char *head)
{
	char *src = kbuild_cmd_source(head);

	return src ? src : kbuild_cmd_first_dep(head);
}

/* obj's source and .cmd path from the head of its .cmd file cmdrel. */
static void source_from_cmd_head(struct build *b, struct object *obj,
				 const char *cmdrel, const char *head)
{
	char *src = cmd_head_source(head);

	if (src) {
		obj->source = cmd_source_relative(b, src);
		obj->cmd_path = xstrdup(cmdrel);
	}
	free(src);
}

static void source_from_cmd(struct build *b, const char *objfile,
			    struct object *obj)
{
	char *cmdrel = kbuild_cmd_path(objfile);
	char *cmdabs = path_join(b->dir, cmdrel);
	char *head = kbuild_cmd_read_head(cmdabs);

	if (head)
		source_from_cmd_head(b, obj, cmdrel, head);
	else if (errno != ENOENT)
		cmd_file_error(b, cmdrel);
	free(head);
	free(cmdabs);
	free(cmdrel);
}

/* obj->included: the other .c files the deps_ list of its .cmd file names. */
static void read_included(struct build *b, struct object *obj)
{
	char *cmdabs, *text, *src = NULL;

	if (!obj->cmd_path)
		return;
	cmdabs = path_join(b->dir, obj->cmd_path);
	text = read_file(cmdabs, NULL);
	if (text)
		src = cmd_head_source(text);
	else if (errno != ENOENT)
		cmd_file_error(b, obj->cmd_path);
	if (src) {
		obj->included = kbuild_cmd_included_c(text, src, &obj->nincluded);
		for (size_t i = 0; i < obj->nincluded; i++) {
			/* deps are absolute, or relative to where make ran */
			char *r = tree_relative(b, obj->included[i]);

			free(obj->included[i]);
			obj->included[i] = r;
		}
	}
	free(src);
	free(text);
	free(cmdabs);
}

/* Without a .cmd: the same-named .c/.S/.s in the source tree. */
static char *source_by_name(struct build *b, const char *objfile)
{
	static const char *const exts[] = { ".c", ".S", ".s" };
	size_t stem = strlen(objfile) - 2;

	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++) {
		char *rel = xasprintf("%.*s%s", (int)stem, objfile, exts[i]);
		char *abs = path_join(b->srctree, rel);
		struct stat st;
		int found = stat(abs, &st) == 0;

		free(abs);
		if (found)
			return rel;
		free(rel);
	}
	return NULL;
}

/* A relative source that is not in the source tree but in the build dir. */
static int is_generated(const struct build *b, const char *source)
{
	char *in_src, *in_build;
	struct stat st;
	int generated;

	if (source[0] == '/')
		return 0;
	in_src = path_join(b->srctree, source);
	in_build = path_join(b->dir, source);
	generated = stat(in_src, &st) != 0 && stat(in_build, &st) == 0;
	free(in_src);
	free(in_build);
	return generated;
}

static void assign_unit_and_source(struct build *b, struct object *obj)
{
	char *file = object_file_path(obj->name);
	const char *archive_end = strchr(obj->name, '(');
	char *owner = archive_end ? xstrndup(obj->name, (size_t)(archive_end - obj->name))
				  : xstrdup(obj->name);
	char *dir = path_dirname(owner);

	if (obj->is_script) {
		obj->unit = xstrdup(obj->name);
		free(dir);
		free(owner);
		free(file);
		return;
	}
	if (!obj->source)       /* not read with the object already */
		source_from_cmd(b, file, obj);
	if (!obj->source && str_has_suffix(file, ".o"))
		obj->source = source_by_name(b, file);
	obj->is_asm = obj->source && (str_has_suffix(obj->source, ".S") ||
				      str_has_suffix(obj->source, ".s"));
	obj->generated = obj->source && is_generated(b, obj->source);
	if (obj->module)
		obj->unit = xasprintf("%s%s", obj->module, obj->is_asm ? "#asm" : "");
	else
		obj->unit = obj->is_asm ? xasprintf("%s#asm", dir) : xstrdup(dir);
	free(dir);
	free(owner);
	free(file);
}

/* An object's architecture: machine and class (x32 is ELF32 x86-64). */
static unsigned arch_of(const struct object *o)
{
	return o->machine ? o->machine * 4 + o->elfclass : 0;
}

/* The architecture most objects have; the others are reported and left out. */
static void check_machines(struct build *b)
{
	unsigned best = 0;
	size_t best_count = 0, best_i = 0;

	for (size_t i = 0; i < b->set.count; i++) {
		unsigned a = arch_of(&b->set.objs[i]);
		size_t count = 0;

		if (!a || a == best)
			continue;
		for (size_t j = 0; j < b->set.count; j++)
			count += arch_of(&b->set.objs[j]) == a;
		if (count > best_count) {
			best = a;
			best_count = count;
			best_i = i;
		}
	}
	for (size_t i = 0; i < b->set.count; i++) {
		struct object *o = &b->set.objs[i];
		const struct object *ref = &b->set.objs[best_i];
		char n1[32], n2[32];

		if (arch_of(o) && arch_of(o) != best) {
			error("%s: wrong architecture (%s; the build is %s)", o->name,
			      elf_arch_name(o->machine, o->elfclass, n1, sizeof(n1)),
			      elf_arch_name(ref->machine, ref->elfclass, n2, sizeof(n2)));
			o->machine_ok = 0;
			b->nerrors++;
		}
	}
}


/* nm -A input: one object per PATH or PATH:MEMBER, named as the ELF walk
 * names it. nm prints a thin archive's members as paths from where it ran
 * (the build dir), a regular archive's as stored. */
static char *nm_object_name(struct build *b, const struct nm_line *line)
{
	char *path = path_relative(line->path, b->dir), *abs, *name;

	if (!line->member)
		return path;
	abs = path_join(b->dir, path);
	name = archive_magic(abs) == 2 ? path_normalize(line->member)
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
		obj = new_object(b, name);
		obj->link = (unsigned char)(line->member ?
					    archive_link_mode(line->path) : LINK_ALWAYS);
		obj->no_sections = 1;    /* nm -A prints no sections */
	}
	if (bind >= 0)
		object_add_sym(&b->set, obj, line->name, (enum sym_bind)bind, kind);
	free(name);
}

static int scan_nm(struct build *b, const char *nm_file)
{
	FILE *in = strcmp(nm_file, "-") ? fopen(nm_file, "r") : stdin;
	int bad;

	if (!in) {
		error("%s: %s", nm_file, strerror(errno));
		return -1;
	}
	bad = nm_read(in, strcmp(nm_file, "-") ? nm_file : "<stdin>", nm_add, b);
	if (in != stdin)
		fclose(in);
	b->nerrors += (unsigned)bad;
	return 0;
}

static int cmp_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The image's own aggregate first (vmlinux.a, then the top directory's), so
 * that objects are added in link order (`crossym units`); then by path. */
static int root_rank(const char *path)
{
	return !strcmp(path, "vmlinux.a") ? 0 : strchr(path, '/') ? 2 : 1;
}

static int cmp_root(const void *a, const void *b)
{
	int ra = root_rank(*(char *const *)a), rb = root_rank(*(char *const *)b);

	return ra != rb ? ra - rb : cmp_path(a, b);
}

/* kbuild's modules.order names every module (DIR/NAME.ko); NAME.o is the
 * module's object, made with `ld -r` from the objects NAME.mod lists. */
static void add_modules(struct build *b)
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
		add_object_path(b, obj, LINK_ALWAYS, 0);
		for (size_t i = first; i < b->set.count; i++)
			b->set.objs[i].module = path_normalize(line);
		free(obj);
	}
	free(text);
	free(path);
}

/* nm input: the objects NAME.mod lists belong to module NAME.ko. */
static void assign_modules_nm(struct build *b)
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

/* Beside vmlinux.a, link-vmlinux.sh links these loose objects (Linux >= 6.1). */
static void add_kernel_loose_objects(struct build *b)
{
	static const char *const loose[] = { "init/version-timestamp.o",
					     ".vmlinux.export.o" };
	char *vmlinux_a = path_join(b->dir, "vmlinux.a");
	struct stat st;

	if (stat(vmlinux_a, &st) == 0)
		for (size_t i = 0; i < sizeof(loose) / sizeof(loose[0]); i++) {
			char *abs = path_join(b->dir, loose[i]);

			if (stat(abs, &st) == 0)
				add_object_path(b, loose[i], LINK_ALWAYS, 0);
			free(abs);
		}
	free(vmlinux_a);
}

/* A linker script is a pseudo-object that references what it names. */
static void add_linker_script(struct build *b, const char *path)
{
	char *abs = path[0] == '/' ? xstrdup(path) : path_join(b->dir, path);
	char *name = path[0] == '/' ? path_relative(path, b->absdir) : path_normalize(path);
	char *text = read_file(abs, NULL);
	struct object *obj;
	char **refs;
	size_t n;

	if (!text) {
		error("%s: %s", abs, strerror(errno));
	} else if ((obj = new_object(b, name)) != NULL) {
		obj->is_script = 1;
		refs = lds_references(text, &n);
		for (size_t i = 0; i < n; i++)
			object_add_sym(&b->set, obj, refs[i], SYM_UNDEF, KIND_VAR);
		lds_free(refs, n);
		keep_add_references(b, obj, text);
	}
	free(text);
	free(name);
	free(abs);
}

/* --lds scripts, else the kernel's arch/ARCH/kernel/vmlinux.lds when present. */
static void add_linker_scripts(struct build *b, const struct scan_opts *opts)
{
	char *pattern;
	glob_t g;

	for (size_t i = 0; i < opts->nlds; i++)
		add_linker_script(b, opts->lds[i]);
	if (opts->nlds)
		return;
	for (size_t i = 0; i < b->nimage_scripts; i++)
		add_linker_script(b, b->image_scripts[i]);
	pattern = path_join(b->dir, "arch/*/kernel/vmlinux.lds");
	if (glob(pattern, 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++) {
			char *rel = path_relative(g.gl_pathv[i], b->dir);

			add_linker_script(b, rel);
			free(rel);
		}
		globfree(&g);
	}
	free(pattern);
}

/* Linux >= 6.0 records how vmlinux.o is made, `ld -r --whole-archive
 * vmlinux.a --start-group LIBS --end-group`: those name every object vmlinux
 * links, so no walk of the build tree is needed (nor would it find objects
 * that are not linked, like tools/ or the EFI stub's lib.a). 1 when used. */
static int add_kernel_link(struct build *b)
{
	char *cmdabs = path_join(b->dir, ".vmlinux.o.cmd");
	char *head = kbuild_cmd_read_head(cmdabs);
	char *cmd = head ? kbuild_cmd_command(head) : NULL;
	int used = cmd && kbuild_command_is_relocatable_link(cmd);

	if (used)
		add_object_path(b, "vmlinux.o", LINK_ALWAYS, 0);
	free(cmd);
	free(head);
	free(cmdabs);
	return used;
}

/* One input of the final link, told by its magic: an archive outside
 * --whole-archive is linked member by member on demand, anything else whole. */
static void add_image_input(struct build *b, const struct link_input *in)
{
	char *rel = in->path[0] == '/' ? path_relative(in->path, b->absdir)
				       : xstrdup(in->path);
	char *abs = path_join(b->dir, rel);
	struct stat st;

	if (rel[0] != '/' && stat(abs, &st) == 0 && S_ISREG(st.st_mode))
		add_object_path(b, rel, !in->whole_archive && archive_magic(abs) ?
				LINK_ON_DEMAND : LINK_ALWAYS, 0);
	free(abs);
	free(rel);
}

/* The final links kbuild recorded at the top (.IMAGE.cmd: `cmd_IMAGE := cc -o
 * IMAGE ...`): every file they name directly is linked (read_inputs: nm
 * input names the objects itself), and the linker scripts they name count
 * when no --lds is given. */
static void add_image_links(struct build *b, int read_inputs)
{
	DIR *d = opendir(b->dir);
	struct dirent *de;

	while (d && (de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name), n = 0;
		char *path, *text, *cmd = NULL, *target, **words = NULL;
		struct image_link link;

		if (de->d_name[0] != '.' || len < 6 || !str_has_suffix(de->d_name, ".cmd"))
			continue;
		target = xstrndup(de->d_name + 1, len - 5);
		path = path_join(b->dir, de->d_name);
		text = read_file(path, NULL);
		if (text)
			cmd = kbuild_cmd_command(text);
		if (cmd)
			words = kbuild_split_command(cmd, &n);
		if (imagelink_parse(words, n, target, &link)) {
			for (size_t i = 0; read_inputs && i < link.ninputs; i++)
				add_image_input(b, &link.inputs[i]);
			for (size_t i = 0; i < link.nscripts; i++)
				push_path(&b->image_scripts, &b->nimage_scripts,
					  &b->image_scripts_cap, link.scripts[i]);
			imagelink_free(&link);
		}
		for (size_t i = 0; i < n; i++)
			free(words[i]);
		free(words);
		free(cmd);
		free(text);
		free(path);
		free(target);
	}
	if (d)
		closedir(d);
}

static void scan_elf(struct build *b)
{
	struct found found = { 0 };

	if (!add_kernel_link(b))
		walk(b, "", &found, 0);
	if (found.nroots)
		qsort(found.roots, found.nroots, sizeof(char *), cmp_root);
	if (found.nobjects)
		qsort(found.objects, found.nobjects, sizeof(char *), cmp_path);
	for (size_t i = 0; i < found.nroots; i++) {
		const char *root = found.roots[i];

		if (str_has_suffix(root, ".o"))         /* built-in.o */
			add_object_path(b, root, LINK_ALWAYS, 0);
		else
			add_archive(b, root, archive_link_mode(root), 0);
	}
	add_image_links(b, 1);
	add_kernel_loose_objects(b);
	add_modules(b);
	if (!found.nroots)      /* a plain tree of objects */
		for (size_t i = 0; i < found.nobjects; i++)
			if (!str_has_suffix(found.objects[i], ".mod.o"))
				add_object_path(b, found.objects[i], LINK_ALWAYS, 0);
	free_paths(found.roots, found.nroots);
	free_paths(found.objects, found.nobjects);
}

static char *default_srctree(const char *dir)
{
	char *link = path_join(dir, "source");
	struct stat st;
	char *src;

	if (lstat(link, &st) == 0 && S_ISLNK(st.st_mode) && stat(link, &st) == 0 &&
	    S_ISDIR(st.st_mode)) {
		src = realpath(link, NULL);
		free(link);
		if (!src)
			fatal("out of memory");
		return src;
	}
	free(link);
	src = kbuild_makefile_srctree(dir);
	if (!src)
		src = realpath(dir, NULL);
	return src ? src : xstrdup(dir);
}

int build_scan(struct build *b, const char *dir, const struct scan_opts *opts)
{
	struct stat st;

	memset(b, 0, sizeof(*b));
	objset_init(&b->set);
	strtab_init(&b->objnames);
	b->dir = xstrdup(dir);
	b->db = opts->db;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) ||
	    !(b->absdir = realpath(dir, NULL))) {
		error("%s: not a build directory", dir);
		return -1;
	}
	b->built_from = default_srctree(dir);
	if (opts->srctree) {
		b->srctree = realpath(opts->srctree, NULL);
		if (!b->srctree) {
			error("%s: source tree: %s", opts->srctree, strerror(errno));
			return -1;
		}
	} else {
		b->srctree = xstrdup(b->built_from);
	}
	if (opts->nm_file) {
		if (scan_nm(b, opts->nm_file))
			return -1;
		assign_modules_nm(b);
		add_image_links(b, 0);  /* its linker scripts */
	} else {
		scan_elf(b);
		check_machines(b);
	}
	add_linker_scripts(b, opts);
	for (size_t i = 0; i < b->set.count; i++) {
		assign_unit_and_source(b, &b->set.objs[i]);
		if (opts->need_included)
			read_included(b, &b->set.objs[i]);
	}
	if (opts->run_build_commands && !opts->nm_file)
		asmrefs_find(b);
	else
		asmrefs_warn_unchecked(b);
	return 0;
}

void build_free(struct build *b)
{
	free_paths(b->image_scripts, b->nimage_scripts);
	objset_free(&b->set);
	strtab_free(&b->objnames);
	free(b->objidx);
	free(b->dir);
	free(b->absdir);
	free(b->srctree);
	free(b->built_from);
	memset(b, 0, sizeof(*b));
}
