// SPDX-License-Identifier: GPL-2.0-only
/* fuzz-elf: an ELF relocatable object (elf_read_symbols). */
#include "fuzz.h"
#include "objfile/elfread.h"
#include "core/objects.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct objset set;
	struct object *obj;
	char msg[256];
	/* a copy of exactly size bytes: ASan sees any read past the end */
	unsigned char *buf = malloc(size ? size : 1);

	if (!buf)
		abort();
	memcpy(buf, data, size);
	objset_init(&set);
	obj = objset_add(&set, "fuzz.o");
	elf_read_symbols(&set, obj, buf, size, msg, sizeof(msg));
	objset_free(&set);
	free(buf);
	return 0;
}
