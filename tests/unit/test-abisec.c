// SPDX-License-Identifier: GPL-2.0-only
/* test-abisec.c - the sections the ABI or the compiler makes for every
 * function or object, against the tables a program makes. */
#include "tap.h"
#include "core/abisec.h"

int main(void)
{
	static const char *const abi[] = {
		".opd", ".toc", ".toc1", ".tocbss", ".got", ".got2", ".plt",
		".eh_frame", ".gcc_except_table", ".gcc_except_table.main",
		".ARM.exidx", ".ARM.exidx.text.f", ".ARM.extab.text.f",
		"__mcount_loc", "__patchable_function_entries",
		".sdata", ".sbss.x", ".srodata.cst8",
		".xt.prop.text.f", ".mdebug.abi32", ".note.gnu.property", ".MIPS.abiflags",
		".gcc_except_table.*",  /* a KEEP pattern naming them */
	};
	static const char *const tables[] = {
		".init_array", ".init_array.00100", ".ctors", ".initcall6.init",
		".list_cmd", "__ksymtab_printk", "__param", ".text", ".data",
		".opd2", ".toc*", "", ".eh_frame.x",
		".note.Linux", ".note.Xen", "__ex_table", ".head.text",
	};

	for (size_t i = 0; i < sizeof(abi) / sizeof(abi[0]); i++)
		TAP_OK(abisec_is_abi(abi[i]), "%s: an ABI section", abi[i]);
	for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
		TAP_OK(!abisec_is_abi(tables[i]), "%s: not an ABI section", tables[i]);
	TAP_OK(!abisec_is_abi(NULL), "no section: not an ABI section");
	TAP_OK(abisec_is_descriptor(".opd"), ".opd holds function descriptors");
	TAP_OK(!abisec_is_descriptor(".toc") && !abisec_is_descriptor(".data") &&
	       !abisec_is_descriptor(NULL), "only .opd holds descriptors");
	return tap_done();
}
