// SPDX-License-Identifier: GPL-2.0-only
// remove-func: strip the tag from the definitions of the listed functions
// (stale tags), wherever it sits among the attributes. (Written `-TAG T f`:
// `T -TAG f` makes spatch 1.1.1 fail with "error in collection of - tokens".
// A tag in front of a macro call, `TAG DEFINE_X(x);`, cannot be matched by
// SmPL at all: annotate.sh removes those as text.)

@remove_func@
type T;
identifier f = {%FUNCS%};
attribute name %TAG%;
@@
-%TAG%
 T f(...) {...}

