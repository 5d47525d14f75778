#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t10-scan: reading build trees of every layout, ELF32/64 in both byte orders,
# nm text input equal to ELF input, the incremental db, and the bad inputs.
. "$(dirname "$0")/lib.sh"
MKELF=${MKELF:-$TOP/build/mkelf}
[ -x "$MKELF" ] || MKELF=$TOP/build/mkelf

# mktree DIR CLASS ENDIAN MACHINE: a plain object tree with a cross-directory
# function, a variable, a weak/strong pair, an export and a unit-internal call.
mktree() {
	mkdir -p "$1/a" "$1/b" "$1/b/sub"
	for f in a/x b/y b/z b/sub/w; do : >"$1/$f.c"; done
	"$MKELF" "$1/a/x.o" "$2" "$3" "$4" T:f D:v U:g W:hook T:inside T:exp r:__ksymtab_exp
	"$MKELF" "$1/b/y.o" "$2" "$3" "$4" T:g U:f U:v U:inside2 U:exp
	"$MKELF" "$1/b/z.o" "$2" "$3" "$4" T:inside2 T:hook T:unused
	"$MKELF" "$1/b/sub/w.o" "$2" "$3" "$4" U:g w:hook
}

cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from
exp	a	a/x.o	a/x.c	exported	b
f	a	a/x.o	a/x.c	tag	b
g	b	b/y.o	b/y.c	tag	a,b/sub
hook	a	a/x.o	a/x.c	tag	b,b/sub
hook	b	b/z.o	b/z.c	tag	a,b/sub
v	a	a/x.o	a/x.c	tag	b
TSV

for variant in "64 msb 21 ppc64" "32 msb 20 ppc32" "64 lsb 62 x86_64" "32 lsb 3 i386"; do
	set -- $variant
	tree=$TMP/tree-$4
	mktree "$tree" "$1" "$2" "$3"
	(cd "$tree" && "$CROSSYM" report --format=tsv .) >"$TMP/got.tsv" 2>"$TMP/err"
	ok $? "$4 ELF$1 $2: report exits 0"
	tsv6 "$TMP/got.tsv"
	expect_eq "$TMP/want.tsv" "$TMP/got.tsv" "$4: exact TSV"
	(cd "$tree" && "$CROSSYM" objects . | xargs nm -A) >"$TMP/nm.txt" 2>/dev/null
	(cd "$tree" && "$CROSSYM" report --format=tsv --nm "$TMP/nm.txt" .) >"$TMP/got-nm.tsv"
	tsv6 "$TMP/got-nm.tsv"
	expect_eq "$TMP/got.tsv" "$TMP/got-nm.tsv" "$4: nm text input gives the same report"
done

# Layouts: ld -r built-in.o with .cmd, thin built-in.a, regular lib.a on demand.
tree=$TMP/layouts
mkdir -p "$tree/lib" "$tree/drv" "$tree/kern"
for f in lib/used lib/unused drv/d1 drv/d2 kern/k; do : >"$tree/$f.c"; done
"$MKELF" "$tree/lib/used.o" 64 lsb 62 T:lib_helper
"$MKELF" "$tree/lib/unused.o" 64 lsb 62 T:lib_spare U:drv_fn
"$MKELF" "$tree/drv/d1.o" 64 lsb 62 T:drv_fn U:lib_helper U:kern_fn
"$MKELF" "$tree/drv/d2.o" 64 lsb 62 T:drv_local U:drv_fn
"$MKELF" "$tree/kern/k.o" 64 lsb 62 T:kern_fn U:drv_local
(cd "$tree" && ar rcs lib/lib.a lib/used.o lib/unused.o && rm lib/used.o lib/unused.o &&
	ld -r -o drv/built-in.o drv/d1.o drv/d2.o &&
	echo "cmd_drv/built-in.o := ld -m elf_x86_64 -r -o drv/built-in.o drv/d1.o drv/d2.o" \
		>drv/.built-in.o.cmd &&
	ar cDPrST kern/built-in.a kern/k.o) 2>"$TMP/err"
cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from
drv_local	drv	drv/d2.o	drv/d2.c	tag	kern
kern_fn	kern	kern/k.o	kern/k.c	tag	drv
lib_helper	lib	lib/lib.a(used.o)	lib/used.c	tag	drv
TSV
(cd "$tree" && "$CROSSYM" report --format=tsv .) >"$TMP/got.tsv" 2>"$TMP/err"
ok $? "layouts: report exits 0"
tsv6 "$TMP/got.tsv"
expect_eq "$TMP/want.tsv" "$TMP/got.tsv" \
	"layouts: ld -r inputs, thin members, and only the library members the link pulls in"
(cd "$tree" && "$CROSSYM" objects . | xargs nm -A) >"$TMP/nm.txt" 2>/dev/null
(cd "$tree" && "$CROSSYM" report --format=tsv --nm - . <"$TMP/nm.txt") >"$TMP/got-nm.tsv"
tsv6 "$TMP/got-nm.tsv"
expect_eq "$TMP/got.tsv" "$TMP/got-nm.tsv" "layouts: nm text (stdin) gives the same report"

# Incremental: a db re-scan after touching one object re-reads just that one.
db=$TMP/scan.db
(cd "$tree" && "$CROSSYM" report --format=tsv --db "$db" .) >"$TMP/db1.tsv" 2>"$TMP/err1"
expect_grep "4 object files read, 0 taken" "$TMP/err1" "db: the first scan reads every file"
"$MKELF" "$tree/kern/k.o" 64 lsb 62 T:kern_fn U:drv_local U:lib_helper
(cd "$tree" && "$CROSSYM" report --format=tsv --db "$db" .) >"$TMP/db2.tsv" 2>"$TMP/err2"
expect_grep "1 object files read, 3 taken" "$TMP/err2" "db: after one object changed, one is read"
(cd "$tree" && "$CROSSYM" report --format=tsv .) >"$TMP/full.tsv"
expect_eq "$TMP/full.tsv" "$TMP/db2.tsv" "db: the incremental scan equals a full scan"
grep -q 'lib_helper.*drv,kern' "$TMP/db2.tsv"
ok $? "db: the changed object's new reference is seen"

# Modules: each module of modules.order is a unit (objects from NAME.mod);
# vmlinux symbols reach a module only through an export; a module using one
# that is not exported is an error of the tree, not a tag.
m=$TMP/mods
mkdir -p "$m/kernel" "$m/drivers/foo"
for f in kernel/core drivers/foo/a drivers/foo/b; do : >"$m/$f.c"; done
"$MKELF" "$m/kernel/core.o" 64 lsb 62 T:kfunc T:kexp r:__ksymtab_kexp T:kpriv
"$MKELF" "$m/drivers/foo/a.o" 64 lsb 62 T:foo_init U:kexp U:foo_helper
"$MKELF" "$m/drivers/foo/b.o" 64 lsb 62 T:foo_helper U:kpriv
(cd "$m" && ar cDPrST kernel/built-in.a kernel/core.o &&
	echo drivers/foo/foo.ko >modules.order &&
	printf 'drivers/foo/a.o\ndrivers/foo/b.o\n' >drivers/foo/foo.mod &&
	ld -r -o drivers/foo/foo.o drivers/foo/a.o drivers/foo/b.o &&
	echo "cmd_drivers/foo/foo.o := ld -r -o drivers/foo/foo.o @drivers/foo/foo.mod" \
		>drivers/foo/.foo.o.cmd)
cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from
kexp	kernel	kernel/core.o	kernel/core.c	exported	drivers/foo/foo.ko
TSV
expect_status 1 sh -c "cd '$m' && '$CROSSYM' report --format=tsv ."
tsv6 "$TMP/out"
expect_eq "$TMP/want.tsv" "$TMP/out" "modules: a module is a unit; its use of an export is a row"
expect_grep "drivers/foo/foo.ko: drivers/foo/b.o uses kpriv (kernel/core.o), which is not exported" \
	"$TMP/err" "modules: a non-exported symbol used by a module is an error of the tree"
! grep -q foo_helper "$TMP/out"
ok $? "modules: references inside one module are not rows"

# Bad input: each gets a message naming the file and a non-zero exit.
bad=$TMP/bad
mktree "$bad" 64 lsb 62
printf 'this is not an object\n' >"$bad/a/junk.o"
expect_status 1 sh -c "cd '$bad' && '$CROSSYM' report --format=tsv ."
expect_grep "^crossym: a/junk.o: not an ELF object or ar archive" "$TMP/err" "not ELF: named"
rm "$bad/a/junk.o"
"$MKELF" "$bad/b/arm.o" 32 lsb 40 T:armfn
expect_status 1 sh -c "cd '$bad' && '$CROSSYM' report --format=tsv ."
expect_grep "^crossym: b/arm.o: wrong architecture (arm; the build is x86-64)" "$TMP/err" \
	"wrong architecture: named"
grep -q '^f	' "$TMP/out"
ok $? "wrong architecture: the other objects are still reported"
rm "$bad/b/arm.o"
(cd "$bad" && ar rcs a/lib.a a/x.o && head -c 100 a/lib.a >a/cut.a && rm a/lib.a)
# the only aggregate is unreadable: nothing is linked, no result (exit 2)
expect_status 2 sh -c "cd '$bad' && '$CROSSYM' report ."
expect_grep "^crossym: a/cut.a: truncated archive" "$TMP/err" "truncated archive: named"
rm "$bad/a/cut.a"
head -c 200 "$bad/a/x.o" >"$bad/b/short.o"
expect_status 1 sh -c "cd '$bad' && '$CROSSYM' report ."
expect_grep "^crossym: b/short.o: truncated ELF file" "$TMP/err" "truncated ELF: named"
expect_status 2 "$CROSSYM" report "$TMP/does-not-exist"
expect_grep "does-not-exist: not a build directory" "$TMP/err" "missing build dir: named"
expect_status 2 "$CROSSYM" report --format=xml "$bad"
expect_status 2 "$CROSSYM" frobnicate
printf 'garbage line\n' >"$TMP/bad.nm"
expect_status 2 "$CROSSYM" report --nm "$TMP/bad.nm" "$bad"
expect_grep "bad.nm:1: not a line of .nm -A. output" "$TMP/err" "malformed nm text: named"
expect_status 0 "$CROSSYM" --help
expect_grep "report" "$TMP/out" "--help lists the commands"
expect_status 0 "$CROSSYM" report --help
expect_grep "referenced_from" "$TMP/out" "report --help explains the TSV"
for c in report cocci check objects; do
	expect_status 0 "$CROSSYM" $c --help
	# every long option the command's parser takes is in its --help
	for o in srctree nm db lds format tag keep-stale output; do
		"$CROSSYM" $c --$o "$TMP/optarg" "$TMP/does-not-exist" >/dev/null 2>"$TMP/err.$o"
		if grep -q "unknown option" "$TMP/err.$o"; then
			! grep -Eq -- "^  [-a-z, ]*--$o([ =]|$)" "$TMP/out"
		else
			grep -Eq -- "^  [-a-z, ]*--$o([ =]|$)" "$TMP/out"
		fi
		ok $? "$c --$o: in --help exactly when it is taken"
	done
done
expect_status 2 "$CROSSYM" check --frobnicate=tsv "$bad"
expect_grep "^crossym check: unknown option '--frobnicate'$" "$TMP/err" "unknown option: named"
expect_grep "^Try 'crossym check --help'$" "$TMP/err" "unknown option: points to --help"
expect_status 2 "$CROSSYM" report -Z "$bad"
expect_grep "^crossym report: unknown option '-Z'$" "$TMP/err" "unknown short option: named"
expect_status 2 "$CROSSYM" cocci "$bad" -o
expect_grep "^crossym cocci: option '-o' needs an argument$" "$TMP/err" "missing argument: named"

# Command-line conventions (issue 25): a missing operand gives the usage lines
# and a pointer to --help, not the whole help; `crossym help [COMMAND]`;
# annotate.sh's own steps are not in the command list.
for c in report cocci check units objects; do
	expect_status 2 "$CROSSYM" $c
	n=$(wc -l <"$TMP/err")
	[ "$n" -eq 3 ] && head -n 1 "$TMP/err" | grep -q "^crossym $c: no BUILD_DIR given$" &&
		sed -n 2p "$TMP/err" | grep -q "^usage: crossym $c " &&
		tail -n 1 "$TMP/err" | grep -qx "Try 'crossym $c --help'"
	ok $? "crossym $c without BUILD_DIR: what is missing, one usage line, the way to --help ($n lines)"
done
expect_status 2 "$CROSSYM"
printf "usage: crossym COMMAND [OPTIONS] BUILD_DIR...\nTry 'crossym help'\n" >"$TMP/want.alone"
expect_eq "$TMP/want.alone" "$TMP/err" "crossym alone: the usage line and the way to the list"
expect_status 0 "$CROSSYM" help
cp "$TMP/out" "$TMP/help.list"
"$CROSSYM" --help >"$TMP/help.flag"
expect_eq "$TMP/help.flag" "$TMP/help.list" "crossym help = crossym --help"
sed -n '/^Commands:/,/^$/p' "$TMP/help.list" | awk 'NR > 1 && NF { print $1 }' >"$TMP/cmds"
printf 'report\ncocci\ncheck\ndiff\nunits\nobjects\nannotate\nwholeprogram\nhelp\n' >"$TMP/want.cmds"
expect_eq "$TMP/want.cmds" "$TMP/cmds" "the command list: no complete or verify (annotate.sh's steps)"
for c in report units check; do
	"$CROSSYM" $c --help >"$TMP/h1"
	expect_status 0 "$CROSSYM" help $c
	expect_eq "$TMP/h1" "$TMP/out" "crossym help $c = crossym $c --help"
done
expect_status 2 "$CROSSYM" help frob
expect_grep "^crossym help: no command 'frob'$" "$TMP/err" "help of an unknown command: named"
expect_status 2 "$CROSSYM" frob
expect_grep "^crossym: unknown command 'frob'$" "$TMP/err" "an unknown command: named"
expect_grep "^Try 'crossym help'$" "$TMP/err" "... and the way to the list"
done_testing
