/* include/compiler.h: the tag, as the kernel spells it (-include'd). */
#define __visible __attribute__((externally_visible))
/* SPDX-License-Identifier: GPL-2.0-only */
