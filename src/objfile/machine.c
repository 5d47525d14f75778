// SPDX-License-Identifier: GPL-2.0-only
/* machine.c - the architecture of a build, and the objects of another. */
#include "machine.h"
#include "elfread.h"
#include "util.h"

/* An object's architecture: machine and class (x32 is ELF32 x86-64). */
static unsigned arch_of(const struct object *o)
{
	return o->machine ? o->machine * 4 + o->elfclass : 0;
}


void machine_check(struct build *b)
{
	unsigned best = 0;
	size_t best_count = 0, best_i = 0;

	for (size_t i = 0; i < b->set.count; i++) {
		unsigned a = arch_of(&b->set.objs[i]);
		size_t count = 0;

		if (!a || a == best)
			continue;
		for (size_t j = 0; j < b->set.count; j++)
			count += arch_of(&b->set.objs[j]) == a;
		if (count > best_count) {
			best = a;
			best_count = count;
			best_i = i;
		}
	}
	for (size_t i = 0; i < b->set.count; i++) {
		struct object *o = &b->set.objs[i];
		const struct object *ref = &b->set.objs[best_i];
		char n1[32], n2[32];

		if (arch_of(o) && arch_of(o) != best) {
			error("%s: wrong architecture (%s; the build is %s)", o->name,
			      elf_arch_name(o->machine, o->elfclass, n1, sizeof(n1)),
			      elf_arch_name(ref->machine, ref->elfclass, n2, sizeof(n2)));
			o->machine_ok = 0;
			b->nerrors++;
		}
	}
}
