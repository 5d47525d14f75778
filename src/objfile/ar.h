/* SPDX-License-Identifier: GPL-2.0-only */
/* ar.h - Unix ar archives, regular and GNU thin ("!<thin>"), parsed by hand:
 * libelf cannot open thin archives (their members are paths, not contents). */
#ifndef CROSSYM_AR_H
#define CROSSYM_AR_H

#include <stddef.h>

#define AR_MAGIC "!<arch>\n"
#define AR_THIN_MAGIC "!<thin>\n"
#define AR_MAGIC_LEN 8

struct ar_member {
	char *name;                     /* as stored (a path for thin archives) */
	const unsigned char *data;      /* contents; NULL in a thin archive */
	size_t size;
};

struct ar_archive {
	int thin;
	struct ar_member *members;
	size_t count, cap;
};

/* 1 when buf starts like an archive (regular or thin). */
int ar_is_archive(const unsigned char *buf, size_t len);
/* Parse buf (which must outlive the result). Returns NULL on success, else a
 * static description of what is wrong ("truncated archive", ...); members parsed
 * before the fault are kept in *ar. */
const char *ar_parse(const unsigned char *buf, size_t len, struct ar_archive *ar);
void ar_free(struct ar_archive *ar);
/* What the file at path starts with: 0 neither, 1 an ar archive, 2 a thin one.
 * Only a regular file's magic is read: a FIFO or device is no archive (and
 * no hang). */
int ar_file_kind(const char *path);

#endif
