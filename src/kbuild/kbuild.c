// SPDX-License-Identifier: GPL-2.0-only
/* kbuild.c - what kbuild writes beside the objects: .NAME.o.cmd files (the
 * command, the source, the dependency list) and the O= Makefile. */
#include "kbuild/kbuild.h"
#include "kbuild/cmdline.h"
#include "kbuild/imagelink.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What a first read of a .cmd file asks for: the command and the source_ line
 * come first (at most 3.2 KiB in an x86_64 defconfig build); the deps_ list
 * after them, up to megabytes, is read only when someone asks for it. */
#define CMD_HEAD_CHUNK 4096

char *kbuild_cmd_path(const char *objpath)
{
	char *dir = path_dirname(objpath);
	const char *base = strrchr(objpath, '/') ? strrchr(objpath, '/') + 1 : objpath;
	char *name = xasprintf(".%s.cmd", base);
	char *cmd = path_join(dir, name);

	free(dir);
	free(name);
	return cmd;
}

/* The value from v on to the end of its line, a backslash-newline (make's
 * continuation) with the blanks around it read as one space, as make reads it. */
static char *joined_value(const char *v)
{
	char *out = xmalloc(strlen(v) + 1), *w = out;

	while (*v && *v != '\n') {
		if (v[0] != '\\' || v[1] != '\n') {
			*w++ = *v++;
			continue;
		}
		while (w > out && (w[-1] == ' ' || w[-1] == '\t'))
			w--;
		*w++ = ' ';
		v += 2 + strspn(v + 2, " \t");
	}
	*w = '\0';
	return out;
}

/* The rest of the line after ":= " (continued lines joined) for the first
 * line starting with key. */
static char *cmd_value(const char *text, const char *key, int line_start_only)
{
	const char *p = text;

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		const char *assign = memmem(p, len, ":= ", 3);

		if (assign && !strncmp(p, key, strlen(key)))
			return joined_value(assign + 3);
		if (line_start_only)
			return NULL;
		p = eol ? eol + 1 : NULL;
	}
	return NULL;
}

/* Where the head of a .cmd text ends: after the first entry of its deps_ list
 * (the compiled file, for kbuilds without a source_ line); 0 when that is not
 * in text[0..len) yet. */
static size_t cmd_head_end(const char *text, size_t len)
{
	const char *end = text + len;
	const char *deps = memmem(text, len, "\ndeps_", 6);
	const char *nl = deps ? memchr(deps + 1, '\n', (size_t)(end - deps - 1)) : NULL;

	if (nl)         /* the end of the first entry after `deps_X := \` */
		nl = memchr(nl + 1, '\n', (size_t)(end - nl - 1));
	return nl ? (size_t)(nl + 1 - text) : 0;
}

/* A .cmd text as kbuild writes it: one with a NUL byte is no .cmd file (NULL,
 * errno E_NOT_TEXT); CRLF line ends (a tree edited elsewhere) read as LF. */
static char *cmd_text_checked(char *text, size_t len)
{
	size_t out = 0;

	if (!text)
		return NULL;
	if (strlen(text) != len) {
		free(text);
		errno = E_NOT_TEXT;
		return NULL;
	}
	for (size_t i = 0; i < len; i++)
		if (!(text[i] == '\r' && text[i + 1] == '\n'))
			text[out++] = text[i];
	text[out] = '\0';
	return text;
}

char *kbuild_cmd_read_head(const char *path)
{
	size_t len = 0;
	char *text = read_prefix(path, &len, cmd_head_end, CMD_HEAD_CHUNK);

	return cmd_text_checked(text, len);
}

char *kbuild_cmd_read(const char *path)
{
	size_t len = 0;
	char *text = read_file(path, &len);

	return cmd_text_checked(text, len);
}

char *kbuild_cmd_source(const char *cmdtext)
{
	char *v = cmd_value(cmdtext, "source_", 0);

	if (v) {
		size_t n = strlen(v);

		while (n && (v[n - 1] == ' ' || v[n - 1] == '\t'))
			v[--n] = '\0';
	}
	return v;
}

/* The end of the word at p. */
static const char *word_end(const char *p)
{
	while (*p && *p != ' ' && *p != '\t' && *p != '\n')
		p++;
	return p;
}

char **kbuild_cmd_deps(const char *cmdtext, size_t *count)
{
	const char *p = strstr(cmdtext, "\ndeps_");
	char **files = NULL;
	size_t n = 0, cap = 0;

	p = p ? strchr(p + 1, '\n') : NULL;
	while (p && *p) {
		const char *s;

		while (*p == ' ' || *p == '\t' || *p == '\\' || (*p == '\n' && p[1] != '\n'))
			p++;
		if (*p == '\n' || !*p)
			break;  /* a blank line ends the list */
		s = p;
		p = word_end(p);
		if (p[-1] == ':')
			break;  /* a new target */
		if (!strncmp(s, "$(wildcard", 10)) {
			p += strcspn(p, ")\n");
			p += *p == ')';
			continue;
		}
		grow_array((void **)&files, &cap, n + 1, sizeof(*files));
		files[n++] = xstrndup(s, (size_t)(p - s));
	}
	*count = n;
	return files;
}

char **kbuild_cmd_included_c(const char *cmdtext, const char *source, size_t *count)
{
	size_t n = 0, k = 0;
	char **files = kbuild_cmd_deps(cmdtext, &n);

	for (size_t i = 0; i < n; i++) {
		if (str_has_suffix(files[i], ".c") && strlen(files[i]) > 2 &&
		    strcmp(files[i], source))
			files[k++] = files[i];
		else
			free(files[i]);
	}
	*count = k;
	if (!k) {
		free(files);
		files = NULL;
	}
	return files;
}

char *kbuild_cmd_command(const char *cmdtext)
{
	char *v = cmd_value(cmdtext, "cmd_", 1);

	return v ? v : cmd_value(cmdtext, "savedcmd_", 1);
}

/* The first .c/.S/.s of the deps_ list: the compiled file when the .cmd
 * has no source_ line (older kbuild, BusyBox). */
char *kbuild_cmd_first_dep(const char *cmdtext)
{
	const char *p = strstr(cmdtext, "\ndeps_");
	const char *line = p ? strchr(p + 1, '\n') : NULL;
	const char *start, *end;

	if (!line)
		return NULL;
	start = line + 1;
	while (*start == ' ' || *start == '\t')
		start++;
	end = start;
	while (*end && *end != ' ' && *end != '\t' && *end != '\n')
		end++;
	if (end - start > 2 && end[-2] == '.' &&
	    (end[-1] == 'c' || end[-1] == 'S' || end[-1] == 's'))
		return xstrndup(start, (size_t)(end - start));
	return NULL;
}

/* Old kbuild and BusyBox O= builds: the Makefile they write in the build dir
 * names the source tree (`KERNELSRC := DIR`). */
char *kbuild_makefile_srctree(const char *dir)
{
	char *mk = path_join(dir, "Makefile"), *text = read_file(mk, NULL);
	char *val = NULL, *src = NULL;

	if (text)
		val = cmd_value(text, "KERNELSRC", 0);
	if (val) {
		char *end = val + strlen(val);

		while (end > val && (end[-1] == ' ' || end[-1] == '\t'))
			*--end = '\0';
		src = realpath(val + strspn(val, " \t"), NULL);
	}
	free(val);
	free(text);
	free(mk);
	return src;
}

/* The object a .cmd text is about: X of its first line `cmd_X := ...` (or
 * `savedcmd_X := ...`), or NULL. */
static char *cmd_target(const char *text)
{
	const char *p = text, *eol, *assign;

	if (str_has_prefix(p, "cmd_"))
		p += 4;
	else if (str_has_prefix(p, "savedcmd_"))
		p += 9;
	else
		return NULL;
	eol = p + strcspn(p, "\n");
	assign = memmem(p, (size_t)(eol - p), " := ", 4);
	return assign && assign > p ? xstrndup(p, (size_t)(assign - p)) : NULL;
}

/* Where the step of a command that starts at p ends: the next ;, |, && or
 * newline outside quotes, or the end. */
static const char *step_end(const char *p)
{
	p = cmdline_unquoted(p, ";|&\n");
	while (*p == '&' && p[1] != '&')
		p = cmdline_unquoted(p + 1, ";|&\n");
	return p;
}

/* "objcopy" or "strip" when prog is one (cross prefix, llvm- included). */
static const char *copy_tool(const char *prog)
{
	const char *base = strrchr(prog, '/') ? strrchr(prog, '/') + 1 : prog;

	if (str_has_suffix(base, "objcopy"))
		return "objcopy";
	if (!strcmp(base, "strip") || str_has_suffix(base, "-strip"))
		return "strip";
	return NULL;
}

/* Options of objcopy and strip whose argument is the next word. */
static int copy_option_takes_word(const char *w)
{
	static const char *const opts[] = {
		"-B", "-F", "-G", "-I", "-K", "-L", "-N", "-O", "-R", "-W", "-b", "-i",
		"-j", "-o", "--add-gnu-debuglink", "--add-section", "--add-symbol",
		"--adjust-section-vma", "--adjust-start", "--adjust-vma",
		"--alt-machine-code", "--binary-architecture", "--change-addresses",
		"--change-section-address", "--change-section-lma",
		"--change-section-vma", "--change-start", "--dump-section",
		"--file-alignment", "--gap-fill", "--globalize-symbol",
		"--globalize-symbols", "--heap", "--image-base", "--input-target",
		"--interleave-width", "--keep-global-symbol",
		"--keep-global-symbols", "--keep-section", "--keep-symbol",
		"--keep-symbols", "--localize-symbol", "--localize-symbols",
		"--only-section", "--output-target", "--pad-to",
		"--prefix-alloc-sections", "--prefix-sections", "--prefix-symbols",
		"--redefine-sym", "--redefine-syms", "--remove-relocations",
		"--remove-section", "--rename-section", "--reverse-bytes",
		"--section-alignment", "--set-section-alignment",
		"--set-section-flags", "--set-start", "--srec-len", "--stack",
		"--strip-symbol", "--strip-symbols", "--strip-unneeded-symbol",
		"--strip-unneeded-symbols", "--subsystem", "--target",
		"--update-section", "--weaken-symbol", "--weaken-symbols", NULL,
	};

	for (size_t i = 0; opts[i]; i++)
		if (!strcmp(w, opts[i]))
			return 1;
	return 0;
}

/* The option, when w is one that renames symbols (then their names in the
 * object are not those of the source), else NULL. */
static const char *renaming_option(const char *w)
{
	static const char *const opts[] = { "--prefix-symbols", "--redefine-syms",
					    "--redefine-sym", NULL };

	for (size_t i = 0; opts[i]; i++)
		if (str_has_prefix(w, opts[i]) &&
		    (!w[strlen(opts[i])] || w[strlen(opts[i])] == '='))
			return opts[i];
	return NULL;
}

/* The value of renaming option opt in word w (`--opt=VALUE`), else the next
 * word, into d. */
static void rename_value(struct kbuild_derivation *d, const char *opt, const char *w,
			 const char *next)
{
	const char *v = w[strlen(opt)] == '=' ? w + strlen(opt) + 1 : next;
	const char *eq;
	size_t cap = d->nredefine;

	if (!v)
		return;
	if (!strcmp(opt, "--prefix-symbols")) {
		free(d->prefix);
		d->prefix = xstrdup(v);
	} else if (!strcmp(opt, "--redefine-syms")) {
		free(d->redefine_file);
		d->redefine_file = xstrdup(v);
	} else if ((eq = strchr(v, '=')) != NULL) {
		char *old = xstrndup(v, (size_t)(eq - v));

		strv_push(&d->redefine, &d->nredefine, &cap, old);
		strv_push(&d->redefine, &d->nredefine, &cap, eq + 1);
		free(old);
	}
}

/* The option, when w is one that makes named local symbols global
 * (--globalize-symbol NAME, --globalize-symbols FILE), else NULL. */
static const char *globalize_option(const char *w)
{
	static const char *const opts[] = { "--globalize-symbols", "--globalize-symbol",
					    NULL };

	for (size_t i = 0; opts[i]; i++)
		if (str_has_prefix(w, opts[i]) &&
		    (!w[strlen(opts[i])] || w[strlen(opts[i])] == '='))
			return opts[i];
	return NULL;
}

/* The value of globalize option opt in word w, else the next word, into d. */
static void globalize_value(struct kbuild_derivation *d, const char *opt, const char *w,
			    const char *next)
{
	const char *v = w[strlen(opt)] == '=' ? w + strlen(opt) + 1 : next;
	size_t cap = d->nglobalize;

	if (v && !strcmp(opt, "--globalize-symbols")) {
		free(d->globalize_file);
		d->globalize_file = xstrdup(v);
	} else if (v) {
		strv_push(&d->globalize, &d->nglobalize, &cap, v);
	}
}

/* The symbol options' values of d freed (the step is no derivation). */
static void symbol_options_free(struct kbuild_derivation *d)
{
	free(d->prefix);
	free(d->redefine_file);
	free(d->globalize_file);
	strv_free(d->redefine, d->nredefine);
	strv_free(d->globalize, d->nglobalize);
	d->prefix = d->redefine_file = d->globalize_file = NULL;
	d->redefine = d->globalize = NULL;
	d->nredefine = d->nglobalize = 0;
}

/* Whether paths a and b, as a command writes them, name the same file. */
static int same_path(const char *a, const char *b)
{
	char *na = path_normalize(a), *nb = path_normalize(b);
	int same = !strcmp(na, nb);

	free(na);
	free(nb);
	return same;
}

/* objcopy IN [OUT] or strip [-o OUT] IN...: when the step writes d->target
 * into a file other than its input, the inputs into d. */
static void copy_inputs(char **w, size_t n, const char *tool,
			struct kbuild_derivation *d)
{
	char **pos = NULL;
	size_t npos = 0, cap = 0;
	const char *out = NULL, *renames = NULL;
	int writes;

	for (size_t i = 1; i < n; i++) {
		const char *ren = renaming_option(w[i]), *glob = globalize_option(w[i]);

		if (!renames)
			renames = ren;
		if (ren)
			rename_value(d, ren, w[i], i + 1 < n ? w[i + 1] : NULL);
		if (glob)
			globalize_value(d, glob, w[i], i + 1 < n ? w[i + 1] : NULL);
		if (!strcmp(w[i], "-o") && i + 1 < n)
			out = w[i + 1];
		else if (!strncmp(w[i], "-o", 2) && !strcmp(tool, "strip"))
			out = w[i] + 2;
		if (copy_option_takes_word(w[i]))
			i++;
		else if (w[i][0] != '-')
			strv_push(&pos, &npos, &cap, w[i]);
	}
	if (!strcmp(tool, "objcopy") && npos >= 2) {
		writes = same_path(pos[npos - 1], d->target); /* objcopy IN OUT */
		free(pos[--npos]);
		pos[npos] = NULL;
	} else {
		writes = out && same_path(out, d->target);
	}
	if (writes && npos && !(npos == 1 && same_path(pos[0], d->target))) {
		d->inputs = pos;
		d->ninputs = npos;
		d->tool = tool;
		d->renames = renames;
		return;
	}
	strv_free(pos, npos);
	symbol_options_free(d);
}

/* ld -r (or cc -r) -o TARGET INPUT...: the inputs into d. */
static void relink_inputs(char **w, size_t n, const char *step,
			  struct kbuild_derivation *d)
{
	struct image_link link;
	size_t cap = 0;

	if (!cmdline_is_relocatable_link(step) ||
	    !imagelink_parse(w, n, d->target, &link))
		return;
	for (size_t i = 0; i < link.ninputs; i++)
		if (!same_path(link.inputs[i].path, d->target))
			strv_push(&d->inputs, &d->ninputs, &cap,
				  link.inputs[i].path);
	if (d->ninputs)
		d->tool = "ld -r";
	imagelink_free(&link);
}

/* How many words before a step's program: shell keywords (`if strip ...`,
 * `then objcopy ...`) and variable assignments (`LC_ALL=C objcopy ...`). */
static size_t step_prefix(char **w, size_t n)
{
	static const char *const words[] = { "if", "then", "else", "elif", "do",
					     "!", "{", "(", "exec", "command", NULL };
	size_t k = 0;

	for (int more = 1; more && k < n;) {
		more = strchr(w[k], '=') && w[k][0] != '-';
		for (size_t i = 0; words[i] && !more; i++)
			more = !strcmp(w[k], words[i]);
		k += (size_t)more;
	}
	return k;
}

/* One step of a command: its inputs into d when it makes d->target from
 * other files. */
static void step_derivation(const char *step, size_t len, struct kbuild_derivation *d)
{
	char *s = xstrndup(step, len);
	const char *why;
	size_t n = 0;
	char **w = cmdline_words(s, CMDLINE_READ, &n, &why);
	size_t k = step_prefix(w, n);
	const char *tool = k < n ? copy_tool(w[k]) : NULL;

	if (tool)
		copy_inputs(w + k, n - k, tool, d);
	else if (k < n)
		relink_inputs(w + k, n - k, s, d);
	strv_free(w, n);
	free(s);
}

int kbuild_cmd_derivation(const char *cmdtext, struct kbuild_derivation *d)
{
	char *cmd = kbuild_cmd_command(cmdtext);

	memset(d, 0, sizeof(*d));
	d->target = cmd ? cmd_target(cmdtext) : NULL;
	for (const char *p = cmd; d->target && !d->ninputs && *p;) {
		const char *end = step_end(p);

		step_derivation(p, (size_t)(end - p), d);
		p = end + strspn(end, ";|&\n");
	}
	free(cmd);
	if (d->ninputs)
		return 1;
	kbuild_derivation_free(d);
	return 0;
}

void kbuild_derivation_free(struct kbuild_derivation *d)
{
	strv_free(d->inputs, d->ninputs);
	symbol_options_free(d);
	free(d->target);
	memset(d, 0, sizeof(*d));
}

/* NEW's OLD in the `OLD NEW` lines of a --redefine-syms file's text (a #
 * starts a comment), or NULL; a fresh string. */
static char *redefined_in_file(const char *text, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = text; *p;) {
		const char *eol = p + strcspn(p, "\n"), *hash = memchr(p, '#', (size_t)(eol - p));
		const char *end = hash ? hash : eol, *a = p + strspn(p, " \t"), *ae, *b, *be;

		ae = a + strcspn(a, " \t\n#");
		b = ae + strspn(ae, " \t");
		be = b + strcspn(b, " \t\n#");
		if (ae > a && be > b && be <= end && (size_t)(be - b) == len &&
		    !memcmp(b, name, len))
			return xstrndup(a, (size_t)(ae - a));
		p = *eol ? eol + 1 : eol;
	}
	return NULL;
}

char *kbuild_derivation_input_name(const struct kbuild_derivation *d, const char *name,
				   const char *symsfile, const char **why)
{
	char *found;

	if (d->prefix) {
		if (!str_has_prefix(name, d->prefix)) {
			*why = "it lacks the prefix --prefix-symbols gives every symbol";
			return NULL;
		}
		name += strlen(d->prefix);
	}
	for (size_t i = d->nredefine; i >= 2; i -= 2)   /* the last one wins */
		if (!strcmp(d->redefine[i - 1], name))
			return xstrdup(d->redefine[i - 2]);
	if (d->redefine_file) {
		if (!symsfile) {
			*why = "the file of --redefine-syms cannot be read";
			return NULL;
		}
		if ((found = redefined_in_file(symsfile, name)) != NULL)
			return found;
	}
	return xstrdup(name);
}

/* Whether line-per-name text (a # starts a comment) names name. */
static int listed_in_file(const char *text, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = text; *p;) {
		const char *a = p + strspn(p, " \t"), *eol = p + strcspn(p, "\n");
		size_t n = strcspn(a, " \t\n#");

		if (n == len && !memcmp(a, name, len))
			return 1;
		p = *eol ? eol + 1 : eol;
	}
	return 0;
}

int kbuild_derivation_globalizes(const struct kbuild_derivation *d, const char *name,
				 const char *globfile)
{
	for (size_t i = 0; i < d->nglobalize; i++)
		if (!strcmp(d->globalize[i], name))
			return 1;
	return d->globalize_file && globfile && listed_in_file(globfile, name);
}

const char *kbuild_relink_symbol_option(char **words, size_t n)
{
	/* -x, -X, --discard-*: local symbols only, which crossym does not read */
	static const char *const opts[] = {
		"--retain-symbols-file", "-T", "--script", "--defsym", "-s", "--strip-all",
		"--wrap", "--version-script", NULL,
	};

	for (size_t i = 1; i < n; i++)
		for (size_t k = 0; opts[k]; k++) {
			size_t len = strlen(opts[k]);

			if (!strncmp(words[i], opts[k], len) &&
			    (!words[i][len] || words[i][len] == '=' || !strcmp(opts[k], "-T")))
				return opts[k];
		}
	return NULL;
}

char **kbuild_cmd_file_words(const char *cmd_file, size_t *nwords, const char **why)
{
	char *text = kbuild_cmd_read(cmd_file);
	char *cmd = text ? kbuild_cmd_command(text) : NULL;
	char **words = NULL;

	*why = "no compile command";
	*nwords = 0;
	if (cmd)
		words = cmdline_words(cmd, CMDLINE_RUN, nwords, why);
	free(cmd);
	free(text);
	return words;
}

/* Whether word w is `-W` + name or -Werror=name (1), -Wno-name (-1), or
 * neither (0). */
static int warning_word(const char *w, const char *name)
{
	const char *rest = str_has_prefix(w, "-Wno-") ? w + 5 :
			   str_has_prefix(w, "-Werror=") ? w + 8 :
			   str_has_prefix(w, "-W") ? w + 2 : NULL;

	if (!rest || strcmp(rest, name))
		return 0;
	return rest == w + 5 ? -1 : 1;     /* (w + 5: after -Wno-) */
}

int kbuild_cmd_warns(const char *path, const char *name)
{
	char *head = kbuild_cmd_read_head(path), *cmd = head ? kbuild_cmd_command(head) : NULL;
	/* the compile: the first command, as sh splits it (cmdline.h) */
	char *first = cmd ? xstrndup(cmd, (size_t)(cmdline_unquoted(cmd, ";|&\n") - cmd)) : NULL;
	const char *why = NULL;
	size_t n = 0;
	char **w = first ? cmdline_words(first, CMDLINE_READ, &n, &why) : NULL;
	int on = 0;

	for (size_t i = 0; i < n; i++)
		switch (warning_word(w[i], name)) {
		case 1: on = 1; break;
		case -1: on = 0; break;
		}
	cmdline_free(w);
	free(first);
	free(cmd);
	free(head);
	return on;
}
