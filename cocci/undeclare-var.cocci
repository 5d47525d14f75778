// SPDX-License-Identifier: GPL-2.0-only
// undeclare-var: delete a header's extern declarations of the listed
// variables once their definitions are static (crossym cocci --static).

@undeclare_var@
identifier x = {%VARS%};
type T;
@@
- extern T x;
