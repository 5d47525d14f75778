// SPDX-License-Identifier: GPL-2.0-only
/* tsvesc.c - the escaping of a TSV field (\t, \n, \r, \\) and of a JSON string. */
#include "lib/tsvesc.h"

#include <string.h>

void json_put(FILE *out, const char *s)
{
	if (!s) {
		fputs("null", out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

void tsv_put(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '\t': fputs("\\t", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		case '\\': fputs("\\\\", out); break;
		default: putc(*s, out); break;
		}
	}
}

/* The character escape e stands for, or 0 when it is none. */
static char unescaped(char e)
{
	switch (e) {
	case 't': return '\t';
	case 'n': return '\n';
	case 'r': return '\r';
	case '\\': return '\\';
	default: return 0;
	}
}

int tsv_escaped_ok(const char *s)
{
	for (const char *p = s; (p = strchr(p, '\\')) != NULL; p += 2)
		if (!unescaped(p[1]))
			return 0;
	return 1;
}

int tsv_unescape(char *s)
{
	char *w = s;

	if (!tsv_escaped_ok(s))
		return -1;
	for (const char *r = s; *r; r++)
		*w++ = *r == '\\' ? unescaped(*++r) : *r;
	*w = '\0';
	return 0;
}
