#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t01-layers: src/ folders include only downward, in the order doc/HACKING.md
# states, and every include names its folder; the check itself fails on a
# planted upward include and on a bare one.
. "$(dirname "$0")/lib.sh"
LAYERS=$TOP/tests/layers.sh
HACKING=$TOP/doc/HACKING.md

sh "$LAYERS" "$HACKING" "$TOP/src" >"$TMP/out" 2>&1
ok $? "src/ includes only downward in HACKING's order"
sed 's/^/# /' "$TMP/out" | head -n 20

cp -R "$TOP/src" "$TMP/src"
printf '#include "model/decide.h"\n' >>"$TMP/src/kbuild/db.c"
sh "$LAYERS" "$HACKING" "$TMP/src" >"$TMP/out" 2>&1
rc=$?
[ "$rc" -eq 1 ] && grep -qx 'kbuild/db.c:[0-9]*: #include "model/decide.h" points up: model is above kbuild' "$TMP/out"
ok $? "a planted upward include fails, naming file, line and folders (exit $rc)"

cp -R "$TOP/src" "$TMP/src2"
printf '#include "decide.h"\n' >>"$TMP/src2/place/placement.c"
sh "$LAYERS" "$HACKING" "$TMP/src2" >"$TMP/out" 2>&1
rc=$?
[ "$rc" -eq 1 ] && grep -qx 'place/placement.c:[0-9]*: #include "decide.h" names no folder' "$TMP/out"
ok $? "an include without its folder fails (exit $rc)"

cp -R "$TOP/src" "$TMP/src3"
printf '#include <elfutils/libdw.h>\n' >>"$TMP/src3/model/decide.c"
sh "$LAYERS" "$HACKING" "$TMP/src3" >"$TMP/out" 2>&1
[ $? -eq 1 ] && grep -q '^model/decide.c:[0-9]*: #include <elfutils/libdw.h>: only objfile/ reads ELF and DWARF$' "$TMP/out"
ok $? "libdw included outside objfile/ fails"

mkdir "$TMP/src/newstage" && : >"$TMP/src/newstage/x.c"
sh "$LAYERS" "$HACKING" "$TMP/src" >"$TMP/out" 2>&1
grep -qx 'newstage/x.c: folder newstage is not in the order' "$TMP/out"
ok $? "a folder HACKING does not place fails"

done_testing
