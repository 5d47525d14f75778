/* SPDX-License-Identifier: GPL-2.0-only */
/* mentions.h - every place a source tree names some symbols: each C, header,
 * assembler and linker-script file under SRCTREE read once, the names
 * found as whole words outside comments, with what the text around them
 * says (a top-level declaration and its kind, a #define body, an asm
 * statement) and the #if arm they sit in. crossym cocci --static decides
 * from it which file-local definitions may become static (staticize.h). */
#ifndef CROSSYM_MENTIONS_H
#define CROSSYM_MENTIONS_H

#include <stddef.h>
#include "lib/strtab.h"

/* Where a mention stands. */
enum mention_where {
	MW_CODE,                /* C code (a use, or a declarator: decl below) */
	MW_DEFINE,              /* inside a #define's body (or its name) */
	MW_DIRECTIVE,           /* in another directive (#if defined(x), ...) */
	MW_ASM,                 /* inside asm(...): a string or an operand */
	MW_OTHER,               /* an assembler or linker-script file */
};

/* The top-level declaration a declarator mention belongs to. */
enum mention_decl {
	MD_NONE,                /* not a declarator at file scope: a use */
	MD_FUNC_DEF,            /* `T name(...) {` */
	MD_VAR_DEF,             /* `T name;`, `T name = ...;`, `T name[N];` */
	MD_PROTO,               /* `T name(...);` */
	MD_EXTERN,              /* `extern T name;` */
	MD_OTHER,               /* a typedef, struct tag or anything else */
};

/* Flags of the declaration (MD_* other than MD_NONE). */
#define MF_STATIC   1u      /* starts with static */
#define MF_EXTERN   2u      /* ... extern */
#define MF_TYPEDEF  4u      /* ... typedef */
#define MF_SEVERAL  8u      /* declares more than one name */
#define MF_PINNED  16u      /* carries an attribute that ties it to its name:
			     * used, section, weak, alias, visible, asmlinkage,
			     * inline (mention.pin says which) */

struct mention {
	unsigned name;          /* id in the names table given to mentions_scan */
	unsigned file;          /* id in mentions.files */
	unsigned line;          /* 1-based */
	unsigned arm;           /* index in mentions.arms, 0: no #if around it */
	unsigned char where;    /* enum mention_where */
	unsigned char decl;     /* enum mention_decl */
	unsigned char flags;    /* MF_* */
	const char *pin;        /* MF_PINNED: the word (static storage) */
	unsigned decl_line;     /* the declaration's first line and the column */
	unsigned decl_col;      /* (0-based) of its first token */
	unsigned end_line;      /* the line of its ';' or '{' */
	unsigned char alone;    /* its lines hold nothing but the declaration
				 * (and blanks and comments) */
};

/* A conditional arm: `#ifdef CONFIG_X` (and its #else, as `#else` of it). */
struct arm {
	unsigned parent;        /* the arm around it, 0: none */
	unsigned file, line;
	char *text;             /* the directive, blanks squeezed */
};

struct mentions {
	struct mention *v;
	size_t count, cap;
	struct arm *arms;       /* arms[0] is the file scope */
	size_t narms, arms_cap;
	struct strtab files;    /* paths relative to the tree */
	size_t nread;           /* files read */
};

/* Read every *.c, *.h, *.S, *.s, *.lds and *.lds.S file under srctree
 * (passing over hidden directories, Documentation, tools and scripts: no
 * object of the tree is built from them) and record each mention of a name
 * of names. Returns 0, or -1 when srctree cannot be read (said). */
int mentions_scan(const char *srctree, const struct strtab *names, struct mentions *out);
/* An empty set of mentions, for mentions_scan_text. */
void mentions_init(struct mentions *m);
void mentions_free(struct mentions *m);

/* 1 when arm a is inner (or equal) to arm outer. */
int mentions_arm_within(const struct mentions *m, unsigned a, unsigned outer);

/* Scan one text (exposed for the unit tests): as mentions_scan does for a
 * file named path. */
void mentions_scan_text(const char *path, const char *text, size_t len,
			const struct strtab *names, struct mentions *out);

#endif
