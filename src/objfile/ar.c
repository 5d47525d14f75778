// SPDX-License-Identifier: GPL-2.0-only
/* ar.c - ar archive member tables (System V / GNU long names, BSD "#1/", thin). */
#include "objfile/ar.h"
#include "lib/util.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HDR_LEN 60

struct ar_hdr_view {
	const char *name;       /* 16 bytes */
	size_t size;
};

int ar_is_archive(const unsigned char *buf, size_t len)
{
	return len >= AR_MAGIC_LEN &&
	       (!memcmp(buf, AR_MAGIC, AR_MAGIC_LEN) ||
		!memcmp(buf, AR_THIN_MAGIC, AR_MAGIC_LEN));
}

/* Parse a decimal field of width w; -1 on garbage. */
static long long parse_decimal(const char *p, size_t w)
{
	long long v = 0;
	size_t i = 0;

	while (i < w && p[i] == ' ')
		i++;
	if (i == w)
		return -1;
	for (; i < w && p[i] != ' '; i++) {
		if (p[i] < '0' || p[i] > '9')
			return -1;
		v = v * 10 + (p[i] - '0');
		if (v > (1LL << 48))
			return -1;
	}
	return v;
}

/* The name of a GNU long-name entry at offset off of the "//" table. */
static char *long_name(const char *table, size_t table_len, long long off)
{
	size_t end;

	if (off < 0 || (size_t)off >= table_len)
		return NULL;
	for (end = (size_t)off; end < table_len; end++)
		if (table[end] == '\n')
			break;
	if (end > (size_t)off && table[end - 1] == '/')
		end--;
	return xstrndup(table + off, end - (size_t)off);
}

/* Short name: up to 16 chars, GNU terminates with '/', pad with spaces. */
static char *short_name(const char *p)
{
	size_t n = 16;

	while (n && p[n - 1] == ' ')
		n--;
	if (n && p[n - 1] == '/')
		n--;
	return xstrndup(p, n);
}

static void add_member(struct ar_archive *ar, char *name,
		       const unsigned char *data, size_t size)
{
	struct ar_member *m;

	grow_array((void **)&ar->members, &ar->cap, ar->count + 1, sizeof(*m));
	m = &ar->members[ar->count++];
	m->name = name;
	m->data = data;
	m->size = size;
}

/* Work out a member's name; *skip tells the header is a table, not a member.
 * BSD names ("#1/N") are stored after the header: *name_len says how many bytes. */
static const char *member_name(const char *h, const unsigned char *body,
			       size_t body_len, const char *longnames,
			       size_t longnames_len, char **name, size_t *name_len)
{
	*name = NULL;
	*name_len = 0;
	if (h[0] == '/' && (h[1] == ' ' || !memcmp(h, "/SYM64/", 7)))
		return NULL;                    /* symbol table */
	if (h[0] == '/' && h[1] == '/')
		return NULL;                    /* long-name table */
	if (h[0] == '/' && h[1] >= '0' && h[1] <= '9') {
		*name = long_name(longnames, longnames_len,
				  parse_decimal(h + 1, 15));
		return *name ? NULL : "bad long member name";
	}
	if (!memcmp(h, "#1/", 3)) {
		long long n = parse_decimal(h + 3, 13);

		if (n < 0 || (size_t)n > body_len)
			return "truncated archive";
		*name_len = (size_t)n;
		*name = xstrndup((const char *)body, strnlen((const char *)body,
							     (size_t)n));
		return NULL;
	}
	*name = short_name(h);
	return NULL;
}

const char *ar_parse(const unsigned char *buf, size_t len, struct ar_archive *ar)
{
	size_t pos = AR_MAGIC_LEN;
	const char *longnames = NULL;
	size_t longnames_len = 0;

	memset(ar, 0, sizeof(*ar));
	if (!ar_is_archive(buf, len))
		return "not an ar archive";
	ar->thin = !memcmp(buf, AR_THIN_MAGIC, AR_MAGIC_LEN);
	while (pos < len) {
		const char *h = (const char *)buf + pos;
		long long size;
		size_t stored, name_len;
		char *name;
		const char *why;

		if (len - pos < HDR_LEN)
			return "truncated archive";
		if (h[58] != '`' || h[59] != '\n')
			return "malformed archive member header";
		size = parse_decimal(h + 48, 10);
		if (size < 0)
			return "malformed archive member size";
		pos += HDR_LEN;
		/* In a thin archive only the tables carry their bytes. */
		int is_table = h[0] == '/' && (h[1] == ' ' || h[1] == '/' ||
					       !memcmp(h, "/SYM64/", 7));
		stored = (!ar->thin || is_table) ? (size_t)size : 0;
		if (stored > len - pos)
			return "truncated archive";
		why = member_name(h, buf + pos, stored, longnames, longnames_len,
				  &name, &name_len);
		if (why)
			return why;
		if (h[0] == '/' && h[1] == '/') {
			longnames = (const char *)buf + pos;
			longnames_len = stored;
		}
		if (name)
			add_member(ar, name,
				   ar->thin ? NULL : buf + pos + name_len,
				   ar->thin ? (size_t)size : stored - name_len);
		pos += stored + (stored & 1);
	}
	return NULL;
}

void ar_free(struct ar_archive *ar)
{
	for (size_t i = 0; i < ar->count; i++)
		free(ar->members[i].name);
	free(ar->members);
	memset(ar, 0, sizeof(*ar));
}

int ar_file_kind(const char *path)
{
	char magic[AR_MAGIC_LEN];
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), kind = 0;
	struct stat st;

	if (fd < 0)
		return 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    read(fd, magic, sizeof(magic)) == (ssize_t)sizeof(magic))
		kind = !memcmp(magic, AR_THIN_MAGIC, AR_MAGIC_LEN) ? 2 :
		       !memcmp(magic, AR_MAGIC, AR_MAGIC_LEN) ? 1 : 0;
	close(fd);
	return kind;
}
