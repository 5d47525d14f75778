// SPDX-License-Identifier: GPL-2.0-only
/* unitname.c - unit names and unit files (unitname.h). */
#include "kbuild/unitname.h"
#include "lib/util.h"

#include <string.h>

char *unitname_make(const char *dir_or_module, int is_asm)
{
	return is_asm ? xasprintf("%s#asm", dir_or_module) : xstrdup(dir_or_module);
}

char *unitname_run(const char *dir, unsigned run)
{
	return xasprintf("%s@%u", dir, run);
}

char *unitname_base(const char *unit)
{
	const char *hash = strchr(unit, '#');

	return hash ? xstrndup(unit, (size_t)(hash - unit)) : xstrdup(unit);
}

char *unitname_file(const char *unit)
{
	const char *at = strrchr(unit, '@');
	size_t dirlen = strlen(unit);

	if (str_has_suffix(unit, ".ko"))
		return xasprintf("%.*s.unit.o", (int)(dirlen - 3), unit);
	if (at && at[1] && strspn(at + 1, "0123456789") == strlen(at + 1))
		dirlen = (size_t)(at - unit);
	else
		at = "";
	if (dirlen == 1 && unit[0] == '.')
		return xasprintf("unit%s.o", at);
	return xasprintf("%.*s/unit%s.o", (int)dirlen, unit, at);
}
