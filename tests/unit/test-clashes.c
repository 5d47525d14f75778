// SPDX-License-Identifier: GPL-2.0-only
/* test-clashes.c - the function an initcall entry label names. */
#include "tap.h"
#include "model/clashes.h"

#include <stdlib.h>

static void check(const char *label, const char *want)
{
	char *got = clashes_entry_function(label);

	TAP_STR(got, want, "%s", label);
	free(got);
}

int main(void)
{
	/* labels read off Linux 6.1 x86_64 defconfig objects */
	check("__initcall__kmod_nfs__1357_2557_init_nfs_fs6", "init_nfs_fs");
	check("__initcall__kmod_hid_cherry__280_70_ch_driver_init6", "ch_driver_init");
	/* every level of init.h: early, 0..7, 0s..7s, rootfs, con */
	check("__initcall__kmod_main__1_2_do_thing_early", "do_thing_");
	check("__initcall__kmod_main__1_2_do_thingearly", "do_thing");
	check("__initcall__kmod_main__1_2_pure_init0", "pure_init");
	check("__initcall__kmod_main__1_2_sync_init3s", "sync_init");
	check("__initcall__kmod_main__1_2_populate_rootfsrootfs", "populate_rootfs");
	check("__initcall__kmod_vt__3_4_con_initcon", "con_init");
	/* a function whose name looks like an IID: the first one is the IID */
	check("__initcall__kmod_m__5_6_f__7_8_g4", "f__7_8_g");
	/* no entry label */
	check("__initcall__kmod_m__5_6_", NULL);
	check("__initcall__kmod_m__5_6_f", NULL);
	check("__initcall__kmod_m_f6", NULL);
	check("__exitcall_f", NULL);
	check("init_nfs_fs6", NULL);
	return tap_done();
}
