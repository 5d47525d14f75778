// SPDX-License-Identifier: GPL-2.0-only
/* fuzz-cmd: kbuild .cmd files (kbuild.c) and the compile-command word
 * parser of --run-build-commands (cpprun.c). */
#include "fuzz.h"
#include "cpprun.h"
#include "kbuild.h"

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
		words = kbuild_split_command(cmd, &n);
		free_words(words, n);
		words = cpp_command_words(cmd, &n, &why);
		if (words)
			free_words(words, n);
	}
	words = cpp_command_words(text, &n, &why);
	if (words)
		free_words(words, n);
	free(cmd);
	free(dep);
	free(src);
	free(text);
	return 0;
}
