// SPDX-License-Identifier: GPL-2.0-only
/* pipeline.c - the phases of a run in one table, in the order they run
 * (pipeline.h has the sketch); each command names those it needs. */
#include "cli/pipeline.h"
#include "kbuild/fresh.h"
#include "kbuild/buildtree.h"
#include "model/classify.h"
#include "kbuild/cpprun.h"
#include "place/defline.h"
#include "source/srcscan.h"
#include "model/units.h"
#include "lib/tsvesc.h"
#include "lib/util.h"

#include <errno.h>

#include <stdlib.h>
#include <string.h>

/* One build going through the per-build phases. */
struct pass {
	struct build b;
	const char *dir;        /* its BUILD_DIR */
	size_t first;           /* its first row in p->rows */
};

static int ph_db_load(struct pipeline *p, struct pass *ps)
{
	(void)ps;
	if (!p->args->db_file)
		return 0;
	if (db_load(&p->db, p->args->db_file)) {
		db_free(&p->db);
		return -1;
	}
	p->scan.db = &p->db;
	return 0;
}

static int ph_scan(struct pipeline *p, struct pass *ps)
{
	if (build_scan(&ps->b, ps->dir, &p->scan))
		return -1;
	if (!p->srctree)
		p->srctree = xstrdup(ps->b.srctree);
	p->nobjects += (long)ps->b.set.count;
	return 0;
}

static int ph_units(struct pipeline *p, struct pass *ps)
{
	units_assign(&ps->b, &p->args->units);
	for (size_t i = 0; p->select && i < ps->b.set.count; i++)
		unitsel_mark(p->select, ps->b.set.objs[i].unit);
	return 0;
}

/* The link closure (which objects the link takes), then the rows. */
static int ph_decide(struct pipeline *p, struct pass *ps)
{
	decide_build(&ps->b, &p->rows);
	return 0;
}

/* Nothing to check is no success: a build with no object, or none linked,
 * is an error (an unbuilt, empty or mistyped build directory). */
static int ph_linked(struct pipeline *p, struct pass *ps)
{
	const struct build *b = &ps->b;
	size_t nobjects = 0, nlinked = 0;

	(void)p;
	for (size_t i = 0; i < b->set.count; i++) {
		nobjects += !b->set.objs[i].is_script;
		nlinked += !b->set.objs[i].is_script && b->set.objs[i].linked;
	}
	if (!nobjects)
		error("%s: no objects found: not built yet, or not a build directory",
		      b->dir);
	else if (!nlinked)
		error("%s: %zu objects found, but no linked image: none is linked",
		      b->dir, nobjects);
	return nlinked ? 0 : -1;
}

static int ph_dwarf(struct pipeline *p, struct pass *ps)
{
	if (!p->scan.nm_file)
		placement_from_dwarf(&ps->b, &p->rows, ps->first);
	return 0;
}

static int ph_generated(struct pipeline *p, struct pass *ps)
{
	placement_generated(&ps->b, &p->rows, ps->first);
	return 0;
}

/* The builds a row comes from, and those of them where its class is
 * file-local: the merge adds them up (crossym cocci --static). */
static int ph_classes(struct pipeline *p, struct pass *ps)
{
	classify_build(&ps->b, &p->rows, ps->first);
	for (size_t i = ps->first; i < p->rows.count; i++) {
		p->rows.v[i].nbuilds = 1;
		p->rows.v[i].nfile_local = p->rows.v[i].status == STATUS_FILE_LOCAL;
	}
	return 0;
}

static int ph_lines(struct pipeline *p, struct pass *ps)
{
	defline_resolve(&ps->b, &p->rows, ps->first, !p->scan.nm_file);
	return 0;
}

/* The sources and source names of o's definitions from other objects
 * (objects.h, struct objorigin). */
static void origin_facts(struct pipeline *p, const struct object *o)
{
	for (size_t k = 0; k < o->norigins && !o->excluded; k++) {
		const struct objorigin *from = &o->origins[k];

		if (from->source && !from->is_asm)
			strtab_intern(&p->sources, from->source);
		if (from->input_name)
			strtab_intern(o->linked ? &p->defined : &p->unlinked, from->input_name);
	}
}

/* What the tag check needs beyond the rows: every C source compiled and
 * every symbol defined. */
static int ph_facts(struct pipeline *p, struct pass *ps)
{
	const struct build *b = &ps->b;

	for (size_t i = 0; i < b->set.count; i++) {
		const struct object *o = &b->set.objs[i];

		if (o->is_script || !o->machine_ok)
			continue;
		/* an excluded object is compiled outside units: its tags are
		 * neither wanted nor stale, and its source is not read */
		if (o->source && !o->is_asm && !o->generated && !o->excluded)
			strtab_intern(&p->sources, o->source);
		for (size_t k = 0; k < o->nincluded && !o->is_asm && !o->excluded; k++)
			strtab_intern(&p->sources, o->included[k]);
		origin_facts(p, o);
		for (size_t k = 0; k < o->nsyms; k++)
			if (sym_is_def(o->syms[k].bind))
				strtab_intern(o->linked ? &p->defined : &p->unlinked,
					      strtab_str(&b->set.names, o->syms[k].name));
	}
	return 0;
}

static int ph_each(struct pipeline *p, struct pass *ps)
{
	p->each(p, &ps->b);
	return 0;
}

static int ph_db_save(struct pipeline *p, struct pass *ps)
{
	(void)ps;
	if (!p->scan.db)
		return 0;
	if (!db_save(&p->db))
		inform("crossym: %s: %zu object files read, %zu taken "
		       "from the database\n", p->args->db_file, p->db.read, p->db.reused);
	db_free(&p->db);
	p->scan.db = NULL;
	return 0;
}

static int ph_merge(struct pipeline *p, struct pass *ps)
{
	(void)ps;
	rows_sort_merge(&p->rows);
	return 0;
}

/* Without --tag-exports, says how many exported definitions another unit of
 * their own image uses: they get no tag, which is right only when the tree's
 * export macro carries it. */
static void note_untagged_exports(const struct rows *rows)
{
	const char *first = NULL;
	size_t n = 0;

	for (size_t i = 0; i < rows->count; i++)
		if (rows->v[i].status == STATUS_EXPORTED && rows->v[i].image_use) {
			first = first ? first : rows->v[i].symbol;
			n++;
		}
	if (n && !diag.quiet)
		warn("%zu exported definitions are used by other units of their own image "
		     "(%s%s) and get no tag: the export macro is taken to carry it; if it "
		     "does not (stock Linux with --tag __visible), give --tag-exports",
		     n, first, n > 1 ? " and others" : "");
}

/* Why r's source is unknown, for a message. */
static char *unknown_why(const struct pipeline *p, const struct row *r)
{
	if (r->site.def_source && r->site.def_source[0] == '/')
		return xasprintf("its debug info (DW_AT_decl_file, under DW_AT_comp_dir) "
				 "names %s, outside the source tree %s: moved or copied since "
				 "it was built? --srctree DIR names the tree where its files "
				 "are now", r->site.def_source, p->srctree);
	return r->site.why ? xstrdup(r->site.why) : NULL;
}

/* The tag rows no source is known for, or whose source cannot carry the tag
 * (site.untaggable), are errors; with list_unplaced they are said and listed
 * (p->unplaced), the exit status left to the command. */
static int ph_taggable(struct pipeline *p, struct pass *ps)
{
	const struct rows *rows = &p->rows;

	(void)ps;
	for (size_t i = 0; i < rows->count; i++) {
		const struct row *r = &rows->v[i];
		char *why;

		if (r->status != STATUS_TAG || (r->site.source && !r->site.untaggable))
			continue;
		why = unknown_why(p, r);
		(p->list_unplaced ? complain : error)("%s: %s: %scannot tag it%s%s",
						       r->object, r->symbol,
						       r->site.source ? "" : "source unknown, ",
						       why ? ": " : "", why ? why : "");
		free(why);
		if (p->list_unplaced) {
			p->unplaced = xrealloc(p->unplaced, (p->nunplaced + 1) * sizeof(size_t));
			p->unplaced[p->nunplaced++] = i;
		}
	}
	if (!p->args->scan.tag_exports)
		note_untagged_exports(rows);
	return 0;
}

/* Without --run-build-commands: the definitions whose placement running the
 * compile command would have decided (made by top-level asm, needing no tag,
 * or pasted by a macro). */
static void note_unrun_commands(const struct rows *rows, const struct placement *places,
				const struct cpp_runner *run)
{
	size_t n = 0;

	for (size_t i = 0; i < rows->count; i++) {
		const struct row *r = &rows->v[i];

		if (!r->ctx->cmd_file || !cpp_was_unrun(run, r->ctx->cmd_file) ||
		    (places[i].kind != PLACE_PASTED &&
		     places[i].kind != PLACE_NOT_IN_SOURCE))
			continue;
		if (n++ < 10)
			note_at(r->site.def_source ? r->site.def_source : r->object,
				r->site.def_source ? r->site.def_line : 0,
				"%s: made by top-level asm or pasted by a macro? "
				"--run-build-commands would tell", r->symbol);
	}
	if (n > 10)
		note("%zu such definitions in all", n);
}

/* Where each tag goes, read from the sources (placement.h). */
static int ph_sites(struct pipeline *p, struct pass *ps)
{
	struct cpp_runner run;

	(void)ps;
	cpp_runner_init(&run, p->args->scan.run_build_commands);
	p->files = srcset_new(p->srctree);
	p->places = xcalloc(p->rows.count + 1, sizeof(*p->places));
	placement_classify(&p->rows, p->files, &run, p->places);
	note_unrun_commands(&p->rows, p->places, &run);
	cpp_runner_say(&run);
	cpp_runner_free(&run);
	return 0;
}

/* The tags in the sources against the rows (tagcheck.h); with --tag-macros
 * against the rows as the #define plan leaves them (tagmacro.h). */
static int ph_tags(struct pipeline *p, struct pass *ps)
{
	const struct rows *rows = &p->rows;
	const struct placement *places = p->places;

	(void)ps;
	if (p->tag_macros) {
		tagmacro_plan(rows, places, p->files, p->tag, &p->plan);
		tagmacro_view(rows, places, &p->plan, &p->vrows, &p->vplaces);
		rows = &p->vrows;
		places = p->vplaces;
	}
	tagcheck_run(rows, places, &p->sources, &p->defined, &p->unlinked,
		     p->srctree, p->files, p->tag, &p->rep);
	return 0;
}

/* Objects older than a file they were built from (fresh.h): said, and the
 * run's status says the answer is not sure. */
static int ph_fresh(struct pipeline *p, struct pass *ps)
{
	(void)p;
	fresh_check(&ps->b);
	return 0;
}

static const struct phase {
	const char *stage;      /* scan, model, place, emit */
	const char *name;
	int per_build;          /* once per build, else once for the run */
	int (*run)(struct pipeline *p, struct pass *ps);
} phases[PH_COUNT] = {
	[PH_DB_LOAD]   = { "scan",  "db-load",   0, ph_db_load },
	[PH_SCAN]      = { "scan",  "objects",   1, ph_scan },
	[PH_FRESH]     = { "scan",  "fresh",     1, ph_fresh },
	[PH_UNITS]     = { "model", "units",     1, ph_units },
	[PH_DECIDE]    = { "model", "decide",    1, ph_decide },
	[PH_LINKED]    = { "model", "linked",    1, ph_linked },
	[PH_DWARF]     = { "place", "dwarf",     1, ph_dwarf },
	[PH_GENERATED] = { "place", "generated", 1, ph_generated },
	[PH_CLASSES]   = { "model", "classes",   1, ph_classes },
	[PH_LINES]     = { "place", "lines",     1, ph_lines },
	[PH_FACTS]     = { "scan",  "facts",     1, ph_facts },
	[PH_EACH]      = { "emit",  "each",      1, ph_each },
	[PH_DB_SAVE]   = { "scan",  "db-save",   0, ph_db_save },
	[PH_MERGE]     = { "model", "merge",     0, ph_merge },
	[PH_TAGGABLE]  = { "model", "taggable",  0, ph_taggable },
	[PH_SITES]     = { "place", "sites",     0, ph_sites },
	[PH_TAGS]      = { "emit",  "tags",      0, ph_tags },
};

void pipeline_init(struct pipeline *p, const struct scan_args *args, unsigned phases_wanted)
{
	memset(p, 0, sizeof(*p));
	p->args = args;
	p->builds = args->builds;
	p->phases = phases_wanted;
	p->tag = "__global";
	p->scan = args->scan;
	p->scan.lists = &p->lists;
	strtab_init(&p->sources);
	strtab_init(&p->defined);
	strtab_init(&p->unlinked);
}

static int wanted(const struct pipeline *p, int id)
{
	return (p->phases & PH(id)) != 0;
}

/* Phases from .. to-1 (all of one scope) over one build. */
static int run_build(struct pipeline *p, const char *dir, int from, int to)
{
	struct pass ps = { .dir = dir, .first = p->rows.count };
	int rc = 0;

	/* the scan always runs: the other phases work on what it read */
	for (int id = from; id < to && !rc; id++)
		if (wanted(p, id) || id == PH_SCAN)
			rc = phases[id].run(p, &ps);
	build_free(&ps.b);
	return rc;
}

/* One list of the scan (build.h) into dir: its header, a row a line. */
static void write_list(const struct scan_lists *lists, enum scan_list_id id,
		       const char *dir)
{
	char *path = path_join(dir, scan_list_name(id));
	struct atomic_file af;

	if (atomic_open(&af, path)) {
		error("%s: %s", path, errstr(errno));
		free(path);
		return;
	}
	fprintf(af.f, "%s\n", scan_list_header(id));
	for (size_t i = 0; i < lists->l[id].n; i++) {
		const struct scan_row *r = &lists->l[id].v[i];

		for (int k = 0; k < SCAN_ROW_FIELDS && r->f[k]; k++) {
			if (k)
				putc('\t', af.f);
			tsv_put(af.f, r->f[k]);
		}
		putc('\n', af.f);
	}
	if (atomic_commit(&af))
		error("%s: write error: %s", path, errstr(errno ? errno : EIO));
	free(path);
}

/* --run-build-commands with a list directory: every list, also the empty
 * ones (a reader can tell "none" from "not looked for"). */
static void write_lists(const struct pipeline *p)
{
	const char *dir = p->scan.list_dir;

	if (!dir || !p->scan.run_build_commands || p->scan.nm_file)
		return;
	if (mkdir_parents(dir)) {
		error("%s: %s", dir, errstr(errno));
		return;
	}
	for (int id = 0; id < LIST_COUNT; id++)
		write_list(&p->lists, (enum scan_list_id)id, dir);
}

int pipeline_run(struct pipeline *p)
{
	int id = 0, end;

	/* the .cmd deps lists: for placement, classes and the tag check only */
	p->scan.need_included = wanted(p, PH_CLASSES) || wanted(p, PH_FACTS);
	for (; id < PH_COUNT && !phases[id].per_build; id++)
		if (wanted(p, id) && phases[id].run(p, NULL))
			return -1;
	for (end = id; end < PH_COUNT && phases[end].per_build; end++)
		;
	for (int i = 0; i < p->builds.n; i++)
		if (run_build(p, p->builds.v[i], id, end))
			return -1;
	if (p->select && unitsel_unmatched(p->select))
		return -1;
	for (id = end; id < PH_COUNT; id++)
		if (wanted(p, id) && phases[id].run(p, NULL))
			return -1;
	write_lists(p);
	return 0;
}

void pipeline_free(struct pipeline *p)
{
	tagcheck_free(&p->rep);
	tagmacro_free(&p->plan);
	free(p->vrows.v);
	free(p->vplaces);
	if (p->places)
		placement_free(p->places, p->rows.count);
	free(p->places);
	free(p->unplaced);
	if (p->files)
		srcset_free(p->files);
	if (p->scan.db)
		db_free(&p->db);
	free(p->srctree);
	rows_free(&p->rows);
	strtab_free(&p->sources);
	strtab_free(&p->defined);
	strtab_free(&p->unlinked);
	scan_lists_free(&p->lists);
}
