// SPDX-License-Identifier: GPL-2.0-only
/* Shared EFI code the way Xen builds it: the build directory links
 * arch/x86/efi/rt.c to this file, compiles that link to a temporary and
 * objcopies the temporary into the object (CONFIG_ENFORCE_UNIQUE_SYMBOLS). */
#include "hv.h"

int efi_rt_call(int n)
{
	return n * 2;
}
