// SPDX-License-Identifier: GPL-2.0-only
/* cmd-units.c - crossym units: each linked object with its unit, in link
 * order; or one of the whole-program hazard listings. */
#include "cli/commands.h"
#include "model/clashes.h"
#include "model/flatten.h"
#include "model/gensrc.h"
#include "model/ordersec.h"
#include "cli/pipeline.h"
#include "model/units.h"
#include "lib/util.h"

enum units_listing { LIST_UNITS, LIST_ORDERED, LIST_FLATTEN, LIST_CLASHES, LIST_GENERATED };

struct units_cmd_opts {
	struct scan_args a;
	unsigned listings;      /* 1 << enum units_listing, for each given */
};

static const char units_cmd_help[] =
	"usage: crossym units [--exclude OBJ]... [--runs] [--ordered | --flatten |\n"
	"                     --clashes | --generated] [--srctree DIR] [--nm FILE] [--no-config]\n"
	"                     [-q] BUILD_DIR\n\n"
	"List the linked objects of the build in link order with the unit each\n"
	"belongs to, as TSV: unit, object, file, role (c, asm or excluded), the\n"
	"library archive a member is linked from (- when always linked), and the\n"
	"file the whole-program build links a C object's unit into (DIR/unit.o,\n"
	"DIR/unit@N.o, DIR/NAME.unit.o; - else). The units are the decision's: report,\n"
	"cocci and check take the same options, and all read them from\n"
	"SRCTREE/.crossym.\n\n";

static const struct optdef opt_ordered = { { "ordered", no_argument, NULL, OPT_ORDERED },
	"  --ordered         instead: the global definitions alone in a section the\n"
	"                    linker script names one by one (its order only the\n"
	"                    script fixes), in units with two or more of them in\n"
	"                    one output section and more than one C object (a\n"
	"                    whole-program unit may fold comparisons of their\n"
	"                    addresses): unit, object, symbol, section, script\n" };
static const struct optdef opt_flatten = { { "flatten", no_argument, NULL, OPT_FLATTEN },
	"  --flatten         instead: the functions given GCC's flatten attribute\n"
	"                    (__flatten) in the sources of units with more than one\n"
	"                    C object (in a whole-program unit it inlines the unit's\n"
	"                    whole call tree: lto1 may run out of memory): unit,\n"
	"                    object, symbol, source, line\n" };
static const struct optdef opt_clashes = { { "clashes", no_argument, NULL, OPT_CLASHES },
	"  --clashes         instead: the definitions an initcall entry (top-level asm)\n"
	"                    names by a name another object of its unit defines too\n"
	"                    (a whole-program unit renames such statics; the asm\n"
	"                    keeps the old name): unit, object, symbol, entry\n" };
static const struct optdef opt_generated = { { "generated", no_argument, NULL, OPT_GENERATED },
	"  --generated       instead: the definitions other units use in sources the\n"
	"                    build generated, in units with more than one C object\n"
	"                    (no tag can be kept there, and GCC 12 does not honour\n"
	"                    a re-declaration in another file): unit, object,\n"
	"                    symbol, source\n" };

static const struct optdef *const units_options[] = {
	&optdef_exclude, &optdef_runs, &optdef_srctree, &optdef_nm, &opt_ordered,
	&opt_flatten, &opt_clashes, &opt_generated, &optdef_no_config, NULL
};

static void units_set(void *opts, int id, const char *arg)
{
	struct units_cmd_opts *o = opts;
	int listing = id == OPT_ORDERED ? LIST_ORDERED : id == OPT_FLATTEN ? LIST_FLATTEN :
		      id == OPT_CLASHES ? LIST_CLASHES : id == OPT_GENERATED ? LIST_GENERATED :
		      LIST_UNITS;

	if (listing == LIST_UNITS)
		scan_args_set(&o->a, id, arg);
	else
		o->listings |= 1u << listing;
}

/* The listing of the one build, once the units and the link are known. */
static void units_each(struct pipeline *p, struct build *b)
{
	const struct units_cmd_opts *o = p->ctx;

	switch (o->listings) {
	case 1u << LIST_ORDERED: ordered_print(stdout, b); break;
	case 1u << LIST_FLATTEN: flatten_print(stdout, b); break;
	case 1u << LIST_CLASHES: clashes_print(stdout, b); break;
	case 1u << LIST_GENERATED: gensrc_print(stdout, b, &p->rows); break;
	default: units_print(stdout, b); break;
	}
}

int cmd_units(int argc, char **argv)
{
	struct units_cmd_opts o = { .listings = 0 };
	struct cmdline cl = { units_cmd_help, units_options, units_set, &o };
	struct pipeline p;
	int done, status = cmdline_parse(argc, argv, &cl, &o.a.builds, &done);

	if (!status && !done)
		status = scan_args_check(&o.a, argv[0]);
	if (!status && !done)
		status = scan_args_settle(&o.a, argv[0], TC(TC_RUNS) | TC(TC_EXCLUDE), 0);
	if (!status && !done && o.a.builds.n != 1) {
		fputs("crossym units: one BUILD_DIR\n", stderr);
		status = 2;
	}
	if (!status && !done && (o.listings & (o.listings - 1))) {
		fputs("crossym units: --ordered, --flatten, --clashes and --generated exclude "
		      "each other\n", stderr);
		status = 2;
	}
	if (!status && !done) {
		/* the decision: which objects the link takes */
		pipeline_init(&p, &o.a, PH(PH_SCAN) | PH(PH_UNITS) | PH(PH_DECIDE) | PH(PH_EACH));
		p.each = units_each;
		p.ctx = &o;
		status = pipeline_run(&p) ? 2 : diag.status;
		pipeline_free(&p);
	}
	scan_args_free(&o.a);
	return status;
}
