// SPDX-License-Identifier: GPL-2.0-only
// static-var: make the listed variable definitions static (crossym cocci
// --static): `static` goes before the first token of the definition.

@static_var@
identifier x = {%VARS%};
type T;
@@
+static
 T x;

@static_var_init@
identifier x = {%VARS%};
type T;
initializer I;
@@
+static
 T x = I;
