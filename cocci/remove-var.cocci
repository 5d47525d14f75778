// SPDX-License-Identifier: GPL-2.0-only
// remove-var: strip the tag from the top-level definitions of the listed
// variables (stale tags). Extern declarations are left alone: annotate.sh
// deletes its own tagged re-declarations as whole lines.

@remove_var_extern@
type T;
identifier x = {%VARS%};
position p;
@@
extern T x@p;

@remove_var@
type T;
identifier x = {%VARS%};
initializer I;
attribute name %TAG%;
position p != remove_var_extern.p;
@@
(
T
-%TAG%
 x@p;
|
T
-%TAG%
 x@p = I;
)
