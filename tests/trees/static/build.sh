#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# tests/trees/static/build.sh OUT CONFIG [SRC]: a kbuild-style build of this
# tree (or of SRC, a changed copy of it) in OUT with CONFIG_<CONFIG>=y (A or B; include/config/auto.conf says so,
# as kbuild's does): lib/util.c's definitions file-local in one
# configuration, used from app/ in the other, or used under an option no
# build sets (crossym cocci --static, t55). -Werror: a definition made
# static that some configuration leaves unused fails the build.
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
config=$2
begin_build "$1" "${3:-$(dirname "$0")}" lib app include/config
echo "CONFIG_$config=y" >include/config/auto.conf
CFLAGS="-O2 -Wall -Werror -DCONFIG_$config -I$src/include"
for o in lib/util app/main app/extra; do
	record "$o.o" "gcc $CFLAGS -c -o $o.o $src/$o.c" "$src/$o.c"
done
record_thin lib:lib/util.o app:app/main.o,app/extra.o
record prog "gcc -o prog -Wl,--whole-archive built-in.a -Wl,--no-whole-archive"
