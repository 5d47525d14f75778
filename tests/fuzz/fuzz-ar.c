// SPDX-License-Identifier: GPL-2.0-only
/* fuzz-ar: regular and thin ar archives (ar_parse); every member of a regular
 * archive is then read as an object, as the build-tree walk does. */
#include "fuzz.h"
#include "objfile/ar.h"
#include "objfile/elfread.h"
#include "core/objects.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *buf = malloc(size ? size : 1);
	struct ar_archive ar;
	struct objset set;
	char msg[256];

	if (!buf)
		abort();
	memcpy(buf, data, size);
	objset_init(&set);
	ar_parse(buf, size, &ar);
	for (size_t i = 0; i < ar.count; i++) {
		const struct ar_member *m = &ar.members[i];

		if (!strlen(m->name) && !m->size)
			continue;
		if (!ar.thin)
			elf_read_symbols(&set, objset_add(&set, m->name), m->data,
					 m->size, msg, sizeof(msg));
	}
	ar_free(&ar);
	objset_free(&set);
	free(buf);
	return 0;
}
