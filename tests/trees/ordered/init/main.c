#include <stdio.h>
#include "../include.h"
int main(void)
{
	printf("classes: %d\n", classes_ok());
	return 0;
}
/* SPDX-License-Identifier: GPL-2.0-only */
