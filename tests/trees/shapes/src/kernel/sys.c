/* SPDX-License-Identifier: GPL-2.0-only */
/* Definitions spatch cannot tag in place: they get a re-declaration. */
#include "../include/shapes.h"

SYSCALL_DEFINE1(getlevel, int, which)
{
	return which;
}

int limit_value = 10;

MAKE_GETTER(get_limit, limit_value)

int nr_open, nr_closed;
