/* SPDX-License-Identifier: GPL-2.0-only */
/* imagelink.h - the final image link that kbuild records in the top-level
 * .IMAGE.cmd (`cmd_IMAGE := cc -o IMAGE -T x.lds dir/start.o --whole-archive
 * a/built-in.o ...`): its input files, whether each is inside --whole-archive,
 * and the linker scripts it names (-T FILE, -Wl,-T,FILE, --script=FILE).
 *
 * Only words are parsed here; what an input is (object or archive) is told
 * later by its magic, never by its name. */
#ifndef CROSSYM_IMAGELINK_H
#define CROSSYM_IMAGELINK_H

#include <stddef.h>

struct link_input {
	char *path;                     /* as written in the command */
	unsigned char whole_archive;    /* inside --whole-archive */
};

struct image_link {
	struct link_input *inputs;
	size_t ninputs, inputs_cap;
	char **scripts;                 /* -T FILE and friends */
	size_t nscripts, scripts_cap;
};

/* Parse the words of a link command (words[0] is the compiler or linker).
 * Returns 1 and fills *out when it links target (`-o target`) and compiles
 * nothing (no -c, -S, -E); else 0 with *out empty. */
int imagelink_parse(char **words, size_t n, const char *target,
		    struct image_link *out);
void imagelink_free(struct image_link *link);

#endif
