// remove-func: strip the tag from the definitions of the listed functions
// (stale tags), wherever it sits among the attributes.

@remove_func@
type T;
identifier f = {%FUNCS%};
attribute name %TAG%;
@@
-%TAG%
 T f(...) {...}

