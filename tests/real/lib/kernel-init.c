/* kernel-init.c: the init of the kernel-proof boot test (tests/real/
 * kernel-proof.sh): built static, it is /init of the initramfs; it prints one
 * line on the console and powers the machine off, so that qemu exits. */
#include <stdio.h>
#include <sys/reboot.h>
#include <unistd.h>

int main(void)
{
	printf("crossym-init: hello from userspace, pid %d\n", (int)getpid());
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	perror("crossym-init: reboot");
	return 1;
}
