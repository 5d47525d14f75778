// SPDX-License-Identifier: GPL-2.0-only
/* objcopy --globalize-symbol=glob_fn (build.sh with GLOB=1): file-local
 * here, global in n/glob.init.o: no tag in this file can keep it */
static int __attribute__((noinline, used)) glob_fn(void)
{
	return 9;
}
