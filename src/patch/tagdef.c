// SPDX-License-Identifier: GPL-2.0-only
/* tagdef.c - is the tag's #define reached by the objects that get a tag? */
#include "patch/tagdef.h"
#include "source/definer.h"
#include "kbuild/cmdline.h"
#include "kbuild/kbuild.h"
#include "lib/strtab.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_FILES = 20000, MAX_NAMED = 8 };
enum obj_state { OBJ_UNKNOWN, OBJ_REACHED, OBJ_NOT, OBJ_UNCHECKED };

struct finfo;

struct tdcheck {
	const struct tagdef_opts *o;
	char *header_real;      /* realpath of srctree/header, or NULL */
	struct strtab seen;     /* files looked at */
	struct finfo *info;     /* per seen id */
	size_t info_cap;
	struct strtab objs;     /* .cmd files */
	unsigned char *state;   /* per objs id: enum obj_state */
	size_t state_cap;
	size_t nfiles;          /* files read */
};

static int idc(int c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* Whether the line before text + at (the tag's start) is `#define ` alone. */
static int define_before(const char *text, size_t at)
{
	size_t b = at;

	while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '\t'))
		b--;
	if (b < 6 || memcmp(text + b - 6, "define", 6) || b == at)
		return 0;
	b -= 6;
	while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '\t'))
		b--;
	if (b == 0 || text[b - 1] != '#')
		return 0;
	b--;
	while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '\t'))
		b--;
	return b == 0 || text[b - 1] == '\n';
}

int tagdef_text_defines(const char *text, size_t len, const char *tag)
{
	size_t tl = strlen(tag);
	const char *p = text, *end = text + len;

	while (tl && (p = memmem(p, (size_t)(end - p), tag, tl))) {
		size_t at = (size_t)(p - text);
		int after = p + tl < end ? (unsigned char)p[tl] : '\n';

		if ((at == 0 || !idc((unsigned char)p[-1])) && !idc(after) && after != '(' &&
		    define_before(text, at))
			return 1;
		p += tl;
	}
	return 0;
}

static unsigned char *slot(unsigned char **v, size_t *cap, unsigned id)
{
	if ((size_t)id >= *cap) {
		size_t old = *cap;

		grow_array((void **)v, cap, (size_t)id + 1, 1);
		memset(*v + old, 0, *cap - old);
	}
	return *v + id;
}

/* What is known of one file. */
struct finfo {
	unsigned char loaded, defines, is_header;       /* is_header: 0 not known, 1, 2 */
	char **inc;             /* its #include names, each after '"' or '<' */
	size_t ninc, inc_cap;
};

static struct finfo *info(struct tdcheck *ck, const char *path)
{
	unsigned id = strtab_intern(&ck->seen, path);

	if ((size_t)id >= ck->info_cap) {
		size_t old = ck->info_cap;

		grow_array((void **)&ck->info, &ck->info_cap, (size_t)id + 1, sizeof(*ck->info));
		memset(ck->info + old, 0, (ck->info_cap - old) * sizeof(*ck->info));
	}
	return &ck->info[id];
}

/* The #include lines of text: `# include "x.h"` or `<x.h>`. */
static void parse_includes(struct finfo *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; ) {
		size_t k = i, e;

		while (k < n && (s[k] == ' ' || s[k] == '\t'))
			k++;
		if (k < n && s[k] == '#') {
			for (k++; k < n && (s[k] == ' ' || s[k] == '\t'); k++)
				;
			if (n - k > 7 && !memcmp(s + k, "include", 7)) {
				for (k += 7; k < n && (s[k] == ' ' || s[k] == '\t'); k++)
					;
				for (e = k + 1; e < n && s[e] != '\n' && s[e] != '"' && s[e] != '>'; e++)
					;
				if (k < n && (s[k] == '"' || s[k] == '<') && e < n && s[e] != '\n') {
					grow_array((void **)&f->inc, &f->inc_cap, f->ninc + 1,
						   sizeof(*f->inc));
					f->inc[f->ninc++] = xstrndup(s + k, e - k);
				}
			}
		}
		while (i < n && s[i] != '\n')
			i++;
		i++;
	}
}

static void load(struct tdcheck *ck, struct finfo *f, const char *path)
{
	size_t n = 0;
	char *text;

	if (f->loaded)
		return;
	f->loaded = 1;
	text = read_file(path, &n);
	if (!text)
		return;
	ck->nfiles++;
	f->defines = tagdef_text_defines(text, n, ck->o->tag);
	parse_includes(f, text, n);
	free(text);
}

/* 1 when the file at path defines the tag (with a header: is the header). */
static int file_hit(void *arg, const char *path)
{
	struct tdcheck *ck = arg;
	struct finfo *f = info(ck, path);

	if (ck->o->header) {
		if (!f->is_header) {
			const char *base = strrchr(ck->o->header, '/');
			char *real = NULL;

			base = base ? base + 1 : ck->o->header;
			if (ck->header_real && str_has_suffix(path, base))
				real = realpath(path, NULL);
			f->is_header = real && !strcmp(real, ck->header_real) ? 1 : 2;
			free(real);
		}
		return f->is_header == 1;
	}
	load(ck, f, path);
	return f->defines;
}

/* Where #include inc (after its '"' or '<') of file from is: from's
 * directory for "...", then the -I directories; NULL when nowhere. */
static char *resolve(const char *from, const char *inc, char **dirs, size_t ndirs)
{
	char *p = NULL;

	if (inc[0] == '"') {
		char *d = path_dirname(from);

		p = path_join(d, inc + 1);
		free(d);
		if (!access(p, R_OK))
			return p;
		free(p);
	}
	for (size_t i = 0; i < ndirs; i++) {
		p = path_join(dirs[i], inc + 1);
		if (!access(p, R_OK))
			return p;
		free(p);
	}
	return NULL;
}

/* `-DTAG` or `-D TAG[=...]` among the words. */
static int defines_on_command(char **w, size_t nw, const char *tag)
{
	size_t tl = strlen(tag);

	for (size_t i = 0; i < nw; i++) {
		const char *d = !strcmp(w[i], "-D") && i + 1 < nw ? w[i + 1] :
				str_has_prefix(w[i], "-D") ? w[i] + 2 : NULL;

		if (d && !strncmp(d, tag, tl) && (d[tl] == '\0' || d[tl] == '='))
			return 1;
	}
	return 0;
}

static char *abs_path(const char *build_dir, const char *p)
{
	return p[0] == '/' || !build_dir ? xstrdup(p) : path_join(build_dir, p);
}

/* The source_ and -include files of the command (into todo), its -I
 * directories (into *dirs). */
static void command_roots(const char *cmdtext, const char *build_dir, char **w, size_t nw,
			  struct strtab *todo, char ***dirs, size_t *ndirs)
{
	char *src = kbuild_cmd_source(cmdtext), *p;
	size_t cap = 0;

	if (src) {
		p = abs_path(build_dir, src);
		strtab_intern(todo, p);
		free(p);
	}
	for (size_t i = 0; i < nw; i++) {
		int inc = !strcmp(w[i], "-include") && i + 1 < nw;
		const char *arg = NULL;

		if (inc || (!strcmp(w[i], "-I") && i + 1 < nw))
			arg = w[++i];
		else if (str_has_prefix(w[i], "-I") && w[i][2])
			arg = w[i] + 2;
		if (!arg)
			continue;
		p = abs_path(build_dir, arg);
		if (inc)
			strtab_intern(todo, p);
		else
			strv_push(dirs, ndirs, &cap, p);
		free(p);
	}
	free(src);
}

/* No deps_ list: the source_ and -include files and what they #include
 * (found as the compiler would, through the -I directories). */
static enum obj_state command_files(struct tdcheck *ck, const char *cmdtext,
				    const char *build_dir, char **w, size_t nw)
{
	struct strtab todo;
	char **dirs = NULL;
	size_t ndirs = 0, i;
	int found = 0;

	strtab_init(&todo);
	command_roots(cmdtext, build_dir, w, nw, &todo, &dirs, &ndirs);
	for (i = 0; i < todo.count && i < MAX_FILES && !found; i++) {
		const char *path = strtab_str(&todo, (unsigned)i);
		struct finfo *f = info(ck, path);

		found = file_hit(ck, path);
		load(ck, f, path);
		for (size_t k = 0; k < f->ninc && !found; k++) {
			char *r = resolve(path, f->inc[k], dirs, ndirs);

			if (r)
				strtab_intern(&todo, r);
			free(r);
		}
	}
	strv_free(dirs, ndirs);
	strtab_free(&todo);
	return found ? OBJ_REACHED : i ? OBJ_NOT : OBJ_UNCHECKED;
}

static enum obj_state object_state(struct tdcheck *ck, const struct objctx *ctx)
{
	unsigned char *st;
	char *cmdtext, *cmd;
	char **w = NULL;
	size_t nw = 0;
	int r;
	const char *why;

	if (!ctx || !ctx->cmd_file)
		return OBJ_UNCHECKED;
	st = slot(&ck->state, &ck->state_cap, strtab_intern(&ck->objs, ctx->cmd_file));
	if (*st)
		return (enum obj_state)*st;
	cmdtext = kbuild_cmd_read(ctx->cmd_file);
	cmd = cmdtext ? kbuild_cmd_command(cmdtext) : NULL;
	w = cmd ? cmdline_words(cmd, CMDLINE_READ, &nw, &why) : NULL;
	if (!cmdtext)
		*st = OBJ_UNCHECKED;
	else if (!ck->o->header && defines_on_command(w, nw, ck->o->tag))
		*st = OBJ_REACHED;
	else if ((r = definer_deps_each(cmdtext, ctx->build_dir, file_hit, ck)) >= 0)
		*st = r ? OBJ_REACHED : OBJ_NOT;
	else
		*st = command_files(ck, cmdtext, ctx->build_dir, w, nw);
	cmdline_free(w);
	free(cmd);
	free(cmdtext);
	return (enum obj_state)*st;
}

/* "a.c, b.c, ... (N in all)": the first MAX_NAMED of the sorted names. */
static char *name_list(char **v, size_t n)
{
	char *s = xstrdup(""), *t;

	qsort(v, n, sizeof(*v), cmp_strptr);
	for (size_t i = 0; i < n && i < MAX_NAMED; i++) {
		t = xasprintf("%s%s%s", s, i ? ", " : "", v[i]);
		free(s);
		s = t;
	}
	if (n > MAX_NAMED) {
		t = xasprintf("%s, ... (%zu in all)", s, n);
		free(s);
		s = t;
	}
	return s;
}

static void refuse(const struct tdcheck *ck, const struct strtab *bad, size_t nchecked,
		   size_t nreached)
{
	const struct tagdef_opts *o = ck->o;
	size_t nbad = bad->count;
	char **v = xcalloc(nbad, sizeof(*v)), *names;

	memcpy(v, bad->strings, nbad * sizeof(*v));
	names = name_list(v, nbad);
	free(v);

	if (o->header)
		fprintf(stderr, "%s: --define-tag=%s: the objects of %zu files to tag do not "
			"include %s: %s; name a header all of them include, or pass "
			"--define-tag alone (the #define then goes into each file "
			"tagged)\n", o->prog, o->header, nbad, o->header, names);
	else if (!nreached)
		fprintf(stderr, "%s: %s: no #define of it is reached by the build (checked "
			"%zu files read by %zu objects): the tagged files would not "
			"compile (%s); define it, or pass --define-tag to add the definition\n",
			o->prog, o->tag, ck->nfiles, nchecked, names);
	else
		fprintf(stderr, "%s: %s: no #define of it is reached by the objects of %zu "
			"files to tag (%zu objects reach one): %s; define it there, or pass "
			"--define-tag to add the definition\n", o->prog, o->tag, nbad,
			nreached, names);
	free(names);
}

int tagdef_check(const struct tagdef_opts *o, const struct tag_report *rep)
{
	struct tdcheck ck = { .o = o };
	struct strtab bad;
	size_t nreached = 0, nchecked = 0, nunchecked = 0;
	int rc = 0;

	strtab_init(&ck.seen);
	strtab_init(&ck.objs);
	strtab_init(&bad);
	if (o->header) {
		char *p = path_join(o->srctree ? o->srctree : ".", o->header);

		ck.header_real = realpath(p, NULL);
		free(p);
		if (!ck.header_real) {
			fprintf(stderr, "%s: --define-tag=%s: no such file in the source tree\n",
				o->prog, o->header);
			rc = -1;
		}
	}
	for (size_t i = 0; !rc && i < rep->nmissing; i++) {
		enum obj_state s = object_state(&ck, rep->missing[i].ctx);

		if (s == OBJ_NOT)
			strtab_intern(&bad, rep->missing[i].source);
		nunchecked += s == OBJ_UNCHECKED;
	}
	for (size_t i = 0; i < ck.objs.count && i < ck.state_cap; i++) {
		nreached += ck.state[i] == OBJ_REACHED;
		nchecked += ck.state[i] == OBJ_REACHED || ck.state[i] == OBJ_NOT;
	}
	if (bad.count) {
		refuse(&ck, &bad, nchecked, nreached);
		rc = -1;
	} else if (!rc && nunchecked)
		fprintf(stderr, "%s: warning: %s: %s not checked for %zu of the %zu "
			"definitions to tag (no kbuild .cmd file says what their objects read)\n",
			o->prog, o->tag, o->header ? "--define-tag's header" : "its #define",
			nunchecked, rep->nmissing);
	strtab_free(&bad);
	strtab_free(&ck.seen);
	strtab_free(&ck.objs);
	for (size_t i = 0; i < ck.info_cap; i++)
		strv_free(ck.info[i].inc, ck.info[i].ninc);
	free(ck.info);
	free(ck.state);
	free(ck.header_real);
	return rc;
}
