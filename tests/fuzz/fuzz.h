/* SPDX-License-Identifier: GPL-2.0-only */
/* fuzz.h - shared bits of the libFuzzer harnesses (tests/fuzz/fuzz-*.c):
 * each feeds one reader of crossym the fuzzer's bytes, as a file of the kind
 * that reader takes would hold them. Built by `make fuzz` with clang. */
#ifndef CROSSYM_FUZZ_H
#define CROSSYM_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (the text readers take C strings);
 * embedded NULs are kept: the reader sees the text up to the first. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif
