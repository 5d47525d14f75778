// SPDX-License-Identifier: GPL-2.0-only
/* machine.c - the architecture of a build, and the objects of another. */
#include "kbuild/machine.h"
#include "objfile/elfread.h"
#include "lib/util.h"

#include <elf.h>
#include <stdio.h>

/* An object's architecture: machine, class (x32 is ELF32 x86-64) and byte
 * order; 0 when unknown (nm input). */
static unsigned long arch_of(const struct object *o)
{
	return o->machine ? ((unsigned long)o->machine * 4 + o->elfclass) * 4 + o->elfdata : 0;
}

/* "x86-64", with the byte order when it is not the one of the other. */
static const char *arch_text(const struct object *o, const struct object *other,
			     char *buf, size_t len)
{
	char name[32];
	const char *arch = elf_arch_name(o->machine, o->elfclass, name, sizeof(name));

	if (o->elfdata == other->elfdata)
		snprintf(buf, len, "%s", arch);
	else
		snprintf(buf, len, "%s, %s", arch, o->elfdata == ELFDATA2MSB ? "big-endian" :
			 o->elfdata == ELFDATA2LSB ? "little-endian" : "unknown byte order");
	return buf;
}

void machine_check(struct build *b)
{
	unsigned long best = 0;
	size_t best_count = 0, best_i = 0;

	for (size_t i = 0; i < b->set.count; i++) {
		unsigned long a = arch_of(&b->set.objs[i]);
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
		char n1[64], n2[64];

		if (arch_of(o) && arch_of(o) != best) {
			error("%s: wrong architecture (%s; the build is %s)", o->name,
			      arch_text(o, ref, n1, sizeof(n1)),
			      arch_text(ref, o, n2, sizeof(n2)));
			o->machine_ok = 0;
			b->nerrors++;
		}
	}
}
