#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# tests/trees/arms/build.sh OUT [SRC]: a kbuild-style build in OUT of this
# tree (or of SRC, a copy of it) with CONFIG_ON set: lib/arms.o, lib/pick.o
# (its .cmd with kbuild's deps_ list) and app/main.o, thin archives, the
# program linked from them (`.prog.cmd`).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../record.sh"
begin_build "$1" "${2:-$here}" lib app
CFLAGS="-O2 -Wall -Wextra -DCONFIG_ON -I$src/include"
for o in lib/arms app/main lib/pick; do
	record "$o.o" "gcc $CFLAGS -c -o $o.o $src/$o.c" "$src/$o.c"
done
# lib/pick.o's deps_ list, as kbuild's fixdep writes it: the .c it #includes
{ printf 'deps_lib/pick.o := \\\n  %s \\\n  %s \\\n\n' "$src/lib/pick.c" \
	"$src/lib/pick_big.c"
  printf 'lib/pick.o: $(deps_lib/pick.o)\n\n$(deps_lib/pick.o):\n'; } >>lib/.pick.o.cmd
record_thin lib:lib/arms.o,lib/pick.o app:app/main.o
record prog "gcc -o prog -Wl,--whole-archive built-in.a -Wl,--no-whole-archive"
