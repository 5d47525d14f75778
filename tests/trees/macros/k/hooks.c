/* k/hooks.c: hook_alpha is used from main/, hook_beta only from k/other.c. */
#include <calls.h>

DEFINE_HOOK(alpha, 3);
DEFINE_HOOK(beta, 4);
/* SPDX-License-Identifier: GPL-2.0-only */
