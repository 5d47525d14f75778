/* SPDX-License-Identifier: GPL-2.0-only */
/* tagtext.h - the tag's text in a source line, written once: a line that is
 * another with the tag inserted, the re-declaration `[extern ]__typeof__(S) S
 * TAG;` (its format, where it goes and its match), and the tag on a line of
 * its own. complete.c, verify.c, verify-build.sh (through
 * `crossym fallback`) and series.sh (through `crossym ownline`) use these. */
#ifndef CROSSYM_TAGTEXT_H
#define CROSSYM_TAGTEXT_H

#include <stddef.h>

/* The number of places where b is a with the tag inserted (each "TAG "
 * before a word, or " TAG" before a non-word character or the end, or b is
 * the tag alone and a is empty), 0 when b is not a with insertions only.
 * With at (room for lb + 1 entries): where each inserted tag starts in b. */
size_t tagtext_insertions(const char *a, size_t la, const char *b, size_t lb,
			  const char *tag, size_t *at);

/* The line that carries the tag alone when tagged is orig with the tag put
 * first ("TAG " after orig's indentation: the indentation and TAG), or put
 * as " TAG" into orig, a line at column 0 that starts a declaration (prev,
 * the line before it, is empty or unknown, ends in ; } or a comment's end, or
 * is a preprocessor line: TAG); NULL otherwise. checkpatch's own-line tags
 * (series.sh --checkpatch, src/patch/ownline.c). */
char *tagtext_own_line(const char *orig, const char *tagged, const char *prev,
		       const char *tag);

/* The re-declaration of sym, of kind (wanted.tsv's: func, var, other,
 * several) at place (wanted.tsv's; NULL: the definition is in the file):
 * behind (1: it goes right behind a definition of sym, in its #if arm) a
 * function's `extern __typeof__(S) S TAG;`, anything else's
 * `__typeof__(S) S TAG;` (a variable's: a tentative definition, merged with
 * the definition before it; a function's: a declaration all the same).
 * GCC ignores `used` on an extern variable ("'used' attribute ignored"),
 * not on a tentative definition nor on a function's declaration: either
 * line compiles silently whether TAG has `used` or not. Not behind a
 * definition (0), or at place `generated` (the definition is in another
 * file): always `extern`, which never defines S (a tentative definition
 * would, where the definition is in an #if arm a build leaves out, or in
 * another file). Place `synced` (a file objtool's sync check compares with
 * a copy): followed by " " SYNC_IGNORE_COMMENT. */
char *tagtext_redecl(const char *sym, const char *tag, const char *kind, const char *place,
		     int behind, int quiet);
/* With quiet (OUTDIR/tag-style's quiet: the build warns on redundant
 * declarations, as Xen's -Werror -Wredundant-decls does, where every
 * re-declaration is one), the re-declaration comes between these, on its
 * line: GCC takes _Pragma anywhere, and the pop ends the silence there. */
#define REDECL_QUIET_BEGIN "_Pragma(\"GCC diagnostic push\") " \
	"_Pragma(\"GCC diagnostic ignored \\\"-Wredundant-decls\\\"\") " \
	"_Pragma(\"GCC diagnostic ignored \\\"-Wattributes\\\"\") "
#define REDECL_QUIET_END " _Pragma(\"GCC diagnostic pop\")"
/* Of kind "table" (a variable in a section of its own name, a table the
 * linker builds: OUTDIR/tables.tsv), `__typeof__(S) S
 * __attribute__((aligned(__alignof__(S)))) TAG;`: a re-declaration without
 * it drops an alignment the definition gave below its type's (U-Boot's
 * linker lists, __aligned(4)), GCC aligns the entry again (16 for a 24-byte
 * struct on x86-64) and the table's stride changes. */
#define REDECL_ALIGNED_OPEN "__attribute__((aligned(__alignof__("
#define REDECL_ALIGNED_CLOSE ")))) "
/* line (*len bytes) without REDECL_QUIET_BEGIN before it and
 * REDECL_QUIET_END after it, when it has both (*len made shorter). */
const char *tagtext_unquieted(const char *line, size_t *len);

/* A re-declaration and the 1-based line of its file after which it goes
 * (UINT_MAX: at the end of the file). */
struct tagtext_redecl_at {
	unsigned after;
	char *text;
};

struct srcfile;
/* The re-declarations of sym (kind, place as for tagtext_redecl) for the
 * file f: one right behind each of its definitions (srcfile_def_ends,
 * hint its line hint), in the same #if arm (behind 1); else (place `generated`, no definition found,
 * or one with no line behind it) one at the end of the file (behind 0:
 * `extern`, which with a TAG that has `used` makes GCC warn on a variable).
 * Returns the count (at least 1), *out allocated; tagtext_redecls_free(). */
size_t tagtext_redecls(struct srcfile *f, const char *sym, unsigned hint, const char *tag,
		       const char *kind, const char *place, int quiet,
		       struct tagtext_redecl_at **out);
void tagtext_redecls_free(struct tagtext_redecl_at *r, size_t n);

/* 1 when line (len bytes; blanks around it ignored) is a re-declaration of
 * sym with tag as tagtext_redecl writes it, `extern ` or not, quiet or not,
 * with the comment or not. */
int tagtext_is_redecl(const char *line, size_t len, const char *sym, const char *tag);

#endif
