// SPDX-License-Identifier: GPL-2.0-only
/* test-lto.c - GCC LTO symbol table entries (lto.c), built by hand as GCC
 * writes them: name\0 comdat\0 kind visibility size(8) slot(4). */
#include "tap.h"
#include "objfile/lto.h"
#include "lib/util.h"

#include <stdlib.h>

struct seen {
	char text[512];
	int count;
};

static void collect(void *ctx, const struct lto_sym *s)
{
	struct seen *seen = ctx;
	size_t used = strlen(seen->text);

	snprintf(seen->text + used, sizeof(seen->text) - used, "%s%s:%d:%d:%d",
		 used ? " " : "", s->name, s->kind, s->visibility, s->type);
	seen->count++;
}

/* Append one entry to buf at *len. */
static void entry(unsigned char *buf, size_t *len, const char *name,
		  const char *comdat, int kind, int vis)
{
	memcpy(buf + *len, name, strlen(name) + 1);
	*len += strlen(name) + 1;
	memcpy(buf + *len, comdat, strlen(comdat) + 1);
	*len += strlen(comdat) + 1;
	buf[(*len)++] = (unsigned char)kind;
	buf[(*len)++] = (unsigned char)vis;
	memset(buf + *len, 0, 12);      /* size, slot */
	buf[*len] = 4;
	*len += 12;
}

int main(void)
{
	unsigned char tab[256], ext[16] = { 1, 1, 0, 2, 0, 0, 0, 2, 0, 1, 0 };
	struct seen seen = { "", 0 };
	size_t len = 0;
	const char *why;

	entry(tab, &len, "f", "", LTO_DEF, 0);
	entry(tab, &len, "v", "", LTO_WEAKDEF, 3);
	entry(tab, &len, "u", "", LTO_UNDEF, 0);
	entry(tab, &len, "c", "", LTO_COMMON, 0);
	entry(tab, &len, "inl", "inl", LTO_WEAKUNDEF, 0);
	why = lto_parse_table(tab, len, ext, 11, collect, &seen);
	TAP_STR(why, NULL, "a table of five entries parses");
	TAP_STR(seen.text, "f:0:0:1 v:1:3:2 u:2:0:0 c:4:0:2 inl:3:0:1",
		"name, kind, visibility, and the type from the extension");

	seen.text[0] = '\0';
	why = lto_parse_table(tab, len, NULL, 0, collect, &seen);
	TAP_OK(!why && strstr(seen.text, "f:0:0:0"), "without the extension: type unknown");
	ext[0] = 2;
	seen.text[0] = '\0';
	why = lto_parse_table(tab, len, ext, 11, collect, &seen);
	TAP_OK(!why && strstr(seen.text, "v:1:3:0"), "an extension of another version is ignored");

	why = lto_parse_table(tab, len - 3, NULL, 0, collect, &seen);
	TAP_OK(why && strstr(why, "cut short"), "an entry cut short: an error");
	why = lto_parse_table((const unsigned char *)"abc", 3, NULL, 0, collect, &seen);
	TAP_OK(why && strstr(why, "not terminated"), "a name not terminated: an error");
	tab[2 + 1 + 0] = 9;     /* "f\0\0" then the kind byte */
	why = lto_parse_table(tab, len, NULL, 0, collect, &seen);
	TAP_OK(why && strstr(why, "unknown symbol kind"), "an unknown kind: an error");
	/* found by fuzzing: an SHT_NOBITS table has a size but no contents */
	why = lto_parse_table(NULL, 4, NULL, 0, collect, &seen);
	TAP_OK(why && strstr(why, "no contents"), "a table with a size and no contents: an error");
	seen.text[0] = '\0';
	why = lto_parse_table(NULL, 0, NULL, 0, collect, &seen);
	TAP_OK(!why && !seen.text[0], "an empty table: no symbols, no error");

	/* the extension's type records count the entries: cuts that leave whole
	 * entries are found by them */
	tab[2 + 1 + 0] = LTO_DEF;
	ext[0] = 1;
	why = lto_parse_table(tab, len - 22, ext, 11, collect, &seen);
	TAP_OK(why && strstr(why, "cut short or altered"),
	       "a table cut at an entry boundary (4 entries, 5 type records): an error");
	why = lto_parse_table(tab, 0, ext, 11, collect, &seen);
	TAP_OK(why && strstr(why, "cut short or altered"),
	       "an emptied table with 5 type records: an error");
	why = lto_parse_table(tab, 0, ext, 1, collect, &seen);
	TAP_STR(why, NULL, "an empty table and an extension of no records (an empty file): no error");
	return tap_done();
}
