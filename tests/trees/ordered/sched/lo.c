#include "../include.h"
DEFINE_CLASS(lo) = { 2, "lo" };
/* SPDX-License-Identifier: GPL-2.0-only */
