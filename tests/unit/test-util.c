// SPDX-License-Identifier: GPL-2.0-only
/* test-util.c - path helpers and the cksum CRC. */
#include "tap.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* path_link_into on a scratch tree: b/x.c links to s/d/x.c, b/y.c to a
 * file outside s, b/z.c is a plain file. */
static void check_link_into(void)
{
	char dir[] = "/tmp/crossym-util.XXXXXX";
	char *got;

	if (!mkdtemp(dir)) {
		TAP_OK(0, "mkdtemp");
		return;
	}
	got = xasprintf("cd %s && mkdir -p s/d b && : >s/d/x.c && : >o.c && : >b/z.c && "
			"ln -s ../s/d/x.c b/x.c && ln -s ../o.c b/y.c", dir);
	TAP_OK(system(got) == 0, "scratch tree made");
	free(got);
	{
		char *b = xasprintf("%s/b", dir), *t = xasprintf("%s/s", dir);
		char *x = path_link_into(b, "x.c", t), *y = path_link_into(b, "y.c", t);
		char *z = path_link_into(b, "z.c", t);

		TAP_STR(x ? x : "(null)", "d/x.c", "a link into the tree: the file it links to");
		TAP_OK(!y, "a link out of the tree: NULL");
		TAP_OK(!z, "no link: NULL");
		free(x);
		free(y);
		free(z);
		free(b);
		free(t);
	}
	got = xasprintf("rm -rf %s", dir);
	if (system(got) != 0)
		TAP_OK(0, "rm -rf %s", dir);
	free(got);
}

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
	check_link_into();
	return tap_done();
}
