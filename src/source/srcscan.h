/* SPDX-License-Identifier: GPL-2.0-only */
/* srcscan.h - a lexer-level scan of C source text (not a parser): the tags
 * present in a file and the symbol each applies to, where a symbol is defined
 * at file scope, which macro pasted a name, and which definer macros a
 * file calls.  The tokens are lexer.c's; which macros define, refer to or
 * paste names is macros.c's table.
 *
 * A struct srcfile is one text, lexed once (on its first question); every
 * question below is answered from the same tokens.  A struct srcset holds the
 * files of a source tree by relative path, each read and lexed once, so that
 * placement, the tag check and the semantic patches share them.
 *
 * The text is read as C after line splicing: comments, string and character
 * literals and preprocessor directives (with their continuation lines) are
 * never looked into.  Of the branches of an #if/#elif/#else the first decides
 * the brace depth after the #endif, so `f(a) {` / `#else` / `f(void) {` /
 * `#endif` counts one brace.  CRLF line ends are accepted; line numbers are
 * 1-based lines of the original text.  All functions run in time linear in the
 * text (plus the length of the statements looked at). */
#ifndef CROSSYM_SRCSCAN_H
#define CROSSYM_SRCSCAN_H

#include <stddef.h>

struct srcfile;
/* text (len bytes) must stay valid until srcfile_close(). */
struct srcfile *srcfile_open(const char *text, size_t len);
void srcfile_close(struct srcfile *f);

/* The file at path (relative to the set's tree), read and lexed once; NULL
 * when it cannot be read (*err, when not NULL, gets the errno; 0 otherwise). */
struct srcset;
struct srcset *srcset_new(const char *srctree);
struct srcfile *srcset_get(struct srcset *set, const char *path, int *err);
/* The text of path, NULL when unreadable; *len its size. */
const char *srcset_text(struct srcset *set, const char *path, size_t *len);
void srcset_free(struct srcset *set);
/* The tree the set reads from, as given to srcset_new(). */
const char *srcset_srctree(const struct srcset *set);

enum tag_form {
	TAG_DECLARATOR,         /* `void __global f(void)`, `int __global x;` */
	TAG_MACRO,              /* `__global DEFINE_PER_CPU(struct x, name);` */
	TAG_REDECL,             /* `extern __typeof__(S) S __global;` (any extern),
				 * `__typeof__(S) S __global;` */
};

/* Where a tag stands on a function definition (TAG_DECLARATOR only):
 * TAGPOS_NAME just before the name (`void __init TAG f(void)`, `T * TAG f`);
 * TAGPOS_FIRST before the return type, nothing type-like before it
 * (`TAG void f(void)`, `asmlinkage TAG void f(void)`, `inline TAG int f(void)`);
 * TAGPOS_OTHER elsewhere (`void TAG __init f(void)`); TAGPOS_NONE: not on a
 * function definition. Type-like: a type keyword, const, volatile, `*`, or a
 * plain word that is not attribute-like (`__xxx`, ALL_CAPS, known ones). */
enum tag_pos { TAGPOS_NONE, TAGPOS_NAME, TAGPOS_FIRST, TAGPOS_OTHER };

struct src_tag {
	char *symbol;           /* the symbol the tag applies to */
	unsigned line;          /* 1-based line of the tag */
	enum tag_form form;
	enum tag_pos pos;
	long off;               /* TAGPOS_NAME: the tag's offset in the text, and */
	long first_off;         /* where TAGPOS_FIRST would put it (the first
				 * type-like token); -1 when not known (another
				 * position, or a text with backslash-newlines or CRs) */
};

/* Every occurrence of tag (as a whole identifier token) outside comments,
 * literals and directives, with the symbol it applies to, in text order.  The
 * symbol is the name of the declarator the tag is part of: the tag may stand
 * anywhere among the declaration specifiers (`__visible void f(void)`), just
 * before the name (`char __global buf[8];`, `int __global (*fp)(void);`) or
 * after it (`[extern] __typeof__(S) S __global;`); attribute macros such as
 * `__aligned(8)` or `__printf(1, 2)` are stepped over.  For a tagged macro call
 * statement (TAG_MACRO) the symbol is the first argument made of one plain
 * identifier; when the macro's name contains PER_CPU, the second argument if
 * it is one identifier (DEFINE_PER_CPU(type, name),
 * DEFINE_EARLY_PER_CPU(type, name, init)), else the last one.  Occurrences whose symbol cannot be told are
 * left out.  Returns the count; *out is allocated (NULL when the count is 0)
 * and freed with srcscan_free. */
size_t srcfile_tags(struct srcfile *f, const char *tag, struct src_tag **out);
size_t srcscan_tags(const char *text, size_t len, const char *tag, struct src_tag **out);
void srcscan_free(struct src_tag *tags, size_t n);

#include "text/locate.h"	/* enum locate_result */

/* Where symbol is defined at file scope (brace depth 0) in text:
 * LOC_DECLARATOR, *line = the line of the declarator name, for the first
 * top-level definition that is not static, extern or a typedef: a function
 * definition (`T name(...) {`) or a variable (`T name;`, `T name = ...;`,
 * `T name[N]...;`, `T (*name)(void);`); prototypes, extern declarations,
 * re-declarations `__typeof__(name) name ...;` and static definitions are
 * passed over.
 * LOC_IN_MACRO, *line = the line of the macro's name and *macro = the macro's
 * name (allocated; the caller frees it), when there is no such definition but
 * the name is, as a whole argument, an argument of a top-level non-static macro
 * call statement: `DEFINE_PER_CPU(struct x, name);`, `DEFINE_MUTEX(name);`,
 * `LIST_HEAD(name);`.  Macros that only refer to a symbol (EXPORT_SYMBOL*,
 * *initcall*, __setup, module_param*, DECLARE_PER_CPU, ...) do not count.
 * LOC_NOT_FOUND otherwise: the name does not occur as a word (a macro pasted it
 * together, `__x64_sys_foo` from SYSCALL_DEFINE, `stat_##x`), or occurs only in
 * prototypes, extern declarations, static definitions, function bodies,
 * initialisers or referring macros.  *line and *macro are only written when
 * the result says so; macro may be NULL when the caller does not want it.
 * srcfile_locate looks only at occurrences on lines after `after` (0: all):
 * a second definition in another #if arm. */
enum locate_result srcfile_locate(struct srcfile *f, const char *symbol, unsigned after,
				  unsigned *line, char **macro);
enum locate_result srcscan_locate(const char *text, size_t len, const char *symbol,
				  unsigned *line, char **macro);
/* srcfile_locate(f, symbols[k], 0, &lines[k], NULL) into res[k] for each k < n,
 * in one walk of the tokens (lines[k] written unless res[k] is LOC_NOT_FOUND). */
void srcfile_locate_each(struct srcfile *f, const char *const *symbols, size_t n,
			 enum locate_result *res, unsigned *lines);

/* The name of a top-level macro call statement `M(arg, ...)` whose first
 * argument is a plain identifier arg such that symbol ends with `_` + arg
 * (so `sys_` + arg too): SYSCALL_DEFINE3(read, ...) for `__x64_sys_read`,
 * `__se_sys_read` or `__do_sys_read`.  The call with the longest such
 * argument wins (the first of equals), but one
 * whose name has COMPAT when symbol has "compat" (and not otherwise) is
 * preferred: COMPAT_SYSCALL_DEFINE5(preadv, ...) for
 * `__ia32_compat_sys_preadv` over SYSCALL_DEFINE5(preadv, ...).  Returns an
 * allocated string the caller frees, or NULL. */
char *srcfile_paste_macro(struct srcfile *f, const char *symbol);
/* The same, and the line of that call (0 when none) in *line (may be NULL). */
char *srcfile_paste_call(struct srcfile *f, const char *symbol, unsigned *line);
/* Every such call, best first (the one srcfile_paste_call names first):
 * their macros and lines, allocated (strv_free, free); the count. */
size_t srcfile_paste_calls(struct srcfile *f, const char *symbol, char ***macros,
			   unsigned **lines);
char *srcscan_paste_macro(const char *text, size_t len, const char *symbol);

/* Where a line can go right behind each top-level definition of symbol, in
 * the same #if arm: the definitions srcfile_locate finds (its declarators in
 * every arm, else its definer macro calls), else the top-level macro call
 * statement on line hint (wanted.tsv's line; 0: unknown), else the call that
 * pastes the name (srcfile_paste_call).  For each, the 1-based line after which to
 * insert: the line of the statement's end (its `;`, a function's closing
 * brace, a definer macro call's `)` when nothing follows it) when only
 * blanks and comments closed on that line follow it, else the line before
 * the next token's when that token starts its line; UINT_MAX when no token
 * follows (the end of the file); 0 when there is no such line (a comment
 * running on from the statement's line into the next token's, ...).  Returns
 * the count, *lines allocated (NULL when the count is 0; free()). */
size_t srcfile_def_ends(struct srcfile *f, const char *symbol, unsigned hint,
			unsigned **lines);

/* The definer macros whose rules the semantic patch of the file needs: the
 * listed definers (DEFINE_MUTEX, DEFINE_PER_CPU, ...) that are called, plus
 * every macro called as a whole top-level statement (`NAME(...);` or
 * `NAME(...) = ...;`) with one of syms[0..nwrap) as an argument of its own,
 * except macros that only refer to or paste names (EXPORT_SYMBOL, initcalls,
 * module_param, SYSCALL_DEFINEn, ...).  Sorted fresh strings, *ndefiners set;
 * free with srcscan_free_names().  When is_free is not NULL, is_free[i] is
 * set to 1 when syms[i] (i < nsyms) occurs at top level outside the
 * parentheses of a call and outside initialisers (where a definition names
 * it), else 0. */
char **srcfile_definers(struct srcfile *f, const char *const *syms, size_t nsyms,
			size_t nwrap, unsigned char *is_free, size_t *ndefiners);
void srcscan_free_names(char **names, size_t count);

/* How a name occurs in the text: not at all (USE_NONE), only in directives and
 * inside the parentheses of calls opened on the same line (USE_IN_MACROS: a
 * macro makes the definition), or also elsewhere (USE_FREE). */
enum name_use { USE_NONE, USE_IN_MACROS, USE_FREE };
enum name_use srcfile_name_use(struct srcfile *f, const char *symbol);

#endif
