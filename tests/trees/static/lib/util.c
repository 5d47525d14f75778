// SPDX-License-Identifier: GPL-2.0-only
/* util.c - definitions with every fate crossym cocci --static knows. */
#include "util.h"

/* file-local in both builds: static, its declaration deleted */
int util_count = 2;

int util_twice(int x)
{
	return 2 * x;
}

/* no header declaration */
int util_plain(int x)
{
	return x + 7;
}

/* file-local here, used from app/ where CONFIG_B is set */
int util_shared(int x)
{
	return x + util_count;
}

/* file-local in both builds, but app/extra.c uses it under #ifdef
 * CONFIG_NEVER, which neither build sets */
int util_hidden(int x)
{
	return x - 1;
}

/* used here only where CONFIG_A is set */
int util_armed(int x)
{
	return x * 3;
}

/* a definition the linker must keep under its name */
__attribute__((used)) int util_pinned(int x)
{
	return x ^ 1;
}

/* named by top-level asm */
int util_asmref(int x)
{
	return x + 11;
}
asm(".pushsection .data\n\t.quad util_asmref\n\t.popsection");

/* named only as a macro's argument, which pastes it into another name:
 * no code uses it */
#define COUNTER_FOR(f) int f##_calls
int util_pasted(int x)
{
	return x;
}
COUNTER_FOR(util_pasted);

/* used from app/: stays global (a tag's business) */
int util_sum(int x)
{
	int s = util_twice(x) + util_shared(x) + util_hidden(x) + util_count;

#ifdef CONFIG_A
	s += util_armed(x);
#endif
	return s + util_plain(x) + util_pinned(x) + util_asmref(x);
}
