// SPDX-License-Identifier: GPL-2.0-only
/* driver.c - `crossym annotate` and `crossym wholeprogram`: find the driver
 * script (scripts/annotate.sh, scripts/wholeprogram.sh) and exec it.
 *
 * The script is the implementation; the binary only locates it, in order:
 *   $CROSSYM_LIBEXECDIR                         (an explicit override)
 *   <dir of the binary>/../libexec/crossym      (installed, any PREFIX/DESTDIR)
 *   <dir of the binary>/scripts                 (./crossym in the source tree)
 *   CROSSYM_LIBEXECDIR as compiled in           (the configured install path)
 * and runs it with /bin/sh, CROSSYM_VERSION and CROSSYM (this binary, for the
 * script's `crossym verify` or `crossym units`) set in its environment. */
#include "cli/driver.h"
#include "lib/util.h"
#include "version.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CROSSYM_LIBEXECDIR
#define CROSSYM_LIBEXECDIR "/usr/local/libexec/crossym"
#endif

/* dir/script when it is a readable file, else NULL. */
static char *driver_in(const char *dir, const char *script)
{
	char *path = path_join(dir, script);

	if (access(path, R_OK) == 0)
		return path;
	free(path);
	return NULL;
}

/* The path of the running binary, or NULL when /proc does not say. */
static char *own_exe(void)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	return xstrdup(exe);
}

/* The script beside the binary exe (installed or source tree), or NULL. */
static char *driver_beside(const char *exe, const char *script)
{
	static const char *const subdirs[] = { "../libexec/crossym", "scripts" };
	char *dir, *path = NULL;

	if (!exe)
		return NULL;
	dir = path_dirname(exe);
	for (size_t i = 0; !path && i < sizeof(subdirs) / sizeof(subdirs[0]); i++) {
		char *joined = path_join(dir, subdirs[i]);
		char *sub = path_normalize(joined);

		path = driver_in(sub, script);
		free(sub);
		free(joined);
	}
	free(dir);
	return path;
}

static char *find_driver(const char *exe, const char *cmd, const char *script)
{
	const char *env = getenv("CROSSYM_LIBEXECDIR");
	char *path;

	if (env && *env) {
		path = driver_in(env, script);
		if (!path)
			error("%s: %s/%s: not found (CROSSYM_LIBEXECDIR)", cmd, env, script);
		return path;
	}
	path = driver_beside(exe, script);
	if (!path)
		path = driver_in(CROSSYM_LIBEXECDIR, script);
	if (!path)
		error("%s: %s not found beside the binary (../libexec/crossym, "
		      "scripts/) nor in %s; set CROSSYM_LIBEXECDIR", cmd, script,
		      CROSSYM_LIBEXECDIR);
	return path;
}

/* Exec /bin/sh SCRIPT argv[1..] for command cmd; returns 2 on failure. */
static int run_driver(const char *cmd, const char *script_name, int argc, char **argv)
{
	char *exe = own_exe();
	char *script = find_driver(exe, cmd, script_name);
	char **args;

	if (!script) {
		free(exe);
		return 2;
	}
	args = xcalloc((size_t)argc + 2, sizeof(*args));
	args[0] = "sh";
	args[1] = script;
	for (int i = 1; i < argc; i++)
		args[i + 1] = argv[i];
	/* The script's crossym is this binary, whatever CROSSYM says. */
	if (setenv("CROSSYM_VERSION", CROSSYM_VERSION, 1) ||
	    (exe && setenv("CROSSYM", exe, 1)))
		error("%s: setenv: %s", cmd, errstr(errno));
	execv("/bin/sh", args);
	error("%s: /bin/sh %s: %s", cmd, script, errstr(errno));
	free(args);
	free(script);
	free(exe);
	return 2;
}

int cmd_annotate(int argc, char **argv)
{
	return run_driver("annotate", "annotate.sh", argc, argv);
}

int cmd_wholeprogram(int argc, char **argv)
{
	return run_driver("wholeprogram", "wholeprogram.sh", argc, argv);
}
