/* SPDX-License-Identifier: GPL-2.0-only */
/* spatch cannot parse an attribute after an array; the rest still works. */
#include "../include/shapes.h"

char dma_buf[64] __attribute__((aligned(64)));

int dma_channels = 8;

int dma_probe(void)
{
	return dma_channels + dma_buf[0];
}
