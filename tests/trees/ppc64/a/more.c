/* SPDX-License-Identifier: GPL-2.0-only */
#include "ppc.h"

static int more(void) { return cmd_helper(1); }
const struct cmd cmd_more CMD_ENTRY(more) = { "more", more };
