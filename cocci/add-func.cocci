// SPDX-License-Identifier: GPL-2.0-only
// add-func: tag the definitions of the listed functions right before the
// name, after the type and the other attributes: `void __init TAG f(void)`,
// `pte_t * TAG f(...)`. Prototypes never match a function definition; static
// functions and ones already carrying the tag are left alone.

@add_func_static@
type T;
identifier f = {%FUNCS%};
position p;
@@
static T f@p(...) {...}

@add_func_tagged@
type T;
identifier f = {%FUNCS%};
attribute name %TAG%;
position p;
@@
T %TAG% f@p(...) {...}

@add_func@
type T;
identifier f = {%FUNCS%};
attribute name %TAG%;
position p1 != add_func_static.p;
position p2 != add_func_tagged.p;
@@
T
-f@p1@p2
+%TAG% f
 (...) {...}

