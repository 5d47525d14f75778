// SPDX-License-Identifier: GPL-2.0-only
// add-macro: tag the definitions one definer macro makes for the listed
// names, in front of the macro call: `TAG DEFINE_MUTEX(name);`. Calls inside
// function bodies (local objects) are left alone; a call already preceded by
// an attribute does not match. One copy of these rules per definer macro.

@add_macro_local_%N%@
declarer name %MACRO%;
identifier fn;
identifier x = {%MSYMS%};
type T;
position p;
@@
T fn(...) {
<+...
%MACRO%(...,x@p,...);
...+>
}

@add_macro_%N%@
declarer name %MACRO%;
identifier x = {%MSYMS%};
attribute name %TAG%;
position p != add_macro_local_%N%.p;
@@
-%MACRO%
+%TAG% %MACRO%
 (...,x@p,...);

