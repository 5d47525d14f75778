// SPDX-License-Identifier: GPL-2.0-only
/* fuzz-cmd: kbuild .cmd files (kbuild.c) and the command word splitter, to
 * read and to run (cmdline.c). */
#include "fuzz.h"
#include "kbuild/cmdline.h"
#include "kbuild/kbuild.h"

static void free_words(char **w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(w[i]);
	free(w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), *src, *cmd, *dep;
	char **words;
	size_t n;
	const char *why;

	src = kbuild_cmd_source(text);
	dep = kbuild_cmd_first_dep(text);
	words = kbuild_cmd_included_c(text, src ? src : "", &n);
	free_words(words, n);
	cmd = kbuild_cmd_command(text);
	if (cmd) {
		words = cmdline_words(cmd, CMDLINE_READ, &n, &why);
		free_words(words, n);
		(void)cmdline_is_relocatable_link(cmd);
		words = cmdline_words(cmd, CMDLINE_RUN, &n, &why);
		if (words)
			free_words(words, n);
	}
	words = cmdline_words(text, CMDLINE_RUN, &n, &why);
	if (words)
		free_words(words, n);
	free(cmd);
	free(dep);
	free(src);
	free(text);
	return 0;
}
