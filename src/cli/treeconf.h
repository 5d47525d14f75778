/* SPDX-License-Identifier: GPL-2.0-only */
/* treeconf.h - the options a tree is tagged with, recorded once: the file
 * SRCTREE/.crossym (as .cocciconfig and .checkpatch.conf are), which
 * `crossym cocci` writes as OUTDIR/crossym.conf and `crossym annotate
 * --apply` installs with the patch, and which report, cocci, check and units
 * read (doc/CONTRACT.md, "The tree's options").
 *
 * The file: `key = value` lines, `#` comment lines, blank lines; keys tag (a
 * C identifier), tag-exports, keep-stale, tag-macros, runs,
 * run-build-commands (yes or no), exclude (an object, one line each). A key
 * the file does not give has its default (__global, no, none). Anything else
 * is an error naming FILE:LINE.
 *
 * Precedence: an option on the command line overrides the file's value for
 * its key; a yes/no option and --exclude can only add (--no-config starts from
 * nothing). check is strict: an option whose value differs from the file's is
 * an error (the tree was tagged with the file's). */
#ifndef CROSSYM_TREECONF_H
#define CROSSYM_TREECONF_H

#include "model/units.h"

/* The file's name at the top of the source tree; cocci's copy in OUTDIR. */
#define TREECONF_FILE ".crossym"
#define TREECONF_OUTDIR_FILE "crossym.conf"

enum treeconf_key {
	TC_TAG, TC_TAG_EXPORTS, TC_KEEP_STALE, TC_TAG_MACROS, TC_RUNS,
	TC_RUN_BUILD_COMMANDS, TC_EXCLUDE, TC_NKEYS
};
#define TC(key) (1u << (key))
/* The keys each command takes. */
#define TC_DECISION (TC(TC_TAG_EXPORTS) | TC(TC_RUNS) | TC(TC_RUN_BUILD_COMMANDS) | \
		     TC(TC_EXCLUDE))
#define TC_ALL (TC(TC_NKEYS) - 1)

struct treeconf {
	char *tag;              /* NULL: the default, __global */
	int flag[TC_NKEYS];     /* the yes/no keys, by key */
	struct unit_opts excl;  /* exclude (excl.runs unused) */
	unsigned given;         /* TC() bits: given on the command line */
	char *path;             /* the file read, when one was */
};

/* A choice of the command line: key with its option's argument (tag: the
 * name; exclude: OBJ or @FILE, expanded here, fatal when FILE cannot be
 * read; a yes/no key: ignored). */
void treeconf_set(struct treeconf *c, enum treeconf_key key, const char *arg);
/* The tag, the default when none was chosen. */
const char *treeconf_tag(const struct treeconf *c);
/* Read path into c (zeroed first): 0; 1 when there is no such file; -1 when
 * it cannot be read or a line is wrong (said as "crossym: FILE:LINE: ..."). */
int treeconf_read(struct treeconf *c, const char *path);
/* The same for text (changed: its lines are cut), read from path; 0 or -1
 * (said; c is left empty). */
int treeconf_parse(struct treeconf *c, char *text, const char *path);
/* The file's text for c: every key, a fresh string. */
char *treeconf_text(const struct treeconf *c);
/* Find SRCTREE/.crossym (srctree: --srctree, else the one build_dir was made
 * from), read it and fold it into cmd, the command line, for the keys the
 * command takes; one note on stderr says what it took. strict (check): an
 * option that differs from the file is an error. 0, or 2 (said). */
int treeconf_apply(struct treeconf *cmd, const char *build_dir, const char *srctree,
		   unsigned keys, int strict, const char *prog);
void treeconf_free(struct treeconf *c);

#endif
