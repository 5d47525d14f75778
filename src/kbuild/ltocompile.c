// SPDX-License-Identifier: GPL-2.0-only
/* ltocompile.c - a C object's kbuild command made into the -flto compile of a
 * whole-program unit's member and the flags of the unit's link, as text for
 * sh (wholeprogram.sh writes them into its makefile). */
#include "kbuild/ltocompile.h"
#include "kbuild/cmdline.h"
#include "kbuild/kbuild.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* s[0..n) without the blanks around it (lead: the leading ones too). */
static char *trimmed(const char *s, size_t n, int lead)
{
	while (lead && n && is_blank(*s))
		s++, n--;
	while (n && is_blank(s[n - 1]))
		n--;
	return xstrndup(s, n);
}

/* Whether word w is shell-safe as it is (needs no quotes). */
static int word_plain(const char *w)
{
	if (!*w)
		return 0;
	for (; *w; w++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_@%+=:,./-", *w))
			return 0;
	return 1;
}

/* Append word w for sh: as it is, or in single quotes. */
static void text_word(struct sbuf *t, const char *w)
{
	if (t->len)
		sbuf_addn(t, " ", 1);
	if (word_plain(w)) {
		sbuf_addn(t, w, strlen(w));
		return;
	}
	sbuf_addn(t, "'", 1);
	for (; *w; w++)
		if (*w == '\'')
			sbuf_addn(t, "'\\''", 4);
		else
			sbuf_addn(t, w, 1);
	sbuf_addn(t, "'", 1);
}

/* Whether compile word w (not the first) stays out of the unit link: output,
 * dependency files, include paths, macros, the source; *skip the words that
 * go with it. */
static int not_for_link(const char *w, size_t *skip)
{
	static const char *const with_arg[] = { "-o", "-include", "-I", "-MF", "-MT",
		"-MQ", "-imacros", "-isystem", "-x", NULL };
	static const char *const alone[] = { "-c", "-MD", "-MMD", "-MP", NULL };
	static const char *const prefixes[] = { "-I", "-D", "-U", "-Wp,", NULL };

	*skip = 1;
	for (const char *const *a = with_arg; *a; a++)
		if (!strcmp(w, *a)) {
			*skip = 2;
			return 1;
		}
	for (const char *const *a = alone; *a; a++)
		if (!strcmp(w, *a))
			return 1;
	for (const char *const *a = prefixes; *a; a++)
		if (str_has_prefix(w, *a))
			return 1;
	return strpbrk(w, "'\"") || str_has_suffix(w, ".c") || str_has_suffix(w, ".S") ||
	       str_has_suffix(w, ".s") || !*w;
}

/* The compiler and the flags of words for the unit link. */
static char *link_flags(char **w, size_t n)
{
	struct sbuf t = { 0 };
	size_t skip;

	for (size_t i = 0; i < n; i += skip) {
		skip = 1;
		if (i == 0 || !not_for_link(w[i], &skip))
			text_word(&t, w[i]);
	}
	return sbuf_take(&t);
}

/* Whether words hold -c: the command compiles. */
static int compiles(char **w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(w[i], "-c"))
			return 1;
	return 0;
}

/* s with every `PRE FROM` replaced by `PRE TO`; s freed. */
static char *replaced(char *s, const char *pre, const char *from, const char *to)
{
	char *f = xasprintf("%s%s", pre, from), *t = xasprintf("%s%s", pre, to);
	char *r = str_replace_all(s, f, t);

	free(f);
	free(t);
	free(s);
	return r;
}

/* The first command cmd (obj's compile) writing lto instead: its -o (OBJ,
 * or kbuild's temporary D/.NAME.o.tmp, which Xen's objcopy then makes OBJ)
 * and the dependency file kbuild names for it (-Wp,-MD,D/.NAME.o.d or
 * -MF D/.NAME.o.d); NULL without ` -o OBJ` or ` -o D/.NAME.o.tmp`. */
static char *retarget(const char *cmd, const char *obj, const char *lto)
{
	char *dobj = kbuild_cmd_path(obj), *dlto = kbuild_cmd_path(lto);
	char *c = replaced(xstrdup(cmd), " -o ", obj, lto), *out = xasprintf(" -o %s", lto);

	strcpy(dobj + strlen(dobj) - 4, ".tmp");
	if (!strstr(c, out))
		c = replaced(c, " -o ", dobj, lto);
	strcpy(dobj + strlen(dobj) - 4, ".d");
	strcpy(dlto + strlen(dlto) - 4, ".d");
	c = replaced(c, ",-MMD,", dobj, dlto);
	c = replaced(c, ",-MD,", dobj, dlto);
	c = replaced(c, " -MF ", dobj, dlto);
	if (!strstr(c, out)) {
		free(c);
		c = NULL;
	}
	free(out);
	free(dobj);
	free(dlto);
	return c;
}

/* objtool's step (what follows the first ;, when it runs objtool) on unit:
 * its last word, the object, replaced; NULL when tail is not objtool's. */
static char *objtool_step(const char *tail, const char *obj, const char *unit)
{
	size_t lt = strlen(tail), lo = strlen(obj);
	char *t;

	if (!strstr(tail, "objtool"))
		return NULL;
	if (lt <= lo || tail[lt - lo - 1] != ' ' || strcmp(tail + lt - lo, obj))
		return xstrdup(tail);
	t = xmalloc(lt - lo + strlen(unit) + 1);
	memcpy(t, tail, lt - lo);
	strcpy(t + lt - lo, unit);
	return t;
}

/* The first command, checked and retargeted, into out. */
static enum lto_refusal first_command(const char *first, const char *obj, const char *lto,
				      struct lto_compile *out)
{
	const char *why;
	size_t n = 0;
	char **w = cmdline_words(first, CMDLINE_READ, &n, &why);
	enum lto_refusal r = LTO_OK;
	char *c = NULL;

	if (!*first)
		r = LTO_NO_COMMAND;
	else if (cmdline_is_clang(w, n))
		r = LTO_CLANG;
	else if (!compiles(w, n))
		r = LTO_NO_COMPILE;
	else if (!(c = retarget(first, obj, lto)))
		r = LTO_NO_OUTPUT;
	if (c) {
		out->command = xasprintf("%s -flto", c);
		out->unit_flags = link_flags(w, n);
	}
	free(c);
	cmdline_free(w);
	return r;
}

/* The end of cmd's first command, as sh reads it: the first ; & | or
 * newline outside quotes, or a # that begins a word (a comment: what
 * follows is no command, and -flto written after it would be lost). */
static const char *first_command_end(const char *cmd)
{
	const char *p = cmd;

	for (;;) {
		p = cmdline_unquoted(p, ";&|\n#");
		if (*p != '#' || p == cmd || p[-1] == ' ' || p[-1] == '\t')
			return p;
		p++;            /* a # inside a word is a letter */
	}
}

enum lto_refusal lto_compile_make(const char *cmd, const char *obj, const char *lto,
				  const char *unit, struct lto_compile *out)
{
	const char *end = first_command_end(cmd);
	const char *semi = *end == ';' ? end : end + strlen(end);
	char *first = trimmed(cmd, (size_t)(end - cmd), 0), *tail;
	enum lto_refusal r;

	memset(out, 0, sizeof(*out));
	r = first_command(first, obj, lto, out);
	if (r == LTO_OK && *semi) {
		tail = trimmed(semi + 1, strlen(semi + 1), 1);
		out->objtool = objtool_step(tail, obj, unit);
		free(tail);
	}
	free(first);
	if (r != LTO_OK)
		lto_compile_free(out);
	return r;
}

void lto_compile_free(struct lto_compile *c)
{
	free(c->command);
	free(c->unit_flags);
	free(c->objtool);
	memset(c, 0, sizeof(*c));
}

char *lto_object_name(const char *obj)
{
	size_t n = strlen(obj);

	if (!str_has_suffix(obj, ".o"))
		return xstrdup(obj);
	return xasprintf("%.*s" LTO_OBJECT_SUFFIX, (int)(n - 2), obj);
}

int lto_is_object_name(const char *name)
{
	return str_has_suffix(name, LTO_OBJECT_SUFFIX);
}
