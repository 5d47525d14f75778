// SPDX-License-Identifier: GPL-2.0-only
/* test-cocci.c - cocci_write() and its helpers (TAP).
 *
 * With arguments it is also the driver the shell tests use to make an OUTDIR
 * from a hand-written target list:
 *   test-cocci --write OUTDIR SRCTREE TAG TARGETS
 * TARGETS lines: `add|remove<TAB>source<TAB>symbol<TAB>func|var|other<TAB>line`
 * (blank lines and lines starting with # are skipped). Exit 1 when cocci_write
 * reported errors. */
#include "tap.h"
#include "fixture.h"
#include "patch/cocci.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct tlist {
	struct cocci_target *v;
	size_t n, cap;
};

static void tl_push(struct tlist *l, const char *source, const char *symbol,
		    enum def_kind kind, unsigned line)
{
	grow_array((void **)&l->v, &l->cap, l->n + 1, sizeof(*l->v));
	l->v[l->n].source = source;
	l->v[l->n].symbol = symbol;
	l->v[l->n].kind = kind;
	l->v[l->n].line = line;
	l->v[l->n].macro = NULL;
	l->v[l->n].place = NULL;
	l->n++;
}

static enum def_kind parse_kind(const char *s)
{
	if (!strcmp(s, "func"))
		return DEF_FUNC;
	if (!strcmp(s, "var"))
		return DEF_VAR;
	if (!strcmp(s, "other"))
		return DEF_OTHER;
	fatal("bad kind '%s'", s);
}

/* Parse one TARGETS line (modified in place) into add or rm. */
static void parse_target(char *line, struct tlist *add, struct tlist *rm)
{
	char *f[5];
	size_t i;

	for (i = 0; i < 5; i++) {
		f[i] = strsep(&line, "\t");
		if (!f[i])
			fatal("targets: need 5 tab-separated fields");
	}
	if (!strcmp(f[0], "add"))
		tl_push(add, f[1], f[2], parse_kind(f[3]), (unsigned)strtoul(f[4], NULL, 10));
	else if (!strcmp(f[0], "remove"))
		tl_push(rm, f[1], f[2], parse_kind(f[3]), (unsigned)strtoul(f[4], NULL, 10));
	else
		fatal("targets: bad action '%s'", f[0]);
}

static int write_mode(char **argv)
{
	struct cocci_opts opts = { argv[2], argv[4], argv[3], NULL, NULL };
	struct tlist add = { 0 }, rm = { 0 };
	size_t len;
	char *text = read_file(argv[5], &len), *p, *line;
	int errors;

	if (!text)
		fatal("%s: cannot read", argv[5]);
	for (p = text; (line = strsep(&p, "\n"));)
		if (*line && *line != '#')
			parse_target(line, &add, &rm);
	errors = cocci_write(&opts, add.v, add.n, rm.v, rm.n);
	free(add.v);
	free(rm.v);
	free(text);
	return errors ? 1 : 0;
}

/* ---- unit tests ---------------------------------------------------------- */

static char *slurp(const char *dir, const char *name)
{
	char *path = path_join(dir, name), *text = read_file(path, NULL);

	free(path);
	return text;
}

static void spit(const char *dir, const char *name, const char *text)
{
	fixture_put(dir, name, text);
}

static void test_ident(void)
{
	TAP_OK(cocci_is_ident("aio_nr"), "aio_nr is an identifier");
	TAP_OK(cocci_is_ident("_x9"), "_x9 is an identifier");
	TAP_OK(!cocci_is_ident("9x"), "9x is not");
	TAP_OK(!cocci_is_ident("foo.isra.0"), "foo.isra.0 is not");
	TAP_OK(!cocci_is_ident(""), "empty is not");
}

static void test_subst(void)
{
	const char *keys[] = { "TAG", "FUNCS" };
	const char *vals[] = { "__global", "a, b" };
	char *s = cocci_subst("attribute name %TAG%;\nidentifier f = {%FUNCS%};\n+%TAG% f\n",
			      keys, vals, 2);

	TAP_STR(s, "attribute name __global;\nidentifier f = {a, b};\n+__global f\n",
		"placeholders substituted");
	free(s);
}

static char *joined(char **v, size_t n)
{
	char *out = xstrdup(""), *t;
	size_t i;

	for (i = 0; i < n; i++) {
		t = xasprintf("%s%s%s", out, i ? " " : "", v[i]);
		free(out);
		out = t;
	}
	return out;
}

static void test_definers(void)
{
	static const char text[] =
		"/* MY_DEF(struct x, c); in a comment */\n"
		"#define MY_DEF(t, n) t n\n"
		"DEFINE_MUTEX(a);\n"
		"EXPORT_SYMBOL(b);\n"
		"MY_DEF(struct x, c);\n"
		"OTHER_DEF(int, d) = 3;\n"
		"IF_FEATURE(int e;)\n"
		"late_initcall(c);\n"
		"module_param(d, int, 0);\n"
		"const char *s = \"NOPE(c);\";\n"
		"void f(int c)\n{\n\tLIST_HEAD(local);\n\tUSE_DEF(c);\n}\n"
		"int g(c);\n"
		"MY_DEF(int, fp);\n"
		"int (*fp)(void);\n"
		"unsigned long h;\n"
		"int *ptr = &g2, k = 1;\n"
		"struct s obj = { .p = &g3 };\n";
	const char *syms[] = { "b", "c", "d", "e", "fp", "h", "g2", "g3", "k" };
	size_t n;
	unsigned char is_free[9];
	char **names = cocci_scan(text, sizeof(text) - 1, syms, 9, 4, is_free, &n);
	char *got = joined(names, n);

	TAP_STR(got, "DEFINE_MUTEX LIST_HEAD MY_DEF OTHER_DEF",
		"definers: defaults present plus wrappers of listed symbols");
	TAP_OK(!is_free[0] && !is_free[1] && !is_free[2] && !is_free[3],
	       "names only inside macro arguments are not free-standing");
	TAP_OK(is_free[4] && is_free[5] && is_free[8], "a definition's name is free-standing");
	TAP_OK(!is_free[6] && !is_free[7], "names in initializers are not");
	free(got);
	cocci_free_names(names, n);
	names = cocci_scan("", 0, syms, 0, 0, NULL, &n);
	TAP_OK(n == 0, "no definers in an empty file");
	cocci_free_names(names, n);
}

static int has(const char *hay, const char *needle)
{
	return hay && strstr(hay, needle) != NULL;
}

/* cksum(1) of dir/name as "CRC\tSIZE", from the real command. */
static char *cksum_of(const char *dir, const char *name)
{
	char *cmd = xasprintf("cd '%s' && cksum '%s'", dir, name), buf[256];
	FILE *p = popen(cmd, "r");
	unsigned long crc = 0, size = 0;

	if (!p || !fgets(buf, sizeof(buf), p) || sscanf(buf, "%lu %lu", &crc, &size) != 2)
		fatal("%s failed", cmd);
	pclose(p);
	free(cmd);
	return xasprintf("%lu\t%lu", crc, size);
}

static void test_write(const char *tmp)
{
	char *src = path_join(tmp, "src"), *out = path_join(tmp, "out");
	struct cocci_opts opts = { out, "__global", src, NULL, NULL };
	struct cocci_target add[] = {
		{ "mm/b.c", "zeta", DEF_VAR, 3, NULL, NULL, 0 },
		{ "mm/b.c", "alpha", DEF_FUNC, 0, NULL, NULL, 0 },
		{ "mm/b.c", "big_lock", DEF_VAR, 0, NULL, NULL, 0 },
		{ "a.c", "both", DEF_OTHER, 1, NULL, NULL, 0 },
		{ "a.c", "dup", DEF_FUNC, 0, NULL, NULL, 0 },
		{ "a.c", "dup", DEF_FUNC, 0, NULL, NULL, 0 },
		{ "a.c", "foo.cold", DEF_FUNC, 0, NULL, NULL, 0 },
		{ "gone.c", "lost", DEF_FUNC, 0, NULL, NULL, 0 },
	};
	struct cocci_target rm[] = {
		{ "mm/b.c", "old_fn", DEF_FUNC, 7, NULL, NULL, 0 },
		{ "a.c", "dup", DEF_FUNC, 0, NULL, NULL, 0 },
	};
	char *s, *want, *ck_a, *ck_b;
	int errors;

	spit(src, "a.c", "int both;\nint dup(void) { return 0; }\n");
	spit(src, "mm/b.c", "DEFINE_MUTEX(big_lock);\nint zeta = 1;\nATTR_RW(zeta);\n"
	     "int alpha(void) { return 0; }\nint __global old_fn(void) { return 1; }\n");
	spit(out, "annotate.patch", "old\n");
	spit(out, "cocci/old/x.c.cocci", "old\n");
	errors = cocci_write(&opts, add, sizeof(add) / sizeof(add[0]),
			     rm, sizeof(rm) / sizeof(rm[0]));
	TAP_OK(errors == 1, "one missing source reported (got %d)", errors);
	TAP_OK(diag.status == 1, "error() was called");
	diag.status = 0;

	s = slurp(out, "tag");
	TAP_STR(s, "__global\n", "tag file");
	free(s);
	s = slurp(out, "wanted.tsv");
	TAP_STR(s, "a.c\tboth\tother\t1\t-\t-\na.c\tdup\tfunc\t0\t-\t-\n"
		"mm/b.c\talpha\tfunc\t0\t-\t-\nmm/b.c\tbig_lock\tvar\t0\t-\t-\n"
		"mm/b.c\tzeta\tvar\t3\t-\t-\n",
		"wanted.tsv sorted, deduplicated, bad names and missing files left out");
	free(s);
	s = slurp(out, "stale.tsv");
	TAP_STR(s, "mm/b.c\told_fn\t7\n", "stale.tsv (a target also to add is only added)");
	free(s);
	ck_a = cksum_of(src, "a.c");
	ck_b = cksum_of(src, "mm/b.c");
	want = xasprintf("a.c\t%s\tcocci/a.c.cocci\nmm/b.c\t%s\tcocci/mm/b.c.cocci\n",
			 ck_a, ck_b);
	s = slurp(out, "files.tsv");
	TAP_STR(s, want, "files.tsv with cksum(1) values");
	free(s);
	free(want);
	free(ck_a);
	free(ck_b);

	s = slurp(out, "annotate.patch");
	TAP_OK(!s, "old annotate.patch removed");
	free(s);
	s = slurp(out, "cocci/old/x.c.cocci");
	TAP_OK(!s, "old cocci/ removed");
	free(s);

	s = slurp(out, "cocci/a.c.cocci");
	TAP_OK(has(s, "identifier f = {both, dup};"), "a.c: function rules list every name");
	TAP_OK(has(s, "identifier x = {both, dup};"),
	       "a.c: variable rules too (the kind is only a hint)");
	TAP_OK(has(s, "attribute name __global;"), "a.c: tag substituted");
	TAP_OK(!has(s, "%"), "a.c: no placeholder left");
	TAP_OK(!has(s, "{}"), "a.c: no empty list");
	TAP_OK(!has(s, "remove_"), "a.c: no removal rules");
	TAP_OK(!has(s, "declarer name"), "a.c: no macro rules");
	free(s);

	s = slurp(out, "cocci/mm/b.c.cocci");
	TAP_OK(has(s, "identifier f = {alpha, zeta};") && has(s, "identifier x = {alpha, zeta};"),
	       "b.c: function and variable rules only for names outside macro arguments");
	TAP_OK(has(s, "identifier x = {big_lock};"),
	       "b.c: macro rules list the objects the text does not define itself");
	TAP_OK(!has(s, "ATTR_RW"), "b.c: a macro using a name it does not define is no definer");
	TAP_OK(has(s, "declarer name DEFINE_MUTEX;") && has(s, "+__global DEFINE_MUTEX"),
	       "b.c: macro rules for DEFINE_MUTEX");
	TAP_OK(has(s, "@remove_func@") && has(s, "identifier f = {old_fn};"),
	       "b.c: removal rule for old_fn");
	TAP_OK(has(s, "@remove_var@"), "b.c: variable removal rules too");
	TAP_OK(!has(s, "{}") && !has(s, "%"), "b.c: no empty list, no placeholder");
	free(s);

	free(src);
	free(out);
}

int main(int argc, char **argv)
{
	char tmpl[] = "/tmp/test-cocci.XXXXXX", *cmd;

	if (argc == 6 && !strcmp(argv[1], "--write"))
		return write_mode(argv);
	if (argc != 1) {
		fprintf(stderr, "usage: test-cocci [--write OUTDIR SRCTREE TAG TARGETS]\n");
		return 2;
	}
	if (!mkdtemp(tmpl))
		fatal("mkdtemp failed");
	test_ident();
	test_subst();
	test_definers();
	test_write(tmpl);
	cmd = xasprintf("rm -rf '%s'", tmpl);
	if (system(cmd))
		fprintf(stderr, "cannot remove %s\n", tmpl);
	free(cmd);
	return tap_done();
}
