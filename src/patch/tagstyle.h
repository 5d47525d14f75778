/* SPDX-License-Identifier: GPL-2.0-only */
/* tagstyle.h - where the tag goes on a function definition, and the #define
 * --define-tag adds; OUTDIR/tag-style carries both from cocci to annotate.
 *
 * Position: `name` puts the tag just before the name (`void __init TAG
 * f(void)`, the historic style), `first` before the return type, after any
 * attribute or storage word (`asmlinkage TAG void f(void)`, Linux's
 * __visible). cocci measures the tree's own majority over the tags already on
 * function definitions in the sources it reads (srcscan's enum tag_pos);
 * none, or a tie: `name`. --tag-position forces one. spatch always puts the
 * tag before the name (the rules that keep the line as it was); for `first`
 * complete moves each one it added, as text, to the first position. One
 * whose return type starts on a line above the name's stays before the name.
 * Variables keep the tag before the name.
 *
 * OUTDIR/tag-style, TSV:
 *   position<TAB>first|name<TAB>measured|option|default<TAB>NFIRST<TAB>NNAME<TAB>NOTHER
 *   define<TAB>-|.|HEADER     (-: none; .: each file tagged; HEADER: that file)
 *   quiet<TAB>-|redundant-decls  (redundant-decls: a compile of the build
 *                              warns on redundant declarations, Xen's
 *                              -Werror -Wredundant-decls: re-declarations
 *                              come inside _Pragma diagnostic push/pop)
 * A missing file means `name` and no #define (an OUTDIR of an older cocci). */
#ifndef CROSSYM_TAGSTYLE_H
#define CROSSYM_TAGSTYLE_H

#include <stddef.h>

enum tagstyle_how { STYLE_DEFAULT, STYLE_MEASURED, STYLE_OPTION };

struct tagstyle {
	int first;              /* 1: functions get the tag first */
	enum tagstyle_how how;
	size_t nfirst, nname, nother;   /* the tags measured (enum tag_pos) */
	char *define;           /* NULL: add no #define; ".": in each file
				 * tagged; else the header (relative path) */
	int quiet;              /* re-declarations silence -Wredundant-decls
				 * and -Wattributes (tagtext_redecl) */
};

/* The style from the counts of tags by enum tag_pos (npos[4]) and
 * --tag-position (NULL, "first" or "name"); define is copied. */
void tagstyle_choose(struct tagstyle *s, const size_t *npos, const char *forced,
		     const char *define);
/* "first (before the return type), as 85 of 93 __visible on function
 * definitions": a fresh string for cocci's summary. */
char *tagstyle_describe(const struct tagstyle *s, const char *tag);
/* OUTDIR/tag-style: 0, or -1 (errno set). */
int tagstyle_write(const char *outdir, const struct tagstyle *s);
/* Read OUTDIR/tag-style (defaults when it is missing): 0, or -1 (said). */
int tagstyle_read(const char *outdir, struct tagstyle *s);
void tagstyle_free(struct tagstyle *s);

/* The lines --define-tag adds: `#ifndef TAG` / `#define TAG
 * __attribute__((externally_visible, used))` / `#endif` (fresh string). */
char *tagstyle_define_block(const char *tag);

/* The final text of a file (text, *len; text is consumed): with s->first,
 * each tag just before the name of a function definition of wanted[0..nw)
 * moved to the first position; with define, the #define block added after
 * the file's leading comments and directives, at #if depth 0. */
char *tagstyle_apply(const struct tagstyle *s, const char *tag, const char *const *wanted,
		     size_t nw, int define, char *text, size_t *len);

/* verify's view: when changed (clen) has the #define block at a line start
 * and orig does not, the block is cut from changed (in place, *clen made
 * smaller, NUL-terminated); returns 1 then, else 0. */
int tagstyle_strip_define(const char *tag, const char *orig, size_t alen, char *changed,
			  size_t *clen);

#endif
