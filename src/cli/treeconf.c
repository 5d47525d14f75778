// SPDX-License-Identifier: GPL-2.0-only
/* treeconf.c - SRCTREE/.crossym: its format, reading, writing, and how it and
 * the command line make one set of options (treeconf.h). */
#include "cli/treeconf.h"
#include "kbuild/buildtree.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The keys by enum treeconf_key; each is also its option's name. */
static const char *const key_names[TC_NKEYS] = {
	"tag", "tag-exports", "keep-stale", "tag-macros", "runs",
	"run-build-commands", "exclude"
};

#define DEFAULT_TAG "__global"

static int is_flag(int key)
{
	return key != TC_TAG && key != TC_EXCLUDE;
}

static int is_identifier(const char *s)
{
	if (!*s || (*s >= '0' && *s <= '9'))
		return 0;
	for (; *s; s++)
		if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9')))
			return 0;
	return 1;
}

const char *treeconf_tag(const struct treeconf *c)
{
	return c->tag ? c->tag : DEFAULT_TAG;
}

void treeconf_set(struct treeconf *c, enum treeconf_key key, const char *arg)
{
	c->given |= TC(key);
	if (key == TC_TAG) {
		if (!is_identifier(arg))
			fatal("--tag %s: not a C identifier", arg);
		free(c->tag);
		c->tag = xstrdup(arg);
	} else if (key == TC_EXCLUDE) {
		if (units_add_exclude(&c->excl, arg))
			fatal("--exclude %s: cannot read the list", arg);
	} else {
		c->flag[key] = 1;
	}
}

void treeconf_free(struct treeconf *c)
{
	free(c->tag);
	free(c->path);
	units_opts_free(&c->excl);
	memset(c, 0, sizeof(*c));
}

/* ---- reading ------------------------------------------------------------- */

static int key_index(const char *name)
{
	for (int k = 0; k < TC_NKEYS; k++)
		if (!strcmp(name, key_names[k]))
			return k;
	return -1;
}

/* 1 when s has a blank or a control character (a carriage return would not
 * read back: a line's trailing one is taken for a CRLF end). */
static int has_blank_or_control(const char *s)
{
	for (; *s; s++)
		if (*s == ' ' || (unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

/* One value for key: NULL when it is good (stored), else what is wrong. */
static const char *set_value(struct treeconf *c, int key, const char *val,
			     const char *path, unsigned lineno)
{
	if (key == TC_EXCLUDE) {
		/* as units_add_exclude stores it, which must not read as @FILE */
		char *norm = path_normalize(val);
		int bad = !*val || !*norm || has_blank_or_control(val) || norm[0] == '@';

		if (!bad) {             /* (kept once: units_add_exclude) */
			char *where = xasprintf("%s:%u", path, lineno);

			units_add_exclude_from(&c->excl, norm, where);
			free(where);
		}
		free(norm);
		return bad ? "exclude: an object (relative to BUILD_DIR), one per line" : NULL;
	}
	if (key == TC_TAG) {
		if (!is_identifier(val))
			return "tag: not a C identifier";
		c->tag = xstrdup(val);
		return NULL;
	}
	if (strcmp(val, "yes") && strcmp(val, "no"))
		return "a yes/no key: the value is yes or no";
	c->flag[key] = !strcmp(val, "yes");
	return NULL;
}

/* Trim blanks at both ends of s[0..len), in place; the start. */
static char *trim(char *s, size_t len)
{
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r'))
		len--;
	s[len] = '\0';
	return s + strspn(s, " \t");
}

/* One line (NUL-terminated, no newline): NULL when good, else what is wrong.
 * seen: the keys given by earlier lines. */
static const char *parse_line(struct treeconf *c, char *line, unsigned *seen,
			      const char *path, unsigned lineno)
{
	char *eq, *name, *val;
	int key;

	line = trim(line, strlen(line));
	if (!*line || *line == '#')
		return NULL;
	eq = strchr(line, '=');
	if (!eq)
		return "expected KEY = VALUE";
	name = trim(line, (size_t)(eq - line));
	val = trim(eq + 1, strlen(eq + 1));
	key = key_index(name);
	if (key < 0)
		return "unknown key (tag, tag-exports, keep-stale, tag-macros, runs, "
		       "run-build-commands, exclude)";
	if (key != TC_EXCLUDE && (*seen & TC(key)))
		return "key given twice";
	*seen |= TC(key);
	return set_value(c, key, val, path, lineno);
}

int treeconf_parse(struct treeconf *c, char *text, const char *path)
{
	char *line, *next;
	unsigned seen = 0, lineno = 0;

	memset(c, 0, sizeof(*c));
	c->path = xstrdup(path);
	for (line = text; line; line = next) {
		const char *bad;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		bad = parse_line(c, line, &seen, path, ++lineno);
		if (bad) {
			error("%s:%u: %s", path, lineno, bad);
			treeconf_free(c);
			return -1;
		}
	}
	return 0;
}

int treeconf_read(struct treeconf *c, const char *path)
{
	size_t len = 0;
	char *text = read_file(path, &len), *start;
	struct stat st;
	int rc;

	memset(c, 0, sizeof(*c));
	if (!text) {
		if (errno == ENOENT && lstat(path, &st) == 0) {
			error("%s: a symbolic link to nothing", path);
			return -1;
		}
		if (errno == ENOENT)
			return 1;
		error("%s: %s", path, errstr(errno));
		return -1;
	}
	if (memchr(text, '\0', len)) {     /* (it would end a line early) */
		error("%s: holds a NUL byte: not a text file", path);
		free(text);
		return -1;
	}
	/* (an editor's UTF-8 byte order mark is no part of the first key) */
	start = len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3) ? text + 3 : text;
	rc = treeconf_parse(c, start, path);
	free(text);
	return rc;
}

/* ---- writing ------------------------------------------------------------- */

static const char header[] =
	"# crossym: the options this tree is tagged with (crossym cocci wrote them;\n"
	"# crossym annotate --apply installs them as .crossym at the top of the tree).\n"
	"# report, cocci, check and units read them; an option on their command line\n"
	"# overrides one (for check, an option that differs is an error).\n";

char *treeconf_text(const struct treeconf *c)
{
	size_t len = strlen(header) + strlen(treeconf_tag(c)) + 16;
	char *text, *p;

	for (int k = 0; k < TC_NKEYS; k++)
		len += strlen(key_names[k]) + 8;
	for (size_t i = 0; i < c->excl.nexclude; i++)
		len += strlen(c->excl.exclude[i]) + 12;
	p = text = xmalloc(len);
	p += sprintf(p, "%stag = %s\n", header, treeconf_tag(c));
	for (int k = 0; k < TC_NKEYS; k++)
		if (is_flag(k))
			p += sprintf(p, "%s = %s\n", key_names[k], c->flag[k] ? "yes" : "no");
	for (size_t i = 0; i < c->excl.nexclude; i++)
		p += sprintf(p, "exclude = %s\n", c->excl.exclude[i]);
	return text;
}

/* ---- precedence ---------------------------------------------------------- */

/* What cmd (key given on the command line) says that the file does not: the
 * option's argument (the tag, the first --exclude the file lacks; "" for a
 * yes/no key); NULL when they agree. */
static const char *differs(const struct treeconf *cmd, const struct treeconf *file,
			   int key)
{
	if (key == TC_TAG)
		return strcmp(treeconf_tag(cmd), treeconf_tag(file)) ? cmd->tag : NULL;
	if (key == TC_EXCLUDE) {
		for (size_t i = 0; i < cmd->excl.nexclude; i++)
			if (!units_has_exclude(&file->excl, cmd->excl.exclude[i]))
				return cmd->excl.exclude[i];
		return NULL;
	}
	return cmd->flag[key] != file->flag[key] ? "" : NULL;
}

/* What the file says for key: "with key = value", "without exclude = OBJ"
 * (fresh). */
static char *file_says(const struct treeconf *file, int key, const char *opt)
{
	if (key == TC_TAG)
		return xasprintf("with tag = %s", treeconf_tag(file));
	if (key == TC_EXCLUDE)
		return xasprintf("without exclude = %s", opt);
	return xasprintf("with %s = %s", key_names[key], file->flag[key] ? "yes" : "no");
}

/* A key given on the command line that the file says otherwise: for check an
 * error (1), else a note (0). */
static int conflict(const struct treeconf *file, int key, const char *opt, int strict,
		    const char *prog)
{
	char *says = file_says(file, key, opt);
	const char *sp = *opt ? " " : "";

	if (strict)
		fprintf(stderr, "crossym %s: %s: the tree was tagged %s; --%s%s%s "
			"differs (edit or remove the file to change it, or give --no-config)\n",
			prog, file->path, says, key_names[key], sp, opt);
	else
		inform("crossym %s: note: --%s%s%s overrides %s (tagged %s)\n", prog,
		       key_names[key], sp, opt, file->path, says);
	free(says);
	return strict;
}

/* Take the file's value for key into cmd (key not given on the command line;
 * exclude: the file's objects are added). */
static void take(struct treeconf *cmd, const struct treeconf *file, int key)
{
	if (key == TC_TAG) {
		if (file->tag)
			cmd->tag = xstrdup(file->tag);
	} else if (key == TC_EXCLUDE) {
		for (size_t i = 0; i < file->excl.nexclude; i++)
			units_add_exclude_from(&cmd->excl, file->excl.exclude[i],
					       file->excl.origin[i]);
	} else {
		cmd->flag[key] = file->flag[key];
	}
}

/* "crossym PROG: read FILE: --tag T --tag-exports ...": what the file adds to
 * the command line cmd (before merge() takes it), for the keys (not
 * with -q). */
static void say_taken(const struct treeconf *file, const struct treeconf *cmd,
		      unsigned keys, const char *prog)
{
	unsigned taken = keys & ~cmd->given;
	size_t n = 0, nexcl = 0;

	if (diag.quiet)
		return;
	fprintf(stderr, "crossym %s: read %s:", prog, file->path);
	if ((taken & TC(TC_TAG)) && file->tag && ++n)
		fprintf(stderr, " --tag %s", file->tag);
	for (int k = 0; k < TC_NKEYS; k++)
		if (is_flag(k) && (taken & TC(k)) && file->flag[k] && ++n)
			fprintf(stderr, " --%s", key_names[k]);
	for (size_t i = 0; (keys & TC(TC_EXCLUDE)) && i < file->excl.nexclude; i++)
		if (!units_has_exclude(&cmd->excl, file->excl.exclude[i]) && ++n && ++nexcl <= 3)
			fprintf(stderr, " --exclude %s", file->excl.exclude[i]);
	if (nexcl > 3)
		fprintf(stderr, " (%zu --exclude in all)", nexcl);
	fputs(n ? " (--no-config: ignore it)\n" : " it adds nothing to the command line\n",
	      stderr);
}

/* A key whose yes runs programs of the tree (its compile commands): the file
 * records that the tree was tagged with it, but never turns it on. 1 (said)
 * when the file says yes for such a key and the command line does not. */
static int runs_programs(const struct treeconf *cmd, const struct treeconf *file,
			 unsigned keys, const char *prog)
{
	int k = TC_RUN_BUILD_COMMANDS;

	if (!(keys & TC(k)) || !file->flag[k] || (cmd->given & TC(k)))
		return 0;
	fprintf(stderr, "crossym %s: %s: the tree was tagged with %s = yes, which runs the "
		"build's compile commands; crossym runs them only when its command line "
		"says so: give --%s (or --no-config)\n", prog, file->path, key_names[k],
		key_names[k]);
	return 1;
}

/* Fold file into cmd for keys; 0, or 2 when check's options differ (said). */
static int merge(struct treeconf *cmd, const struct treeconf *file, unsigned keys,
		 int strict, const char *prog)
{
	int bad = 0;

	for (int k = 0; k < TC_NKEYS; k++) {
		const char *opt = NULL;

		if ((keys & TC(k)) && (cmd->given & TC(k)))
			opt = differs(cmd, file, k);
		if (opt)
			bad |= conflict(file, k, opt, strict, prog);
	}
	bad |= runs_programs(cmd, file, keys, prog);
	if (bad)
		return 2;
	say_taken(file, cmd, keys, prog);
	for (int k = 0; k < TC_NKEYS; k++)
		if ((keys & TC(k)) && (!(cmd->given & TC(k)) || k == TC_EXCLUDE))
			take(cmd, file, k);
	return 0;
}

int treeconf_apply(struct treeconf *cmd, const char *build_dir, const char *srctree,
		   unsigned keys, int strict, const char *prog)
{
	struct treeconf file;
	char *src = build_srctree(build_dir, srctree), *path;
	int rc;

	if (!src)
		return 0;       /* the scan says what is wrong with it */
	path = path_join(src, TREECONF_FILE);
	free(src);
	rc = treeconf_read(&file, path);
	free(path);
	if (rc < 0)
		return 2;
	if (rc > 0)
		return 0;
	rc = merge(cmd, &file, keys, strict, prog);
	if (!rc)
		cmd->path = xstrdup(file.path);
	treeconf_free(&file);
	return rc;
}
