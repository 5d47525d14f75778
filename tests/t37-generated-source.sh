#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t37-generated-source: a definition in a source file the build generated
# (it lives in the build dir, not in the source tree: Linux's
# arch/x86/entry/vdso/vdso-image-32.c defines vdso_image_32) must not give
# `missing source`, and must not stay untagged: crossym re-declares it tagged
# in a C source of the same unit whose build declares it extern, and says
# which. A small kbuild-style tree made here: vdso/table.c (source) and
# vdso/image.c (generated into the build dir) form unit vdso; main/main.c uses
# vdso_image from outside. The whole-program checks show the limit of that
# re-declaration (GCC 12 does not honour it for a definition in another file
# of the unit), which the report states; `crossym units --generated` lists
# such definitions, and with the generated object excluded (compiled
# normally beside the unit) nothing is re-declared.
. "$(dirname "$0")/lib.sh"
command -v spatch >/dev/null 2>&1 || skip_all "no spatch (coccinelle)"
S=$TMP/src O=$TMP/build
mkdir -p "$S/include" "$S/vdso" "$S/main" "$O/vdso" "$O/main"
cat >"$S/include/vdso.h" <<'EOF'
struct vdso_image { const char *name; int size; };
extern const struct vdso_image vdso_image;
int vdso_size(void);
EOF
cat >"$S/vdso/table.c" <<'EOF'
#include "vdso.h"

int vdso_size(void)
{
	return vdso_image.size;
}
EOF
cat >"$S/main/main.c" <<'EOF'
#include <stdio.h>
#include "vdso.h"

int main(void)
{
	printf("%s %d %d\n", vdso_image.name, vdso_image.size, vdso_size());
	return 0;
}
EOF
ln -s "$S" "$O/source"
# the generator: the build writes vdso/image.c into the build dir
printf '#include "vdso.h"\n\nconst struct vdso_image vdso_image = { "vdso", 42 };\n' >"$O/vdso/image.c"
# the build defines the tag (crossym cocci checks that it does)
V='-D__visible=__attribute__((externally_visible))'
cc_one() {      # OBJ SOURCE_AS_IN_CMD
	cmd="gcc -O2 -Wall -fPIC $V -I$S/include -c -o $1 $2"
	(cd "$O" && $cmd) || return 1
	printf 'cmd_%s := %s\n\nsource_%s := %s\n\n' "$1" "$cmd" "$1" "$2" \
		>"$O/$(dirname "$1")/.$(basename "$1").cmd"
}
cc_one vdso/table.o "$S/vdso/table.c" && cc_one vdso/image.o vdso/image.c &&
	cc_one main/main.o "$S/main/main.c" &&
	(cd "$O" && gcc -o prog main/main.o vdso/table.o vdso/image.o)
ok $? "the tree builds (vdso/image.c generated into the build dir)"

"$CROSSYM" report "$O" >"$TMP/report.txt" 2>"$TMP/report.err"
expect_grep "^  vdso_image  vdso/image.c  defined in a generated source vdso/image.c (vdso/image.c is made by the build; re-declared in vdso/table.c, which GCC 12 -fwhole-program does not honour" \
	"$TMP/report.txt" "report: generated, re-declared in vdso/table.c"
cp -R "$S" "$TMP/tagged"
"$CROSSYM" cocci -o "$TMP/c" --tag __visible "$O" 2>"$TMP/cocci.err"
ok $? "crossym cocci exits 0 (no 'missing source')"
sed 's/^/# /' "$TMP/cocci.err"
printf 'vdso/table.c\tvdso_image\tvar\t0\tvdso/image.c\tgenerated\n' >"$TMP/want.w"
grep '	vdso_image	' "$TMP/c/wanted.tsv" >"$TMP/got.w"
expect_eq "$TMP/want.w" "$TMP/got.w" "wanted.tsv: in vdso/table.c, place generated"
sh "$TOP/scripts/annotate.sh" "$TMP/c" "$TMP/tagged" --apply >"$TMP/annotate.log" 2>&1
ok $? "annotate.sh --apply exits 0"
printf 'vdso/table.c\tvdso_image\tredeclared\tdefined in vdso/image.c, which the build generates\n' >"$TMP/want.f"
grep '	vdso_image	' "$TMP/c/forms.tsv" >"$TMP/got.f"
expect_eq "$TMP/want.f" "$TMP/got.f" "forms.tsv: re-declared, naming the generated file"
tail -n 1 "$TMP/tagged/vdso/table.c" >"$TMP/got.l"
echo 'extern __typeof__(vdso_image) vdso_image __visible;' >"$TMP/want.l"
expect_eq "$TMP/want.l" "$TMP/got.l" "vdso/table.c ends with the re-declaration"
[ ! -e "$TMP/tagged/vdso/image.c" ] && ! grep -q __visible "$O/vdso/image.c"
ok $? "the generated file is left alone"
# Whole-program: GCC 12 does not honour externally_visible on a declaration in
# another file of the unit (the limitation the report states): with the
# generated object inside the unit vdso_image is localised even when tagged;
# with it linked beside the unit (as the report advises) the program links.
gcc -O2 -Wall -Werror "$V" -I"$S/include" -flto -c -o "$TMP/t.o" "$TMP/tagged/vdso/table.c" &&
	gcc -O2 -Wall -Werror -I"$S/include" -flto -c -o "$TMP/i.o" "$O/vdso/image.c" &&
	gcc -O2 -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program -r -nostdlib \
		"$TMP/t.o" "$TMP/i.o" -o "$TMP/vdso-unit.o"
ok $? "the tagged vdso sources compile with -Werror and make a whole-program unit"
if gcc -o "$TMP/prog" "$O/main/main.o" "$TMP/vdso-unit.o" 2>/dev/null; then r=1; else r=0; fi
ok $r "limitation: with the generated object inside the unit, the re-declaration in table.c does not keep vdso_image (link fails)"
gcc -O2 -flto -flto-partition=one -fno-use-linker-plugin -fwhole-program -r -nostdlib \
	"$TMP/t.o" -o "$TMP/vdso-unit1.o" &&
	gcc -O2 -Wall -I"$S/include" -c -o "$TMP/i1.o" "$O/vdso/image.c" &&
	gcc -o "$TMP/prog" "$O/main/main.o" "$TMP/vdso-unit1.o" "$TMP/i1.o" &&
	[ "$("$TMP/prog")" = "vdso 42 42" ]
ok $? "with the generated object beside the unit the whole-program build links and runs"
# crossym units --generated lists it; with its object excluded (compiled
# normally beside the unit) it needs no tag and nothing is re-declared
printf 'unit\tobject\tsymbol\tsource\nvdso\tvdso/image.o\tvdso_image\tvdso/image.c\n' >"$TMP/want.g"
"$CROSSYM" units --generated "$O" >"$TMP/got.g"
expect_eq "$TMP/want.g" "$TMP/got.g" "units --generated: vdso_image in vdso/image.o"
"$CROSSYM" units --generated --exclude vdso/image.o "$O" | sed 1d >"$TMP/got.g2"
expect_eq /dev/null "$TMP/got.g2" "units --generated --exclude vdso/image.o: nothing"
"$CROSSYM" report --format=tsv --exclude vdso/image.o "$O" | awk -F '\t' '$1 == "vdso_image" { print $5 }' >"$TMP/got.st"
echo excluded >"$TMP/want.st"
expect_eq "$TMP/want.st" "$TMP/got.st" "with vdso/image.o excluded vdso_image has status excluded"
"$CROSSYM" cocci -o "$TMP/cx" --tag __visible --exclude vdso/image.o "$O" 2>"$TMP/cx.err"
ok $? "cocci --exclude vdso/image.o exits 0"
! grep -q vdso_image "$TMP/cx/wanted.tsv"
ok $? "cocci --exclude vdso/image.o: no re-declaration of vdso_image wanted"
"$CROSSYM" check --tag __visible --srctree "$TMP/tagged" "$O" >"$TMP/check.out" 2>"$TMP/check.err"
ok $? "crossym check on the tagged sources: exit 0"
expect_grep "0 missing, 0 stale" "$TMP/check.err" "check: nothing missing"
done_testing
