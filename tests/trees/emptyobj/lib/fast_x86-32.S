/* SPDX-License-Identifier: GPL-2.0-only */
/* Built on every host, assembles to nothing but on 32-bit x86 (BusyBox 1.37's
 * libbb/hash_sha1_hwaccel_x86-32.S does the same): an object with no symbol
 * table, and nothing else either. */
#if defined(__i386__)
	.text
	.globl	fast_sum_i386
fast_sum_i386:
	ret
#endif
