// SPDX-License-Identifier: GPL-2.0-only
/* tsvesc.c - the escaping of a TSV field (\t, \n, \r, \\) and of a JSON string. */
#include "lib/tsvesc.h"

#include <string.h>

/* The length of the UTF-8 sequence s[0..n) begins with (1 to 4), or 0 when
 * it begins with none: a stray or overlong byte, a surrogate, past U+10FFFF. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2 :
		     s[0] >= 0xe0 && s[0] <= 0xef ? 3 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;

	if (len == 0 || len > n)
		return 0;
	for (size_t i = 1; i < len; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
	    (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return len;
}

enum char_class char_class(const char *s, size_t n, size_t *len)
{
	const unsigned char *u = (const unsigned char *)s;

	*len = utf8_len(u, n);
	if (*len == 0) {
		*len = 1;
		return CH_STRAY;
	}
	if (u[0] < 0x20 || u[0] == 0x7f)
		return CH_CONTROL;
	if (u[0] == 0xc2 && u[1] < 0xa0)       /* U+0080..U+009F */
		return CH_C1;
	return CH_TEXT;
}

void json_put(FILE *out, const char *s)
{
	size_t n, len;

	if (!s) {
		fputs("null", out);
		return;
	}
	n = strlen(s);
	fputc('"', out);
	for (size_t i = 0; i < n; i += len) {
		enum char_class k = char_class(s + i, n - i, &len);

		if (s[i] == '"' || s[i] == '\\')
			fprintf(out, "\\%c", s[i]);
		else if (k == CH_CONTROL)
			fprintf(out, "\\u%04x", (unsigned char)s[i]);
		else if (k == CH_STRAY)
			fputs("\\ufffd", out);        /* not UTF-8: U+FFFD */
		else
			fwrite(s + i, 1, len, out);
	}
	fputc('"', out);
}

void text_put(FILE *out, const char *s, size_t n)
{
	size_t len;

	for (size_t i = 0; i < n; i += len) {
		enum char_class k = char_class(s + i, n - i, &len);

		if (k == CH_TEXT || s[i] == '\n' || s[i] == '\t')
			fwrite(s + i, 1, len, out);
		else
			for (size_t b = 0; b < len; b++)
				fprintf(out, "\\x%02x", (unsigned char)s[i + b]);
	}
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
