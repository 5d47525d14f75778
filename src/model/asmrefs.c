// SPDX-License-Identifier: GPL-2.0-only
/* asmrefs.c - references made only inside asm strings of C objects. */
#include "asmrefs.h"
#include "cmdline.h"
#include "db.h"
#include "elfread.h"
#include "lto.h"
#include "run.h"
#include "unitname.h"
#include "util.h"

#include <ctype.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Every name the LTO symbol table of the fat object at path lists, and the
 * names it defines. */
static int lto_names(const char *path, struct strtab *names, struct strtab *defs)
{
	size_t len;
	unsigned char *buf = (unsigned char *)read_file(path, &len);
	struct objset set;
	struct object *obj;
	Elf *elf;
	int rc = -1;

	if (!buf)
		return -1;
	objset_init(&set);
	obj = objset_add(&set, path);
	elf_version(EV_CURRENT);
	elf = elf_memory((char *)buf, len);
	if (elf && elf_kind(elf) == ELF_K_ELF && !lto_read_symbols(&set, obj, elf)) {
		for (size_t k = 0; k < obj->nsyms; k++) {
			const char *name = strtab_str(&set.names, obj->syms[k].name);

			strtab_intern(names, name);
			if (sym_is_def(obj->syms[k].bind))
				strtab_intern(defs, name);
		}
		rc = 0;
	}
	if (elf)
		elf_end(elf);
	objset_free(&set);
	free(buf);
	return rc;
}

/* Where each of the object's symbols first appears inside a string literal
 * of an asm statement (asm, __asm, __asm__) of the preprocessed text: loc[id of the name in refs] = "FILE:LINE". */
static void strings_naming(const char *text, size_t len, const struct strtab *refs,
			   char **loc)
{
	const char *p = text, *end = text + len;
	char file[512] = "-";
	unsigned long line = 1;
	int line_start = 1;
	int depth = 0, asm_depth = -1, want_asm = 0;

	while (p < end) {
		if (line_start && *p == '#') {
			unsigned long n;
			char f[512];

			if (sscanf(p, "# %lu \"%511[^\"]\"", &n, f) == 2) {
				line = n;
				snprintf(file, sizeof(file), "%s", f);
			}
			p = memchr(p, '\n', (size_t)(end - p));
			p = p ? p + 1 : end;
			continue;
		}
		line_start = *p == '\n';
		if (*p == '\n') {
			line++;
			p++;
		} else if (*p == '\'') {
			for (p++; p < end && *p != '\'' && *p != '\n'; p++)
				p += *p == '\\';
			p++;
		} else if (*p == '"') {
			for (p++; p < end && *p != '"' && *p != '\n'; p++) {
				const char *s = p;
				long id;
				char tok[256];

				if (*p == '\\') {
					p++;
					continue;
				}
				if (!isalpha((unsigned char)*p) && *p != '_')
					continue;
				while (p + 1 < end && (isalnum((unsigned char)p[1]) || p[1] == '_' ||
						       p[1] == '.' || p[1] == '$'))
					p++;
				snprintf(tok, sizeof(tok), "%.*s", (int)(p - s + 1), s);
				id = strtab_find(refs, tok);
				if (id >= 0 && !loc[id] && asm_depth >= 0)
					loc[id] = xasprintf("%s:%lu", file, line);
			}
			p++;
		} else if (isalpha((unsigned char)*p) || *p == '_') {
			const char *s = p;

			while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
				p++;
			want_asm |= (p - s == 3 && !memcmp(s, "asm", 3)) ||
				    (p - s == 5 && !memcmp(s, "__asm", 5)) ||
				    (p - s == 7 && !memcmp(s, "__asm__", 7));
		} else {
			if (*p == '(' && ++depth && want_asm && asm_depth < 0)
				asm_depth = depth;
			if (*p == '(' || *p == ';' || *p == '{')
				want_asm = 0;
			if (*p == ')' && depth-- == asm_depth)
				asm_depth = -1;
			p++;
		}
	}
}

/* The pseudo-object DIR#asm that makes obj's asm-string references. */
static struct object *asm_unit_of(struct build *b, const struct object *obj)
{
	char *dir = path_dirname(obj->name), *name = unitname_make(dir, 1);
	struct object *o = build_find(b, name);

	if (!o) {
		unsigned id = strtab_intern(&b->objnames, name);

		grow_array((void **)&b->objidx, &b->objidx_cap, (size_t)id + 1,
			   sizeof(*b->objidx));
		b->objidx[id] = b->set.count;
		o = objset_add(&b->set, name);
		o->is_script = 1;
		o->unit = xstrdup(name);
	}
	free(name);
	free(dir);
	return o;
}

/* The name after an LLVM IR `@` at p (`@name` or `@"name"`), interned into t. */
static void ir_name(const char *p, struct strtab *t)
{
	size_t n;

	if (*p == '"') {
		p++;
		n = strcspn(p, "\"");
	} else {
		n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			   "0123456789_.$");
	}
	if (n)
		strtab_intern_n(t, p, n);
}

/* clang's answer to lto_names: the C-level names of the LLVM IR at path
 * (clang -S -emit-llvm): `define ... @f(` and `@v = ` (not `external`)
 * define, `declare ... @f(` and `@v = external` only name. Top-level asm is
 * `module asm` there, never a definition. */
static int ir_names(const char *path, struct strtab *names, struct strtab *defs)
{
	size_t len;
	char *text = read_file(path, &len), *line, *next, *at;

	if (!text)
		return -1;
	for (line = text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if ((!strncmp(line, "define ", 7) || !strncmp(line, "declare ", 8)) &&
		    (at = strchr(line, '@')) != NULL) {
			ir_name(at + 1, names);
			if (line[1] == 'e')     /* define */
				ir_name(at + 1, defs);
		} else if (line[0] == '@') {
			ir_name(line + 1, names);
			if (!strstr(line, " = external "))
				ir_name(line + 1, defs);
		}
	}
	free(text);
	return 0;
}

/* 1 when the compile command's compiler (cmdline_compiler_index) is clang:
 * its -flto writes LLVM bitcode, with no GCC LTO symbol table. */
static int is_clang(char *const *words, size_t n)
{
	size_t i = cmdline_compiler_index(words, n);
	const char *base;

	if (i >= n)
		return 0;
	base = strrchr(words[i], '/') ? strrchr(words[i], '/') + 1 : words[i];
	return !strncmp(base, "clang", 5);
}

struct scratch {
	char *pre, *fat;        /* temporary outputs */
	int clang;              /* the object's compiler is clang: fat is LLVM IR */
	size_t found;
};

/* The object's compile command made to preprocess into s->pre (*pre) and to
 * compile a fat LTO object into s->fat (*fat), split and rewritten as cpprun.c
 * does (no shell; a C compiler only). -1, with an error naming the .cmd file,
 * when that cannot be done: its asm strings then go unchecked, so the answer
 * is incomplete. */
static int compile_argvs(const struct build *b, const struct object *o,
			 struct scratch *s, char ***pre, char ***fat)
{
	static const char *const to_pre[] = { "-E", NULL };
	static const char *const to_fat[] = { "-c", "-flto", "-ffat-lto-objects", NULL };
	static const char *const to_ir[] = { "-S", "-emit-llvm", NULL };
	char *path = path_join(b->dir, o->cmd_path);
	const char *why = NULL;
	size_t n = 0;
	char **words = cmdline_cmd_file_words(path, &n, &why);

	*pre = words ? cmdline_rewrite_compile(words, n, to_pre, s->pre, &why) : NULL;
	s->clang = words && is_clang(words, n);
	*fat = *pre ? cmdline_rewrite_compile(words, n, s->clang ? to_ir : to_fat, s->fat,
					      &why) : NULL;
	if (!*fat)
		error("%s: compile command not run: %s; its asm strings are not checked",
		      path, why);
	cmdline_free(words);
	free(path);
	return *fat ? 0 : -1;
}

/* The references of obj that name a symbol inside a string literal and that
 * its C code does not name, into *found (where: file:line relative to the
 * tree); 0, or -1 when the check could not be made whole. */
static int check_object(struct build *b, size_t idx, struct scratch *s,
			struct db_asmcheck *found)
{
	struct object *obj = &b->set.objs[idx];
	struct strtab refs, cnames, cdefs, defs;
	size_t len = 0;
	char **pre = NULL, **fat = NULL;
	char **loc = NULL, *text = NULL;
	int failed = 0;

	strtab_init(&refs);
	strtab_init(&cnames);
	strtab_init(&defs);
	strtab_init(&cdefs);
	for (size_t k = 0; k < obj->nsyms; k++) {
		unsigned char bind = obj->syms[k].bind;
		const char *name = strtab_str(&b->set.names, obj->syms[k].name);

		if (bind == SYM_UNDEF || bind == SYM_WEAKUNDEF)
			strtab_intern(&refs, name);
		else if (sym_is_def(bind))
			strtab_intern(&defs, name);
	}
	for (size_t k = 0; k < defs.count; k++)
		strtab_intern(&refs, strtab_str(&defs, (unsigned)k));
	if (refs.count && compile_argvs(b, obj, s, &pre, &fat))
		failed = -1;
	if (fat && run_argv(b->dir, pre, NULL, NULL) == 0 && (text = read_file(s->pre, &len))) {
		loc = xcalloc(refs.count, sizeof(*loc));
		strings_naming(text, len, &refs, loc);
	} else if (fat) {
		error("%s: its compile command could not be run as the preprocessor",
		      obj->name);
		failed = -1;
	}
	for (size_t id = 0; loc && id < refs.count; id++) {
		const char *sym = strtab_str(&refs, (unsigned)id);
		char *where;

		if (!loc[id])
			continue;
		if (strtab_find(&defs, sym) >= 0 && !cnames.count &&
		    (run_argv(b->dir, fat, NULL, NULL) != 0 ||
		     (s->clang ? ir_names : lto_names)(s->fat, &cnames, &cdefs))) {
			error("%s: compiling it with %s failed", b->set.objs[idx].name,
			      s->clang ? "-S -emit-llvm" : "-flto -ffat-lto-objects");
			failed = -1;
			break;
		}
		/* a definition the asm makes itself (.set A, B: A) needs no tag; a
		 * reference the C code makes too still breaks when GCC localises or
		 * renames the symbol, so it counts */
		if (strtab_find(&defs, sym) >= 0 && strtab_find(&cdefs, sym) < 0)
			continue;
		where = build_tree_relative(b, loc[id]);
		db_asmcheck_add(found, sym, where);
		free(where);
	}
	for (size_t id = 0; loc && id < refs.count; id++)
		free(loc[id]);
	free(loc);
	free(text);
	cmdline_free(pre);
	cmdline_free(fat);
	strtab_free(&refs);
	strtab_free(&cnames);
	strtab_free(&defs);
	strtab_free(&cdefs);
	return failed;
}

/* The C objects the link always takes, with a compile command. */
static int checkable(const struct object *o)
{
	return !o->is_script && !o->is_asm && o->machine_ok && o->cmd_path &&
	       o->source && o->link == LINK_ALWAYS && !o->module;
}

/* Each reference found becomes a reference of object idx's DIR#asm. */
static void found_apply(struct build *b, size_t idx, const struct db_asmcheck *found,
			struct scratch *s)
{
	for (size_t i = 0; i < found->nrefs; i++) {
		const struct db_asmref *r = &found->refs[i];

		inform("crossym: %s: asm reference: %s in %s\n", r->where, r->symbol,
		       b->set.objs[idx].name);
		object_add_sym(&b->set, asm_unit_of(b, &b->set.objs[idx]), r->symbol,
			       SYM_UNDEF, KIND_FUNC);
	}
	s->found += found->nrefs;
}

/* Check object idx, or take the answer --db kept for its file; 1 when it was
 * taken from the db. */
static int check_or_reuse(struct build *b, size_t idx, struct scratch *s)
{
	char *path = path_join(b->absdir, b->set.objs[idx].name);
	const struct db_asmcheck *rec = NULL;
	struct db_asmcheck found = { 0 };
	struct stat st;
	int have_st = b->db && stat(path, &st) == 0 && S_ISREG(st.st_mode);

	if (have_st && (rec = db_asm_get(b->db, path, &st)) != NULL) {
		found_apply(b, idx, rec, s);
	} else {
		int failed = check_object(b, idx, s, &found);

		found_apply(b, idx, &found, s);
		if (have_st && !failed)
			db_asm_put(b->db, path, &st, &found);   /* takes the refs */
		db_asmcheck_clear(&found);
	}
	free(path);
	return rec != NULL;
}

void asmrefs_find(struct build *b)
{
	char dir[] = "/tmp/crossym-asm.XXXXXX";
	struct scratch s = { NULL, NULL, 0, 0 };
	size_t count = b->set.count, checked = 0, reused = 0;

	if (!mkdtemp(dir)) {
		error("%s: cannot make a scratch directory", dir);
		return;
	}
	s.pre = path_join(dir, "pre.i");
	s.fat = path_join(dir, "fat.o");
	for (size_t i = 0; i < count; i++)
		if (checkable(&b->set.objs[i])) {
			if (check_or_reuse(b, i, &s))
				reused++;
			else
				checked++;
		}
	unlink(s.pre);
	unlink(s.fat);
	rmdir(dir);
	free(s.pre);
	free(s.fat);
	inform("crossym: --run-build-commands: %zu C objects compiled again, "
	       "%zu asm-string references\n", checked, s.found);
	if (reused)
		inform("crossym: --run-build-commands: %zu C objects' asm strings "
		       "taken from the database (unchanged since checked)\n", reused);
}

/* 1 when the file's text has the word asm, __asm or __asm__. */
static int has_asm_word(const char *text)
{
	for (const char *p = text; (p = strstr(p, "asm")) != NULL; p += 3) {
		const char *s = p;

		while (s > text && s[-1] == '_')
			s--;
		if ((s == text || !(isalnum((unsigned char)s[-1]))) &&
		    !isalnum((unsigned char)p[3]) && (p[3] != '_' || p[4] == '_'))
			return 1;
	}
	return 0;
}

/* Whether the source at path has an asm statement: read, or from the db's
 * record when the source has not changed. */
static int source_has_asm(struct db *db, const char *path)
{
	struct db_source *rec = NULL;
	struct stat st;
	char *text;
	int found;

	if (db && stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		rec = db_source(db, path, &st);
		if (rec->asm_word != DB_ASM_UNKNOWN)
			return rec->asm_word;
	}
	text = read_file(path, NULL);
	found = text && has_asm_word(text);
	if (rec && text) {
		rec->asm_word = (unsigned char)found;
		db_source_changed(db);
	}
	free(text);
	return found;
}

void asmrefs_warn_unchecked(struct build *b)
{
	size_t n = 0;
	const char *first = NULL;

	for (size_t i = 0; i < b->set.count; i++) {
		const struct object *o = &b->set.objs[i];
		char *path;

		if (!checkable(o))
			continue;
		path = path_join(b->srctree, o->source);
		if (source_has_asm(b->db, path)) {
			n++;
			first = first ? first : o->name;
		}
		free(path);
	}
	if (n && !diag.quiet)
		warn("%zu C objects have asm statements in their source (%s%s); symbols "
		     "they name only inside asm strings are not looked for without "
		     "--run-build-commands", n, first, n > 1 ? " and others" : "");
}
