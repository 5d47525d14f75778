/* SPDX-License-Identifier: GPL-2.0-only */
/* pipeline.h - the phases every command runs, in one table (pipeline.c):
 *
 *   scan   db-load, objects           (kbuild/, objfile/: the objects of each build)
 *   scan   fresh                      (check: objects older than their sources)
 *   model  units, decide, linked      (model/: units, link closure, the decision)
 *   place  dwarf, generated           (place/: each tag row's definition site)
 *   model  classes                    (report --all, --tag-macros)
 *   place  lines                      (report tsv/json: every row's line)
 *   scan   facts                      (check, cocci: sources and symbols)
 *   emit   each                       (the command's per-build output)
 *   scan   db-save
 *   model  merge                      (the rows of all builds, sorted, merged)
 *   model  taggable                   (check, cocci: rows that cannot be tagged)
 *   place  sites                      (where each tag goes, from the sources)
 *   emit   tags                       (check, cocci: the tags in the sources)
 *
 * then the command's own output (report, cocci, check). A command names the
 * phases it needs (PH(id) bits); each runs once per build (objects .. each)
 * or once for the run, in table order. */
#ifndef CROSSYM_PIPELINE_H
#define CROSSYM_PIPELINE_H

#include "kbuild/db.h"
#include "model/decide.h"
#include "cli/options.h"
#include "place/placement.h"
#include "lib/strtab.h"
#include "patch/tagcheck.h"
#include "place/tagmacro.h"

enum phase_id {
	PH_DB_LOAD, PH_SCAN, PH_FRESH, PH_UNITS, PH_DECIDE, PH_LINKED, PH_DWARF,
	PH_GENERATED, PH_CLASSES, PH_LINES, PH_FACTS, PH_EACH, PH_DB_SAVE,
	PH_MERGE, PH_TAGGABLE, PH_SITES, PH_TAGS, PH_COUNT
};
#define PH(id) (1u << (id))
/* What report, check and cocci all run: scan and decide every build, place
 * the tag rows, merge. */
#define PH_ROWS (PH(PH_DB_LOAD) | PH(PH_SCAN) | PH(PH_UNITS) | PH(PH_DECIDE) | \
		 PH(PH_LINKED) | PH(PH_DWARF) | PH(PH_GENERATED) | \
		 PH(PH_DB_SAVE) | PH(PH_MERGE))
/* What check and cocci run: the rows, then the tags in the sources. */
#define PH_TAGCHECK (PH_ROWS | PH(PH_FACTS) | PH(PH_TAGGABLE) | PH(PH_SITES) | \
		     PH(PH_TAGS))

struct pipeline;
/* The emit phase of one build (b is freed after it). */
typedef void each_build_fn(struct pipeline *p, struct build *b);

struct pipeline {
	/* set by the command */
	const struct scan_args *args;
	struct operands builds; /* the builds to scan (args->builds, or fewer) */
	unsigned phases;        /* PH() bits */
	const char *tag;        /* PH_TAGS: --tag */
	int tag_macros;         /* PH_TAGS: --tag-macros */
	each_build_fn *each;    /* PH_EACH */
	void *ctx;              /* for each */
	struct unit_sel *select; /* --unit: PH_UNITS notes which DIRs answer */
	int list_unplaced;      /* PH_TAGGABLE: a tag row no source is known
				 * for goes into unplaced (cocci), not an error */
	/* made by the phases */
	struct scan_opts scan;  /* args->scan with the db and what to read; the
				 * command may set scan.list_dir (cocci: OUTDIR) */
	struct scan_lists lists; /* what the scan found per item (build.h),
				 * written into scan.list_dir when the run ends */
	struct db db;
	struct rows rows;       /* every build's rows; merged after PH_MERGE */
	long nobjects;          /* objects read */
	char *srctree;          /* the first build's source tree */
	struct strtab sources, defined, unlinked; /* PH_FACTS: every C source
				 * compiled, every symbol defined by a linked
				 * object, by an unlinked library member only */
	struct srcset *files;   /* PH_SITES: the sources, read once */
	size_t *unplaced;       /* PH_TAGGABLE with list_unplaced: those rows */
	size_t nunplaced;
	struct placement *places; /* PH_SITES: one per row */
	struct tag_report rep;  /* PH_TAGS */
	struct tagmacro_plan plan; /* PH_TAGS with tag_macros */
	struct rows vrows;      /* what tagcheck saw (tagmacro_view) */
	struct placement *vplaces;
};

/* Zero p and set what it runs on. */
void pipeline_init(struct pipeline *p, const struct scan_args *args, unsigned phases);
/* Run p's phases, then (--run-build-commands) write the scan's lists into
 * scan.list_dir when there is one: 0, or -1 when a build directory is unusable, --db
 * cannot be read or a --unit DIR selects no unit of any build (said; the
 * command ends with status 2). */
int pipeline_run(struct pipeline *p);
void pipeline_free(struct pipeline *p);

#endif
