/* srcscan.h - a lexer-level scan of C source text (not a parser): the tags
 * present in a file and the symbol each applies to, and where a symbol is
 * defined at file scope.
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

enum tag_form {
	TAG_DECLARATOR,         /* `void __global f(void)`, `int __global x;` */
	TAG_MACRO,              /* `__global DEFINE_PER_CPU(struct x, name);` */
	TAG_REDECL,             /* `extern __typeof__(S) S __global;` (any extern) */
};

struct src_tag {
	char *symbol;           /* the symbol the tag applies to */
	unsigned line;          /* 1-based line of the tag */
	enum tag_form form;
};

/* Every occurrence of tag (as a whole identifier token) outside comments,
 * literals and directives, with the symbol it applies to, in text order.  The
 * symbol is the name of the declarator the tag is part of: the tag may stand
 * anywhere among the declaration specifiers (`__visible void f(void)`), just
 * before the name (`char __global buf[8];`, `int __global (*fp)(void);`) or
 * after it (`extern __typeof__(S) S __global;`); attribute macros such as
 * `__aligned(8)` or `__printf(1, 2)` are stepped over.  For a tagged macro call
 * statement (TAG_MACRO) the symbol is the first argument made of one plain
 * identifier, or the last one when the macro's name contains PER_CPU
 * (DEFINE_PER_CPU(type, name)).  Occurrences whose symbol cannot be told are
 * left out.  Returns the count; *out is allocated (NULL when the count is 0)
 * and freed with srcscan_free. */
size_t srcscan_tags(const char *text, size_t len, const char *tag, struct src_tag **out);
void srcscan_free(struct src_tag *tags, size_t n);

enum locate_result {
	LOC_NOT_FOUND,          /* no definition the text shows (see below) */
	LOC_DECLARATOR,         /* a definition; *line is that of its name */
	LOC_IN_MACRO,           /* an argument of a macro call statement */
};

/* Where symbol is defined at file scope (brace depth 0) in text:
 * LOC_DECLARATOR, *line = the line of the declarator name, for the first
 * top-level definition that is not static, extern or a typedef: a function
 * definition (`T name(...) {`) or a variable (`T name;`, `T name = ...;`,
 * `T name[N]...;`, `T (*name)(void);`); prototypes, extern declarations and
 * static definitions are passed over.
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
 * the result says so; macro may be NULL when the caller does not want it. */
enum locate_result srcscan_locate(const char *text, size_t len, const char *symbol,
				  unsigned *line, char **macro);

/* The name of a top-level macro call statement `M(arg, ...)` whose first
 * argument is a plain identifier arg such that symbol ends with `_` + arg
 * (so `sys_` + arg too): SYSCALL_DEFINE3(read, ...) for `__x64_sys_read`,
 * `__se_sys_read` or `__do_sys_read`.  The first such call wins, but one
 * whose name has COMPAT when symbol has "compat" (and not otherwise) is
 * preferred: COMPAT_SYSCALL_DEFINE5(preadv, ...) for
 * `__ia32_compat_sys_preadv` over SYSCALL_DEFINE5(preadv, ...).  Returns an
 * allocated string the caller frees, or NULL. */
char *srcscan_paste_macro(const char *text, size_t len, const char *symbol);

#endif
