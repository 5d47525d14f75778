// SPDX-License-Identifier: GPL-2.0-only
/* asmrefs.c - references made only inside asm strings of C objects. */
#include "kbuild/asmrefs.h"
#include "kbuild/cmdline.h"
#include "kbuild/kbuild.h"
#include "kbuild/db.h"
#include "text/lexer.h"
#include "objfile/lto.h"
#include "lib/run.h"
#include "kbuild/unitname.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The names in the string literal t (after its prefix and quote; names start with a
 * letter or `_` and go on with letters, digits, `_`, `.` and `$`): loc[id of
 * the name in refs] = where, when not set yet. */
static void literal_names(const char *text, const struct lex_item *t,
			  const struct strtab *refs, char **loc, const char *where)
{
	const char *p = text + t->off, *end = text + t->off + t->len;

	for (p += strcspn(p, "'\"") + 1; p < end && *p != '"' && *p != '\n'; p++) {
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
		if (id >= 0 && !loc[id])
			loc[id] = xstrdup(where);
	}
}

/* A directive line of preprocessed text: a line marker `# 12 "file"` says
 * the next line is line 12 of file; the line after any other counts as the
 * directive's own (so it always did). */
static void pp_line(struct lex_cursor *c, const struct lex_item *t, char *file,
		    size_t filesz)
{
	unsigned long n;
	char f[512];
	unsigned line = lex_cursor_line(c, t->off);
	size_t next = t->off + t->len < c->n ? t->off + t->len + 1 : c->n;

	if (sscanf(c->s + t->off, "# %lu \"%511[^\"]\"", &n, f) == 2) {
		line = (unsigned)n;
		snprintf(file, filesz, "%s", f);
	}
	lex_cursor_setline(c, next, line);
}

/* 1 when the identifier p (len bytes) is asm, __asm or __asm__. */
static int asm_keyword(const char *p, size_t len)
{
	return (len == 3 && !memcmp(p, "asm", 3)) || (len == 5 && !memcmp(p, "__asm", 5)) ||
	       (len == 7 && !memcmp(p, "__asm__", 7));
}

/* Where each of the object's symbols first appears inside a string literal
 * of an asm statement (asm, __asm, __asm__) of the preprocessed text: loc[id of the name in refs] = "FILE:LINE". */
static void strings_naming(const char *text, size_t len, const struct strtab *refs,
			   char **loc)
{
	struct lex_cursor c;
	struct lex_item t;
	char file[512] = "-";
	int depth = 0, asm_depth = -1, want_asm = 0;

	lex_cursor_init(&c, text, len, 0);
	while (lex_next(&c, &t)) {
		const char *p = text + t.off;

		if (t.kind == TK_PP) {
			pp_line(&c, &t, file, sizeof(file));
		} else if (t.kind == TK_LIT && asm_depth >= 0 && p[strcspn(p, "'\"")] == '"') {
			char *where = xasprintf("%s:%u", file, lex_cursor_line(&c, t.off));

			literal_names(text, &t, refs, loc, where);
			free(where);
		} else if (t.kind == TK_IDENT) {
			want_asm |= asm_keyword(p, t.len);
		} else if (t.kind == TK_PUNCT) {
			if (*p == '(' && ++depth && want_asm && asm_depth < 0)
				asm_depth = depth;
			if (*p == '(' || *p == ';' || *p == '{')
				want_asm = 0;
			if (*p == ')' && depth-- == asm_depth)
				asm_depth = -1;
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

/* One object's check while its preprocessor runs: the names the object
 * references and defines, its commands, this slot's scratch files. */
struct check {
	struct strtab refs, defs;
	char **pre, **fat;      /* -E; the fat LTO compile (clang: LLVM IR) */
	char **plain;           /* GCC: -S -fno-lto, when the fat compile fails */
	char *pre_path, *fat_path, *s_path, *err_path;
	int clang;              /* the object's compiler is clang: fat is LLVM IR */
	size_t idx;             /* the object */
	int pid;                /* the preprocessor running, or -1 */
};

/* A C object's answer, applied in object order once every check is done. */
enum answer_state { ANSWER_NONE, ANSWER_DB, ANSWER_FOUND, ANSWER_FAILED };
struct answer {
	struct db_asmcheck found;
	enum answer_state state;
	const char *read_from;  /* its fat compile failed: where its C-level
				 * definitions were read instead ("assembly",
				 * "preprocessed"), else NULL */
	char *compiler_error;   /* then the compiler's first error line */
};

/* The object's compile command made to preprocess into c->pre_path (c->pre)
 * and to compile a fat LTO object into c->fat_path (c->fat), split and
 * rewritten as cpprun.c does (no shell; a C compiler only). -1, with an error
 * naming the .cmd file, when that cannot be done: its asm strings then go
 * unchecked, so the answer is incomplete. */
static int compile_argvs(const struct build *b, const struct object *o, struct check *c)
{
	static const char *const to_pre[] = { "-E", NULL };
	static const char *const to_fat[] = { "-c", "-flto", "-ffat-lto-objects", NULL };
	static const char *const to_ir[] = { "-S", "-emit-llvm", NULL };
	static const char *const to_asm[] = { "-S", "-fno-lto", NULL };
	char *path = path_join(b->dir, o->cmd_path);
	const char *why = NULL;
	size_t n = 0;
	char **words = kbuild_cmd_file_words(path, &n, &why);

	c->pre = words ? cmdline_rewrite_compile(words, n, to_pre, c->pre_path, &why) : NULL;
	c->clang = words && cmdline_is_clang(words, n);
	c->fat = c->pre ? cmdline_rewrite_compile(words, n, c->clang ? to_ir : to_fat,
						 c->fat_path, &why) : NULL;
	c->plain = c->fat && !c->clang ?
		cmdline_rewrite_compile(words, n, to_asm, c->s_path, &why) : NULL;
	if (!c->fat)
		error("%s: compile command not run: %s; its asm strings are not checked",
		      path, why);
	cmdline_free(words);
	free(path);
	return c->fat ? 0 : -1;
}

static void check_free(struct check *c)
{
	cmdline_free(c->pre);
	cmdline_free(c->fat);
	cmdline_free(c->plain);
	c->pre = c->fat = c->plain = NULL;
	strtab_free(&c->refs);
	strtab_free(&c->defs);
	c->pid = -1;
}

/* Start checking object idx in slot c: its preprocessor runs (1), or there
 * is nothing to run (0; ans says why: no names, or the command failed). */
static int check_start(struct build *b, size_t idx, struct check *c, struct answer *ans)
{
	const struct object *obj = &b->set.objs[idx];

	c->idx = idx;
	c->pid = -1;
	strtab_init(&c->refs);
	strtab_init(&c->defs);
	for (size_t k = 0; k < obj->nsyms; k++) {
		unsigned char bind = obj->syms[k].bind;
		const char *name = strtab_str(&b->set.names, obj->syms[k].name);

		if (bind == SYM_UNDEF || bind == SYM_WEAKUNDEF)
			strtab_intern(&c->refs, name);
		else if (sym_is_def(bind))
			strtab_intern(&c->defs, name);
	}
	for (size_t k = 0; k < c->defs.count; k++)
		strtab_intern(&c->refs, strtab_str(&c->defs, (unsigned)k));
	ans->state = ANSWER_FOUND;
	if (c->refs.count && compile_argvs(b, obj, c))
		ans->state = ANSWER_FAILED;
	else if (c->refs.count && (c->pid = run_start(b->dir, c->pre)) < 0) {
		error("%s: its compile command could not be run as the preprocessor",
		      obj->name);
		ans->state = ANSWER_FAILED;
	}
	if (c->pid < 0)
		check_free(c);
	return c->pid >= 0;
}

/* The first line of the file at path that says "error:" (else its first
 * line): what a failed compile said, a fresh string. */
static char *first_error_line(const char *path)
{
	char *text = read_file(path, NULL), *line, *said;
	size_t n;

	if (!text)
		return xstrdup("(no message)");
	line = strstr(text, "error:");
	while (line && line > text && line[-1] != '\n')
		line--;
	if (!line)
		line = text;
	n = strcspn(line, "\n");
	said = n ? xstrndup(line, n) : xstrdup("(no message)");
	free(text);
	return said;
}

/* The name a line of GCC's assembly output defines, outside asm statements:
 * `NAME:` at its start, `.set NAME,` or `.equ NAME,` (an alias attribute),
 * `.comm NAME,`; copied into name (size n), or 0 when it defines none. */
static int asm_line_defines(const char *line, char *name, size_t n)
{
	static const char *const dirs[] = { ".set", ".equ", ".comm" };
	size_t len;

	if (isspace((unsigned char)*line)) {
		line += strspn(line, " \t");
		for (size_t k = 0, dl; k < sizeof(dirs) / sizeof(dirs[0]); k++)
			if (!strncmp(line, dirs[k], dl = strlen(dirs[k])) &&
			    (line[dl] == ' ' || line[dl] == '\t')) {
				line += dl + strspn(line + dl, " \t");
				len = strcspn(line, ", \t");
				return len && len < n && line[len] == ',' &&
				       snprintf(name, n, "%.*s", (int)len, line) > 0;
			}
		return 0;
	}
	len = strspn(line, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		     "0123456789_.$");
	return len && len < n && line[len] == ':' &&
	       snprintf(name, n, "%.*s", (int)len, line) > 0;
}

/* The names of want that GCC's assembly output at path defines outside the
 * #APP ... #NO_APP blocks it puts around every asm statement (the C-level
 * definitions: what the LTO symbol table would list), into defs; -1 when it
 * cannot be read. */
static int asm_file_defs(const char *path, const struct strtab *want, struct strtab *defs)
{
	char *text = read_file(path, NULL), *line, *next, name[512];
	int in_asm = 0;

	if (!text)
		return -1;
	for (line = text; *line; line = next) {
		next = line + strcspn(line, "\n");
		if (*next)
			*next++ = '\0';
		if (!strcmp(line, "#APP") || !strcmp(line, "#NO_APP"))
			in_asm = line[1] == 'A';
		else if (!in_asm && asm_line_defines(line, name, sizeof(name)) &&
			 strtab_find(want, name) >= 0)
			strtab_intern(defs, name);
	}
	free(text);
	return 0;
}

/* name (of len bytes) into defs when want has it. */
static void want_name(const char *name, size_t len, const struct strtab *want,
		      struct strtab *defs)
{
	char buf[512];

	if (len && len < sizeof(buf)) {
		snprintf(buf, sizeof(buf), "%.*s", (int)len, name);
		if (strtab_find(want, buf) >= 0)
			strtab_intern(defs, buf);
	}
}

/* The names of want that the preprocessed text names as C identifiers
 * (outside string literals and line markers) or as the asm label of a
 * file-scope declaration (`int x asm("y")`: y; the asm keyword right after a
 * declarator's last token), into defs: the last way to tell a C definition
 * from one the asm makes (doc/CONTRACT.md says what it gets wrong). */
static void c_identifiers(const char *text, size_t len, const struct strtab *want,
			  struct strtab *defs)
{
	struct lex_cursor c;
	struct lex_item t;
	int depth = 0, label = 0, after_declarator = 0;

	lex_cursor_init(&c, text, len, 0);
	while (lex_next(&c, &t)) {
		const char *p = text + t.off;

		if (t.kind == TK_IDENT && asm_keyword(p, t.len)) {
			label = !depth && after_declarator;
		} else if (t.kind == TK_IDENT) {
			want_name(p, t.len, want, defs);
		} else if (t.kind == TK_LIT && label && p[strcspn(p, "'\"")] == '"') {
			p += strcspn(p, "\"") + 1;
			want_name(p, strcspn(p, "\""), want, defs);
			label = 0;
		} else if (t.kind == TK_PUNCT) {
			depth += (*p == '{') - (*p == '}');
			label &= *p == '(';
		}
		after_declarator = (t.kind == TK_IDENT && !asm_keyword(p, t.len)) ||
				   (t.kind == TK_PUNCT && (*p == ')' || *p == ']'));
	}
}

/* The object's C-level definitions into cdefs: its fat LTO object's symbol
 * table (clang: its LLVM IR). When that compile fails (GCC 12 refuses some
 * objects under -flto that it compiles normally), from its assembly output
 * (-S -fno-lto), else from its preprocessed text; ans says which, with the
 * compiler's first error line. */
static void c_level_defs(struct build *b, struct check *c, const char *text, size_t len,
			 struct strtab *cdefs, struct answer *ans)
{
	struct strtab cnames;
	int ok = run_argv_err(b->dir, c->fat, c->err_path) == 0;

	strtab_init(&cnames);
	if (ok && !(c->clang ? ir_names : lto_file_names)(c->fat_path, &cnames, cdefs)) {
		strtab_free(&cnames);
		return;
	}
	strtab_free(&cnames);
	strtab_free(cdefs);
	strtab_init(cdefs);
	ans->compiler_error = ok ? xstrdup("its LTO symbol table could not be read") :
		first_error_line(c->err_path);
	if (c->plain && run_argv_err(b->dir, c->plain, c->err_path) == 0 &&
	    asm_file_defs(c->s_path, &c->defs, cdefs) == 0) {
		ans->read_from = "assembly";
		return;
	}
	strtab_free(cdefs);
	strtab_init(cdefs);
	c_identifiers(text, len, &c->defs, cdefs);
	ans->read_from = "preprocessed";
}

/* 1 when one of the names loc has found inside asm strings is one the
 * object defines: whether its C-level definitions are needed. */
static int names_a_definition(const struct check *c, char *const *loc)
{
	for (size_t id = 0; id < c->refs.count; id++)
		if (loc[id] && strtab_find(&c->defs, strtab_str(&c->refs, (unsigned)id)) >= 0)
			return 1;
	return 0;
}

/* The references of the object whose preprocessor (exit: ok) has ended that
 * name a symbol inside a string literal and that its C code does not name,
 * into ans (where: file:line relative to the tree). */
static void check_finish(struct build *b, struct check *c, int ok, struct answer *ans)
{
	struct strtab cdefs;
	size_t len = 0;
	char **loc = NULL, *text = ok ? read_file(c->pre_path, &len) : NULL;

	strtab_init(&cdefs);
	if (text) {
		loc = xcalloc(c->refs.count, sizeof(*loc));
		strings_naming(text, len, &c->refs, loc);
		if (names_a_definition(c, loc))
			c_level_defs(b, c, text, len, &cdefs, ans);
	} else {
		error("%s: its compile command could not be run as the preprocessor",
		      b->set.objs[c->idx].name);
		ans->state = ANSWER_FAILED;
	}
	for (size_t id = 0; loc && id < c->refs.count; id++) {
		const char *sym = strtab_str(&c->refs, (unsigned)id);
		char *where;

		/* a definition the asm makes itself (.set A, B: A) needs no tag; a
		 * reference the C code makes too still breaks when GCC localises or
		 * renames the symbol, so it counts */
		if (!loc[id] ||
		    (strtab_find(&c->defs, sym) >= 0 && strtab_find(&cdefs, sym) < 0))
			continue;
		where = build_tree_relative(b, loc[id]);
		db_asmcheck_add(&ans->found, sym, where);
		free(where);
	}
	for (size_t id = 0; loc && id < c->refs.count; id++)
		free(loc[id]);
	free(loc);
	free(text);
	strtab_free(&cdefs);
	check_free(c);
}

/* The C objects the link always takes, with a compile command. */
static int checkable(const struct object *o)
{
	return !o->is_script && !o->is_asm && o->machine_ok && o->cmd_path &&
	       o->source && o->link == LINK_ALWAYS && !o->module;
}

/* The answer --db kept for object idx's file, copied into ans: 1, or 0 when
 * there is none for the file as it is. */
static int take_from_db(struct build *b, size_t idx, struct answer *ans)
{
	char *path = path_join(b->absdir, b->set.objs[idx].name);
	const struct db_asmcheck *rec = NULL;
	struct stat st;

	if (b->db && stat(path, &st) == 0 && S_ISREG(st.st_mode))
		rec = db_asm_get(b->db, path, &st);
	for (size_t i = 0; rec && i < rec->nrefs; i++)
		db_asmcheck_add(&ans->found, rec->refs[i].symbol, rec->refs[i].where);
	if (rec)
		ans->state = ANSWER_DB;
	free(path);
	return rec != NULL;
}

/* Start the next object from *next that needs its preprocessor run, in slot c. */
static void start_next(struct build *b, struct check *c, struct answer *ans,
		       size_t *next, size_t count)
{
	while (*next < count && c->pid < 0) {
		size_t i = (*next)++;

		if (checkable(&b->set.objs[i]) && !take_from_db(b, i, &ans[i]))
			check_start(b, i, c, &ans[i]);
	}
}

/* Check every C object, up to nslots preprocessors at once. */
static void run_checks(struct build *b, struct check *slots, unsigned nslots,
		       struct answer *ans)
{
	size_t next = 0, count = b->set.count;

	for (;;) {
		unsigned running = 0, k;
		int ok, pid;

		for (k = 0; k < nslots; k++) {
			start_next(b, &slots[k], ans, &next, count);
			running += slots[k].pid >= 0;
		}
		if (!running || (pid = run_wait_any(&ok)) < 0)
			break;
		for (k = 0; k < nslots && slots[k].pid != pid; k++)
			;
		if (k < nslots)
			check_finish(b, &slots[k], ok, &ans[slots[k].idx]);
	}
}

/* Object idx's answer: its references become references of its DIR#asm (in
 * object order, as the objects are listed) and rows of the asm-refs list,
 * a fallback a row of lto-failed; a whole new check goes to the db. */
static size_t answer_apply(struct build *b, size_t idx, struct answer *ans)
{
	const char *objname = b->set.objs[idx].name;
	char *path = path_join(b->absdir, objname);
	size_t n = ans->found.nrefs;
	struct stat st;

	for (size_t i = 0; i < n; i++) {
		const struct db_asmref *r = &ans->found.refs[i];

		scan_list_add(b->lists, LIST_ASM_REFS, b->dir, objname, r->symbol, r->where);
		object_add_sym(&b->set, asm_unit_of(b, &b->set.objs[idx]), r->symbol,
			       SYM_UNDEF, KIND_FUNC);
	}
	if (ans->read_from)
		scan_list_add(b->lists, LIST_LTO_FAILED, b->dir, objname, ans->read_from,
			      ans->compiler_error);
	if (ans->state == ANSWER_FOUND && b->db && stat(path, &st) == 0 &&
	    S_ISREG(st.st_mode))
		db_asm_put(b->db, path, &st, &ans->found);   /* takes the refs */
	db_asmcheck_clear(&ans->found);
	free(ans->compiler_error);
	free(path);
	return n;
}

/* What a run says once, whatever the number of objects: the count of each
 * kind, and where their list is. */
struct asm_counts {
	size_t checked, reused, found, fallback, preprocessed;
};

static void say_counts(const struct build *b, const struct asm_counts *n)
{
	char *where = scan_list_where(b->list_dir, LIST_ASM_REFS);

	inform("crossym: --run-build-commands: %zu C objects compiled again, "
	       "%zu asm-string references (%s)\n", n->checked, n->found, where);
	free(where);
	if (n->reused)
		inform("crossym: --run-build-commands: %zu C objects' asm strings "
		       "taken from the database (unchanged since checked)\n", n->reused);
	if (!n->fallback)
		return;
	where = scan_list_where(b->list_dir, LIST_LTO_FAILED);
	inform("crossym: %zu objects failed their -flto compile; read from their "
	       "assembly output instead%s (%s)\n", n->fallback,
	       n->preprocessed ? ", or their preprocessed text where there is none" : "",
	       where);
	free(where);
}

static void slots_free(struct check *slots, unsigned nslots, const char *dir)
{
	for (unsigned k = 0; k < nslots; k++) {
		char *paths[] = { slots[k].pre_path, slots[k].fat_path, slots[k].s_path,
				  slots[k].err_path };

		for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
			unlink(paths[i]);
			free(paths[i]);
		}
	}
	rmdir(dir);
	free(slots);
}

void asmrefs_find(struct build *b)
{
	char dir[] = "/tmp/crossym-asm.XXXXXX";
	size_t count = b->set.count;
	unsigned nslots = run_processors();
	struct asm_counts n = { 0 };
	struct check *slots;
	struct answer *ans;

	if (!mkdtemp(dir)) {
		error("%s: cannot make a scratch directory", dir);
		return;
	}
	slots = xcalloc(nslots, sizeof(*slots));
	ans = xcalloc(count, sizeof(*ans));
	for (unsigned k = 0; k < nslots; k++) {
		slots[k].pre_path = xasprintf("%s/pre%u.i", dir, k);
		slots[k].fat_path = xasprintf("%s/fat%u.o", dir, k);
		slots[k].s_path = xasprintf("%s/plain%u.s", dir, k);
		slots[k].err_path = xasprintf("%s/err%u.txt", dir, k);
		slots[k].pid = -1;
	}
	run_checks(b, slots, nslots, ans);
	for (size_t i = 0; i < count; i++) {
		n.reused += ans[i].state == ANSWER_DB;
		n.checked += ans[i].state == ANSWER_FOUND || ans[i].state == ANSWER_FAILED;
		n.fallback += ans[i].read_from != NULL;
		n.preprocessed += ans[i].read_from && ans[i].read_from[0] == 'p';
		if (ans[i].state != ANSWER_NONE)
			n.found += answer_apply(b, i, &ans[i]);
	}
	slots_free(slots, nslots, dir);
	free(ans);
	say_counts(b, &n);
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
