// SPDX-License-Identifier: GPL-2.0-only
/* staticize.c - the verdict on each file-local definition: static, or kept
 * with the reason (staticize.h). The rule, in order:
 *   - its class is file-local in every build that compiles it, it is not
 *     weak, and no other row defines the name (another object, another
 *     build's other file);
 *   - its source shows exactly one definition of it, not declared with an
 *     attribute that ties it to its name (used, section, visible, weak,
 *     alias, asmlinkage, inline) nor together with other names, nor
 *     declared again in the same file, nor named inside asm;
 *   - a relocation of its object uses it in every build (a name in a macro
 *     call may be no use at all), no use in its file comes before the
 *     definition (it needs the declaration that goes), and some use sits in
 *     no #if arm the definition is not in (else static would leave it unused
 *     where that arm is not taken);
 *   - no other file of the tree names it, but for a header's declaration of
 *     it alone on its lines (deleted with it) and for a .c file that has a
 *     static of the same name of its own. */
#include "model/staticize.h"
#include "kbuild/cpprun.h"
#include "core/objects.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* The mentions of each name: order[start[id] .. start[id + 1]). */
struct by_name {
	size_t *start, *order;
};

static void index_by_name(const struct mentions *m, size_t nnames, struct by_name *ix)
{
	size_t *fill = xcalloc(nnames + 1, sizeof(*fill));

	ix->start = xcalloc(nnames + 1, sizeof(*ix->start));
	ix->order = xcalloc(m->count + 1, sizeof(*ix->order));
	for (size_t k = 0; k < m->count; k++)
		ix->start[m->v[k].name + 1]++;
	for (size_t id = 0; id < nnames; id++)
		ix->start[id + 1] += ix->start[id];
	for (size_t k = 0; k < m->count; k++) {
		unsigned id = m->v[k].name;

		ix->order[ix->start[id] + fill[id]++] = k;
	}
	free(fill);
}

/* The CONFIG_ options some build set (each build's include/config/auto.conf);
 * -1 when a build has none (then nothing is said of options). */
static int read_configs(char *const *dirs, size_t n, struct strtab *set)
{
	strtab_init(set);
	for (size_t b = 0; b < n; b++) {
		char *path = path_join(dirs[b], "include/config/auto.conf");
		size_t len;
		char *text = read_file(path, &len), *line, *save = NULL;

		free(path);
		if (!text)
			return -1;
		for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			char *eq = strchr(line, '=');

			if (!strncmp(line, "CONFIG_", 7) && eq) {
				*eq = '\0';
				strtab_intern(set, line);
			}
		}
		free(text);
	}
	return 0;
}

/* The option an arm's directive tests, when it is true exactly when the
 * option is set: `#ifdef X`, `#if defined(X)`, `#if IS_ENABLED(X)`, ... */
static char *arm_option(const char *text)
{
	static const char *const forms[] = {
		"#ifdef ", "#if defined(", "#if defined ", "#if IS_ENABLED(",
		"#if IS_BUILTIN(", "#if IS_REACHABLE(", "#if ", NULL
	};

	for (size_t k = 0; forms[k]; k++) {
		size_t fl = strlen(forms[k]), len;
		const char *p = text + fl;

		if (strncmp(text, forms[k], fl))
			continue;
		len = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
		if (strncmp(p, "CONFIG_", 7) || !len)
			return NULL;
		if (p[len] == (forms[k][fl - 1] == '(' ? ')' : '\0'))
			return xstrndup(p, len);
		return NULL;
	}
	return NULL;
}

struct ctx {
	const struct mentions *m;
	struct by_name ix;
	struct strtab configs;
	int have_configs;
};

/* " (inside `#ifdef CONFIG_X`, which no build set)" for mention x. */
static char *arm_said(const struct ctx *c, const struct mention *x)
{
	const struct arm *a = &c->m->arms[x->arm];
	char *opt;
	int unset;

	if (!x->arm)
		return xstrdup("");
	opt = arm_option(a->text);
	unset = opt && c->have_configs && strtab_find(&c->configs, opt) < 0;
	free(opt);
	return xasprintf(" (inside `%s`%s)", a->text, unset ? ", which no build set" : "");
}

static const char *file_of(const struct ctx *c, const struct mention *x)
{
	return strtab_str(&c->m->files, x->file);
}

static int is_definition(const struct mention *x)
{
	return (x->decl == MD_FUNC_DEF || x->decl == MD_VAR_DEF) &&
	       !(x->flags & (MF_STATIC | MF_EXTERN | MF_TYPEDEF));
}

/* The one definition among the mentions of the file (the item's line and
 * column set), NULL with *why set when there is not exactly one. */
static const struct mention *own_definition(const struct ctx *c, const size_t *list,
					    size_t n, unsigned file, struct static_item *it)
{
	const struct mention *def = NULL;
	size_t ndefs = 0;

	for (size_t k = 0; k < n; k++) {
		const struct mention *x = &c->m->v[list[k]];

		if (x->file == file && is_definition(x) && !ndefs++)
			def = x;
	}
	if (ndefs == 0) {
		it->why = xasprintf("%s shows no definition of it (a macro makes it?)", it->source);
		return NULL;
	}
	if (ndefs > 1) {
		it->why = xasprintf("defined %zu times in %s (#if arms)", ndefs, it->source);
		return NULL;
	}
	it->line = def->decl_line;
	it->col = def->decl_col;
	if (def->flags & MF_PINNED)
		it->why = xasprintf("declared %s (%s:%u)", def->pin, it->source, def->line);
	else if (def->flags & MF_SEVERAL)
		it->why = xasprintf("declared together with other names (%s:%u)", it->source,
				    def->line);
	return it->why ? NULL : def;
}

/* What the other mentions in the definition's own file say: NULL when a use
 * sits in no arm the definition is not in, else why it is kept. */
static char *own_file_uses(const struct ctx *c, const size_t *list, size_t n,
			   const struct mention *def, const char *src)
{
	const struct mention *arm_use = NULL, *use = NULL;

	for (size_t k = 0; k < n; k++) {
		const struct mention *x = &c->m->v[list[k]];

		if (x->file != def->file || x == def)
			continue;
		if (x->where == MW_ASM)
			return xasprintf("named inside asm at %s:%u", src, x->line);
		if (x->decl != MD_NONE)
			return xasprintf("declared again at %s:%u", src, x->line);
		if (x->where != MW_CODE)
			continue;
		if (x->line < def->decl_line)
			return xasprintf("used at %s:%u, before its definition: the declaration "
					 "that use needs would go", src, x->line);
		/* a use at least as unconditional as the definition */
		if (mentions_arm_within(c->m, def->arm, x->arm))
			use = x;
		else if (!arm_use)
			arm_use = x;
	}
	if (use)
		return NULL;
	if (arm_use)
		return xasprintf("used in %s only inside `%s` (line %u), which its definition "
				 "is not in: static would leave it unused where that is false",
				 src, c->m->arms[arm_use->arm].text, arm_use->line);
	return xasprintf("used in %s only through macros or directives", src);
}

/* A .c file with a static of the name of its own: its mentions are of that. */
static int own_static(const struct ctx *c, const size_t *list, size_t n, unsigned file)
{
	if (!str_has_suffix(strtab_str(&c->m->files, file), ".c"))
		return 0;
	for (size_t k = 0; k < n; k++) {
		const struct mention *x = &c->m->v[list[k]];

		if (x->file == file && x->decl != MD_NONE && (x->flags & MF_STATIC))
			return 1;
	}
	return 0;
}

static int removable_decl(const struct ctx *c, const struct mention *x)
{
	return str_has_suffix(file_of(c, x), ".h") && x->where == MW_CODE &&
	       (x->decl == MD_PROTO || x->decl == MD_EXTERN) && x->alone &&
	       !(x->flags & (MF_SEVERAL | MF_PINNED | MF_STATIC | MF_TYPEDEF));
}

/* The other files: NULL, with the header declarations to delete in it->undecl,
 * or why it is kept. */
static char *other_files(const struct ctx *c, const size_t *list, size_t n,
			 unsigned own, struct static_item *it)
{
	for (size_t k = 0; k < n; k++) {
		const struct mention *x = &c->m->v[list[k]];
		char *arm;
		char *why;

		if (x->file == own || own_static(c, list, n, x->file))
			continue;
		if (removable_decl(c, x)) {
			grow_array((void **)&it->undecl, &it->undecl_cap, it->nundecl + 1,
				   sizeof(*it->undecl));
			it->undecl[it->nundecl++] = (struct static_undecl){ file_of(c, x),
				x->decl_line, x->end_line };
			continue;
		}
		arm = arm_said(c, x);
		why = xasprintf("named in %s:%u%s", file_of(c, x), x->line, arm);
		free(arm);
		return why;
	}
	return NULL;
}

/* The verdict on one item whose name is id in the mentions. */
static void judge(const struct ctx *c, long id, struct static_item *it)
{
	const size_t *list = id >= 0 ? c->ix.order + c->ix.start[id] : NULL;
	size_t n = id >= 0 ? c->ix.start[id + 1] - c->ix.start[id] : 0;
	long file = strtab_find(&c->m->files, it->source);
	const struct mention *def;

	if (file < 0) {
		it->why = xasprintf("%s: not found in the source tree", it->source);
		return;
	}
	if (!n) {
		it->why = xstrdup("no file names it: a macro pastes its name together");
		return;
	}
	def = own_definition(c, list, n, (unsigned)file, it);
	if (!def)
		return;
	it->why = own_file_uses(c, list, n, def, it->source);
	if (!it->why)
		it->why = other_files(c, list, n, (unsigned)file, it);
	if (it->why) {
		free(it->undecl);
		it->undecl = NULL;
		it->nundecl = it->undecl_cap = 0;
	}
}

/* The items of p from k on that need the preprocessed source of k's object:
 * their names, and whether that text shows a use of each (code or asm, not
 * a declarator; a name only in a macro's arguments may be pasted into
 * another: static_call(f) is __SCT__f), one scan of the text for all. */
static void cpp_uses(const struct static_plan *p, size_t k, const char *text, size_t len,
		     struct strtab *names, unsigned char **used)
{
	struct mentions m;

	strtab_init(names);
	for (size_t j = k; j < p->n; j++)
		if (!p->v[j].why && p->v[j].need_cpp && p->v[j].ctx == p->v[k].ctx)
			strtab_intern(names, p->v[j].symbol);
	*used = xcalloc(names->count + 1, 1);
	if (!text)
		return;
	mentions_init(&m);
	mentions_scan_text("-", text, len, names, &m);
	for (size_t x = 0; x < m.count; x++)
		if (m.v[x].decl == MD_NONE &&
		    (m.v[x].where == MW_CODE || m.v[x].where == MW_ASM))
			(*used)[m.v[x].name] = 1;
	mentions_free(&m);
}

/* The items judged static that no relocation uses: kept unless their
 * object's preprocessed source shows a use (one preprocessor run and one
 * scan per object). */
static void check_preprocessed(struct static_plan *p, struct cpp_runner *run)
{
	for (size_t k = 0; k < p->n; k++) {
		struct static_item *it = &p->v[k];
		const struct objctx *ctx = it->ctx;
		struct strtab names;
		unsigned char *used;
		size_t len = 0;
		char *text;

		if (it->why || !it->need_cpp)
			continue;
		text = run && ctx->cmd_file ?
		       cpp_preprocess(run, ctx->build_dir, ctx->cmd_file, &len) : NULL;
		cpp_uses(p, k, text, len, &names, &used);
		for (size_t j = k; j < p->n; j++) {
			struct static_item *jt = &p->v[j];

			if (jt->why || !jt->need_cpp || jt->ctx != ctx)
				continue;
			jt->need_cpp = 0;
			if (!text)
				jt->why = xstrdup("no relocation of its object uses it (a call GCC "
						  "inlined, or a name a macro pastes?): "
						  "--run-build-commands checks its preprocessed source");
			else if (!used[strtab_find(&names, jt->symbol)])
				jt->why = xstrdup("its preprocessed source uses it nowhere (its "
						  "name is only a macro's argument): static would "
						  "leave it unused");
		}
		free(used);
		strtab_free(&names);
		free(text);
	}
}

int staticize_row_candidate(const struct row *r)
{
	const char *src = defsite_file(&r->site);

	return r->nfile_local && !r->weak && src && str_has_suffix(src, ".c") &&
	       r->kind != KIND_TLS;
}

/* Another row of the same symbol (rows are sorted by symbol): its object. */
static const char *other_definer(const struct rows *rows, size_t i)
{
	const char *sym = rows->v[i].symbol;

	if (i > 0 && !strcmp(rows->v[i - 1].symbol, sym))
		return rows->v[i - 1].object;
	if (i + 1 < rows->count && !strcmp(rows->v[i + 1].symbol, sym))
		return rows->v[i + 1].object;
	return NULL;
}

static const char *status_said(unsigned status)
{
	switch (status) {
	case STATUS_TAG: return "referenced from another unit";
	case STATUS_EXPORTED: return "exported";
	case STATUS_ASM: return "named in assembly";
	case STATUS_UNIT_LOCAL: return "used by other files of its unit";
	default: return status_name(status);
	}
}

/* Why a definition file-local in some builds is not in all of them. */
static char *not_everywhere(const struct row *r)
{
	char *refs = xstrdup(""), *more, *why;

	for (size_t k = 0; k < r->nrefs; k++) {
		more = xasprintf("%s%s%s", refs, k ? ", " : "", r->refs[k]);
		free(refs);
		refs = more;
	}
	why = xasprintf("file-local in %u of the %u builds that define it; in %s it is %s%s%s%s",
			r->nfile_local, r->nbuilds, r->nbuilds - r->nfile_local > 1 ?
			"others" : "the other", status_said(r->status),
			*refs ? " (" : "", refs, *refs ? ")" : "");
	free(refs);
	return why;
}

static int cmp_item(const void *a, const void *b)
{
	const struct static_item *x = a, *y = b;
	int c = strcmp(x->source, y->source);

	return c ? c : strcmp(x->symbol, y->symbol);
}

/* The items of the candidate rows, their names in names. */
static void collect(const struct rows *rows, struct static_plan *p, struct strtab *names)
{
	for (size_t i = 0; i < rows->count; i++) {
		const struct row *r = &rows->v[i];
		const char *other;
		struct static_item *it;

		if (!staticize_row_candidate(r))
			continue;
		grow_array((void **)&p->v, &p->cap, p->n + 1, sizeof(*p->v));
		it = &p->v[p->n++];
		*it = (struct static_item){ .symbol = r->symbol, .unit = r->unit,
					    .source = defsite_file(&r->site), .kind = r->kind,
					    .ctx = r->ctx, .need_cpp = !r->self_ref };
		other = other_definer(rows, i);
		if (r->status != STATUS_FILE_LOCAL)
			it->why = not_everywhere(r);
		else if (other)
			it->why = xasprintf("also defined in %s", other);
		else
			strtab_intern(names, r->symbol);
	}
	p->ncandidates = p->n;
}

int staticize_plan(const struct rows *rows, const char *srctree,
		   char *const *build_dirs, size_t nbuilds, struct cpp_runner *run,
		   struct static_plan *out)
{
	struct strtab names;
	struct ctx c = { .m = &out->m };

	memset(out, 0, sizeof(*out));
	strtab_init(&names);
	collect(rows, out, &names);
	if (mentions_scan(srctree, &names, &out->m)) {
		strtab_free(&names);
		return -1;
	}
	c.have_configs = !read_configs(build_dirs, nbuilds, &c.configs);
	index_by_name(&out->m, names.count, &c.ix);
	for (size_t k = 0; k < out->n; k++) {
		struct static_item *it = &out->v[k];

		if (!it->why)
			judge(&c, strtab_find(&names, it->symbol), it);
	}
	check_preprocessed(out, run);
	for (size_t k = 0; k < out->n; k++)
		out->nstatic += !out->v[k].why;
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), cmp_item);
	free(c.ix.start);
	free(c.ix.order);
	strtab_free(&c.configs);
	strtab_free(&names);
	return 0;
}

void staticize_free(struct static_plan *p)
{
	for (size_t k = 0; k < p->n; k++) {
		free(p->v[k].why);
		free(p->v[k].undecl);
	}
	free(p->v);
	mentions_free(&p->m);
	memset(p, 0, sizeof(*p));
}
