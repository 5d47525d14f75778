/* kernel-init.c: the init of the kernel-proof boot test (tests/real/
 * kernel-proof.sh): built static, it is /init of the initramfs; it prints one
 * line on the console and reboots: qemu runs with -no-reboot, so it exits at
 * once (the tinyconfig kernel has no ACPI: a power-off only halts, and qemu
 * would wait for its timeout). */
#include <stdio.h>
#include <sys/reboot.h>
#include <unistd.h>

int main(void)
{
	printf("crossym-init: hello from userspace, pid %d\n", (int)getpid());
	fflush(stdout);
	sync();
	reboot(RB_AUTOBOOT);
	perror("crossym-init: reboot");
	return 1;
}
