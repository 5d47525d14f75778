/* include/linux/export.h: EXPORT_SYMBOL, as the historic patch wrote it: the
 * macro carries the tag itself (a tagged re-declaration of the symbol), and
 * records the symbol in the ksymtab section as __ksymtab_<sym>, the mark by
 * which crossym reports the definition as `exported` instead of `tag`. */
#ifndef _LINUX_EXPORT_H
#define _LINUX_EXPORT_H

#define EXPORT_SYMBOL(s) \
	extern __typeof__(s) s __global; \
	const void *const __ksymtab_##s \
		__attribute__((used, section("ksymtab"))) = (const void *)&s

#endif /* _LINUX_EXPORT_H */
/* SPDX-License-Identifier: GPL-2.0-only */
