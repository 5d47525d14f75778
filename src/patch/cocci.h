/* SPDX-License-Identifier: GPL-2.0-only */
/* cocci.h - write the Coccinelle work directory (OUTDIR) that
 * scripts/annotate.sh turns into a patch adding (or removing) the tag.
 *
 * The format of OUTDIR is fixed by doc/CONTRACT.md: `tag`, `wanted.tsv`,
 * `stale.tsv`, `files.tsv` and one semantic patch per source file under
 * `cocci/`, made from the templates in cocci/ (embedded as build/templates.h). */
#ifndef CROSSYM_COCCI_H
#define CROSSYM_COCCI_H

#include <stddef.h>

/* DEF_SEVERAL: defined in several #if arms (or also in an included .c file);
 * which is live is unknown, so annotate.sh re-declares it besides tagging. 
 * DEF_MACRO: symbol is a macro whose #define gets the tag (tagmacro.h,
 * OUTDIR/macros.tsv): the file is listed in files.tsv, with no rule and no
 * wanted.tsv row. */
enum def_kind { DEF_FUNC, DEF_VAR, DEF_OTHER, DEF_SEVERAL, DEF_MACRO };

struct cocci_target {
	const char *source;   /* path relative to srctree */
	const char *symbol;
	enum def_kind kind;   /* from the ELF symbol type / nm letter */
	unsigned line;        /* 1-based line of the definition/tag when known, else 0 */
	const char *macro;    /* additions: the definer or pasting macro, or NULL */
	const char *place;    /* additions: where the tag goes (placement_token), or NULL */
	int table;            /* additions: a variable in a table's section
			       * (OUTDIR/tables.tsv) */
};

struct srcset;
struct tagstyle;

struct cocci_opts {
	const char *outdir;   /* created if missing */
	const char *tag;      /* "__global" by default */
	const char *srctree;
	struct srcset *files; /* the sources, read once (NULL: read here) */
	const struct tagstyle *style; /* written to OUTDIR/tag-style (NULL: none) */
};

/* Write OUTDIR as doc/CONTRACT.md says: tag, wanted.tsv, stale.tsv, files.tsv, cocci/…
 * `add` are definitions to tag, `remove` definitions whose tag must go (stale).
 * A source file that cannot be read: error("%s: missing source", path) naming it, and
 * it is left out; returns the number of such errors (0 when all went well).
 * A target whose symbol is not a C identifier is left out with a warning; a
 * target both in `add` and `remove` is only added. Results of an earlier
 * annotate.sh run in OUTDIR (annotate.patch, forms.tsv, the old cocci/) are
 * removed. Cannot write OUTDIR, or a tag that is not an identifier: fatal(). */
int cocci_write(const struct cocci_opts *opts,
		const struct cocci_target *add, size_t nadd,
		const struct cocci_target *remove, size_t nremove);

/* Create OUTDIR, forget an earlier run's results there (cocci/, the
 * patches, forms.tsv, ...) and write OUTDIR/tag; fatal() when it cannot. */
void cocci_prepare_outdir(const char *outdir, const char *tag);
/* 1 when outdir is missing or empty, or holds OUTDIR/tag (the first file
 * every OUTDIR gets): a directory cocci may clean (OUTDIR/cocci/ and an
 * older run's files go) and write; 0 for a directory of the user's. */
int cocci_outdir_usable(const char *outdir);
/* Write OUTDIR/rel (its directories made), whole or not at all; fatal()
 * when it cannot. */
void cocci_write_text(const char *outdir, const char *rel, const char *text);

/* Helpers exposed for the unit tests. */

/* 1 when s is a C identifier ([A-Za-z_][A-Za-z0-9_]*). */
int cocci_is_ident(const char *s);

/* Copy of tmpl with every %KEY% replaced by the value paired with KEY in
 * keys/vals (n pairs); an unknown %KEY% is a bug: fatal(). */
char *cocci_subst(const char *tmpl, const char *const *keys,
		  const char *const *vals, size_t n);

/* srcfile_definers() (srcscan.h) on C text of len bytes. */
char **cocci_scan(const char *text, size_t len, const char *const *syms,
		  size_t nsyms, size_t nwrap, unsigned char *is_free, size_t *ndefiners);
void cocci_free_names(char **names, size_t count);

#endif
