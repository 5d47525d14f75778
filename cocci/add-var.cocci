// SPDX-License-Identifier: GPL-2.0-only
// add-var: tag the top-level definitions of the listed variables right before
// the name: `unsigned long TAG x = 5;`, `char __nosavedata TAG buf[16];`.
// Left alone: extern declarations, statics, prototypes, locals of the same
// name inside functions, and definitions already carrying the tag.
// Arrays come first: tagging them like scalars would give `int a TAG [16]`.

@add_var_excluded@
type T;
identifier x = {%VARS%};
initializer I;
position p;
@@
(
extern T x@p;
|
static T x@p;
|
static T x@p = I;
|
T x@p(...);
)

@add_var_local@
identifier fn;
identifier x = {%VARS%};
type T, T2;
initializer I;
position p;
@@
T2 fn(...) {
<+...
(
T x@p;
|
T x@p = I;
)
...+>
}

@add_var_tagged@
type T;
identifier x = {%VARS%};
initializer I;
attribute name %TAG%;
position p;
@@
(
T %TAG% x@p;
|
T %TAG% x@p = I;
)

@add_var@
type T;
identifier x = {%VARS%};
expression E;
initializer I;
attribute name %TAG%;
position p1 != add_var_excluded.p;
position p2 != add_var_local.p;
position p3 != add_var_tagged.p;
@@
(
T
-x@p1@p2@p3
+%TAG% x
 [E];
|
T
-x@p1@p2@p3
+%TAG% x
 [];
|
T
-x@p1@p2@p3
+%TAG% x
 [E] = I;
|
T
-x@p1@p2@p3
+%TAG% x
 [] = I;
|
T
-x@p1@p2@p3
+%TAG% x
 ;
|
T
-x@p1@p2@p3
+%TAG% x
 = I;
)

