// SPDX-License-Identifier: GPL-2.0-only
/* fuzz-db: the --db file (db_load), read from a memory file. */
#include "fuzz.h"
#include "kbuild/db.h"

#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = memfd_create("fuzz.db", 0);
	char path[64];
	struct db db;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	db_load(&db, path);
	db_free(&db);
	close(fd);
	return 0;
}
