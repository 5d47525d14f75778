// SPDX-License-Identifier: GPL-2.0-only
/* abisec.c - the sections the ABI or the compiler makes for every function or
 * object (abisec.h), one table. */
#include "core/abisec.h"

#include <fnmatch.h>
#include <stddef.h>
#include <string.h>

static const struct abisec {
	const char *pattern;    /* glob over the input-section name */
	int descriptor;         /* its definitions are function descriptors */
} abi_sections[] = {
	/* 64-bit PowerPC ELFv1: the descriptor `f` of every function */
	{ ".opd", 1 },
	/* PowerPC tables of contents, GOTs (.got2: 32-bit -fPIC), PLTs */
	{ ".toc", 0 }, { ".toc1", 0 }, { ".tocbss", 0 },
	{ ".got", 0 }, { ".got2", 0 }, { ".got.plt", 0 }, { ".plt", 0 },
	{ ".iplt", 0 }, { ".branch_lt", 0 },
	/* unwind and exception tables, one entry per function */
	{ ".eh_frame", 0 }, { ".eh_frame_hdr", 0 },
	{ ".gcc_except_table", 0 }, { ".gcc_except_table.*", 0 },
	{ ".ARM.exidx", 0 }, { ".ARM.exidx.*", 0 },
	{ ".ARM.extab", 0 }, { ".ARM.extab.*", 0 },
	/* call sites per function: -mrecord-mcount, -fpatchable-function-entry */
	{ "__mcount_loc", 0 }, { "__patchable_function_entries", 0 },
	/* per-function property and literal tables of Xtensa; ABI notes and markers
	 * (KEEP(*(.note.*)), MIPS KEEP(*(.mdebug.abi32))) */
	{ ".xt.*", 0 }, { ".note.gnu.*", 0 }, { ".note.GNU-stack", 0 },
	{ ".mdebug.*", 0 }, { ".MIPS.abiflags", 0 }, { ".reginfo", 0 },
	/* small data (-G, -msdata): ordinary variables the compiler puts there */
	{ ".sdata", 0 }, { ".sdata.*", 0 }, { ".sdata2", 0 }, { ".sdata2.*", 0 },
	{ ".sbss", 0 }, { ".sbss.*", 0 }, { ".sbss2", 0 }, { ".sbss2.*", 0 },
	{ ".srodata", 0 }, { ".srodata.*", 0 },
};

#define NABI (sizeof(abi_sections) / sizeof(abi_sections[0]))

/* Plain names by strcmp: abisec_is_descriptor is asked once per definition. */
static int matches(const char *pattern, const char *section)
{
	return strpbrk(pattern, "*?[") ? !fnmatch(pattern, section, 0) :
	       !strcmp(pattern, section);
}

static const struct abisec *find(const char *section, int descriptors_only)
{
	for (size_t i = 0; i < NABI; i++)
		if ((abi_sections[i].descriptor || !descriptors_only) &&
		    matches(abi_sections[i].pattern, section))
			return &abi_sections[i];
	return NULL;
}

int abisec_is_abi(const char *section)
{
	return section && find(section, 0) != NULL;
}

int abisec_is_descriptor(const char *section)
{
	return section && find(section, 1) != NULL;
}
