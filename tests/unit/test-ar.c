// SPDX-License-Identifier: GPL-2.0-only
/* test-ar.c - the ar reader on regular, thin, long-name and broken archives.
 * The archives are made by binutils `ar` in a scratch directory, so the test
 * checks the reader against the real tool's output. */
#include "tap.h"
#include "objfile/ar.h"
#include "lib/util.h"

#include <stdlib.h>
#include <unistd.h>

static char scratch[] = "/tmp/crossym-ar.XXXXXX";

static int sh(const char *cmd)
{
	char *full = xasprintf("cd %s && { %s ; } >/dev/null 2>&1", scratch, cmd);
	int rc = system(full);

	free(full);
	return rc;
}

static unsigned char *load(const char *name, size_t *len)
{
	char *path = path_join(scratch, name);
	unsigned char *buf = (unsigned char *)read_file(path, len);

	free(path);
	return buf;
}

static void test_regular(void)
{
	struct ar_archive ar;
	size_t len;
	unsigned char *buf;
	const char *why;

	sh("printf 'AAAA' > a.o && printf 'BB' > a_very_long_member_name_indeed.o"
	   " && ar rcs lib.a a.o a_very_long_member_name_indeed.o");
	buf = load("lib.a", &len);
	TAP_OK(buf && ar_is_archive(buf, len), "regular archive recognised");
	why = ar_parse(buf, len, &ar);
	TAP_OK(!why && !ar.thin && ar.count == 2, "regular: two members, no error");
	TAP_STR(ar.count > 0 ? ar.members[0].name : NULL, "a.o", "short name");
	TAP_STR(ar.count > 1 ? ar.members[1].name : NULL,
		"a_very_long_member_name_indeed.o", "GNU long name");
	TAP_OK(ar.count > 1 && ar.members[0].size == 4 &&
	       !memcmp(ar.members[0].data, "AAAA", 4) && ar.members[1].size == 2,
	       "member contents and sizes");
	ar_free(&ar);
	/* cut inside the second member */
	why = ar_parse(buf, len - 1, &ar);
	TAP_STR(why, "truncated archive", "truncated archive detected");
	ar_free(&ar);
	free(buf);
}

static void test_thin(void)
{
	struct ar_archive ar;
	size_t len;
	unsigned char *buf;
	const char *why;

	sh("mkdir -p d/sub && printf 'x' > d/sub/one.o && "
	   "printf 'y' > d/sub/a_long_name_for_the_thin_member.o && "
	   "cd d && ar cDPrST built-in.a sub/one.o sub/a_long_name_for_the_thin_member.o");
	buf = load("d/built-in.a", &len);
	why = ar_parse(buf, len, &ar);
	TAP_OK(!why && ar.thin && ar.count == 2, "thin: two members");
	TAP_STR(ar.count > 0 ? ar.members[0].name : NULL, "sub/one.o", "thin path 1");
	TAP_STR(ar.count > 1 ? ar.members[1].name : NULL,
		"sub/a_long_name_for_the_thin_member.o", "thin path 2");
	TAP_OK(ar.count > 0 && ar.members[0].data == NULL && ar.members[0].size == 1,
	       "thin members carry no data");
	ar_free(&ar);
	free(buf);
}

static void test_garbage(void)
{
	struct ar_archive ar;
	const unsigned char junk[] = "!<arch>\nthis is not a header at all, sorry......"
				     "....................";

	TAP_OK(!ar_is_archive((const unsigned char *)"\177ELF", 4), "ELF is no archive");
	TAP_OK(ar_parse(junk, sizeof(junk) - 1, &ar) != NULL, "bad header rejected");
	ar_free(&ar);
	TAP_OK(ar_parse((const unsigned char *)"!<arch>\n", 8, &ar) == NULL &&
	       ar.count == 0, "empty archive (BusyBox's built-in.o) is fine");
	ar_free(&ar);
}

/* ar_file_kind tells a file by its magic, never by its name, and reads
 * no FIFO (it would hang) nor anything that is not a regular file. */
static void test_file_kind(void)
{
	static const struct { const char *name; int kind; const char *what; } t[] = {
		{ "lib.a", 1, "file kind: regular archive" },
		{ "d/built-in.a", 2, "file kind: thin archive" },
		{ "elf.a", 0, "file kind: an ELF named .a is no archive" },
		{ "short", 0, "file kind: shorter than the magic" },
		{ "fifo", 0, "file kind: a FIFO is not read" },
		{ "d", 0, "file kind: a directory" },
		{ "missing", 0, "file kind: no such file" },
	};

	sh("printf '\\177ELF\\2\\1\\1\\0\\0\\0' > elf.a && printf '!<ar' > short && "
	   "mkfifo fifo");
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char *path = path_join(scratch, t[i].name);

		TAP_OK(ar_file_kind(path) == t[i].kind, t[i].what);
		free(path);
	}
}

int main(void)

{
	if (!mkdtemp(scratch)) {
		puts("1..0 # SKIP no scratch directory");
		return 0;
	}
	test_regular();
	test_thin();
	test_garbage();
	test_file_kind();
	sh("cd / && rm -rf \"$OLDPWD\"");
	return tap_done();
}
