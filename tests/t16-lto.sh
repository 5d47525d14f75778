#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t16-lto: the example tree built with -flto gives the same report as the
# normal build, byte for byte: slim objects are read from GCC's LTO symbol
# table, fat ones (-ffat-lto-objects) from their real symbol table. A slim
# object whose LTO symbol table is gone is an error naming it, never an
# empty report with exit 0.
. "$(dirname "$0")/lib.sh"
ex=$TOP/tests/trees/example

make -s -C "$ex" O="$TMP/plain" LAYOUT=thin >"$TMP/build.log" 2>&1
ok $? "the example tree builds without LTO"
"$CROSSYM" report -q --format=tsv "$TMP/plain" >"$TMP/plain.tsv"
"$CROSSYM" report -q "$TMP/plain" >"$TMP/plain.txt"
for lto in 1 fat; do
	out=$TMP/lto-$lto
	make -s -C "$ex" O="$out" LAYOUT=thin LTO=$lto >"$TMP/build.log" 2>&1
	ok $? "LTO=$lto: the example tree builds with -flto"
	"$out/prog" >"$TMP/prog.out"
	expect_eq "$ex/expected-output.txt" "$TMP/prog.out" "LTO=$lto: the program runs"
	slim=$(readelf -sW "$out/init/main.o" | grep -c '__gnu_lto_slim')
	if [ "$lto" = 1 ]; then want=1; else want=0; fi
	[ "$slim" -eq "$want" ]
	ok $? "LTO=$lto: init/main.o is $([ "$lto" = 1 ] && echo slim || echo fat)"
	"$CROSSYM" report --format=tsv "$out" >"$TMP/got.tsv" 2>"$TMP/err"
	ok $? "LTO=$lto: report exits 0"
	expect_eq "$TMP/plain.tsv" "$TMP/got.tsv" "LTO=$lto: TSV byte-identical to the non-LTO build"
	tsv6 "$TMP/got.tsv"
	expect_eq "$ex/expected.tsv" "$TMP/got.tsv" "LTO=$lto: TSV equals the hand-derived one"
	"$CROSSYM" report "$out" >"$TMP/got.txt" 2>/dev/null
	sed "s|$TMP/lto-$lto|BUILD|g" "$TMP/got.txt" >"$TMP/got.txt.1"
	sed "s|$TMP/plain|BUILD|g" "$TMP/plain.txt" >"$TMP/plain.txt.1"
	expect_eq "$TMP/plain.txt.1" "$TMP/got.txt.1" "LTO=$lto: text report identical too"
	# crossym wholeprogram: fat objects are read as they are (untagged: the
	# link fails on what the units made local); slim ones hide the local
	# symbols a hazard check needs: refused, saying to build without -flto
	if ! wp_wanted; then
		:
	elif [ "$lto" = fat ]; then
		expect_status 1 wp "$out"
		expect_grep "^wholeprogram: free_list: defined in mm/page_alloc.o, made local by its unit mm" "$TMP/err" \
			"LTO=fat: wholeprogram builds the units; untagged, the link names what they made local"
	else
		expect_status 2 wp "$out"
		expect_grep "^wholeprogram: crossym units --clashes cannot see inside slim LTO objects: build the tree without -flto" \
			"$TMP/err" "LTO=1: wholeprogram refused before any compile, saying what to do"
	fi
done

# Slim objects without their LTO symbol table cannot be understood.
bad=$TMP/lto-1
for s in $(readelf -SW "$bad/kernel/time.o" | sed -n 's/.*\(\.gnu\.lto_\.\(ext_\)\{0,1\}symtab\.[0-9a-f]*\).*/\1/p'); do
	objcopy --remove-section="$s" "$bad/kernel/time.o"
done
readelf -SW "$bad/kernel/time.o" | grep -q 'lto_.symtab' && echo "# objcopy left the table"
expect_status 1 "$CROSSYM" report --format=tsv "$bad"
expect_grep "kernel/time.o: slim LTO object .* without an LTO symbol table" "$TMP/err" \
	"a slim object without an LTO symbol table: an error naming it"
# ... nor one whose __gnu_lto_slim marker was renamed (it would read as an
# object defining nothing)
rm -f "$bad/kernel/time.o"
make -s -C "$ex" O="$bad" LAYOUT=thin LTO=1 >/dev/null 2>&1
sed 's/__gnu_lto_slim/__gnu_lto_slix/' "$bad/kernel/cpu.o" >"$TMP/cpu.o" && mv "$TMP/cpu.o" "$bad/kernel/cpu.o"
expect_status 1 "$CROSSYM" report --format=tsv "$bad"
expect_grep "kernel/cpu.o: LTO symbol table (.gnu.lto_.symtab) with none of its symbols in the ELF symbol table and no __gnu_lto_slim marker" \
	"$TMP/err" "a slim object with its marker renamed: an error naming it"
# A slim object in a build whose linker script KEEPs sections: its sections
# are unknown, which is said.
make -s -C "$ex" O="$TMP/lto-1b" LAYOUT=thin LTO=1 >/dev/null 2>&1
# (it keeps two definitions nothing else names: each needs the tag)
keep='SECTIONS { .t : { KEEP(*(.text.mm_debug_dump)) KEEP(*(.data.panic_timeout)) } }'
echo "$keep" >"$TMP/lto-1b/keep.lds"
expect_status 1 "$CROSSYM" report --format=tsv --lds keep.lds "$TMP/lto-1b"
expect_grep "keep.lds: KEEPs input sections, but the sections of .* objects are unknown" \
	"$TMP/err" "slim objects and a KEEP script: an error, not a silent gap"
expect_grep "cannot be found: they are slim LTO objects (-flto without -ffat-lto-objects), whose symbol table carries no section names; give --run-build-commands (each is compiled again with -fno-lto), or build with -ffat-lto-objects or without -flto for the scan$" \
	"$TMP/err" "... saying why (slim LTO) and what to do"
# --run-build-commands: the same answer as the build without LTO
echo "$keep" >"$TMP/plain/keep.lds"
"$CROSSYM" report -q --format=tsv --lds keep.lds "$TMP/plain" >"$TMP/plain-keep.tsv"
expect_status 0 "$CROSSYM" report --format=tsv --lds keep.lds --run-build-commands "$TMP/lto-1b"
expect_eq "$TMP/plain-keep.tsv" "$TMP/out" "slim objects, a KEEP script and --run-build-commands: the TSV of the build without LTO"
test "$(awk -F '\t' '$5 == "tag" && $6 == "keep.lds"' "$TMP/out" | wc -l)" -eq 2
ok $? "... where the two definitions only the script keeps get the tag"
expect_grep "14 of 14 slim LTO objects compiled again with -fno-lto for their sections" "$TMP/err" \
	"... each slim object compiled again without LTO, said"
done_testing
