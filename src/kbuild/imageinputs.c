// SPDX-License-Identifier: GPL-2.0-only
/* imageinputs.c - the inputs of the final image link. */
#include "kbuild/imageinputs.h"
#include "kbuild/aggregate.h"
#include "objfile/ar.h"
#include "kbuild/imagelink.h"
#include "kbuild/cmdline.h"
#include "kbuild/kbuild.h"
#include "lib/util.h"

#include <errno.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Linux >= 6.0 records how vmlinux.o is made, `ld -r --whole-archive
 * vmlinux.a --start-group LIBS --end-group`: those name every object vmlinux
 * links, so no walk of the build tree is needed (nor would it find objects
 * that are not linked, like tools/ or the EFI stub's lib.a). 1 when used. */
int imageinputs_add_kernel_link(struct build *b)
{
	char *cmdabs = path_join(b->dir, ".vmlinux.o.cmd");
	char *head = kbuild_cmd_read_head(cmdabs);
	char *cmd = head ? kbuild_cmd_command(head) : NULL;
	int used = cmd && cmdline_is_relocatable_link(cmd);

	if (used)
		aggregate_add_object(b, "vmlinux.o", LINK_ALWAYS, 0);
	free(cmd);
	free(head);
	free(cmdabs);
	return used;
}

/* Beside vmlinux.a, link-vmlinux.sh links these loose objects (Linux >= 6.1). */
void imageinputs_add_loose_objects(struct build *b)
{
	static const char *const loose[] = { "init/version-timestamp.o",
					     ".vmlinux.export.o" };
	char *vmlinux_a = path_join(b->dir, "vmlinux.a");
	struct stat st;

	if (stat(vmlinux_a, &st) == 0)
		for (size_t i = 0; i < sizeof(loose) / sizeof(loose[0]); i++) {
			char *abs = path_join(b->dir, loose[i]);

			if (stat(abs, &st) == 0)
				aggregate_add_object(b, loose[i], LINK_ALWAYS, 0);
			free(abs);
		}
	free(vmlinux_a);
}

/* One input of the final link, told by its magic: an archive outside
 * --whole-archive is linked member by member on demand, anything else whole. */
static void add_image_input(struct build *b, const char *cmd_file,
			    const struct link_input *in)
{
	char *rel = in->path[0] == '/' ? path_relative(in->path, b->absdir)
				       : xstrdup(in->path);
	char *abs = path_join(b->dir, rel);
	struct stat st;

	if (rel[0] == '/') {
		/* outside the build (crt*.o, libgcc.a): not the tree's */
	} else if (stat(abs, &st) != 0) {
		error("%s: the final link names %s: %s", cmd_file, rel, errstr(errno));
		b->nerrors++;
	} else if (S_ISREG(st.st_mode)) {
		aggregate_add_object(b, rel, !in->whole_archive && ar_file_kind(abs) ?
				     LINK_ON_DEMAND : LINK_ALWAYS, 0);
	}
	free(abs);
	free(rel);
}

/* The final links kbuild recorded at the top (.IMAGE.cmd: `cmd_IMAGE := cc -o
 * IMAGE ...`): every file they name directly is linked (read_inputs: nm
 * input names the objects itself), and the linker scripts they name count
 * when no --lds is given. */
void imageinputs_add_links(struct build *b, int read_inputs)
{
	DIR *d = opendir(b->dir);
	struct dirent *de;

	while (d && (de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name), n = 0;
		char *path, *text, *cmd = NULL, *target, **words = NULL;
		const char *why;
		struct image_link link;

		if (de->d_name[0] != '.' || len < 6 || !str_has_suffix(de->d_name, ".cmd"))
			continue;
		target = xstrndup(de->d_name + 1, len - 5);
		path = path_join(b->dir, de->d_name);
		text = read_file(path, NULL);
		if (text)
			cmd = kbuild_cmd_command(text);
		if (cmd)
			words = cmdline_words(cmd, CMDLINE_READ, &n, &why);
		if (imagelink_parse(words, n, target, &link)) {
			for (size_t i = 0; read_inputs && i < link.ninputs; i++)
				add_image_input(b, de->d_name, &link.inputs[i]);
			for (size_t i = 0; i < link.nscripts; i++)
				strv_push(&b->image_scripts, &b->nimage_scripts,
					  &b->image_scripts_cap, link.scripts[i]);
			imagelink_free(&link);
		}
		strv_free(words, n);
		free(cmd);
		free(text);
		free(path);
		free(target);
	}
	if (d)
		closedir(d);
}
