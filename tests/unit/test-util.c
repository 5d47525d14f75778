// SPDX-License-Identifier: GPL-2.0-only
/* test-util.c - path helpers and the cksum CRC. */
#include "tap.h"
#include "lib/util.h"

#include <stdlib.h>

static void check_norm(const char *in, const char *want)
{
	char *got = path_normalize(in);

	TAP_STR(got, want, "normalize %s", in);
	free(got);
}

static void check_rel(const char *path, const char *base, const char *want)
{
	char *got = path_relative(path, base);

	TAP_STR(got, want, "relative %s to %s", path, base);
	free(got);
}

int main(void)
{
	char *s;

	check_norm("a//b/./c", "a/b/c");
	check_norm("a/b/../c", "a/c");
	check_norm("./x.o", "x.o");
	check_norm("../x/../y", "../y");
	check_norm("/a/../../b", "/b");
	check_norm("a/..", ".");
	check_rel("/src/linux/kernel/fork.c", "/src/linux", "kernel/fork.c");
	check_rel("/src/linux2/x.c", "/src/linux", "/src/linux2/x.c");
	check_rel("kernel/fork.c", ".", "kernel/fork.c");
	check_rel("/src/linux/", "/src/linux", ".");
	s = path_dirname("a/b/c.o");
	TAP_STR(s, "a/b", "dirname");
	free(s);
	s = path_dirname("c.o");
	TAP_STR(s, ".", "dirname of a bare name");
	free(s);
	s = path_join(".", "x.o");
	TAP_STR(s, "x.o", "join with .");
	free(s);
	/* `printf 'hello\n' | cksum` prints 3015617425 6 */
	TAP_OK(posix_cksum((const unsigned char *)"hello\n", 6) == 3015617425UL,
	       "cksum of hello\\n");
	TAP_OK(posix_cksum((const unsigned char *)"", 0) == 4294967295UL,
	       "cksum of nothing");
	return tap_done();
}
