// SPDX-License-Identifier: GPL-2.0-only
/* fuzz-tsv: the TSV escaping (tsvesc.c) and the reader of TSV reports that
 * `crossym diff` takes (diff.c). Any bytes escaped must give a field with no
 * raw TAB, newline or carriage return that reads back the same; unescaping
 * succeeds exactly on what tsv_escaped_ok accepts; a report compared with
 * itself shows no change (or is refused). */
#include "fuzz.h"
#include "report/diff.h"
#include "lib/tsvesc.h"
#include "lib/util.h"

#include <stdio.h>
#include <unistd.h>

static void escape_round_trip(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		abort();
	tsv_put(f, s);
	if (fclose(f) != 0)
		abort();
	if (strpbrk(buf, "\t\n\r") || !tsv_escaped_ok(buf))
		abort();        /* a field must stay in its column and row */
	if (tsv_unescape(buf) != 0 || strcmp(buf, s))
		abort();        /* and read back as written */
	free(buf);
}

static void unescape_any(const char *s)
{
	char *copy = xstrdup(s);
	int ok = tsv_escaped_ok(s), rc = tsv_unescape(copy);

	if ((rc == 0) != ok || (rc != 0 && strcmp(copy, s)))
		abort();        /* -1 leaves the text as it was */
	free(copy);
}

/* The text as a report file, compared with itself. */
static void diff_self(const char *s)
{
	char path[] = "/tmp/fuzz-tsv.XXXXXX";
	int fd = mkstemp(path);
	FILE *null = fopen("/dev/null", "w");
	long n;

	if (fd < 0 || !null || write(fd, s, strlen(s)) != (ssize_t)strlen(s))
		abort();
	close(fd);
	n = diff_reports(null, path, path);
	if (n > 0)
		abort();        /* a report differs from itself */
	fclose(null);
	unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);

	escape_round_trip(text);
	unescape_any(text);
	diff_self(text);
	free(text);
	return 0;
}
