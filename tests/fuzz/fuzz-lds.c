// SPDX-License-Identifier: GPL-2.0-only
/* fuzz-lds: linker scripts (lds_references). */
#include "fuzz.h"
#include "kbuild/ldscript.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	size_t n;
	char **refs = lds_references(text, &n);

	lds_free(refs, n);
	free(text);
	return 0;
}
