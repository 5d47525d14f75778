// SPDX-License-Identifier: GPL-2.0-only
/* test-tsvesc.c - the escaping of TSV fields, both ways; of JSON and terminal text. */
#include "tap.h"
#include "lib/tsvesc.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

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

/* s as json_put (json 1) or text_put writes it, as a fresh string. */
static char *shown(const char *s, int json)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (!out)
		fatal("open_memstream failed");
	if (json)
		json_put(out, s);
	else
		text_put(out, s, strlen(s));
	fclose(out);
	return buf;
}

static void check_shown(const char *raw, int json, const char *want, const char *what)
{
	char *got = shown(raw, json);

	TAP_STR(got, want, "%s: %s", json ? "json" : "text", what);
	free(got);
}

static void test_shown(void)
{
	check_shown("plain", 0, "plain", "a plain name as it is");
	check_shown("a\033[31mb", 0, "a\\x1b[31mb", "ESC shown");
	check_shown("a\377b", 0, "a\\xffb", "a stray byte shown");
	check_shown("n\nl\tt", 0, "n\nl\tt", "newline and TAB kept");
	check_shown("\xc2\x9b" "2J", 0, "\\xc2\\x9b2J", "the 8-bit CSI shown");
	check_shown("caf\xc3\xa9 \xe2\x82\xac", 0, "caf\xc3\xa9 \xe2\x82\xac", "UTF-8 kept");
	check_shown("\xed\xa0\x80", 0, "\\xed\\xa0\\x80", "a surrogate is no UTF-8");
	check_shown("\xc0\xaf", 0, "\\xc0\\xaf", "an overlong '/' is no UTF-8");
	check_shown("\xe2\x82", 0, "\\xe2\\x82", "a cut sequence is no UTF-8");
	check_shown("q\"b\\", 1, "\"q\\\"b\\\\\"", "quote and backslash escaped");
	check_shown("a\033\x7f", 1, "\"a\\u001b\\u007f\"", "ESC and DEL as \\u");
	check_shown("b\377d", 1, "\"b\\ufffdd\"", "a stray byte as U+FFFD");
	check_shown("caf\xc3\xa9", 1, "\"caf\xc3\xa9\"", "UTF-8 kept");
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
	test_shown();
	return tap_done();
}
