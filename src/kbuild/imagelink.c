// SPDX-License-Identifier: GPL-2.0-only
/* imagelink.c - the inputs of a final link command, by its words. */
#include "kbuild/imagelink.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* The linker-level words of a command: -Wl,a,b and -Xlinker a expanded. */
struct ldwords {
	char **v;
	size_t n, cap;
};

static void push_word(struct ldwords *w, const char *s, size_t len)
{
	grow_array((void **)&w->v, &w->cap, w->n + 1, sizeof(*w->v));
	w->v[w->n++] = xstrndup(s, len);
}

static void expand_words(char **words, size_t n, struct ldwords *out)
{
	for (size_t i = 1; i < n; i++) {
		const char *w = words[i];

		if (!strncmp(w, "-Wl,", 4)) {
			for (const char *p = w + 4; *p;) {
				size_t len = strcspn(p, ",");

				if (len)
					push_word(out, p, len);
				p += len + (p[len] == ',');
			}
		} else if (!strcmp(w, "-Xlinker") && i + 1 < n) {
			push_word(out, words[i + 1], strlen(words[i + 1]));
			i++;
		} else {
			push_word(out, w, strlen(w));
		}
	}
}

/* Options whose argument is the next word (compiler and linker). */
static int takes_argument(const char *w, int is_ld)
{
	static const char *const both[] = {
		"-o", "-T", "-L", "-l", "-u", "-z", "-e", "-m", "--script", "-Map",
		"--defsym", "-y", "-R", "-h", "-soname", "-rpath", "-F", "-f",
		"-dynamic-linker", "--entry", "--library-path", NULL,
	};
	static const char *const compiler[] = {
		"-x", "-I", "-D", "-U", "-MF", "-MT", "-MQ", "-include", "-isystem",
		"-imacros", "-idirafter", "-iquote", "-specs", NULL,
	};

	for (size_t i = 0; both[i]; i++)
		if (!strcmp(w, both[i]))
			return 1;
	for (size_t i = 0; !is_ld && compiler[i]; i++)
		if (!strcmp(w, compiler[i]))
			return 1;
	return 0;
}

/* 1 when words[0] is a linker (ld, ld.bfd, x86_64-linux-gnu-ld, ...). */
static int is_linker(const char *prog)
{
	const char *base = strrchr(prog, '/') ? strrchr(prog, '/') + 1 : prog;
	size_t len = strlen(base);

	return !strncmp(base, "ld", 2) || (len >= 3 && !strcmp(base + len - 3, "-ld")) ||
	       strstr(base, "-ld.") != NULL;
}

static void add_input(struct image_link *out, const char *path, int whole)
{
	struct link_input *in;

	grow_array((void **)&out->inputs, &out->inputs_cap, out->ninputs + 1,
		   sizeof(*in));
	in = &out->inputs[out->ninputs++];
	in->path = xstrdup(path);
	in->whole_archive = (unsigned char)whole;
}

static void add_script(struct image_link *out, const char *path)
{
	grow_array((void **)&out->scripts, &out->scripts_cap, out->nscripts + 1,
		   sizeof(*out->scripts));
	out->scripts[out->nscripts++] = xstrdup(path);
}

/* A word that names a linker script: -T F (next word), -TF, --script=F. */
static const char *script_of(const char *w)
{
	if (!strncmp(w, "--script=", 9))
		return w + 9;
	if (!strncmp(w, "-T", 2) && w[2] && strcmp(w, "-Ttext") &&
	    strcmp(w, "-Tdata") && strcmp(w, "-Tbss") && strncmp(w, "-Ttext-", 7))
		return w + 2;
	return NULL;
}

static int is_compile_flag(const char *w)
{
	return !strcmp(w, "-c") || !strcmp(w, "-S") || !strcmp(w, "-E");
}

int imagelink_parse(char **words, size_t n, const char *target,
		    struct image_link *out)
{
	struct ldwords lw = { 0 };
	int is_ld = n && is_linker(words[0]), whole = 0, links_target = 0;
	int compiles = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 1; i < n && !is_ld; i++)
		compiles |= is_compile_flag(words[i]);
	if (!n || compiles)
		return 0;
	expand_words(words, n, &lw);
	for (size_t i = 0; i < lw.n; i++) {
		const char *w = lw.v[i], *s;

		if (!strcmp(w, "--whole-archive") || !strcmp(w, "-whole-archive")) {
			whole = 1;
		} else if (!strcmp(w, "--no-whole-archive") ||
			   !strcmp(w, "-no-whole-archive")) {
			whole = 0;
		} else if (takes_argument(w, is_ld) && i + 1 < lw.n) {
			const char *arg = lw.v[++i];

			if (!strcmp(w, "-o"))
				links_target |= !strcmp(arg, target);
			else if (!strcmp(w, "-T") || !strcmp(w, "--script"))
				add_script(out, arg);
		} else if ((s = script_of(w)) != NULL) {
			add_script(out, s);
		} else if (w[0] != '-' && w[0]) {
			add_input(out, w, whole);
		}
	}
	for (size_t i = 0; i < lw.n; i++)
		free(lw.v[i]);
	free(lw.v);
	if (!links_target) {
		imagelink_free(out);
		return 0;
	}
	return 1;
}

void imagelink_free(struct image_link *link)
{
	for (size_t i = 0; i < link->ninputs; i++)
		free(link->inputs[i].path);
	for (size_t i = 0; i < link->nscripts; i++)
		free(link->scripts[i]);
	free(link->inputs);
	free(link->scripts);
	memset(link, 0, sizeof(*link));
}
