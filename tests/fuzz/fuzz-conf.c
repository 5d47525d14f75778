// SPDX-License-Identifier: GPL-2.0-only
/* fuzz-conf: SRCTREE/.crossym, the options a tree is tagged with
 * (treeconf.c); what it reads is written again and must read back the same. */
#include "fuzz.h"
#include "cli/treeconf.h"
#include "lib/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size), *out, *again;
	struct treeconf c, back;

	if (treeconf_parse(&c, text, "fuzz.crossym") == 0) {
		out = treeconf_text(&c);
		again = xstrdup(out);
		if (treeconf_parse(&back, again, "fuzz.crossym") != 0)
			abort();        /* what it writes it must read */
		free(again);
		again = treeconf_text(&back);
		if (strcmp(out, again))
			abort();
		free(again);
		free(out);
		treeconf_free(&back);
		treeconf_free(&c);
	}
	free(text);
	return 0;
}
