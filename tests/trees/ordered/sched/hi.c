#include "../include.h"
DEFINE_CLASS(hi) = { 1, "hi" };
/* SPDX-License-Identifier: GPL-2.0-only */
