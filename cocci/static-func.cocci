// SPDX-License-Identifier: GPL-2.0-only
// static-func: make the listed function definitions static (crossym cocci
// --static): `static` goes before the first token of the definition.

@static_func@
identifier f = {%FUNCS%};
type T;
@@
+static
 T f(...) {...}
