// SPDX-License-Identifier: GPL-2.0-only
/* nmread.c - parse `nm -A` output (binutils and elfutils print the same shape). */
#include "objfile/nmread.h"
#include "lib/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* No line of nm output is this long (a name of a megabyte): /dev/zero, or
 * a binary file, is not nm output and must not fill the memory. */
#define NM_LINE_MAX (1024 * 1024)
/* After this many malformed lines the input is not nm output at all. */
#define NM_MAX_MALFORMED 100

/* "PATH[MEMBER]", the archive member prefix of other nm programs: split
 * at the bracket. */
static void split_bracket_member(struct nm_line *out)
{
	char *path = out->path, *open;
	size_t len = strlen(path);

	if (len < 2 || path[len - 1] != ']' || !(open = strrchr(path, '[')) ||
	    open - path < 2 || strncmp(open - 2, ".a", 2) || open + 1 == path + len - 1)
		return;
	path[len - 1] = '\0';
	*open = '\0';
	out->member = open + 1;
}

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
	/* Before " T NAME": "PATH[:MEMBER]:" then the value (hex, or blanks);
	 * llvm-nm -A puts a blank after the colon. */
	end = sp - 2;
	while (end > line && end[-1] == ' ')
		end--;
	while (end > line && isxdigit((unsigned char)end[-1]))
		end--;
	if (end > line && end[-1] == ' ' && end < sp - 2)
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
	} else {
		split_bracket_member(out);
	}
	return *out->path && (!out->member || *out->member) ? 0 : -1;
}

int nm_letter_known(char type)
{
	return type && strchr("AaBbCcDdGgiINnpRrSsTtUuVvWw-?", type) != NULL;
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
		if (!nm_letter_known(type))
			return -1;
		return isupper((unsigned char)type) ? SYM_DEF : SYM_LOCALDEF;
	}
}

/* One line of in into *buf (of *cap bytes, grown as needed; NUL-terminated,
 * newline kept): its length, 0 at the end of the input, -1 when it is longer
 * than NM_LINE_MAX, -2 when it holds a NUL byte (neither is text nm prints). */
static long read_line(FILE *in, char **buf, size_t *cap)
{
	size_t len = 0;
	int c;

	while ((c = getc(in)) != EOF) {
		if (c == '\0')
			return -2;
		if (len == NM_LINE_MAX)
			return -1;
		if (len + 2 > *cap)
			grow_array((void **)buf, cap, len + 2, 1);
		(*buf)[len++] = (char)c;
		if (c == '\n')
			break;
	}
	if (*cap < 1)
		grow_array((void **)buf, cap, 1, 1);
	(*buf)[len] = '\0';
	return (long)len;
}

struct nm_state {
	const char *label;
	unsigned long lineno, nsyms, nundef;
	int bad;
};

/* The other shapes nm programs print, told apart so that the message says
 * how to make the input crossym reads: the shape and the command to use, or
 * NULL when line (one that nm_parse_line refused) is none of them. */
static const char *other_nm_format(const char *line)
{
	const char *p = line, *colon = strstr(line, ": ");

	if (!strncmp(line, "Symbols from ", 13) || strchr(line, '|'))
		return "the sysv format (eu-nm's default, nm -f sysv): make it with "
		       "nm -A, or eu-nm -A -B";
	while (*p == ' ' || isxdigit((unsigned char)*p))
		p++;
	if (p > line && p[-1] == ' ' && nm_letter_known(*p) && p[1] == ' ' &&
	    !strchr(line, ':'))
		return "nm output without -A (no file named on each line): make it "
		       "with nm -A, or llvm-nm -A";
	if (colon && (p = strchr(colon + 2, ' ')) && nm_letter_known(p[1]) &&
	    (!p[2] || p[2] == ' '))
		return "the POSIX format (nm -P): make it with nm -A";
	return NULL;
}

/* Report the problem of the current line (the first few of them); -1 once
 * there are so many that the input is not nm output at all. */
static int line_problem(struct nm_state *st, const struct nm_line *parsed)
{
	if (st->bad++ < 5) {
		if (!parsed)
			error("%s:%lu: not a line of `nm -A` output", st->label, st->lineno);
		else if (isprint((unsigned char)parsed->type))
			error("%s:%lu: %s: unknown symbol type '%c' (not a letter nm prints)",
			      st->label, st->lineno, parsed->name, parsed->type);
		else
			error("%s:%lu: %s: unknown symbol type \\x%02x (not a letter nm prints)",
			      st->label, st->lineno, parsed->name, (unsigned char)parsed->type);
	}
	if (st->bad < NM_MAX_MALFORMED)
		return 0;
	error("%s: %d malformed lines: not `nm -A` output", st->label, st->bad);
	return -1;
}

/* One line's symbol, or its problem reported; -1 when the input is not nm
 * output at all. */
static int take_line(struct nm_state *st, char *line, size_t len,
		     void (*add)(void *ctx, const struct nm_line *line), void *ctx)
{
	struct nm_line parsed;

	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		line[--len] = '\0';
	/* blank lines and the "ARCHIVE:" headers nm prints between files */
	if (len == 0 || (line[len - 1] == ':' && !strchr(line, ' ')))
		return 0;
	if (nm_parse_line(line, &parsed)) {
		const char *other = other_nm_format(line);

		if (!other)
			return line_problem(st, NULL);
		error("%s:%lu: not `nm -A` output but %s", st->label, st->lineno, other);
		return -1;
	}
	if (!nm_letter_known(parsed.type))
		return line_problem(st, &parsed);
	st->nsyms++;
	st->nundef += parsed.type == 'U';
	add(ctx, &parsed);
	return 0;
}

/* What the whole input lacks: no symbols, or no undefined ones. */
static int check_totals(const struct nm_state *st)
{
	if (!st->nsyms && !st->bad) {
		error("%s: no symbols: empty `nm -A` output", st->label);
		return -1;
	}
	if (st->nsyms && !st->nundef) {
		error("%s: no undefined symbols (no `U` line): made with --defined-only? "
		      "Make it with: crossym objects BUILD | (cd BUILD && xargs nm -A) >FILE",
		      st->label);
		return -1;
	}
	if (st->bad > 5)
		error("%s: %d malformed lines in all", st->label, st->bad);
	return st->bad;
}

int nm_read(FILE *in, const char *label,
	    void (*add)(void *ctx, const struct nm_line *line), void *ctx)
{
	char *line = NULL;
	size_t cap = 0;
	struct nm_state st = { label, 0, 0, 0, 0 };
	int refused = 0;
	long got;

	errno = 0;
	while (!refused && (got = read_line(in, &line, &cap)) != 0) {
		st.lineno++;
		if (got < 0) {
			error("%s:%lu: %s: not `nm -A` output", label, st.lineno,
			      got == -1 ? "a line longer than 1 MiB" : "a NUL byte");
			refused = 1;
		} else if (line[got - 1] != '\n') {
			/* nm ends every line: a cut one may hold a cut name */
			error("%s:%lu: the last line is cut (no newline at its end)",
			      label, st.lineno);
			st.bad++;
			break;
		} else {
			refused = take_line(&st, line, (size_t)got, add, ctx) < 0;
		}
	}
	free(line);
	if (!refused && ferror(in)) {
		error("%s: %s", label, errstr(errno ? errno : EIO));
		return -1;
	}
	return refused ? -1 : check_totals(&st);
}
