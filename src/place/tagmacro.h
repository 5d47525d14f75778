/* SPDX-License-Identifier: GPL-2.0-only */
/* tagmacro.h - `--tag-macros`: the tag in a macro's #define instead of one
 * re-declaration per definition the macro pastes together.
 *
 * SYSCALL_DEFINE3(read, ...) defines __x64_sys_read, a name no source spells
 * out, so annotate.sh re-declares each such definition tagged.  The
 * declaration that really makes the name sits deeper in the macro chain
 * (__SYS_STUBx of arch/x86/include/asm/syscall_wrapper.h, found by
 * definer_site()); when every definition that #define makes in the builds
 * needs the tag, one tag there replaces all the re-declarations.  When one of
 * them must stay untagged (unit-local, file-local, unreferenced: a tag would
 * keep GCC from optimising it) the #define is never changed and the
 * re-declarations stay. */
#ifndef CROSSYM_TAGMACRO_H
#define CROSSYM_TAGMACRO_H

#include "model/decide.h"
#include "place/placement.h"

#include <stdio.h>

struct srcset;

enum tagmacro_change { TM_NO, TM_TAG, TM_ALREADY };

struct tagmacro_site {
	char *source;           /* the #define's file, relative to the source tree */
	unsigned line;          /* where the tag goes: 1-based line ... */
	unsigned column;        /* ... and 0-based byte in that line */
	unsigned define_line;   /* the #define's line */
	char *macro;            /* the #define's name */
	char *chain;            /* how a use reaches it: "SYSCALL_DEFINE3 -> ..." */
	size_t need, made;      /* its definitions in the builds that need the tag / all */
	unsigned char change;   /* enum tagmacro_change */
	char *why;              /* TM_NO: why the #define stays as it is;
				 * TM_ALREADY: set when the tag is stale (one
				 * definition it makes must stay untagged) */
};

struct tagmacro_plan {
	struct tagmacro_site *v;
	size_t n, cap, acc_cap;
	unsigned char *covered; /* per row: its tag comes from a #define (tagged now or
				 * by this plan): no re-declaration */
	char **failed;          /* "MACRO: why" of pasting macros not followed */
	size_t nfailed, failed_cap;
};

/* Find the #define of every pasted tag row (places[i].kind PLACE_PASTED) and
 * count what each #define makes over all rows (the class rows of --all
 * included: rows must hold every global definition of the builds). */
void tagmacro_plan(const struct rows *rows, const struct placement *places,
		   struct srcset *files, const char *tag, struct tagmacro_plan *out);
void tagmacro_free(struct tagmacro_plan *p);

/* The rows tagcheck_run() should see: the class rows left out, a covered
 * tag row as STATUS_EXPORTED (a macro carries its tag, as the export macro
 * does). Shallow copies: free only the arrays. */
void tagmacro_view(const struct rows *rows, const struct placement *places,
		   const struct tagmacro_plan *p, struct rows *vrows,
		   struct placement **vplaces);

/* "PREFIXmacro M (FILE:LINE, from ...): N of M definitions need the tag: ..."
 * lines, one per #define, then one per pasting macro not followed. */
void tagmacro_print(const struct tagmacro_plan *p, const char *prefix, FILE *out);

/* OUTDIR/macros.tsv (doc/CONTRACT.md); 0 or -1 (errno). */
int tagmacro_write(const struct tagmacro_plan *p, const char *outdir);

/* ---- annotate's side: OUTDIR/macros.tsv rows with change `tag` ---- */

struct tagmacro_edit {
	char *source;
	unsigned line, column;
	char *macro;
};

/* The edits of OUTDIR/macros.tsv (none when there is no such file); -1 when
 * it cannot be read or a row is malformed (error() names it). */
long tagmacro_read(const char *outdir, struct tagmacro_edit **out);
void tagmacro_edits_free(struct tagmacro_edit *e, size_t n);

/* text with "TAG " inserted where each edit of src says (an allocated copy,
 * *len updated); NULL when an edit's place is not in the text. */
char *tagmacro_apply(const struct tagmacro_edit *e, size_t n, const char *src,
		     const char *text, size_t *len, const char *tag);

/* The problems of changed text c against original a for src's edits: each
 * edited line must be the original with "TAG " at the column. */
size_t tagmacro_verify(const struct tagmacro_edit *e, size_t n, const char *src,
		       const char *a, size_t alen, const char *c, size_t clen,
		       const char *tag, FILE *out);

#endif
