#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# tests/trees/chain/build.sh OUT: a build of this tree in OUT whose objects
# are made from objects, by chains the .cmd files record (tests/t56-chain.sh):
#  - x/X.o := objcopy --rename-section .text=.init.text x/X-temp.o, and
#    x/X-temp.o := ld -r x/a.o x/b.o x/c.o (x/c.o compiled from x/cvar.c);
#  - the neighbours that change symbols, one object each in n/: objcopy
#    --prefix-symbols=init_ (n/pfx.init.o), --localize-symbol (n/loc.init.o),
#    --weaken-symbol (n/weak.init.o), --redefine-sym (n/rdf.init.o); `ld -r
#    --retain-symbols-file` (n/ret.o, which drops ret_gone) and `ld -r -T`
#    (n/scr.o);
#  - with GLOB=1, also objcopy --globalize-symbol (n/glob.init.o: a static
#    of n/glob.c made global, which main calls);
#  - each directory's built_in.o made by `ld -r`, joined into prelink.o, and
#    the program `chain` linked from it by a command kbuild does not record.
set -eu
. "$(cd "$(dirname "$0")/.." && pwd)/record.sh"
out=$1
begin_build "$out" "$(dirname "$0")" x n main
CFLAGS="-O2 -g -I$src/include"
glob=
[ "${GLOB:-0}" = 0 ] || glob=n/glob.init.o

# cc_record OBJ [SRC]: compile OBJ from SRC (default: OBJ's .c), recorded
# with its source_ line.
cc_record() {
	s=${2:-${1%.o}.c}
	record "$1" "gcc $CFLAGS -c -o $1 $src/$s" "$src/$s"
}

for o in x/a.o x/b.o n/pfx.o n/loc.o n/weak.o n/rdf.o n/r1.o n/r2.o n/r3.o \
	 n/s1.o n/s2.o main/dup.o; do
	cc_record "$o"
done
record main/main.o "gcc $CFLAGS ${glob:+-DGLOB} -c -o main/main.o $src/main/main.c" "$src/main/main.c"
if [ -n "$glob" ]; then
	cc_record n/glob.o
	record n/glob.init.o "objcopy --globalize-symbol=glob_fn n/glob.o n/glob.init.o"
fi
cc_record x/c.o x/cvar.c
record x/X-temp.o "ld -r -o x/X-temp.o x/a.o x/b.o x/c.o"
record x/X.o "objcopy --rename-section .text=.init.text x/X-temp.o x/X.o"
record n/pfx.init.o "objcopy --prefix-symbols=init_ n/pfx.o n/pfx.init.o"
record n/loc.init.o "objcopy --localize-symbol=loc_hide n/loc.o n/loc.init.o"
record n/weak.init.o "objcopy --weaken-symbol=weak_fn n/weak.o n/weak.init.o"
record n/rdf.init.o "objcopy --redefine-sym old_name=new_name n/rdf.o n/rdf.init.o"
record n/ret.o "ld -r --retain-symbols-file $src/n/keep.syms -o n/ret.o n/r1.o n/r2.o n/r3.o"
record n/scr.o "ld -r -T $src/n/part.lds -o n/scr.o n/s1.o n/s2.o"
record x/built_in.o "ld -r -o x/built_in.o x/X.o"
record n/built_in.o "ld -r -o n/built_in.o n/pfx.init.o n/loc.init.o n/weak.init.o n/rdf.init.o n/ret.o n/scr.o${glob:+ $glob}"
record main/built_in.o "ld -r -o main/built_in.o main/main.o main/dup.o"
record prelink.o "ld -r -o prelink.o x/built_in.o n/built_in.o main/built_in.o"
gcc -o chain prelink.o
