/* arch/demo/entry.S: x86_64 GNU as, preprocessed by gcc (-D__ASSEMBLY__).
 *
 * HARD CASE: an assembly object.  It defines demo_entry, called from C in
 * init/ and in arch/demo/ itself (reported with status `asm`: assembly
 * needs no tag), and it calls arch_do_entry, a C function of its own
 * directory, which therefore needs the tag (referenced from arch/demo#asm).
 *
 * long demo_entry(long x) { return arch_do_entry(x) + 1; }
 */
#include <linux/linkage.h>

	.text
ENTRY(demo_entry)
	push	%rbx			/* align the stack to 16 for the call */
	call	arch_do_entry@PLT
	add	$1, %rax
	pop	%rbx
	ret
END(demo_entry)

	.section .note.GNU-stack, "", @progbits
/* SPDX-License-Identifier: GPL-2.0-only */
