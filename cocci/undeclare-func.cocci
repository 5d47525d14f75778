// SPDX-License-Identifier: GPL-2.0-only
// undeclare-func: delete a header's prototypes of the listed functions once
// their definitions are static (crossym cocci --static): a static
// definition after an extern declaration does not compile.

@undeclare_func@
identifier f = {%FUNCS%};
type T;
@@
- T f(...);
