/* include/linux/stat.h: counters defined in lib/stats.c. */
#ifndef _LINUX_STAT_H
#define _LINUX_STAT_H

/* A macro-made definition whose name is PASTED: DEFINE_STAT(reads) defines
 * stat_reads, a name that appears nowhere in the sources as one token, so
 * no source search (and no spatch rule) can find its definition. */
#define DEFINE_STAT(x) unsigned long stat_##x

extern unsigned long stat_reads;

#endif /* _LINUX_STAT_H */
/* SPDX-License-Identifier: GPL-2.0-only */
