#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t35-definer-expansion: a definer macro whose expansion begins with a static
# helper (the example tree's DEFINE_DEMO_RWSEM, shaped like the kernel's
# DEFINE_PERCPU_RWSEM) defines kernel/'s cpu_hotplug_lock, used from mm/.
# crossym reads the macro's #define (include/linux/rwsem_demo.h, found
# through the object's -I directories), sees that the tag in front of the
# call would land on the static helper, and places a re-declaration instead:
#  - report and wanted.tsv say so, with the #define's file:line;
#  - annotate.sh re-declares it, forms.tsv gives the reason;
#  - the tagged tree compiles with -Werror, while the tag in front of the
#    call (what crossym did before) does not;
#  - the whole-program build of the tagged tree links and runs;
#  - DEFINE_LIST (its expansion declares the name first) stays in place.
# The tag is the kernel's __visible (externally_visible alone, defined here):
# the example's own __global has `used` too, and GCC warns "'used' attribute
# ignored" on every re-declaration of a variable (-Wattributes), so no tree
# with a re-declared variable compiles with -Werror under __global.
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "no spatch (coccinelle)"
ex=$TOP/tests/trees/example
werror="-O2 -ffunction-sections -fdata-sections -Wall -Werror"
echo '#define __visible __attribute__((externally_visible))' >"$TMP/visible.h"
cppflags() { echo "-I$1/include -include $1/include/compiler.h -include $TMP/visible.h"; }

make -s -C "$ex" O="$TMP/b" LAYOUT=ldr CPPFLAGS="$(cppflags "$ex")" >"$TMP/build.log" 2>&1
ok $? "the example tree builds"
"$CROSSYM" report "$TMP/b" >"$TMP/report.txt"
def_line=$(grep -n '^#define DEFINE_DEMO_RWSEM(' "$ex/include/linux/rwsem_demo.h" | cut -d: -f1)
expect_grep "^  cpu_hotplug_lock  kernel/rwsem.c  definer macro, its expansion begins with a static declaration: DEFINE_DEMO_RWSEM (.*include/linux/rwsem_demo.h:$def_line))\$" \
	"$TMP/report.txt" "report: cpu_hotplug_lock not taggable in place, the #define named"
expect_grep "^ *1  on the definer macro DEFINE_LIST$" "$TMP/report.txt" \
	"report: DEFINE_LIST (first declaration is the name) stays on the definer macro"

cp -R "$ex" "$TMP/src"
"$CROSSYM" cocci -o "$TMP/c" --tag __visible "$TMP/b" 2>"$TMP/cocci.err"
ok $? "crossym cocci exits 0"
printf 'kernel/rwsem.c\tcpu_hotplug_lock\tvar\t5\tDEFINE_DEMO_RWSEM\tdeclarer-static\n' >"$TMP/want.w"
grep '	cpu_hotplug_lock	' "$TMP/c/wanted.tsv" >"$TMP/got.w"
expect_eq "$TMP/want.w" "$TMP/got.w" "wanted.tsv: place declarer-static"
if grep -q 'DEFINE_DEMO_RWSEM' "$TMP/c/cocci/kernel/rwsem.c.cocci"; then ok 1 "no rule for DEFINE_DEMO_RWSEM"; else ok 0 "no rule for DEFINE_DEMO_RWSEM"; fi
sh "$TOP/scripts/annotate.sh" "$TMP/c" "$TMP/src" --apply >"$TMP/annotate.log" 2>&1
ok $? "annotate.sh --apply exits 0"
printf 'kernel/rwsem.c\tcpu_hotplug_lock\tredeclared\tdefiner macro DEFINE_DEMO_RWSEM: its expansion begins with a static declaration\n' >"$TMP/want.f"
grep '	cpu_hotplug_lock	' "$TMP/c/forms.tsv" >"$TMP/got.f"
expect_eq "$TMP/want.f" "$TMP/got.f" "forms.tsv: re-declared, with the reason"
cat >"$TMP/want.c" <<'EOF'
/* kernel/rwsem.c: a lock made by a definer macro whose expansion begins with
 * a static helper (linux/rwsem_demo.h), used from mm/. */
#include <linux/rwsem_demo.h>

DEFINE_DEMO_RWSEM(cpu_hotplug_lock);
__typeof__(cpu_hotplug_lock) cpu_hotplug_lock __visible;
/* SPDX-License-Identifier: GPL-2.0-only */
EOF
expect_eq "$TMP/want.c" "$TMP/src/kernel/rwsem.c" \
	"kernel/rwsem.c: the call untouched, a re-declaration right behind it"

make -s -C "$ex" O="$TMP/bw" SRC="$TMP/src" LAYOUT=ldr BASE_CFLAGS="$werror" \
	CPPFLAGS="$(cppflags "$TMP/src")" >"$TMP/bw.log" 2>&1
ok $? "the tagged tree compiles with -Werror"
sed 's/^/# /' "$TMP/bw.log" | head -n 10
# the control: the tag in front of the call, as placed before
cp -R "$TMP/src" "$TMP/front"
sed -i 's/^DEFINE_DEMO_RWSEM(cpu_hotplug_lock);$/__visible &/; /^__typeof__(cpu_hotplug_lock)/d' \
	"$TMP/front/kernel/rwsem.c"
make -s -C "$ex" O="$TMP/bf" SRC="$TMP/front" LAYOUT=ldr BASE_CFLAGS="$werror" \
	CPPFLAGS="$(cppflags "$TMP/front")" >"$TMP/bf.log" 2>&1
[ $? -ne 0 ] && grep -q "kernel/rwsem.c:5:.*externally_visible" "$TMP/bf.log"
ok $? "control: __visible DEFINE_DEMO_RWSEM(...) fails with -Werror (externally_visible on the static helper)"

make -s -C "$ex" O="$TMP/wp" SRC="$TMP/src" LAYOUT=ldr WHOLEPROG=1 BASE_CFLAGS="$werror" \
	CPPFLAGS="$(cppflags "$TMP/src")" >"$TMP/wp.log" 2>&1
ok $? "the whole-program build of the tagged tree links (-Werror)"
sed 's/^/# /' "$TMP/wp.log" | head -n 10
"$TMP/wp/prog" >"$TMP/wp.out" 2>&1
expect_eq "$ex/expected-output.txt" "$TMP/wp.out" "the whole-program binary runs as the normal one"
nm "$TMP/wp/kernel/unit.o" 2>/dev/null | grep -q ' [DB] cpu_hotplug_lock$'
ok $? "cpu_hotplug_lock stays global in the kernel unit"
nm "$TMP/wp/kernel/unit.o" 2>/dev/null | grep -q ' [DBdb] __demo_rwsem_rc_cpu_hotplug_lock$' &&
	! nm "$TMP/wp/kernel/unit.o" | grep -q ' [DB] __demo_rwsem_rc_cpu_hotplug_lock$'
ok $? "its static helper stays local"
done_testing
