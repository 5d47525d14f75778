// SPDX-License-Identifier: GPL-2.0-only
/* cocci.c - write OUTDIR for scripts/annotate.sh: the lists of definitions to
 * tag and untag, the checksums of their source files, and one semantic patch
 * per source file filled in from the templates in cocci/. */
#include "patch/cocci.h"
#include "source/srcscan.h"
#include "lib/util.h"
#include "templates.h"
#include "patch/tagstyle.h"

#include <dirent.h>
#include <errno.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* ---- small helpers ------------------------------------------------------ */

static int is_ident_start(int c)
{
	return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static int is_ident_char(int c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

int cocci_is_ident(const char *s)
{
	if (!s || !is_ident_start((unsigned char)*s))
		return 0;
	while (*++s)
		if (!is_ident_char((unsigned char)*s))
			return 0;
	return 1;
}

char *cocci_subst(const char *tmpl, const char *const *keys,
		  const char *const *vals, size_t n)
{
	struct sbuf sb = { 0 };
	const char *p = tmpl, *pct;

	while ((pct = strchr(p, '%'))) {
		const char *end = strchr(pct + 1, '%');
		size_t i, klen;

		sbuf_addn(&sb, p, (size_t)(pct - p));
		if (!end)
			fatal("template: unterminated %%KEY%%");
		klen = (size_t)(end - pct - 1);
		for (i = 0; i < n; i++)
			if (strlen(keys[i]) == klen && !memcmp(keys[i], pct + 1, klen))
				break;
		if (i == n)
			fatal("template: unknown key %%%.*s%%", (int)klen, pct + 1);
		sbuf_add(&sb, vals[i]);
		p = end + 1;
	}
	sbuf_add(&sb, p);
	return sbuf_take(&sb);
}

/* ---- finding definer macros (srcscan does it) ---------------------------- */

char **cocci_scan(const char *text, size_t len, const char *const *syms,
		  size_t nsyms, size_t nwrap, unsigned char *is_free, size_t *ndefiners)
{
	struct srcfile *f = srcfile_open(text, len);
	char **names = srcfile_definers(f, syms, nsyms, nwrap, is_free, ndefiners);

	srcfile_close(f);
	return names;
}

void cocci_free_names(char **names, size_t count)
{
	srcscan_free_names(names, count);
}

/* ---- the targets of one source file ------------------------------------- */

struct entry {
	const struct cocci_target *t;
	int remove;
	enum def_kind kind;     /* merged over duplicates */
};

static int cmp_entry(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->t->source, y->t->source);

	if (c)
		return c;
	if (x->remove != y->remove)
		return x->remove - y->remove;
	return strcmp(x->t->symbol, y->t->symbol);
}

/* A source path we can mirror under OUTDIR/cocci/ and in a temp tree. */
static int source_path_ok(const char *s)
{
	const char *p = s;

	if (!*s || *s == '/' || !strcmp(s, "-"))
		return 0;
	while (*p) {
		size_t clen = strcspn(p, "/");

		if ((clen == 2 && !strncmp(p, "..", 2)) || (clen == 1 && *p == '.') || !clen)
			return 0;
		p += clen;
		if (*p)
			p++;
	}
	return s[strlen(s) - 1] != '/';
}

/* 1 when e[0..n) holds an addition of t's (source, symbol). */
static int add_has(const struct entry *e, size_t n, const struct cocci_target *t)
{
	while (n-- > 0 && !strcmp(e[n].t->source, t->source))
		if (!e[n].remove && !strcmp(e[n].t->symbol, t->symbol))
			return 1;
	return 0;
}

/* Collect, check, sort and deduplicate the targets; drops what cannot be used. */
static struct entry *collect_entries(const struct cocci_target *add, size_t nadd,
				     const struct cocci_target *remove, size_t nremove,
				     size_t *count)
{
	struct entry *e = xcalloc(nadd + nremove, sizeof(*e));
	size_t i, n = 0, out = 0;

	for (i = 0; i < nadd + nremove; i++) {
		const struct cocci_target *t = i < nadd ? &add[i] : &remove[i - nadd];

		if (!t->source || !t->symbol) {
			warn("%s: %s: no source file known, left out",
			     t->source ? t->source : "-", t->symbol ? t->symbol : "-");
			continue;
		}
		if (!cocci_is_ident(t->symbol)) {
			warn("%s: %s: not a C identifier, left out", t->source, t->symbol);
			continue;
		}
		e[n].t = t;
		e[n].remove = i >= nadd;
		e[n].kind = t->kind;
		n++;
	}
	if (n)
		qsort(e, n, sizeof(*e), cmp_entry);
	for (i = 0; i < n; i++) {
		struct entry *prev = out ? &e[out - 1] : NULL;

		if (prev && prev->remove == e[i].remove &&
		    !strcmp(prev->t->source, e[i].t->source) &&
		    !strcmp(prev->t->symbol, e[i].t->symbol)) {
			if (prev->kind != e[i].kind && prev->kind != DEF_SEVERAL)
				prev->kind = e[i].kind == DEF_SEVERAL ? DEF_SEVERAL : DEF_OTHER;
			continue;
		}
		if (e[i].remove && add_has(e, out, e[i].t)) {
			warn("%s: %s: both to tag and to untag, only tagged",
			     e[i].t->source, e[i].t->symbol);
			continue;
		}
		e[out++] = e[i];
	}
	*count = out;
	return e;
}

/* ---- the semantic patch of one file ------------------------------------ */

/* "a, b, c": the symbols of e[0..n) with remove == rm and pick[i] set. */
static char *symbol_list(const struct entry *e, size_t n, int rm,
			 const unsigned char *pick)
{
	struct sbuf sb = { 0 };
	size_t i;

	for (i = 0; i < n; i++) {
		if (e[i].remove != rm || !pick[i])
			continue;
		if (sb.len)
			sbuf_add(&sb, ", ");
		sbuf_add(&sb, e[i].t->symbol);
	}
	return sbuf_take(&sb);
}

static void add_rules(struct sbuf *sb, const char *tmpl, const char *tag,
		      const char *key, const char *list)
{
	const char *keys[] = { "TAG", key };
	const char *vals[] = { tag, list };
	char *text;

	if (!*list)
		return;         /* spatch rejects an empty `= {}` list */
	text = cocci_subst(tmpl, keys, vals, 2);
	sbuf_add(sb, "\n");
	sbuf_add(sb, text);
	free(text);
}

static void add_macro_rules(struct sbuf *sb, const char *tag, const char *msyms,
			    char **macros, size_t nmacros)
{
	const char *keys[] = { "TAG", "MSYMS", "MACRO", "N" };
	size_t i;

	if (!*msyms)
		return;
	for (i = 0; i < nmacros; i++) {
		char num[32];
		const char *vals[] = { tag, msyms, macros[i], num };
		char *text;

		snprintf(num, sizeof(num), "%zu", i + 1);
		text = cocci_subst(tmpl_add_macro, keys, vals, 4);
		sbuf_add(sb, "\n");
		sbuf_add(sb, text);
		free(text);
	}
}

/* The semantic patch for the source file with text (len bytes) whose targets
 * are e[0..n). Function and variable rules get the names the text defines
 * itself (outside macro arguments): a rule matching a definition that a macro
 * expands to makes spatch fail on the whole file ("try to delete an expanded
 * token"). The macro rules get the other names: a macro call naming an object
 * the text defines itself (`KERNEL_ATTR_RW(x);`, `EXPORT_SYMBOL(x);`) uses
 * it, it does not define it. The kind is only a hint: every name is in both
 * the function and the variable rules (each matches only its own shape), so
 * a wrong kind costs nothing. */
static char *file_patch(const char *tag, const char *source, struct srcfile *f,
			const struct entry *e, size_t n)
{
	struct sbuf sb = { 0 };
	const char **syms = xcalloc(n, sizeof(*syms));
	unsigned char *is_free = xcalloc(n, 1), *by_macro = xcalloc(n, 1);
	size_t i, nwrap = 0, nmacros = 0;
	char **macros, *lists[3];

	for (i = 0; i < n; i++)
		syms[i] = e[i].t->symbol;
	macros = srcfile_definers(f, syms, n, 0, is_free, &nmacros);
	srcscan_free_names(macros, nmacros);    /* only is_free[] is wanted here */
	for (i = 0; i < n; i++) {
		/* a definer macro whose expansion's first declaration is not the
		 * symbol, or a file mirrored under tools/: no rule, annotate.sh
		 * re-declares it */
		int rejected = (!e[i].remove && e[i].t->place &&
				(str_has_prefix(e[i].t->place, "declarer-") ||
				 !strcmp(e[i].t->place, "synced"))) ||
			       e[i].kind == DEF_MACRO;

		by_macro[i] = !is_free[i] && !rejected;
		is_free[i] &= !rejected;
		if (by_macro[i] && !e[i].remove)
			syms[nwrap++] = e[i].t->symbol;
	}
	macros = srcfile_definers(f, syms, nwrap, nwrap, NULL, &nmacros);

	lists[0] = symbol_list(e, n, 0, is_free);
	lists[1] = symbol_list(e, n, 0, by_macro);
	lists[2] = symbol_list(e, n, 1, is_free);
	sbuf_add(&sb, "// crossym: semantic patch for ");
	sbuf_add(&sb, source);
	sbuf_add(&sb, " (tag ");
	sbuf_add(&sb, tag);
	sbuf_add(&sb, "), made from the cocci/ templates: do not edit.\n");
	add_rules(&sb, tmpl_add_func, tag, "FUNCS", lists[0]);
	add_rules(&sb, tmpl_add_var, tag, "VARS", lists[0]);
	add_macro_rules(&sb, tag, lists[1], macros, nmacros);
	add_rules(&sb, tmpl_remove_func, tag, "FUNCS", lists[2]);
	add_rules(&sb, tmpl_remove_var, tag, "VARS", lists[2]);
	if (!strstr(sb.s, "\n@"))
		sbuf_add(&sb, "// No rule: no name here spatch could change in place.\n");

	for (i = 0; i < 3; i++)
		free(lists[i]);
	srcscan_free_names(macros, nmacros);
	free(by_macro);
	free(is_free);
	free(syms);
	return sbuf_take(&sb);
}

/* ---- writing OUTDIR ------------------------------------------------------ */

static void mkdir_p(const char *path)
{
	if (mkdir_parents(path))
		fatal("%s: %s", path, errstr(errno));
}

/* Every file of OUTDIR is written whole or not at all (util's atomic_file);
 * they reach the disk together before OUTDIR/.complete is written. */
static FILE *open_out(struct atomic_file *af, const char *path)
{
	if (atomic_open(af, path))
		fatal("%s: %s", path, errstr(errno));
	af->nosync = 1;         /* synced at once before .complete (sync_fs) */
	return af->f;
}

static void close_out(struct atomic_file *af, const char *path)
{
	if (atomic_commit(af))
		fatal("%s: write error: %s", path, errstr(errno ? errno : EIO));
}

static void write_text(const char *path, const char *text)
{
	struct atomic_file af;

	fputs(text, open_out(&af, path));
	close_out(&af, path);
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	if (remove(path))
		fatal("%s: %s", path, errstr(errno));
	return 0;
}

/* Forget the results of an earlier run in outdir. */
static void clean_outdir(const char *outdir)
{
	static const char *const old[] = {
		"annotate.patch", "annotate.rejected.patch", "forms.tsv", "macros.tsv", "tag-style",
		"mode", "static.tsv", "edits.tsv", "unplaced.tsv",
	};
	char *path;
	size_t i;

	for (i = 0; i < ARRAY_LEN(old); i++) {
		path = path_join(outdir, old[i]);
		if (unlink(path) && errno != ENOENT)
			fatal("%s: %s", path, errstr(errno));
		free(path);
	}
	path = path_join(outdir, "cocci");
	if (nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS) && errno != ENOENT)
		fatal("%s: %s", path, errstr(errno));
	free(path);
}

struct outfiles {
	FILE *wanted, *stale, *files, *tables;
	char *wanted_path, *stale_path, *files_path, *tables_path;
	struct atomic_file out[4];
};

static void open_outfiles(struct outfiles *o, const char *outdir)
{
	o->wanted_path = path_join(outdir, "wanted.tsv");
	o->stale_path = path_join(outdir, "stale.tsv");
	o->files_path = path_join(outdir, "files.tsv");
	o->wanted = open_out(&o->out[0], o->wanted_path);
	o->stale = open_out(&o->out[1], o->stale_path);
	o->files = open_out(&o->out[2], o->files_path);
	o->tables_path = path_join(outdir, "tables.tsv");
	o->tables = open_out(&o->out[3], o->tables_path);
}

static void close_outfiles(struct outfiles *o)
{
	close_out(&o->out[0], o->wanted_path);
	close_out(&o->out[1], o->stale_path);
	close_out(&o->out[2], o->files_path);
	close_out(&o->out[3], o->tables_path);
	free(o->tables_path);
	free(o->wanted_path);
	free(o->stale_path);
	free(o->files_path);
}

static const char *kind_name(enum def_kind kind)
{
	return kind == DEF_FUNC ? "func" : kind == DEF_VAR ? "var" :
	       kind == DEF_SEVERAL ? "several" : "other";
}

/* Write everything about the source file whose targets are e[0..n);
 * returns 1 when the file cannot be read (it is then left out). */
static int write_file(const struct cocci_opts *opts, struct srcset *files,
		      struct outfiles *o, const struct entry *e, size_t n)
{
	const char *source = e[0].t->source;
	char *rel, *cpath, *dir, *patch;
	const char *text;
	size_t len = 0, i;

	if (!source_path_ok(source)) {
		error("%s: source path outside the source tree", source);
		return 1;
	}
	if (source[strcspn(source, "\t\n\r\\")]) {
		/* files.tsv and annotate.sh's lists are lines of TAB-separated
		 * fields: such a name would be misread there */
		error("%s: a TAB, newline, carriage return or backslash in the file name: "
		      "annotate cannot patch it; rename the file", source);
		return 1;
	}
	text = srcset_text(files, source, &len);
	if (!text) {
		char *path = path_join(opts->srctree ? opts->srctree : ".", source);

		error("%s: missing source", path);
		free(path);
		return 1;
	}
	rel = xasprintf("cocci/%s.cocci", source);
	cpath = path_join(opts->outdir, rel);
	dir = path_dirname(cpath);
	mkdir_p(dir);
	patch = file_patch(opts->tag, source, srcset_get(files, source, NULL), e, n);
	write_text(cpath, patch);
	fprintf(o->files, "%s\t%lu\t%zu\t%s\n", source,
		posix_cksum((const unsigned char *)text, len), len, rel);
	for (i = 0; i < n; i++) {
		if (e[i].remove)
			fprintf(o->stale, "%s\t%s\t%u\n", source, e[i].t->symbol, e[i].t->line);
		else if (e[i].kind != DEF_MACRO)
			fprintf(o->wanted, "%s\t%s\t%s\t%u\t%s\t%s\n", source,
				e[i].t->symbol, kind_name(e[i].kind), e[i].t->line,
				e[i].t->macro ? e[i].t->macro : "-",
				e[i].t->place ? e[i].t->place : "-");
		if (!e[i].remove && e[i].kind == DEF_VAR && e[i].t->table)
			fprintf(o->tables, "%s\t%s\n", source, e[i].t->symbol);
	}
	free(patch);
	free(dir);
	free(cpath);
	free(rel);
	return 0;
}

int cocci_outdir_usable(const char *outdir)
{
	char *tag = path_join(outdir, "tag");
	struct stat st;
	int ours = stat(tag, &st) == 0 && S_ISREG(st.st_mode), empty = 1;
	struct dirent *de;
	DIR *d;

	free(tag);
	if (ours)
		return 1;
	if (!(d = opendir(outdir)))
		return errno == ENOENT;
	while (empty && (de = readdir(d)) != NULL)
		empty = !strcmp(de->d_name, ".") || !strcmp(de->d_name, "..");
	closedir(d);
	return empty;
}

void cocci_prepare_outdir(const char *outdir, const char *tag)
{
	char *tagline;

	if (!cocci_is_ident(tag))
		fatal("tag '%s' is not a C identifier", tag ? tag : "");
	mkdir_p(outdir);
	clean_outdir(outdir);
	tagline = xasprintf("%s\n", tag);
	cocci_write_text(outdir, "tag", tagline);
	free(tagline);
}

void cocci_write_text(const char *outdir, const char *rel, const char *text)
{
	char *path = path_join(outdir, rel), *dir = path_dirname(path);

	mkdir_p(dir);
	write_text(path, text);
	free(dir);
	free(path);
}

int cocci_write(const struct cocci_opts *opts,
		const struct cocci_target *add, size_t nadd,
		const struct cocci_target *remove, size_t nremove)
{
	struct outfiles o;
	struct entry *e;
	size_t n, i, j;
	struct srcset *files = opts->files ? opts->files : srcset_new(opts->srctree);
	int errors = 0;

	cocci_prepare_outdir(opts->outdir, opts->tag);
	if (opts->style && tagstyle_write(opts->outdir, opts->style))
		fatal("%s/tag-style: %s", opts->outdir, errstr(errno));

	e = collect_entries(add, nadd, remove, nremove, &n);
	open_outfiles(&o, opts->outdir);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && !strcmp(e[j].t->source, e[i].t->source); j++)
			;
		errors += write_file(opts, files, &o, e + i, j - i);
	}
	close_outfiles(&o);
	if (files != opts->files)
		srcset_free(files);
	free(e);
	return errors;
}
