/* SPDX-License-Identifier: GPL-2.0-only */
/* kbuild.h - reading what kbuild writes beside the objects. */
#ifndef CROSSYM_KBUILD_H
#define CROSSYM_KBUILD_H

#include <stddef.h>

/* The path of the .cmd file kbuild writes for an object path ("d/.x.o.cmd"). */
char *kbuild_cmd_path(const char *objpath);
/* The head of a .cmd file: its text up to the first entry of the deps_ list
 * (the command, the source_ line, the compiled file), without the rest of the
 * list; the whole file when it has no deps_ list. NULL (errno set) when it
 * cannot be read. kbuild_cmd_source, _first_dep and _command take it. */
char *kbuild_cmd_read_head(const char *path);
/* The whole .cmd file, read as kbuild_cmd_read_head reads its head (a NUL
 * byte refused: errno E_NOT_TEXT; CRLF read as LF). */
char *kbuild_cmd_read(const char *path);
/* The value of `source_...:= PATH` in a .cmd file's text, or NULL. */
char *kbuild_cmd_source(const char *cmdtext);
/* The first .c/.S/.s of the deps_ list: the compiled file when the .cmd has
 * no source_ line (older kbuild, BusyBox); NULL when there is none. */
char *kbuild_cmd_first_dep(const char *cmdtext);
/* The files of the `deps_...:=` list of a .cmd file's text, as written there
 * (absolute, or relative to the build dir), without its $(wildcard ...)
 * entries; NULL (*count 0) when it has none. */
char **kbuild_cmd_deps(const char *cmdtext, size_t *count);
/* The .c files of that list other than source. */
char **kbuild_cmd_included_c(const char *cmdtext, const char *source, size_t *count);
/* The command of a .cmd file (`cmd_X := ...` or `savedcmd_X := ...`), or NULL. */
char *kbuild_cmd_command(const char *cmdtext);
/* 1 when the command of .cmd file path turns GCC's warning name on (a word
 * -Wname or -Werror=name, and no -Wno-name after it): Xen's
 * -Wredundant-decls; 0 otherwise, or when the file cannot be read. */
int kbuild_cmd_warns(const char *path, const char *name);
/* cmdline_words(CMDLINE_RUN) of the cmd_ line of a kbuild .cmd file; NULL
 * with *why when it cannot be read, has none or is refused. */
char **kbuild_cmd_file_words(const char *cmd_file, size_t *nwords, const char **why);
/* How a .cmd file says its object was made from other object files, without
 * compiling: a step of its command (between ;, &&, || and |) that writes the
 * object (the cmd_ key) with objcopy or strip (any cross prefix, llvm-) or a
 * relocatable link (ld -r, cc -r) from other files. */
struct kbuild_derivation {
	char *target;           /* the object, as the cmd_ key names it */
	const char *tool;       /* "objcopy", "strip" or "ld -r" */
	char **inputs;          /* the files it was made from, as written */
	size_t ninputs;
	const char *renames;    /* the objcopy option that renames its symbols
				 * (--prefix-symbols, --redefine-sym(s)), or NULL */
	char *prefix;           /* --prefix-symbols's value, or NULL */
	char **redefine;        /* --redefine-sym OLD=NEW: OLD, NEW, OLD, NEW ... */
	size_t nredefine;       /* words in redefine (twice the pairs) */
	char *redefine_file;    /* --redefine-syms FILE (the last), as written */
	char **globalize;       /* --globalize-symbol NAME: the names */
	size_t nglobalize;
	char *globalize_file;   /* --globalize-symbols FILE (the last), as written */
};

/* 1 and *d filled when cmdtext (a .cmd head) records such a step, else 0
 * (*d empty). */
int kbuild_cmd_derivation(const char *cmdtext, struct kbuild_derivation *d);
void kbuild_derivation_free(struct kbuild_derivation *d);
/* The name a symbol called name in d->target has in d's input: objcopy
 * applies --redefine-sym(s) (pairs, and the `OLD NEW` lines of symsfile, the
 * text of --redefine-syms's file) and then --prefix-symbols; this undoes
 * them. A fresh string; NULL with *why when it cannot be (the name lacks
 * the prefix; --redefine-syms's file is unread: symsfile NULL). */
char *kbuild_derivation_input_name(const struct kbuild_derivation *d, const char *name,
				   const char *symsfile, const char **why);
/* 1 when d makes name (as its input names it) global: --globalize-symbol,
 * or a line of globfile, the text of --globalize-symbols's file. */
int kbuild_derivation_globalizes(const struct kbuild_derivation *d, const char *name,
				 const char *globfile);
/* The option of a relocatable link's words (`ld -r ...`) that makes its
 * output's symbols differ from its inputs' (--retain-symbols-file, -T or
 * --script, --defsym, -s/-x and the like), or NULL: such an object is read
 * itself, not expanded into its inputs. */
const char *kbuild_relink_symbol_option(char **words, size_t n);
/* The source tree an O= build's Makefile names (`KERNELSRC := DIR`), or NULL. */
char *kbuild_makefile_srctree(const char *dir);

#endif
