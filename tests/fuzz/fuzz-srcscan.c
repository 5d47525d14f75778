// SPDX-License-Identifier: GPL-2.0-only
/* fuzz-srcscan: the C source scanner (srcscan_tags, srcscan_locate,
 * srcscan_paste_macro). The first line of the input is the symbol looked
 * for, the rest the C text. */
#include "fuzz.h"
#include "source/srcscan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t symlen = nl ? (size_t)(nl - data) : 0;
	char *symbol = fuzz_text(data, symlen > 64 ? 64 : symlen);
	const char *text = nl ? (const char *)nl + 1 : (const char *)data;
	size_t len = nl ? size - symlen - 1 : size;
	struct src_tag *tags = NULL;
	unsigned line = 0;
	char *macro = NULL;
	size_t n;

	n = srcscan_tags(text, len, "__global", &tags);
	srcscan_free(tags, n);
	if (*symbol) {
		srcscan_locate(text, len, symbol, &line, &macro);
		free(macro);
		free(srcscan_paste_macro(text, len, symbol));
	}
	free(symbol);
	return 0;
}
