// SPDX-License-Identifier: GPL-2.0-only
/* tagmacro.c - the tag in the #define that pastes names together (tagmacro.h). */
#include "place/tagmacro.h"
#include "source/definer.h"
#include "source/srcscan.h"
#include "lib/strtab.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What the plan learns about one #define before it decides. */
struct acc {
	char *file;             /* as the build names it */
	size_t offset;          /* where the tag goes in it */
	int tagged;
	char *example;          /* a definition that must stay untagged, or NULL */
	char *blocked;          /* a use that could not be followed, or NULL */
};

static int needs_tag(const struct row *r)
{
	return r->status == STATUS_TAG || r->status == STATUS_EXPORTED;
}

/* The pasting macro call that makes row r's name (its line in *line, its file
 * in *file), or NULL: the name is spelled out, or no macro pastes it. */
static char *paste_call(const struct row *r, const struct placement *p, struct srcset *files,
			const char **file, unsigned *line)
{
	struct srcfile *f;
	unsigned l;

	if (r->status == STATUS_ASM || r->site.asm_alias ||
	    (r->status == STATUS_TAG && p->kind != PLACE_PASTED))
		return NULL;
	*file = r->status == STATUS_TAG && r->site.def_source ? r->site.def_source : r->site.source;
	if (!*file || !(f = srcset_get(files, *file, NULL)))
		return NULL;
	if (r->status != STATUS_TAG && srcfile_locate(f, r->symbol, 0, &l, NULL) != LOC_NOT_FOUND)
		return NULL;
	return srcfile_paste_call(f, r->symbol, line);
}

/* The plan's entry for the #define of site (made when new). */
static size_t site_entry(struct tagmacro_plan *p, struct acc **acc, struct strtab *keys,
			 struct definer_site *site)
{
	char *key = xasprintf("%s:%u", site->file, site->line);
	size_t before = keys->count, id = strtab_intern(keys, key);

	free(key);
	if (keys->count == before)
		return id;
	grow_array((void **)&p->v, &p->cap, p->n + 1, sizeof(*p->v));
	grow_array((void **)acc, &p->acc_cap, p->n + 1, sizeof(**acc));
	memset(&p->v[id], 0, sizeof(p->v[id]));
	memset(&(*acc)[id], 0, sizeof((*acc)[id]));
	p->v[id].macro = site->macro;
	p->v[id].chain = site->chain;
	p->v[id].define_line = site->line;
	(*acc)[id].file = site->file;
	(*acc)[id].offset = site->offset;
	(*acc)[id].tagged = site->tagged;
	site->macro = site->chain = site->file = NULL;
	p->n++;
	return id;
}

static void note_failure(struct tagmacro_plan *p, struct strtab *failed, const char *macro,
			 const char *file, unsigned line, const char *why)
{
	size_t before = failed->count;

	strtab_intern(failed, macro);
	if (failed->count == before)
		return;
	grow_array((void **)&p->failed, &p->failed_cap, p->nfailed + 1,
		   sizeof(*p->failed));
	p->failed[p->nfailed++] = xasprintf("%s (%s:%u): %s", macro, file, line,
					    why ? why : "not followed");
}

/* Where the tag goes, as line and column, and the file relative to srctree. */
static void locate_site(struct tagmacro_site *s, const struct acc *a, const char *srctree)
{
	char *real = realpath(a->file, NULL), *base = realpath(srctree, NULL);
	size_t n = 0, bol = 0;
	char *text = read_file(a->file, &n);

	s->line = 1;
	for (size_t i = 0; text && i < a->offset && i < n; i++)
		if (text[i] == '\n')
			s->line++, bol = i + 1;
	s->column = (unsigned)(a->offset - bol);
	if (real && base) {
		char *rel = path_relative(real, base);

		if (rel[0] != '/' && strncmp(rel, "../", 3) && strcmp(rel, ".."))
			s->source = rel;
		else
			free(rel);
	}
	free(text);
	free(real);
	free(base);
}

static void decide(struct tagmacro_site *s, const struct acc *a)
{
	if (a->tagged) {
		s->change = TM_ALREADY;
		if (s->need < s->made)
			s->why = xasprintf("%s: a tag would keep it from being optimised",
					   a->example);
	} else if (!s->source)
		s->why = xasprintf("its #define is outside the source tree (%s)", a->file);
	else if (a->blocked)
		s->why = xstrdup(a->blocked);
	else if (s->need < s->made)
		s->why = xasprintf("%s: a tag would keep it from being optimised", a->example);
	else
		s->change = TM_TAG;
}

static int cmp_site(const void *pa, const void *pb)
{
	const struct tagmacro_site *a = pa, *b = pb;
	int c = strcmp(a->source ? a->source : "", b->source ? b->source : "");

	return c ? c : (a->line > b->line) - (a->line < b->line);
}

/* What the plan keeps while it reads the rows. */
struct planner {
	struct tagmacro_plan *out;
	struct definer_ctx *dc;
	struct srcset *files;
	const char *srctree, *tag;
	struct strtab keys, failed;     /* "file:line" of each #define; macros not followed */
	struct acc *acc;
	long *site_of;                  /* per row: its #define in out->v, or -1 */
	char **macro_of;                /* per row: its pasting macro, or NULL */
};

/* Follow row i's pasting macro call (if any) to its #define and count it. */
static void follow_row(struct planner *P, const struct row *r, const struct placement *p,
		       size_t i)
{
	const char *file = NULL, *text;
	unsigned line = 0;
	size_t len, id;
	struct definer_site site;
	char *why = NULL, *abs;
	enum definer_verdict v;

	P->site_of[i] = -1;
	if (!(P->macro_of[i] = paste_call(r, p, P->files, &file, &line)) ||
	    !(text = srcset_text(P->files, file, &len)))
		return;
	abs = path_join(P->srctree, file);
	v = definer_site(P->dc, text, len, abs, r->ctx->cmd_file, r->ctx->build_dir, P->macro_of[i],
			 line, r->symbol, P->tag, &site, &why);
	if (v != DEFINER_OK)
		note_failure(P->out, &P->failed, P->macro_of[i], file, line, why);
	else {
		id = site_entry(P->out, &P->acc, &P->keys, &site);
		P->site_of[i] = (long)id;
		P->out->v[id].made++;
		P->out->v[id].need += needs_tag(r);
		if (!needs_tag(r) && !P->acc[id].example)
			P->acc[id].example = xasprintf("%s (%s) is %s", r->symbol, r->object,
						       status_name(r->status));
	}
	definer_site_free(&site);
	free(why);
	free(abs);
}

/* A pasting macro with a use not followed: the #defines its other uses
 * reach may make more than the plan counted. */
static void block_unfollowed(struct planner *P, size_t nrows)
{
	for (size_t i = 0; i < nrows; i++) {
		long f = P->macro_of[i] ? strtab_find(&P->failed, P->macro_of[i]) : -1;
		struct acc *a = P->site_of[i] >= 0 ? &P->acc[P->site_of[i]] : NULL;

		if (a && f >= 0 && !a->blocked)
			a->blocked = xasprintf("a use of %s was not followed: %s",
					       P->macro_of[i], P->out->failed[f]);
	}
}

void tagmacro_plan(const struct rows *rows, const struct placement *places,
		   struct srcset *files, const char *tag, struct tagmacro_plan *out)
{
	struct planner P = { out, definer_new(), files, srcset_srctree(files), tag,
			     { 0 }, { 0 }, NULL, NULL, NULL };

	memset(out, 0, sizeof(*out));
	strtab_init(&P.keys);
	strtab_init(&P.failed);
	P.site_of = xcalloc(rows->count + 1, sizeof(*P.site_of));
	P.macro_of = xcalloc(rows->count + 1, sizeof(*P.macro_of));
	for (size_t i = 0; i < rows->count; i++)
		follow_row(&P, &rows->v[i], &places[i], i);
	block_unfollowed(&P, rows->count);
	for (size_t k = 0; k < out->n; k++) {
		locate_site(&out->v[k], &P.acc[k], P.srctree);
		decide(&out->v[k], &P.acc[k]);
		free(P.acc[k].file);
		free(P.acc[k].example);
		free(P.acc[k].blocked);
	}
	out->covered = xcalloc(rows->count + 1, 1);
	for (size_t i = 0; i < rows->count; i++) {
		out->covered[i] = P.site_of[i] >= 0 && out->v[P.site_of[i]].change != TM_NO;
		free(P.macro_of[i]);
	}
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), cmp_site);
	free(P.macro_of);
	free(P.site_of);
	free(P.acc);
	strtab_free(&P.keys);
	strtab_free(&P.failed);
	definer_free(P.dc);
}

void tagmacro_free(struct tagmacro_plan *p)
{
	for (size_t k = 0; k < p->n; k++) {
		free(p->v[k].source);
		free(p->v[k].macro);
		free(p->v[k].chain);
		free(p->v[k].why);
	}
	for (size_t k = 0; k < p->nfailed; k++)
		free(p->failed[k]);
	free(p->failed);
	free(p->v);
	free(p->covered);
	memset(p, 0, sizeof(*p));
}

void tagmacro_view(const struct rows *rows, const struct placement *places,
		   const struct tagmacro_plan *p, struct rows *vrows,
		   struct placement **vplaces)
{
	memset(vrows, 0, sizeof(*vrows));
	vrows->v = xcalloc(rows->count + 1, sizeof(*vrows->v));
	*vplaces = xcalloc(rows->count + 1, sizeof(**vplaces));
	for (size_t i = 0; i < rows->count; i++) {
		if (rows->v[i].status >= STATUS_UNIT_LOCAL)
			continue;
		vrows->v[vrows->count] = rows->v[i];
		if (p->covered[i] && rows->v[i].status == STATUS_TAG)
			vrows->v[vrows->count].status = STATUS_EXPORTED;
		(*vplaces)[vrows->count++] = places[i];
	}
	vrows->cap = rows->count + 1;
}

void tagmacro_print(const struct tagmacro_plan *p, const char *prefix, FILE *out)
{
	for (size_t k = 0; k < p->n; k++) {
		const struct tagmacro_site *s = &p->v[k];

		fprintf(out, "%smacro %s (%s:%u, from %s): %zu of %zu definitions "
			"need the tag: %s%s\n", prefix, s->macro, s->source ? s->source : "?",
			s->define_line, s->chain, s->need, s->made,
			s->change == TM_TAG ? "the tag goes into its #define" :
			s->change == TM_ALREADY && !s->why ? "its #define carries the tag" :
			s->change == TM_ALREADY ? "its #define carries the tag, which is stale: " :
			"not changed: ", s->why ? s->why : "");
	}
	for (size_t k = 0; k < p->nfailed; k++)
		fprintf(out, "%spasting macro %s: its definitions keep their "
			"re-declarations\n", prefix, p->failed[k]);
}

int tagmacro_write(const struct tagmacro_plan *p, const char *outdir)
{
	static const char *const change[] = { "no", "tag", "already" };
	char *path = path_join(outdir, "macros.tsv");
	struct atomic_file af;
	int rc = atomic_open(&af, path);

	for (size_t k = 0; !rc && k < p->n; k++) {
		const struct tagmacro_site *s = &p->v[k];

		if (s->source)
			fprintf(af.f, "%s\t%u\t%u\t%s\t%zu\t%zu\t%s\t%s\n", s->source, s->line,
				s->column, s->macro, s->need, s->made, change[s->change],
				s->why ? s->why : "-");
	}
	if (!rc)
		rc = atomic_commit(&af);
	free(path);
	return rc;
}

/* ---- annotate's side ---------------------------------------------------- */

enum { TSV_COLS = 8 };

long tagmacro_read(const char *outdir, struct tagmacro_edit **out)
{
	char *path = path_join(outdir, "macros.tsv"), **cells = NULL;
	long nrows, n = 0;

	*out = NULL;
	if (access(path, F_OK) && errno == ENOENT) {
		free(path);
		return 0;
	}
	nrows = read_tsv(path, TSV_COLS, &cells);
	*out = xcalloc((size_t)(nrows > 0 ? nrows : 0) + 1, sizeof(**out));
	for (long i = 0; i < nrows && n >= 0; i++) {
		char **c = cells + i * TSV_COLS, *end1, *end2;
		unsigned long line = strtoul(c[1], &end1, 10), col = strtoul(c[2], &end2, 10);

		if (!*c[0] || !*c[1] || *end1 || !*c[2] || *end2 || !line || line > UINT_MAX ||
		    col > UINT_MAX || !*c[3] || !*c[6]) {
			error("%s: line %ld: not a macros.tsv row", path, i + 1);
			n = -1;
		} else if (!strcmp(c[6], "tag")) {
			(*out)[n].source = xstrdup(c[0]);
			(*out)[n].line = (unsigned)line;
			(*out)[n].column = (unsigned)col;
			(*out)[n++].macro = xstrdup(c[3]);
		}
	}
	if (nrows < 0 || n < 0) {
		tagmacro_edits_free(*out, n < 0 ? 0 : (size_t)n);
		*out = NULL;
		n = -1;
	}
	free_tsv(cells, nrows, TSV_COLS);
	free(path);
	return n;
}

void tagmacro_edits_free(struct tagmacro_edit *e, size_t n)
{
	for (size_t i = 0; e && i < n; i++) {
		free(e[i].source);
		free(e[i].macro);
	}
	free(e);
}

/* Offset of line (1-based) column col of text, or -1 past its line's end. */
static long offset_of(const char *text, size_t len, unsigned line, unsigned col)
{
	size_t at = 0;

	for (unsigned l = 1; l < line; l++) {
		const char *nl = memchr(text + at, '\n', len - at);

		if (!nl)
			return -1;
		at = (size_t)(nl - text) + 1;
	}
	for (size_t k = 0; k < col; k++)
		if (at + k >= len || text[at + k] == '\n')
			return -1;
	return (long)(at + col);
}

/* The bytes from at to the end of its line. */
static size_t line_rest(const char *text, size_t len, size_t at)
{
	const char *nl = memchr(text + at, '\n', len - at);

	return nl ? (size_t)(nl - text) - at : len - at;
}

char *tagmacro_apply(const struct tagmacro_edit *e, size_t n, const char *src,
		     const char *text, size_t *len, const char *tag)
{
	char *out = xstrndup(text, *len);
	size_t tl = strlen(tag);

	/* from the last place to the first: the earlier offsets stay */
	for (size_t k = n; k-- > 0;) {
		long at;
		char *grown;

		if (strcmp(e[k].source, src))
			continue;
		at = offset_of(out, *len, e[k].line, e[k].column);
		if (at < 0) {
			free(out);
			return NULL;
		}
		grown = xasprintf("%.*s%s %s", (int)at, out, tag, out + at);
		free(out);
		out = grown;
		*len += tl + 1;
	}
	return out;
}

size_t tagmacro_verify(const struct tagmacro_edit *e, size_t n, const char *src,
		       const char *a, size_t alen, const char *c, size_t clen,
		       const char *tag, FILE *out)
{
	size_t bad = 0, tl = strlen(tag);

	for (size_t k = 0; k < n; k++) {
		long pa, pc;
		size_t ra = 0, rc = 0;

		if (strcmp(e[k].source, src))
			continue;
		pa = offset_of(a, alen, e[k].line, e[k].column);
		pc = offset_of(c, clen, e[k].line, e[k].column);
		if (pa >= 0 && pc >= 0) {
			ra = line_rest(a, alen, (size_t)pa);
			rc = line_rest(c, clen, (size_t)pc);
		}
		/* the same start of the line, then
		 * "TAG " and the original rest of the line */
		if (pa < 0 || pc < 0 || rc != ra + tl + 1 ||
		    memcmp(a + pa - e[k].column, c + pc - e[k].column, e[k].column) ||
		    memcmp(c + pc, tag, tl) || c[pc + tl] != ' ' ||
		    memcmp(c + pc + tl + 1, a + pa, ra)) {
			fprintf(out, "%s:%u: macro %s: its #define does not carry the tag\n",
				src, e[k].line, e[k].macro);
			bad++;
		}
	}
	return bad;
}
