#include "image.h"

static int more(void) { return os_ticks; }
const struct cmd cmd_more CMD_ENTRY(more) = { "more", more };
/* SPDX-License-Identifier: GPL-2.0-only */
