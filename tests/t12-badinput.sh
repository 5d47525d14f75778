#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t12-badinput: input crossym cannot fully understand is never a confident
# answer: each case gets a message naming the file and a non-zero exit (or the
# correct answer), and nothing hangs or runs unasked (issue 11).
. "$(dirname "$0")/lib.sh"
MKELF=${MKELF:-$TOP/build/mkelf}
[ -x "$MKELF" ] || MKELF=$TOP/build/mkelf
T="timeout 60"          # a hang fails the test instead of the run

# tree DIR: two units that call each other, with sources.
tree() {
	mkdir -p "$1/a" "$1/b"
	"$MKELF" "$1/a/x.o" 64 lsb 62 T:f U:g
	"$MKELF" "$1/b/y.o" 64 lsb 62 T:g U:f
	printf 'int g(void);\nint f(void) { return g(); }\n' >"$1/a/x.c"
	printf 'int f(void);\nint g(void) { return f(); }\n' >"$1/b/y.c"
}
t=$TMP/t
tree "$t"
$T "$CROSSYM" report --format=tsv "$t" >"$TMP/good.tsv"
ok $? "the good tree reports (exit 0)"

# --- ELF cut inside the section-header table: every length ---------------
size=$(wc -c <"$t/a/x.o")
shoff=$(readelf -h "$t/a/x.o" | sed -n 's/.*Start of section headers: *\([0-9]*\).*/\1/p')
cp "$t/a/x.o" "$TMP/x.o"
bad=0 len=$shoff
while [ "$len" -lt "$size" ]; do
	head -c "$len" "$TMP/x.o" >"$t/a/x.o"
	$T "$CROSSYM" report --format=tsv "$t" >/dev/null 2>"$TMP/err"
	rc=$?
	grep -q "^crossym: $t/a/x.o: truncated ELF file\|^crossym: a/x.o: truncated ELF file" "$TMP/err" ||
		grep -q "a/x.o: truncated ELF file" "$TMP/err" || rc=0
	[ "$rc" -eq 1 ] || { bad=$((bad + 1)); echo "# cut at $len: exit $rc"; }
	len=$((len + ${CUT_STEP:-1}))
done
ok $bad "cut at each of the $((size - shoff)) lengths (step ${CUT_STEP:-1}) inside the section-header table: exit 1, named"
cp "$TMP/x.o" "$t/a/x.o"

# poke FILE OFFSET HEXBYTES: overwrite bytes in place.
poke() { printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null; }
poke "$t/a/x.o" 60 '\310\000'                  # e_shnum = 200
expect_status 1 $T "$CROSSYM" report --format=tsv "$t"
expect_grep "a/x.o: truncated ELF file (section header table past its end)" "$TMP/err" \
	"e_shnum past the end: named"
cp "$TMP/x.o" "$t/a/x.o"
poke "$t/a/x.o" 40 "$(printf '\\%03o' $(( (size - 100) % 256 )) $(( (size - 100) / 256 )))"
expect_status 1 $T "$CROSSYM" report --format=tsv "$t"
expect_grep "a/x.o: truncated ELF file (section header table past its end)" "$TMP/err" \
	"e_shoff partly past the end: named"
cp "$TMP/x.o" "$t/a/x.o"
# a broken string table link: libelf's message, never "(no error)"
poke "$t/a/x.o" $((shoff + 3 * 64 + 40)) '\001'
expect_status 1 $T "$CROSSYM" report --format=tsv "$t"
expect_grep "a/x.o: corrupt symbol name table (invalid section)" "$TMP/err" \
	"a corrupt symbol table: libelf's message"
! grep -q "no error" "$TMP/err"
ok $? "no '(no error)' appended"
cp "$TMP/x.o" "$t/a/x.o"

# the fuzzers' findings, as inputs of the real binary
cp "$TOP/tests/fuzz/regress/elf/short-ident" "$t/a/short.o"
expect_status 1 $T "$CROSSYM" report --format=tsv "$t"
expect_grep "^crossym: a/short.o: truncated ELF file (inside the ELF header)" "$TMP/err" \
	"an ELF file shorter than its e_ident: named (fuzz finding)"
rm "$t/a/short.o"

# --- x32 among x86-64 objects: ld refuses the mix --------------------------
"$MKELF" "$t/b/x32.o" 32 lsb 62 T:h U:f
expect_status 1 $T "$CROSSYM" report --format=tsv "$t"
expect_grep "^crossym: b/x32.o: wrong architecture (x32; the build is x86-64)" "$TMP/err" \
	"x32: reported"
expect_eq "$TMP/good.tsv" "$TMP/out" "x32: left out, the rest reported"
rm "$t/b/x32.o"

# --- symbolic links ----------------------------------------------------------
cp -as "$t" "$TMP/linked"
expect_status 0 $T "$CROSSYM" report --format=tsv "$TMP/linked"
expect_eq "$TMP/good.tsv" "$TMP/out" "a cp -as tree reports as the original"
ln -s nowhere.o "$t/a/dangling.o"
expect_status 1 $T "$CROSSYM" report --format=tsv "$t"
expect_grep "^crossym: a/dangling.o: No such file or directory (a symbolic link to nothing)" \
	"$TMP/err" "a dangling symlink: named"
rm "$t/a/dangling.o"
mkfifo "$t/a/fifo.o"
expect_status 1 $T "$CROSSYM" report --format=tsv "$t"
expect_grep "^crossym: a/fifo.o: not a regular file" "$TMP/err" "a FIFO object: named, no hang"
rm "$t/a/fifo.o"
# a subdirectory that is a symbolic link to a directory outside the tree is
# read (once, however many links lead there); one into the tree, and kbuild's
# `source` link, are not (their objects are met under their own names)
sl=$TMP/symdir
mkdir -p "$sl/a" "$TMP/symdir-b"
cp "$t/a/x.o" "$t/a/x.c" "$sl/a/"
cp "$t/b/y.o" "$t/b/y.c" "$TMP/symdir-b/"
ln -s ../symdir-b "$sl/b"
ln -s ../symdir-b "$sl/b2"
ln -s .. "$sl/a/up"
ln -s "$t" "$sl/source"
expect_status 0 $T "$CROSSYM" report --format=tsv "$sl"
expect_eq "$TMP/good.tsv" "$TMP/out" "a symbolic link to a subdirectory: read as the original, once"
# objects deeper than 255 directories: an error, never a silent skip
dp=$TMP/deep
mkdir -p "$dp/a"
cp "$t/a/x.o" "$t/a/x.c" "$dp/a/"
d=$dp/b
for i in $(seq 1 99); do d=$d/d; done
mkdir -p "$d" && cp "$t/b/y.o" "$d/"
expect_status 0 $T "$CROSSYM" report --format=tsv "$dp"
grep -q "^f	a	a/x.o	a/x.c	tag	b/d/d/d/" "$TMP/out"
ok $? "an object 100 directories deep: read"
for i in $(seq 1 160); do d=$d/d; done
mkdir -p "$d" && cp "$t/b/y.o" "$d/"
expect_status 1 $T "$CROSSYM" report --format=tsv "$dp"
expect_grep "^crossym: b/d/d/.*/d: more than 255 directories deep: not read" "$TMP/err" \
	"an object past 255 directories: an error naming the directory"

# --- thin archives: FIFO member, missing member, FIFO .cmd -------------------
th=$TMP/thin
tree "$th"
(cd "$th" && ar cDPrST a/built-in.a a/x.o && ar cDPrST b/built-in.a b/y.o)
mv "$th/b/y.o" "$TMP/y.o"
mkfifo "$th/b/y.o"
expect_status 1 $T "$CROSSYM" report --format=tsv "$th"
expect_grep "^crossym: b/y.o: not a regular file" "$TMP/err" "a FIFO thin member: named, no hang"
rm "$th/b/y.o"
expect_status 1 $T "$CROSSYM" report --format=tsv "$th"
expect_grep "^crossym: b/built-in.a: member b/y.o (stored as y.o): No such file or directory" \
	"$TMP/err" "a missing thin member: its path and its archive"
mv "$TMP/y.o" "$th/b/y.o"
mkfifo "$th/a/.x.o.cmd"
expect_status 1 $T "$CROSSYM" report --format=tsv "$th"
expect_grep "^crossym: a/.x.o.cmd: not a regular file" "$TMP/err" "a FIFO .cmd: named, no hang"
rm "$th/a/.x.o.cmd"

# --- an ld -r .cmd that names no inputs: the unit must not vanish -------------
lr=$TMP/ldr
tree "$lr"
(cd "$lr" && ld -r -o a/built-in.o a/x.o && ld -r -o b/built-in.o b/y.o &&
	echo "cmd_b/built-in.o := ld -m elf_x86_64 -r -o b/built-in.o b/y.o" >b/.built-in.o.cmd &&
	echo "cmd_a/built-in.o := ld -m elf_x86_64 -r -o a/built-in.o" >a/.built-in.o.cmd)
expect_status 1 $T "$CROSSYM" report --format=tsv "$lr"
expect_grep "^crossym: a/.built-in.o.cmd: its .ld -r. command names no inputs" "$TMP/err" \
	"a .cmd with no inputs: named"
grep -q '^f	a	' "$TMP/out"
ok $? "a .cmd with no inputs: its unit is still read"

# --- a stale ld -r .cmd: fewer inputs than its built-in.o holds ------------------
st=$TMP/stale
tree "$st"
(cd "$st" && cp b/y.o a/z.o && objcopy --redefine-sym g=z a/z.o &&
	ld -r -o a/built-in.o a/x.o a/z.o && ld -r -o b/built-in.o b/y.o &&
	echo "cmd_b/built-in.o := ld -m elf_x86_64 -r -o b/built-in.o b/y.o" >b/.built-in.o.cmd &&
	echo "cmd_a/built-in.o := ld -m elf_x86_64 -r -o a/built-in.o a/x.o" >a/.built-in.o.cmd)
expect_status 1 $T "$CROSSYM" report --format=tsv "$st"
expect_grep "^crossym: a/built-in.o: 1 of its global symbols (z) come from no input that a/.built-in.o.cmd names: the .cmd file is stale" \
	"$TMP/err" "a stale .cmd (an input left out): the aggregate and the symbol named, exit 1"
echo "cmd_a/built-in.o := ld -m elf_x86_64 -r -o a/built-in.o a/x.o a/z.o" >"$st/a/.built-in.o.cmd"
expect_status 0 $T "$CROSSYM" report --format=tsv "$st"

# --- .cmd text that is not as kbuild writes it; lists that are not files -------
ct=$TMP/cmdtext
tree "$ct"
printf 'cmd_a/x.o := gcc -c -o a/x.o a/x.c\r\n\r\nsource_a/x.o := a/x.c\r\n' >"$ct/a/.x.o.cmd"
expect_status 0 $T "$CROSSYM" cocci --define-tag -o "$TMP/ct-out" "$ct"
grep -q '^a/x.c	' "$TMP/ct-out/files.tsv"
ok $? "a .cmd with CRLF line ends: read as LF, its source found"
printf 'cmd_a/x.o := gcc -c -o a/x.o a/x\0.c\n\nsource_a/x.o := a/x\0.c\n' >"$ct/a/.x.o.cmd"
expect_status 1 $T "$CROSSYM" report --format=tsv "$ct"
expect_grep "^crossym: a/.x.o.cmd: a NUL byte in it: not a text file" "$TMP/err" \
	"a .cmd with a NUL byte: named, exit 1"
rm "$ct/a/.x.o.cmd"
mkfifo "$TMP/fifo"
expect_status 2 $T "$CROSSYM" report --exclude @"$TMP/fifo" "$ct"
expect_grep "^crossym: $TMP/fifo: not a regular file" "$TMP/err" "--exclude @FIFO: named, no hang"
expect_status 1 $T "$CROSSYM" report --lds /dev/zero "$ct"
expect_grep "^crossym: /dev/zero: not a regular file" "$TMP/err" "--lds /dev/zero: named, no hang"

# --- a -g build (no .cmd files) whose source tree moved: the debug info's path
# is named, with the way out
mkdir -p "$TMP/gold/src/a" "$TMP/gold/src/b" "$TMP/gold/build/a" "$TMP/gold/build/b"
printf 'int g(void);\nint f(void) { return g(); }\n' >"$TMP/gold/src/a/x.c"
printf 'int f(void);\nint g(void) { return f(); }\n' >"$TMP/gold/src/b/y.c"
(cd "$TMP/gold/src" && gcc -g -c a/x.c -o ../build/a/x.o && gcc -g -c "$TMP/gold/src/b/y.c" -o ../build/b/y.o)
mv "$TMP/gold" "$TMP/gnew"
expect_status 1 $T "$CROSSYM" cocci --define-tag -o "$TMP/g-out" "$TMP/gnew/build"
expect_grep "^crossym: b/y.o: g: source unknown, cannot tag it: its debug info (DW_AT_decl_file, under DW_AT_comp_dir) names $TMP/gold/src/b/y.c, outside the source tree $TMP/gnew/build: moved or copied since it was built? --srctree DIR" \
	"$TMP/err" "a -g build whose tree moved: the debug info's path named, and --srctree offered"
expect_status 0 $T "$CROSSYM" cocci --define-tag --srctree "$TMP/gnew/src" -o "$TMP/g-out" "$TMP/gnew/build"

# --- --nm input -----------------------------------------------------------------
(cd "$t" && "$CROSSYM" objects . | xargs nm -A) >"$TMP/all.nm"
head -c $(($(wc -c <"$TMP/all.nm") - 2)) "$TMP/all.nm" >"$TMP/cut.nm"
expect_status 1 $T "$CROSSYM" report --format=tsv --nm "$TMP/cut.nm" "$t"
expect_grep "cut.nm:[0-9]*: the last line is cut (no newline at its end)" "$TMP/err" \
	"--nm cut inside the last name: named"
: >"$TMP/empty.nm"
expect_status 2 $T "$CROSSYM" report --format=tsv --nm "$TMP/empty.nm" "$t"
expect_grep "empty.nm: no symbols: empty .nm -A. output" "$TMP/err" "--nm empty file: named"
expect_status 2 $T "$CROSSYM" report --format=tsv --nm "$TMP" "$t"
expect_grep "$TMP: Is a directory" "$TMP/err" "--nm a directory: named"
# other nm programs: llvm-nm -A and eu-nm -A -B read as nm -A is; the shapes
# nm prints without -A (BSD with file headers, sysv, POSIX) refused by name
"$CROSSYM" report --format=tsv --nm "$TMP/all.nm" "$t" >"$TMP/gnu.tsv" 2>/dev/null
for prog in "llvm-nm -A" "eu-nm -A -B"; do
	if ! command -v ${prog%% *} >/dev/null 2>&1; then
		ok 0 "# SKIP ${prog%% *} not installed"
		continue
	fi
	(cd "$t" && "$CROSSYM" objects . | xargs $prog) >"$TMP/other.nm"
	expect_status 0 $T "$CROSSYM" report --format=tsv --nm "$TMP/other.nm" "$t"
	cmp -s "$TMP/gnu.tsv" "$TMP/out"
	ok $? "--nm from $prog: the same report as from nm -A"
done
for shape in "nm|nm output without -A" "nm -f sysv|the sysv format" \
	     "nm -P -A|the POSIX format"; do
	(cd "$t" && "$CROSSYM" objects . | xargs ${shape%%|*}) >"$TMP/shape.nm"
	expect_status 2 $T "$CROSSYM" report --format=tsv --nm "$TMP/shape.nm" "$t"
	expect_grep "shape.nm:[0-9]*: not .nm -A. output but ${shape#*|}.*make it with nm -A" \
		"$TMP/err" "--nm from ${shape%%|*}: refused by name, the command said"
done

# --- nothing to check is no success --------------------------------------------
mkdir -p "$TMP/empty" "$TMP/unbuilt/a"
cp "$t/a/x.c" "$TMP/unbuilt/a/"
for cmd in report check "cocci -o $TMP/eo"; do
	for d in "$TMP/empty" "$TMP/unbuilt"; do
		expect_status 2 $T "$CROSSYM" $cmd "$d"
		expect_grep "$d: no objects found: not built yet, or not a build directory" \
			"$TMP/err" "$cmd on $(basename "$d"): an error"
	done
done
expect_status 2 $T "$CROSSYM" check "$TMP/mistyped"
expect_grep "mistyped: not a build directory" "$TMP/err" "a mistyped build dir: an error"
lib=$TMP/libonly
mkdir -p "$lib/l"
"$MKELF" "$lib/l/m.o" 64 lsb 62 T:m
(cd "$lib" && ar rcs l/lib.a l/m.o && rm l/m.o)
expect_status 2 $T "$CROSSYM" check "$lib"
expect_grep "libonly: 1 objects found, but no linked image" "$TMP/err" \
	"only unlinked library members: an error"

# --- stdout write errors ------------------------------------------------------
$T "$CROSSYM" report "$t" >/dev/full 2>"$TMP/err"
rc=$?
[ "$rc" -eq 2 ]
ok $? "report >/dev/full: exit 2 (got $rc)"
expect_grep "^crossym: standard output: write error: No space left on device" "$TMP/err" \
	"report >/dev/full: said so"
for args in "--version" "--help" "help" "report --help" "annotate --help"; do
	CROSSYM_LIBEXECDIR=$TOP/scripts $T "$CROSSYM" $args >/dev/full 2>"$TMP/err"
	rc=$?
	[ "$rc" -eq 2 ] && grep -q "write error\|No space left" "$TMP/err"
	ok $? "crossym $args >/dev/full: exit 2, said (got $rc)"
done

# --- cocci: -o FILE, the completion marker ---------------------------------------
: >"$TMP/afile"
expect_status 2 $T "$CROSSYM" cocci -o "$TMP/afile" "$t"
expect_grep "cocci: -o $TMP/afile: not a directory" "$TMP/err" "cocci -o FILE: a clear message"
ln -s "$TMP/nowhere-dir" "$TMP/dangling-out"
expect_status 2 $T "$CROSSYM" cocci -o "$TMP/dangling-out" "$t"
expect_grep "cocci: -o $TMP/dangling-out: a symbolic link to nothing" "$TMP/err" \
	"cocci -o a dangling symbolic link: named as such"
expect_status 0 $T "$CROSSYM" cocci -o "$TMP/job" "$t"
[ -f "$TMP/job/.complete" ] && [ -f "$TMP/job/wanted.tsv" ]
ok $? "cocci: OUTDIR/.complete written"
! ls -a "$TMP/job" | grep -q '^\.[a-z]*\.tsv\.'
ok $? "cocci: no temporary files left"
cp "$t/b/y.o" "$TMP/y.o"
echo 'not an object' >"$t/b/y.o"
expect_status 1 $T "$CROSSYM" cocci -o "$TMP/job" "$t"
[ ! -e "$TMP/job/.complete" ]
ok $? "a failed cocci (an object it cannot read) leaves no .complete"
expect_grep "is incomplete (no .complete)" "$TMP/err" "a failed cocci says OUTDIR is incomplete"
cp "$TMP/y.o" "$t/b/y.o"
# a definition with no source (b/y.c gone) costs only itself: listed in
# unplaced.tsv, OUTDIR complete, exit 1
mv "$t/b/y.c" "$TMP/y.c"
expect_status 1 $T "$CROSSYM" cocci -o "$TMP/job" "$t"
[ -e "$TMP/job/.complete" ] && grep -q "^g	b/y.o	b/y.o: no .cmd file names its source" "$TMP/job/unplaced.tsv"
ok $? "a definition with no source: in unplaced.tsv, OUTDIR complete"
mv "$TMP/y.c" "$t/b/y.c"

# a TAB in a source file's name: cocci refuses that file by name (files.tsv
# and annotate's lists are TAB-separated lines), the rest is written
tb=$TMP/tabname
tree "$tb"
mv "$tb/a/x.o" "$tb/a/wi	th.o"
mv "$tb/a/x.c" "$tb/a/wi	th.c"
expect_status 1 $T "$CROSSYM" cocci -o "$TMP/tab.out" "$tb"
expect_grep "^crossym: a/wi	th.c: a TAB, newline, carriage return or backslash in the file name: annotate cannot patch it; rename the file" \
	"$TMP/err" "a TAB in a source's name: refused by name, exit 1"
! grep -q "wi	th" "$TMP/tab.out/files.tsv" 2>/dev/null
ok $? "... and not written into files.tsv"
# --- nothing executed unasked ------------------------------------------------------
# f is made by top-level asm: only the preprocessed unit tells (no C name f)
r=$TMP/run
tree "$r"
printf 'asm(".globl f\\nf: ret");\n' >"$r/a/x.c"
printf 'cmd_a/x.o := gcc -c -o a/x.o a/x.c\nsource_a/x.o := a/x.c\n' >"$r/a/.x.o.cmd"
expect_status 0 $T "$CROSSYM" report "$r"
expect_grep "^crossym: a/x.c\(:1\)*: note: f: made by top-level asm or pasted by a macro? --run-build-commands would tell$" \
	"$TMP/err" "without --run-build-commands: nothing run, the definition named"
expect_status 0 $T "$CROSSYM" report --run-build-commands "$r"
expect_grep "f  *a/x.c  *defined by top-level asm" "$TMP/out" \
	"--run-build-commands: the compile command ran (by argv) and told"
# --run-build-commands runs only a compiler of PATH (or named absolutely),
# never a program of the tree, and drops the options that write files or run
# programs
rr=$TMP/runrel
tree "$rr"
printf 'asm(".globl f\\nf: ret");\n' >"$rr/a/x.c"
printf '#!/bin/sh\ntouch "%s/PWNED"\n' "$TMP" >"$rr/gcc"
chmod +x "$rr/gcc"
printf 'cmd_a/x.o := ./gcc -c -o a/x.o a/x.c\nsource_a/x.o := a/x.c\n' >"$rr/a/.x.o.cmd"
"$CROSSYM" report --run-build-commands "$rr" >/dev/null 2>"$TMP/err"
[ ! -e "$TMP/PWNED" ]
ok $? "--run-build-commands: a compiler named by a relative path (the tree's ./gcc) is not run"
expect_grep "a compiler named by a relative path" "$TMP/err" "... and that is said"
printf 'cmd_a/x.o := gcc -wrapper /bin/sh,-c,touch\\ %s/PWNED2 -aux-info %s/PWNED3 -Wa,-adhln=%s/PWNED4 -c -o a/x.o a/x.c\nsource_a/x.o := a/x.c\n' \
	"$TMP" "$TMP" "$TMP" >"$rr/a/.x.o.cmd"
"$CROSSYM" report --run-build-commands "$rr" >/dev/null 2>"$TMP/err"
[ ! -e "$TMP/PWNED2" ] && [ ! -e "$TMP/PWNED3" ] && [ ! -e "$TMP/PWNED4" ]
ok $? "--run-build-commands: -wrapper, -aux-info and -Wa,-a listings dropped (nothing written or run)"
# a name a macro makes in top-level asm (the kernel's SYS_NI -> SYSCALL_ALIAS)
# is told without running anything: the call's expansion by the #defines is
# asm only, so it needs no tag (a re-declaration of it would not compile); a
# name a macro pastes into a C definition keeps its re-declaration
m=$TMP/asmmacro
mkdir -p "$m/a" "$m/b"
"$MKELF" "$m/a/x.o" 64 lsb 62 T:sys_foo T:sys_bar T:ni_syscall
"$MKELF" "$m/b/y.o" 64 lsb 62 U:sys_foo U:sys_bar
cat >"$m/a/x.c" <<'C'
#define ALIAS(a, b) asm(".globl " #a "\n\t.set " #a ", " #b)
#define NI(name) ALIAS(sys_##name, ni_syscall)
#define MK(name) int sys_##name(void) { return 1; }
int ni_syscall(void) { return 0; }
NI(foo);
MK(bar)
C
# the build defines the tag on its command (crossym cocci checks that it does)
printf 'cmd_a/x.o := gcc -D__global=__attribute__((externally_visible)) -c -o a/x.o a/x.c\nsource_a/x.o := a/x.c\n' \
	>"$m/a/.x.o.cmd"
printf 'int y;\n' >"$m/b/y.c"
expect_status 0 $T "$CROSSYM" report "$m"
expect_grep "sys_foo  *a/x.c  *defined by top-level asm (no tag needed) NI" "$TMP/out" \
	"a macro's top-level asm alias told by its expansion, nothing run"
! grep -q "note: sys_foo" "$TMP/err"
ok $? "... so no note that --run-build-commands would tell"
expect_status 0 $T "$CROSSYM" cocci -o "$TMP/asmjob" "$m"
! grep -q "sys_foo" "$TMP/asmjob/wanted.tsv" && grep -q "sys_bar" "$TMP/asmjob/wanted.tsv"
ok $? "cocci: no tag (nor re-declaration) for the asm-made sys_foo; the pasted C sys_bar keeps its"
printf 'cmd_a/x.o := gcc $(touch PWNED) -c -o a/x.o a/x.c\nsource_a/x.o := a/x.c\n' \
	>"$r/a/.x.o.cmd"
for opt in "" --run-build-commands; do
	(cd "$r" && $T "$CROSSYM" report $opt . >"$TMP/out" 2>"$TMP/err")
	[ ! -e "$r/PWNED" ] && [ ! -e "$r/a/PWNED" ] && [ ! -e PWNED ]
	ok $? "a .cmd with \$(touch PWNED) does not run ${opt:-(no option)}"
done
expect_grep "a/.x.o.cmd: compile command not run: a shell metacharacter" "$TMP/err" \
	"--run-build-commands refuses shell syntax, names the .cmd"
expect_grep "a/.x.o.cmd: compile command not run: a shell metacharacter.*its asm strings are not checked" \
	"$TMP/err" "--run-build-commands: the refused command leaves asm strings unchecked, said"
(cd "$r" && $T "$CROSSYM" report --run-build-commands . >/dev/null 2>&1)
[ $? -eq 1 ]
ok $? "--run-build-commands: an object whose asm check could not run fails the run (exit 1)"
mkfifo "$TMP/fifo.db"
expect_status 2 $T "$CROSSYM" report --db "$TMP/fifo.db" "$t"
expect_grep "fifo.db: not a regular file" "$TMP/err" "--db FIFO: named, no hang"
expect_status 2 $T "$CROSSYM" check --db "$TMP/fifo.db" "$t"
expect_status 0 $T "$CROSSYM" report --db "$TMP/scan.db" "$t"
[ -s "$TMP/scan.db" ] && ! ls -a "$TMP" | grep -q '^\.scan\.db\.'
ok $? "--db written whole through a temporary file, none left"
printf 'cmd_a/x.o := \nsource_a/x.o := a/x.c\n' >"$r/a/.x.o.cmd"
expect_status 1 $T "$CROSSYM" report --run-build-commands "$r"
expect_grep "a/.x.o.cmd: compile command not run" "$TMP/err" \
	"an empty compile command: named, no crash, exit 1 (its asm strings went unchecked; fuzz finding)"
"$CROSSYM" report --help >"$TMP/help"
expect_grep "run-build-commands" "$TMP/help" "--help documents --run-build-commands"
done_testing
