#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t14-hostile: the readers against input no toolchain writes, or that only
# looks like what crossym expects (issue 28, points 2 and 3): every case is a
# message naming the file (and the symbol) with a non-zero exit, or the
# correct answer; nothing hangs.
. "$(dirname "$0")/lib.sh"
MKELF=${MKELF:-$TOP/build/mkelf}
[ -x "$MKELF" ] || MKELF=$TOP/build/mkelf
T="timeout 60"          # a hang fails the test instead of the run

# tree DIR: two units that call each other.
tree() {
	mkdir -p "$1/a" "$1/b"
	"$MKELF" "$1/a/x.o" 64 lsb 62 T:f U:g
	"$MKELF" "$1/b/y.o" 64 lsb 62 T:g U:f
}
t=$TMP/t
tree "$t"
$T "$CROSSYM" report --format=tsv "$t" >"$TMP/good.tsv"
ok $? "the good tree reports (exit 0)"

# poke FILE OFFSET OCTAL-ESCAPES: overwrite bytes in place.
poke() { printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null; }
# shdr FILE N FIELD-OFFSET: the file offset of a field of section header N.
shdr() {
	echo $(( $(readelf -h "$1" | sed -n 's/.*Start of section headers: *\([0-9]*\).*/\1/p') \
		+ $2 * 64 + $3 ))
}
# refused FILE-MESSAGE DESCRIPTION: the run of the tree exits 1, names it, and
# reports the rest as the good tree.
refused() {
	expect_status 1 $T "$CROSSYM" report --format=tsv "$t"
	expect_grep "^crossym: $1" "$TMP/err" "$2: named"
	expect_eq "$TMP/good.tsv" "$TMP/out" "$2: left out, the rest reported"
}

# --- ELF symbol tables: entry size, size, sections --------------------------------
"$MKELF" "$TMP/z.o" 64 lsb 62 T:h U:f
cp "$TMP/z.o" "$t/b/z.o"
poke "$t/b/z.o" "$(shdr "$t/b/z.o" 3 56)" '\060'         # sh_entsize 48
refused "b/z.o: corrupt symbol table (entry size 48, not 24)" "symbol table entry size 48"
cp "$TMP/z.o" "$t/b/z.o"
poke "$t/b/z.o" "$(shdr "$t/b/z.o" 3 56)" '\000\377'     # 65280: past the section
refused "b/z.o: corrupt symbol table (entry size 65280, not 24)" \
	"symbol table entries larger than the section"
cp "$TMP/z.o" "$t/b/z.o"
poke "$t/b/z.o" "$(shdr "$t/b/z.o" 3 32)" '\107'         # sh_size 71
refused "b/z.o: corrupt symbol table (size 71, not a multiple of its entry size 24)" \
	"symbol table size no multiple of its entries"

# --- machine, byte order ----------------------------------------------------------
"$MKELF" "$t/b/z.o" 64 lsb 0 T:h U:f
refused "b/z.o: no machine (e_machine is EM_NONE)" "EM_NONE"
"$MKELF" "$t/b/z.o" 64 msb 62 T:h U:f
refused "b/z.o: big-endian x86-64 (x86 is little-endian only)" "big-endian x86-64"
# a bi-endian machine: the byte order most objects have is the build's
m=$TMP/mips
mkdir -p "$m/a" "$m/b"
"$MKELF" "$m/a/x.o" 32 lsb 8 T:f U:g
"$MKELF" "$m/b/y.o" 32 lsb 8 T:g U:f
$T "$CROSSYM" report --format=tsv "$m" >"$TMP/mips.tsv"
ok $? "a little-endian MIPS tree reports"
"$MKELF" "$m/b/z.o" 32 msb 8 T:h U:f
for db in "" "--db $TMP/mips.db" "--db $TMP/mips.db"; do
	expect_status 1 $T "$CROSSYM" report --format=tsv $db "$m"
	expect_grep "^crossym: b/z.o: wrong architecture (mips, big-endian; the build is mips, little-endian)" \
		"$TMP/err" "big-endian MIPS among little-endian ${db:+(--db)}: named"
	expect_eq "$TMP/mips.tsv" "$TMP/out" "... left out, the rest reported"
done
grep -q "^O	8	1	2	0	b/z.o$" "$TMP/mips.db"
ok $? "--db keeps the byte order (O machine class byteorder dwarf name)"

# --- bindings ------------------------------------------------------------------------
"$MKELF" "$t/b/z.o" 64 lsb 62 T:h u:lu
refused "b/z.o: symbol lu: undefined, yet local (STB_LOCAL)" "an undefined local symbol"
"$MKELF" "$t/b/z.o" 64 lsb 62 T:h b:bb
refused "b/z.o: symbol bb: unknown binding 15" "a definition with binding 15"

# --- SHN_XINDEX: the real section index ----------------------------------------------
"$MKELF" "$t/b/z.o" 64 lsb 62 N:65290 X:big
"$MKELF" "$t/a/x.o" 64 lsb 62 T:f U:g U:big
expect_status 0 $T "$CROSSYM" report --format=tsv "$t"
expect_grep "^big	b	b/z.o	-	tag	a	func	global	-$" "$TMP/out" \
	"a function in section 65297 (SHN_XINDEX) is a function"
"$MKELF" "$t/b/z.o" 64 lsb 62 X:big
poke "$t/b/z.o" "$(shdr "$t/b/z.o" 6 4)" '\001'          # no SHT_SYMTAB_SHNDX
expect_status 1 $T "$CROSSYM" report --format=tsv "$t"
expect_grep "^crossym: b/z.o: symbol big: section index SHN_XINDEX, but no SHT_SYMTAB_SHNDX section" \
	"$TMP/err" "SHN_XINDEX without its table: named"
rm "$t/b/z.o"
"$MKELF" "$t/a/x.o" 64 lsb 62 T:f U:g

# --- --nm: devices, bounds -------------------------------------------------------------
(cd "$t" && "$CROSSYM" objects . | xargs nm -A) >"$TMP/all.nm"
expect_status 2 $T "$CROSSYM" report --format=tsv --nm /dev/zero "$t"
expect_grep "^crossym: /dev/zero: not a regular file or a pipe" "$TMP/err" "--nm /dev/zero: named, no hang"
expect_status 2 $T "$CROSSYM" report --format=tsv --nm - "$t" </dev/zero
expect_grep "^crossym: <stdin>: not a regular file or a pipe" "$TMP/err" "--nm - </dev/zero: named"
head -c 3000000 /dev/zero | $T "$CROSSYM" report --format=tsv --nm - "$t" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ]
ok $? "--nm - from a pipe of NUL bytes: exit 2"
expect_grep "^crossym: <stdin>:1: a NUL byte: not .nm -A. output" "$TMP/err" "... named"
head -c 2100000 /dev/zero | tr '\0' a | $T "$CROSSYM" report --nm - "$t" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ]
ok $? "--nm - with a 2 MiB line: exit 2"
expect_grep "^crossym: <stdin>:1: a line longer than 1 MiB: not .nm -A. output" "$TMP/err" "... named"
yes 'not nm output' | head -n 100000 | $T "$CROSSYM" report --nm - "$t" >"$TMP/out" 2>"$TMP/err"
[ $? -eq 2 ]
ok $? "--nm - with 100000 malformed lines: exit 2"
expect_grep "^crossym: <stdin>: 100 malformed lines: not .nm -A. output" "$TMP/err" "... given up"
cat "$TMP/all.nm" | $T "$CROSSYM" report --format=tsv --nm - "$t" >"$TMP/out" 2>"$TMP/err"
ok $? "--nm - from a pipe: exit 0"
expect_eq "$TMP/good.tsv" "$TMP/out" "--nm - from a pipe: the ELF answer"

# --- --nm: what the text lacks or says otherwise ------------------------------------------
grep -v '^b/y.o:' "$TMP/all.nm" >"$TMP/part.nm"
expect_status 1 $T "$CROSSYM" report --format=tsv --nm "$TMP/part.nm" "$t"
expect_grep "^crossym: $TMP/part.nm: b/y.o: not in the nm text, but in the build" "$TMP/err" \
	"--nm text lacking an object of the build: named"
expect_grep "^crossym: $TMP/part.nm: b/y.o: not in the nm text, but in the build (made before the build changed" \
	"$TMP/err" "... saying how that happens"
# nm prints nothing for an object without symbols: its absence is no error
"$MKELF" "$t/b/empty.o" 64 lsb 62
"$MKELF" "$t/b/local.o" 64 lsb 62 r:lonely
(cd "$t" && "$CROSSYM" objects . | xargs nm -A 2>/dev/null) >"$TMP/empty.nm"
! grep -q 'empty.o' "$TMP/empty.nm"
ok $? "nm prints no line for an object without symbols"
grep -v 'local.o' "$TMP/empty.nm" >"$TMP/nolocal.nm"
expect_status 0 $T "$CROSSYM" report --format=tsv --nm "$TMP/nolocal.nm" "$t"
expect_eq "$TMP/good.tsv" "$TMP/out" "--nm text without objects of no global symbols: the answer"
head -c 100 "$t/a/x.o" >"$t/b/cut.o"
expect_status 1 $T "$CROSSYM" report --format=tsv --nm "$TMP/all.nm" "$t"
expect_grep "^crossym: $TMP/all.nm: b/cut.o: not in the nm text, but in the build (and not readable here)" \
	"$TMP/err" "--nm text lacking an unreadable object: named"
rm "$t/b/empty.o" "$t/b/local.o" "$t/b/cut.o"
sed 's/ T / X /' "$TMP/all.nm" >"$TMP/x.nm"
expect_status 1 $T "$CROSSYM" report --format=tsv --nm "$TMP/x.nm" "$t"
expect_grep "^crossym: $TMP/x.nm:1: f: unknown symbol type 'X' (not a letter nm prints)" \
	"$TMP/err" "--nm unknown type letter: named"
grep -v ' U ' "$TMP/all.nm" >"$TMP/def.nm"
expect_status 2 $T "$CROSSYM" report --format=tsv --nm "$TMP/def.nm" "$t"
expect_grep "def.nm: no undefined symbols (no .U. line): made with --defined-only? Make it with: crossym objects BUILD | (cd BUILD && xargs nm -A) >FILE" \
	"$TMP/err" "--nm without U lines: refused, says how to make it"
l=$TMP/lib
tree "$l"
mkdir -p "$l/l"
"$MKELF" "$l/a/x.o" 64 lsb 62 T:f U:g U:m
"$MKELF" "$l/l/m.o" 64 lsb 62 T:m U:f
(cd "$l" && ar rcs l/lib.a l/m.o && rm l/m.o &&
	ar cDPrST a/built-in.a a/x.o && ar cDPrST b/built-in.a b/y.o)
$T "$CROSSYM" report --format=tsv "$l" >"$TMP/lib.tsv"
(cd "$l" && "$CROSSYM" objects . | xargs nm -A) | sed 's|^l/lib.a:m.o:|l/lib.a[m.o]:|' >"$TMP/br.nm"
grep -q '^l/lib.a\[m.o\]:' "$TMP/br.nm"
ok $? "nm text with lib.a[m.o]: prefixes"
expect_status 0 $T "$CROSSYM" report --format=tsv --nm "$TMP/br.nm" "$l"
expect_eq "$TMP/lib.tsv" "$TMP/out" "lib.a[m.o]: read as the archive member"

# --- TSV: names with a TAB, a newline, a backslash --------------------------------------
s=$TMP/s
mkdir -p "$s/a" "$s/b"
tab=$(printf 'g\th') nl=$(printf 'n\nl')
"$MKELF" "$s/a/x.o" 64 lsb 62 T:f "U:$tab" "U:$nl" 'U:b\s'
"$MKELF" "$s/b/y.o" 64 lsb 62 "T:$tab" U:f
$T "$CROSSYM" report --format=tsv "$s" >"$TMP/old.tsv"
"$MKELF" "$s/b/y.o" 64 lsb 62 "T:$tab" "T:$nl" 'T:b\s' U:f
expect_status 0 $T "$CROSSYM" report --format=tsv "$s"
cp "$TMP/out" "$TMP/new.tsv"
cat >"$TMP/want.tsv" <<'TSV'
symbol	unit	object	source	status	referenced_from	kind	bind	line
b\\s	b	b/y.o	-	tag	a	func	global	-
f	a	a/x.o	-	tag	b	func	global	-
g\th	b	b/y.o	-	tag	a	func	global	-
n\nl	b	b/y.o	-	tag	a	func	global	-
TSV
expect_eq "$TMP/want.tsv" "$TMP/new.tsv" "TSV: TAB, newline and backslash escaped"
expect_status 1 $T "$CROSSYM" diff "$TMP/old.tsv" "$TMP/new.tsv"
printf '%s\n' 'b\\s: became cross-directory: b (tag) <- a' \
	'n\nl: became cross-directory: b (tag) <- a' >"$TMP/want.diff"
expect_eq "$TMP/want.diff" "$TMP/out" "diff reads the escaped names back: two changes"
expect_status 0 $T "$CROSSYM" diff "$TMP/new.tsv" "$TMP/new.tsv"
printf 'x\\q\tb\tb/y.o\t-\ttag\ta\n' >>"$TMP/new.tsv"
expect_status 2 $T "$CROSSYM" diff "$TMP/old.tsv" "$TMP/new.tsv"
expect_grep "new.tsv:6: a backslash that starts no escape" "$TMP/err" "diff: a bad escape named"

# names no toolchain writes, read back by people and programs (issue 39,
# point 5): a terminal escape (ESC [31m) and a byte that is not UTF-8, in a
# symbol and in a unit's and an object's path
h=$TMP/h
esc=$(printf 'ev\033[31mil') bad=$(printf 'ba\377d') q='q"u<o>'
mkdir -p "$h/a" "$h/$esc" "$h/b"
"$MKELF" "$h/a/x.o" 64 lsb 62 T:f "U:$esc" "U:$bad" "U:$q" U:g
"$MKELF" "$h/b/y.o" 64 lsb 62 "T:$esc" "T:$bad" "T:$q" U:f
"$MKELF" "$h/$esc/z.o" 64 lsb 62 T:g U:f
printf 'junk' >"$h/$esc/junk.o"
$T "$CROSSYM" report "$h" >"$TMP/h.txt" 2>"$TMP/h.err"
[ $? -eq 1 ] && ! grep -q "$(printf '\033')" "$TMP/h.txt" "$TMP/h.err" &&
	! LC_ALL=C grep -q "$(printf '\377')" "$TMP/h.txt" "$TMP/h.err"
ok $? "text report and messages: no raw ESC, no byte that is not UTF-8"
grep -qF 'ev\x1b[31mil  (b/y.o' "$TMP/h.txt" && grep -qF 'ba\xffd' "$TMP/h.txt"
ok $? "... each shown as \\xNN in the report"
grep -qF 'ev\x1b[31mil/junk.o' "$TMP/h.err"
ok $? "... and in the message naming the unreadable object"
$T "$CROSSYM" report --format=json "$h" >"$TMP/h.json" 2>/dev/null
iconv -f UTF-8 -t UTF-8 "$TMP/h.json" >/dev/null 2>&1 && grep -qF '"ev\u001b[31mil"' "$TMP/h.json" &&
	grep -qF '"ba\ufffdd"' "$TMP/h.json" && grep -qF '"q\"u<o>"' "$TMP/h.json"
ok $? "JSON: valid UTF-8, ESC as \\u001b, the stray byte as U+FFFD, quotes escaped"
$T "$CROSSYM" report --format=dot "$h" >"$TMP/h.dot" 2>/dev/null
iconv -f UTF-8 -t UTF-8 "$TMP/h.dot" >/dev/null 2>&1 &&
	grep -qF '"ev\\x1b[31mil" [label="ev\\x1b[31mil\nprovides' "$TMP/h.dot"
ok $? "DOT: the unit's id and label escaped alike, valid UTF-8"
if command -v dot >/dev/null 2>&1; then
	dot -Tsvg "$TMP/h.dot" >/dev/null 2>&1
	ok $? "... which Graphviz reads"
fi
done_testing
