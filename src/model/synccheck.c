// SPDX-License-Identifier: GPL-2.0-only
/* synccheck.c - is a source mirrored under tools/ (synccheck.h). */
#include "model/synccheck.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The next line of text[*at..len) not holding the marker: its start and
 * length; 0 at the end. */
static int next_line(const char *text, size_t len, size_t *at, const char **line, size_t *n)
{
	static const char marker[] = "__ignore_sync_check__";

	while (*at < len) {
		const char *s = text + *at, *nl = memchr(s, '\n', len - *at);
		size_t l = nl ? (size_t)(nl - s) : len - *at;

		*at += l + (nl != NULL);
		if (memmem(s, l, marker, sizeof(marker) - 1))
			continue;
		*line = s;
		*n = l;
		return 1;
	}
	return 0;
}

int synccheck_same(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t ia = 0, ib = 0, na, nb;
	const char *la, *lb;

	for (;;) {
		int more_a = next_line(a, alen, &ia, &la, &na);
		int more_b = next_line(b, blen, &ib, &lb, &nb);

		if (!more_a || !more_b)
			return more_a == more_b;
		if (na != nb || memcmp(la, lb, na))
			return 0;
	}
}

int synccheck_mirrored(const char *srctree, const char *source, const char *text, size_t len)
{
	char *tools = xasprintf("%s/tools/%s", srctree, source);
	char *copy = NULL;
	size_t clen = 0;
	int same = 0;

	if (access(tools, F_OK) == 0 && (copy = read_file(tools, &clen)))
		same = synccheck_same(text, len, copy, clen);
	free(copy);
	free(tools);
	return same;
}
