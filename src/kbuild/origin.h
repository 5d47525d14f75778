/* SPDX-License-Identifier: GPL-2.0-only */
/* origin.h - the definitions of an object made from other objects (objcopy,
 * strip, `ld -r` of one or many, nested), each followed to the compiled
 * object that defines it. */
#ifndef CROSSYM_ORIGIN_H
#define CROSSYM_ORIGIN_H

#include "core/build.h"

/* obj's .cmd (cmdrel, its head) names no source. When it records a step
 * making obj from other objects, follow every global definition of obj down
 * the steps (names undone through --prefix-symbols and --redefine-sym(s);
 * through the input of an `ld -r` that defines it) to the compiled object
 * defining it. One such object, names unchanged: obj takes its source, .cmd
 * and (without DWARF of its own) DWARF. Several, or renamed: obj->origins,
 * one per definition, and obj's DWARF definitions from theirs, under obj's
 * names (obj's source too when they share one). No such step:
 * obj->source_why says so (the source by obj's name may still be found).
 * Nothing is an error: what the chain cannot say leaves the source unknown,
 * with the reason. */
void origin_resolve(struct build *b, struct object *obj, const char *cmdrel,
		    const char *head);

#endif
