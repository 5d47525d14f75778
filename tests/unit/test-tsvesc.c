// SPDX-License-Identifier: GPL-2.0-only
/* test-tsvesc.c - the escaping of TSV fields, both ways. */
#include "tap.h"
#include "lib/tsvesc.h"
#include "lib/util.h"

#include <stdlib.h>

/* s escaped by tsv_put, as a fresh string. */
static char *escaped(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (!out)
		fatal("open_memstream failed");
	tsv_put(out, s);
	fclose(out);
	return buf;
}

static void round_trip(const char *raw, const char *want)
{
	char *e = escaped(raw);

	TAP_STR(e, want, "escaped: %s", want);
	TAP_OK(!strchr(e, '\t') && !strchr(e, '\n') && !strchr(e, '\r'),
	       "  no TAB, newline or CR left");
	TAP_OK(tsv_escaped_ok(e), "  reads as escaped");
	TAP_OK(tsv_unescape(e) == 0, "  unescapes");
	TAP_STR(e, raw, "  back to the name");
	free(e);
}

int main(void)
{
	char bad1[] = "a\\q", bad2[] = "end\\", good[] = "a\\\\b";

	round_trip("plain_name", "plain_name");
	round_trip("g\th", "g\\th");
	round_trip("n\nl", "n\\nl");
	round_trip("c\rr", "c\\rr");
	round_trip("b\\s", "b\\\\s");
	round_trip("\\t", "\\\\t");
	round_trip("", "");
	TAP_OK(tsv_unescape(bad1) == -1 && !strcmp(bad1, "a\\q"),
	       "a backslash before another letter: refused, unchanged");
	TAP_OK(tsv_unescape(bad2) == -1, "a backslash at the end: refused");
	TAP_OK(tsv_unescape(good) == 0 && !strcmp(good, "a\\b"), "\\\\ is one backslash");
	return tap_done();
}
