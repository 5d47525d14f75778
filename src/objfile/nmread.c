// SPDX-License-Identifier: GPL-2.0-only
/* nmread.c - parse `nm -A` output (binutils and elfutils print the same shape). */
#include "nmread.h"
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int nm_parse_line(char *line, struct nm_line *out)
{
	size_t len = strlen(line);
	char *sp, *end, *colon;

	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		line[--len] = '\0';
	sp = strrchr(line, ' ');
	if (!sp || sp < line + 2 || sp[-2] != ' ' || !sp[1])
		return -1;
	out->name = sp + 1;
	out->type = sp[-1];
	/* Before " T NAME": "PATH[:MEMBER]:" then the value (hex, or blanks). */
	end = sp - 2;
	while (end > line && end[-1] == ' ')
		end--;
	while (end > line && isxdigit((unsigned char)end[-1]))
		end--;
	if (end == line || end[-1] != ':')
		return -1;
	end[-1] = '\0';
	out->path = line;
	out->member = NULL;
	colon = strrchr(line, ':');
	if (colon && colon - line >= 2 && !strncmp(colon - 2, ".a", 2)) {
		*colon = '\0';
		out->member = colon + 1;
	}
	return *out->path ? 0 : -1;
}

int nm_letter_bind(char type, enum sym_kind *kind)
{
	*kind = KIND_VAR;
	switch (type) {
	case 'U':
		return SYM_UNDEF;
	case 'w':
	case 'v':
		return SYM_WEAKUNDEF;
	case 'W':
		*kind = KIND_FUNC;
		return SYM_WEAKDEF;
	case 'V':
		return SYM_WEAKDEF;
	case 'T':
	case 'i':
		*kind = KIND_FUNC;
		return SYM_DEF;
	case 'u':
		return SYM_DEF;
	case 'C':
		*kind = KIND_COMMON;
		return SYM_DEF;
	case 'N':
	case 'n':
	case 'a':
	case '?':
	case '-':
		return -1;
	default:
		return isupper((unsigned char)type) ? SYM_DEF : SYM_LOCALDEF;
	}
}

int nm_read(FILE *in, const char *label,
	    void (*add)(void *ctx, const struct nm_line *line), void *ctx)
{
	char *line = NULL;
	size_t cap = 0;
	unsigned long lineno = 0, nsyms = 0;
	int bad = 0;
	ssize_t got;

	errno = 0;
	while ((got = getline(&line, &cap, in)) >= 0) {
		struct nm_line parsed;
		size_t len = strlen(line);

		lineno++;
		if (got == 0 || line[got - 1] != '\n') {
			/* nm ends every line: a cut one may hold a cut name */
			error("%s:%lu: the last line is cut (no newline at its end)",
			      label, lineno);
			bad++;
			break;
		}
		while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		/* blank lines and the "ARCHIVE:" headers nm prints between files */
		if (len == 0 || (line[len - 1] == ':' && !strchr(line, ' ')))
			continue;
		if (nm_parse_line(line, &parsed)) {
			if (bad++ < 5)
				error("%s:%lu: not a line of `nm -A` output", label,
				      lineno);
			continue;
		}
		nsyms++;
		add(ctx, &parsed);
	}
	if (ferror(in)) {
		error("%s: %s", label, strerror(errno ? errno : EIO));
		bad++;
	} else if (!nsyms && !bad) {
		error("%s: no symbols: empty `nm -A` output", label);
		bad++;
	}
	if (bad > 5)
		error("%s: %d malformed lines in all", label, bad);
	free(line);
	return bad;
}
