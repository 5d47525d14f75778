// SPDX-License-Identifier: GPL-2.0-only
/* compiled to x/c.o: no source is named like its object */
#include "chain.h"

int c_var = 3;
