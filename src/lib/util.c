// SPDX-License-Identifier: GPL-2.0-only
/* util.c - error reporting, checked allocation, path and string helpers. */
#include "lib/util.h"
#include "lib/tsvesc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct diag diag = { "crossym", 0, 0 };

/* The message fmt makes, to stderr as text_put writes it: the names in it
 * come from objects and trees (a control character is shown, not obeyed). */
static void vput(const char *fmt, va_list ap)
{
	char *text = NULL;
	int n = vasprintf(&text, fmt, ap);

	if (n < 0) {
		fputs("(out of memory for a message)", stderr);
		return;
	}
	text_put(stderr, text, (size_t)n);
	free(text);
}

static void vreport(const char *prefix, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: %s", diag.progname, prefix);
	vput(fmt, ap);
	fputc('\n', stderr);
}

void error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap);
	va_end(ap);
	diag.status = 1;
}

void complain(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap);
	va_end(ap);
}

void warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

void note(const char *fmt, ...)
{
	va_list ap;

	if (diag.quiet)
		return;
	va_start(ap, fmt);
	vreport("note: ", fmt, ap);
	va_end(ap);
}

void note_at(const char *file, unsigned line, const char *fmt, ...)
{
	va_list ap;

	if (diag.quiet)
		return;
	fflush(stdout);
	if (line)
		fprintf(stderr, "%s: %s:%u: note: ", diag.progname, file, line);
	else
		fprintf(stderr, "%s: %s: note: ", diag.progname, file);
	va_start(ap, fmt);
	vput(fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void inform(const char *fmt, ...)
{
	va_list ap;

	if (diag.quiet)
		return;
	fflush(stdout);
	va_start(ap, fmt);
	vput(fmt, ap);
	va_end(ap);
}

void fatal(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap);
	va_end(ap);
	exit(2);
}

static void *check_alloc(void *p)
{
	if (!p)
		fatal("out of memory");
	return p;
}

void *xmalloc(size_t size)
{
	return check_alloc(malloc(size ? size : 1));
}

void *xcalloc(size_t nmemb, size_t size)
{
	return check_alloc(calloc(nmemb ? nmemb : 1, size ? size : 1));
}

void *xrealloc(void *ptr, size_t size)
{
	return check_alloc(realloc(ptr, size ? size : 1));
}

char *xstrdup(const char *s)
{
	return check_alloc(strdup(s));
}

char *xstrndup(const char *s, size_t n)
{
	return check_alloc(strndup(s, n));
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *buf, probe[1];
	int len;

	if (!fmt)
		fatal("xasprintf: no format");
	va_start(ap, fmt);
	len = vsnprintf(probe, sizeof(probe), fmt, ap);
	va_end(ap);
	if (len < 0)
		fatal("bad format string");
	buf = xmalloc((size_t)len + 1);
	va_start(ap, fmt);
	vsnprintf(buf, (size_t)len + 1, fmt, ap);
	va_end(ap);
	return buf;
}

void grow_array(void **arr, size_t *cap, size_t want, size_t elsize)
{
	size_t newcap;

	if (want <= *cap)
		return;
	newcap = *cap ? *cap : 16;
	while (newcap < want) {
		if (newcap > SIZE_MAX / 2 / elsize)
			fatal("out of memory");
		newcap *= 2;
	}
	*arr = xrealloc(*arr, newcap * elsize);
	*cap = newcap;
}

void bump_count(size_t **count, size_t *cap, size_t id)
{
	size_t old = *cap;

	if (id >= old) {
		grow_array((void **)count, cap, id + 1, sizeof(**count));
		memset(*count + old, 0, (*cap - old) * sizeof(**count));
	}
	(*count)[id]++;
}

char *path_join(const char *dir, const char *name)
{
	size_t dlen = strlen(dir), nlen = strlen(name);
	char *out;

	if (!dlen || !strcmp(dir, ".") || name[0] == '/')
		return xstrdup(name);
	if (dir[dlen - 1] == '/')
		dlen--;
	out = xmalloc(dlen + 1 + nlen + 1);
	memcpy(out, dir, dlen);
	out[dlen] = '/';
	memcpy(out + dlen + 1, name, nlen + 1);
	return out;
}

char *path_dirname(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

/* Drop the last component of the normalised prefix out[0..*len). */
static void pop_component(char *out, size_t *len, size_t floor)
{
	while (*len > floor && out[*len - 1] != '/')
		(*len)--;
	if (*len > floor)
		(*len)--;
}

char *path_normalize(const char *path)
{
	size_t plen = strlen(path), len = 0, floor;
	char *out = xmalloc(plen + 2);
	const char *p = path;

	if (*p == '/') {
		out[len++] = '/';
		while (*p == '/')
			p++;
	}
	floor = len;
	while (*p) {
		const char *end = strchr(p, '/');
		size_t clen = end ? (size_t)(end - p) : strlen(p);
		int is_dotdot = clen == 2 && !strncmp(p, "..", 2);
		int can_pop = len > floor &&
			!(len - floor >= 2 && !strncmp(out + len - 2, "..", 2) &&
			  (len - floor == 2 || out[len - 3] == '/'));

		if (clen == 0 || (clen == 1 && *p == '.')) {
			/* skip */
		} else if (is_dotdot && can_pop) {
			pop_component(out, &len, floor);
		} else if (is_dotdot && floor && len == floor) {
			/* "/.." is "/" */
		} else {
			if (len > floor)
				out[len++] = '/';
			memcpy(out + len, p, clen);
			len += clen;
		}
		p += clen;
		while (*p == '/')
			p++;
	}
	if (len == 0)
		out[len++] = '.';
	out[len] = '\0';
	return out;
}

char *path_relative(const char *path, const char *base)
{
	char *npath = path_normalize(path), *nbase = path_normalize(base);
	size_t blen = strlen(nbase);
	char *rel;

	if (!strcmp(nbase, ".") && npath[0] != '/')
		rel = xstrdup(npath);
	else if (!strcmp(npath, nbase))
		rel = xstrdup(".");
	else if (!strncmp(npath, nbase, blen) &&
		 (npath[blen] == '/' || (blen && nbase[blen - 1] == '/')))
		rel = xstrdup(npath + blen + (npath[blen] == '/'));
	else
		rel = xstrdup(npath);
	free(npath);
	free(nbase);
	return rel;
}

char *path_link_into(const char *dir, const char *rel, const char *tree)
{
	char *link = path_join(dir, rel), *real = NULL, *realtree = NULL, *in = NULL;
	struct stat st;

	if (rel[0] != '/' && lstat(link, &st) == 0 && S_ISLNK(st.st_mode) &&
	    (real = realpath(link, NULL)) && (realtree = realpath(tree, NULL))) {
		in = path_relative(real, realtree);
		if (in[0] == '/' || !strcmp(in, ".")) {
			free(in);
			in = NULL;
		}
	}
	free(realtree);
	free(real);
	free(link);
	return in;
}

int str_has_suffix(const char *s, const char *suffix)
{
	size_t slen = strlen(s), xlen = strlen(suffix);

	return slen >= xlen && !memcmp(s + slen - xlen, suffix, xlen);
}

int str_has_prefix(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

char *str_replace_all(const char *s, const char *from, const char *to)
{
	size_t lf = strlen(from), lt = strlen(to), n = 0, len = 0;
	const char *p;
	char *out;

	if (!lf)
		return xstrdup(s);
	for (p = s; (p = strstr(p, from)) != NULL; p += lf)
		n++;
	out = xmalloc(strlen(s) + n * lt + 1);
	for (p = s; n--; s = p + lf) {
		p = strstr(s, from);
		memcpy(out + len, s, (size_t)(p - s));
		len += (size_t)(p - s);
		memcpy(out + len, to, lt);
		len += lt;
	}
	strcpy(out + len, s);
	return out;
}

int open_regular(const char *path, size_t *size)
{
	/* O_NONBLOCK: opening a FIFO must not hang; only regular files are read */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	struct stat st;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		int saved = fstat(fd, &st) != 0 ? errno :
			    S_ISDIR(st.st_mode) ? EISDIR : E_NOT_REGULAR;

		close(fd);
		errno = saved;
		return -1;
	}
	if (size)
		*size = (size_t)st.st_size;
	return fd;
}

char *read_prefix(const char *path, size_t *len,
		  size_t (*end)(const char *text, size_t used), size_t step)
{
	size_t size, cap = 0, used = 0, cut = 0;
	int fd = open_regular(path, &size);
	char *buf = NULL;
	ssize_t n = 0;

	if (fd < 0)
		return NULL;
	/* the whole file in one allocation (the loop copes with files that
	 * grow), or step bytes at a time until end() finds the cut */
	if (!end)
		step = 65536;
	grow_array((void **)&buf, &cap, (end ? step : size) + 1, 1);
	while (!cut) {
		if (cap - used < 2)
			grow_array((void **)&buf, &cap, used + step + 1, 1);
		n = read(fd, buf + used, cap - used - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		used += (size_t)n;
		if (end)
			cut = end(buf, used);
	}
	if (n < 0) {
		int saved = errno;

		close(fd);
		free(buf);
		errno = saved;
		return NULL;
	}
	close(fd);
	if (cut)
		used = cut;
	buf[used] = '\0';
	if (len)
		*len = used;
	return buf;
}

char *read_file(const char *path, size_t *len)
{
	return read_prefix(path, len, NULL, 0);
}

const char *errstr(int err)
{
	if (err == E_NOT_TEXT)
		return "a NUL byte in it: not a text file";
	return err == E_NOT_REGULAR ? "not a regular file" : strerror(err);
}

int atomic_open(struct atomic_file *af, const char *path)
{
	char *dir = path_dirname(path);
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	mode_t mask = umask(0);
	int fd;

	umask(mask);
	af->path = xstrdup(path);
	af->nosync = 0;
	af->tmp = xasprintf("%s/.%s.XXXXXX", dir, base);
	free(dir);
	fd = mkstemp(af->tmp);
	if (fd < 0 || fchmod(fd, 0666 & ~mask) || !(af->f = fdopen(fd, "w"))) {
		int saved = errno;

		if (fd >= 0) {
			close(fd);
			unlink(af->tmp);
		}
		free(af->path);
		free(af->tmp);
		errno = saved;
		return -1;
	}
	return 0;
}

int atomic_commit(struct atomic_file *af)
{
	int rc = 0, saved = 0;

	if (fflush(af->f) || ferror(af->f) || (!af->nosync && fsync(fileno(af->f)))) {
		saved = errno ? errno : EIO;
		rc = -1;
	}
	if (fclose(af->f) && !rc) {
		saved = errno;
		rc = -1;
	}
	if (!rc && rename(af->tmp, af->path)) {
		saved = errno;
		rc = -1;
	}
	if (rc)
		unlink(af->tmp);
	free(af->path);
	free(af->tmp);
	errno = saved;
	return rc;
}

void atomic_abort(struct atomic_file *af)
{
	fclose(af->f);
	unlink(af->tmp);
	free(af->path);
	free(af->tmp);
}

int mkdir_parents(const char *path)
{
	char *p = xstrdup(path), *s;
	int rc = 0;

	for (s = p + 1; *s && !rc; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		rc = mkdir(p, 0777) && errno != EEXIST ? -1 : 0;
		*s = '/';
	}
	if (!rc && mkdir(p, 0777) && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

int write_file_atomic(const char *path, const char *text, size_t len)
{
	struct atomic_file af;

	if (atomic_open(&af, path))
		return -1;
	fwrite(text, 1, len, af.f);
	return atomic_commit(&af);
}

/* Open dir and call sync (fsync, syncfs) on it. */
static int sync_path(const char *dir, int (*sync)(int))
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = sync(fd);
	close(fd);
	return rc;
}

int sync_dir(const char *dir)
{
	return sync_path(dir, fsync);
}

int sync_fs(const char *dir)
{
	return sync_path(dir, syncfs);
}

int finish_stdout(void)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	error("standard output: write error: %s", errstr(errno ? errno : EIO));
	return -1;
}

/* CRC-32 with polynomial 0x04C11DB7, MSB first, then the length, inverted:
 * the algorithm POSIX specifies for cksum(1). */
unsigned long posix_cksum(const unsigned char *buf, size_t len)
{
	uint32_t crc = 0;
	size_t i, n;

	for (i = 0; i < len; i++) {
		crc ^= (uint32_t)buf[i] << 24;
		for (int bit = 0; bit < 8; bit++)
			crc = (crc & 0x80000000u) ? (crc << 1) ^ 0x04C11DB7u : crc << 1;
	}
	for (n = len; n; n >>= 8) {
		crc ^= (uint32_t)(n & 0xff) << 24;
		for (int bit = 0; bit < 8; bit++)
			crc = (crc & 0x80000000u) ? (crc << 1) ^ 0x04C11DB7u : crc << 1;
	}
	return ~crc & 0xffffffffu;
}

int cmp_strptr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void strv_push(char ***v, size_t *n, size_t *cap, const char *s)
{
	grow_array((void **)v, cap, *n + 2, sizeof(**v));
	(*v)[(*n)++] = xstrdup(s);
	(*v)[*n] = NULL;
}

void strv_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* The first ncols columns of each line of a TSV file (fresh strings, one
 * array of rows * ncols). Returns the number of rows, -1 when unreadable. */
long read_tsv(const char *path, int ncols, char ***cells)
{
	char *text, *rest, *line;
	size_t len, cap = 0;
	long n = 0;

	*cells = NULL;
	if (!(text = read_file(path, &len))) {
		error("%s: %s", path, errstr(errno));
		return -1;
	}
	for (rest = text; (line = strsep(&rest, "\n"));) {
		if (!*line)
			continue;
		grow_array((void **)cells, &cap, (size_t)(n + 1) * ncols, sizeof(char *));
		for (int c = 0; c < ncols; c++) {
			char *f = line ? strsep(&line, "\t") : NULL;

			(*cells)[n * ncols + c] = xstrdup(f ? f : "");
		}
		n++;
	}
	free(text);
	return n;
}

void free_tsv(char **cells, long n, int ncols)
{
	for (long i = 0; i < n * ncols; i++)
		free(cells[i]);
	free(cells);
}

char *read_link(const char *path)
{
	size_t cap = 256;

	for (;;) {
		char *buf = xmalloc(cap);
		ssize_t n = readlink(path, buf, cap);

		if (n < 0) {
			int saved = errno;

			free(buf);
			errno = saved;
			return NULL;
		}
		if ((size_t)n < cap) {
			buf[n] = '\0';
			return buf;
		}
		free(buf);
		cap *= 2;
	}
}

void sbuf_addn(struct sbuf *sb, const char *s, size_t n)
{
	grow_array((void **)&sb->s, &sb->cap, sb->len + n + 1, 1);
	memcpy(sb->s + sb->len, s, n);
	sb->len += n;
	sb->s[sb->len] = '\0';
}

void sbuf_add(struct sbuf *sb, const char *s)
{
	sbuf_addn(sb, s, strlen(s));
}

void sbuf_printf(struct sbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		fatal("sbuf_printf: %s", errstr(errno));
	grow_array((void **)&sb->s, &sb->cap, sb->len + (size_t)n + 1, 1);
	va_start(ap, fmt);
	vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

char *sbuf_take(struct sbuf *sb)
{
	return sb->s ? sb->s : xstrdup("");
}
