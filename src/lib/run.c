// SPDX-License-Identifier: GPL-2.0-only
/* run.c - the one place crossym runs another program: fork and execvp, its
 * standard streams redirected, never through a shell. */
#include "lib/run.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the child: stdin on /dev/null, stdout on fd (or /dev/null when fd < 0),
 * stderr into the file errpath (or /dev/null when NULL), then argv in dir.
 * Does not return. */
static void child(const char *dir, char *const *argv, int fd, int unused,
		  const char *errpath)
{
	int null = open("/dev/null", O_RDWR);
	int err = errpath ? open(errpath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666) : null;

	if (null < 0 || err < 0 || chdir(dir) || dup2(null, 0) < 0 || dup2(err, 2) < 0 ||
	    dup2(fd >= 0 ? fd : null, 1) < 0)
		_exit(127);
	if (unused >= 0)
		close(unused);
	execvp(argv[0], argv);
	_exit(127);
}

/* Read fd to its end into *out and *len; 0, or -1 on a read error. */
static int read_all(int fd, char **out, size_t *len)
{
	size_t cap = 0, used = 0;
	ssize_t n;

	*out = NULL;
	for (;;) {
		grow_array((void **)out, &cap, used + 65536 + 1, 1);
		n = read(fd, *out + used, cap - used - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		used += (size_t)n;
	}
	(*out)[used] = '\0';
	*len = used;
	return n < 0 ? -1 : 0;
}

/* run_argv, with stderr into errpath (NULL: /dev/null). */
static int run_argv_to(const char *dir, char *const *argv, char **out, size_t *len,
		       const char *errpath)
{
	int fds[2] = { -1, -1 }, status, rc = 0;
	pid_t pid;

	if (out)
		*out = NULL;
	if (out && pipe(fds))
		return -1;
	pid = fork();
	if (pid == 0)
		child(dir, argv, fds[1], fds[0], errpath);
	if (out)
		close(fds[1]);
	if (pid < 0) {
		if (out)
			close(fds[0]);
		return -1;
	}
	if (out) {
		rc = read_all(fds[0], out, len);
		close(fds[0]);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return rc || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ? -1 : 0;
}

int run_argv(const char *dir, char *const *argv, char **out, size_t *len)
{
	return run_argv_to(dir, argv, out, len, NULL);
}

int run_argv_err(const char *dir, char *const *argv, const char *errpath)
{
	return run_argv_to(dir, argv, NULL, NULL, errpath);
}

int run_start(const char *dir, char *const *argv)
{
	pid_t pid = fork();

	if (pid == 0)
		child(dir, argv, -1, -1, NULL);
	return pid < 0 ? -1 : (int)pid;
}

int run_wait_any(int *ok)
{
	int status;
	pid_t pid;

	while ((pid = waitpid(-1, &status, 0)) < 0)
		if (errno != EINTR)
			return -1;
	*ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
	return (int)pid;
}

unsigned run_processors(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned)n : 1;
}
