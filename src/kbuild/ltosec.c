// SPDX-License-Identifier: GPL-2.0-only
/* ltosec.c - the sections of slim LTO objects from a compile without LTO
 * (ltosec.h). */
#include "kbuild/ltosec.h"
#include "kbuild/cmdline.h"
#include "objfile/elfread.h"
#include "kbuild/kbuild.h"
#include "lib/run.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The definitions of the object compiled at path, by name, with the id of
 * their section in b's set (sec[name id]); -1 when it cannot be read or
 * names no sections. */
static int plain_sections(struct build *b, const char *path, struct strtab *names,
			  unsigned **sec)
{
	size_t len = 0;
	unsigned char *buf = (unsigned char *)read_file(path, &len);
	struct objset plain;
	struct object *po;
	char msg[256];
	int rc = -1;

	if (!buf)
		return -1;
	objset_init(&plain);
	po = objset_add(&plain, path);
	if (!elf_read_symbols(&plain, po, buf, len, msg, sizeof(msg)) && !po->no_sections) {
		*sec = xcalloc(po->nsyms + 1, sizeof(**sec));
		for (size_t k = 0; k < po->nsyms; k++)
			if (sym_is_def(po->syms[k].bind) && po->syms[k].section)
				(*sec)[strtab_intern(names, strtab_str(&plain.names, po->syms[k].name))] =
					strtab_intern(&b->set.sections,
						      strtab_str(&plain.sections, po->syms[k].section));
		rc = 0;
	}
	objset_free(&plain);
	free(buf);
	return rc;
}

/* Give obj's definitions the sections the plain object at path has; 0 when
 * each got one. */
static int take_sections(struct build *b, struct object *obj, const char *path)
{
	struct strtab names;
	unsigned *sec = NULL;
	size_t missing = 0;

	strtab_init(&names);
	if (plain_sections(b, path, &names, &sec) == 0) {
		for (size_t k = 0; k < obj->nsyms; k++) {
			long id;

			if (!sym_is_def(obj->syms[k].bind))
				continue;
			id = strtab_find(&names, strtab_str(&b->set.names, obj->syms[k].name));
			if (id >= 0 && sec[id])
				obj->syms[k].section = sec[id];
			else
				missing++;
		}
	} else {
		missing = 1;
	}
	free(sec);
	strtab_free(&names);
	return missing ? -1 : 0;
}

/* Compile obj again without LTO into out: NULL, or why it was not (a
 * fresh string). */
static char *compile_plain(const struct build *b, const struct object *obj, const char *out)
{
	static const char *const to_plain[] = { "-c", "-fno-lto", NULL };
	char *cmdrel = kbuild_cmd_path(obj->name), *cmd = path_join(b->dir, cmdrel);
	const char *why = NULL;
	size_t n = 0;
	char **words = kbuild_cmd_file_words(cmd, &n, &why);
	char **argv = words ? cmdline_rewrite_compile(words, n, to_plain, out, &why) : NULL;
	char *said = NULL;

	if (!argv)
		said = xasprintf("%s: compile command not run: %s", cmdrel, why);
	else if (run_argv(b->dir, argv, NULL, NULL) != 0)
		said = xstrdup("compiling it again with -fno-lto failed");
	cmdline_free(argv);
	cmdline_free(words);
	free(cmd);
	free(cmdrel);
	return said;
}

static int wants_sections(const struct object *o)
{
	return o->no_sections == NO_SECTIONS_LTO && o->machine_ok && !o->is_script &&
	       o->link == LINK_ALWAYS && !strchr(o->name, '(');
}

/* Fill object o's sections from its plain compile into out: 1, or 0 with a
 * row of the lto-sections list saying why not. */
static int fill_one(struct build *b, struct object *o, const char *out)
{
	char *why = compile_plain(b, o, out);

	if (!why && take_sections(b, o, out) == 0)
		o->no_sections = 0;
	else if (!why)
		why = xstrdup("compiled without LTO it lacks some of its definitions");
	unlink(out);
	if (why)
		scan_list_add(b->lists, LIST_LTO_SECTIONS, b->dir, o->name, why, NULL);
	free(why);
	return o->no_sections == 0;
}

void ltosec_fill(struct build *b)
{
	char dir[] = "/tmp/crossym-lto.XXXXXX";
	size_t filled = 0, want = 0;
	const char *first = NULL;
	char *out, *where;

	for (size_t i = 0; i < b->set.count; i++)
		want += wants_sections(&b->set.objs[i]);
	if (!want)
		return;
	if (!mkdtemp(dir)) {
		error("%s: cannot make a scratch directory", dir);
		return;
	}
	out = path_join(dir, "plain.o");
	for (size_t i = 0; i < b->set.count; i++) {
		struct object *o = &b->set.objs[i];

		if (!wants_sections(o))
			continue;
		if (fill_one(b, o, out))
			filled++;
		else
			first = first ? first : o->name;
	}
	rmdir(dir);
	free(out);
	inform("crossym: --run-build-commands: %zu of %zu slim LTO objects compiled "
	       "again with -fno-lto for their sections\n", filled, want);
	if (!first)
		return;
	where = scan_list_where(b->list_dir, LIST_LTO_SECTIONS);
	warn("%zu slim LTO objects could not be compiled again without LTO (%s%s): "
	     "their sections stay unknown (%s)", want - filled, first,
	     want - filled > 1 ? " and others" : "", where);
	free(where);
}
