// SPDX-License-Identifier: GPL-2.0-only
/* kernel-init.c: the init of the kernel-proof boot test (tests/real/
 * kernel-proof.sh): built static, it is /init of the initramfs; it prints one
 * line on the console and reboots: qemu runs with -no-reboot, so it exits at
 * once (the tinyconfig kernel has no ACPI: a power-off only halts, and qemu
 * would wait for its timeout).
 * With /modules.list in the initramfs (one .ko path per line) it first loads
 * each module with finit_module(2), in rounds until no more loads (a module
 * whose dependency is not loaded yet fails and is tried again), printing
 * "crossym-init: insmod PATH: ok" or the error of its last try, then the
 * filesystems /proc/filesystems lists ("crossym-init: filesystem NAME"). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_MODULES 64

static int load(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return errno;
	rc = (int)syscall(SYS_finit_module, fd, "", 0);
	rc = rc == 0 ? 0 : errno;
	close(fd);
	return rc;
}

static void load_modules(void)
{
	static char paths[MAX_MODULES][256];
	int err[MAX_MODULES], done[MAX_MODULES] = { 0 }, n = 0, progress = 1;
	FILE *list = fopen("/modules.list", "r");
	char line[256];

	if (!list)
		return;
	while (n < MAX_MODULES && fgets(paths[n], sizeof(paths[n]), list)) {
		paths[n][strcspn(paths[n], "\n")] = '\0';
		if (paths[n][0])
			n++;
	}
	fclose(list);
	while (progress) {
		progress = 0;
		for (int i = 0; i < n; i++) {
			if (done[i])
				continue;
			err[i] = load(paths[i]);
			if (!err[i] || err[i] == EEXIST) {
				done[i] = progress = 1;
				printf("crossym-init: insmod %s: ok\n", paths[i]);
			}
		}
	}
	for (int i = 0; i < n; i++)
		if (!done[i])
			printf("crossym-init: insmod %s: %s\n", paths[i], strerror(err[i]));
	mkdir("/proc", 0555);
	if (mount("proc", "/proc", "proc", 0, NULL) != 0) {
		perror("crossym-init: mount /proc");
		return;
	}
	list = fopen("/proc/filesystems", "r");
	while (list && fgets(line, sizeof(line), list)) {
		char *name = strrchr(line, '\t');

		line[strcspn(line, "\n")] = '\0';
		printf("crossym-init: filesystem %s\n", name ? name + 1 : line);
	}
	if (list)
		fclose(list);
}

int main(void)
{
	load_modules();
	printf("crossym-init: hello from userspace, pid %d\n", (int)getpid());
	fflush(stdout);
	sync();
	reboot(RB_AUTOBOOT);
	perror("crossym-init: reboot");
	return 1;
}
