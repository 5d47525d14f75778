#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t57-wp-boot: crossym wholeprogram from a normal build to the proven image in
# one command, on a bootloader-like tree (tests/trees/boot):
#  - a/hot.o compiles normally but not under -flto (GCC 12's section type
#    conflict, Linux 6.12's pcpu_hot): kept out of its unit automatically,
#    with the compiler's error line; the tags are decided with that unit
#    (a/hot.o now calls a/'s a_helper from outside it: tagged), the
#    exclusion recorded in the tagged copy's .crossym; a_clock, defined by
#    an alias attribute in the #else arm the build compiles (6.12's
#    sched_clock_noinstr), is tagged in that arm too; a_cmd_peek (U-Boot's
#    U_BOOT_CMD entry) is re-declared behind its CMD(peek, ...) only, not
#    behind CMD_HELP(peek, ...) beside it, which pastes another name;
#  - of the five top-level commands the ELF link is the one that names the
#    archives (found by what it reads); the objcopy of the image and the
#    cat of that binary and the device tree run again after it, in order;
#    the two that take no image are left, said;
#  - the source tree is never written (a tagged hard-linked copy), --apply
#    tags the tree itself;
#  - the build directory: --restore gives the normal build back byte for
#    byte; a failed run, a run stopped by SIGTERM (as ^C stops make) and one
#    killed by SIGKILL (the next run takes over its lock) leave it normal.
. "$(dirname "$0")/lib.sh"
tree=$TOP/tests/trees/boot
command -v spatch >/dev/null 2>&1 || skip_all "no spatch"
wp_wanted || { done_testing; exit 0; }

cp -R "$tree" "$TMP/src" && cp "$TOP/tests/trees/record.sh" "$TMP/"
(cd "$TMP/src" && find . -type f | sort | xargs cksum) >"$TMP/src.sum"
b=$TMP/b
sh "$TMP/src/build.sh" "$b" >"$TMP/build.log" 2>&1
ok $? "the boot tree builds normally"
mkdir "$TMP/normal"
for f in image image.bin image.img a/built-in.a; do cp "$b/$f" "$TMP/normal/"; done
"$b/image" >"$TMP/want.out"
# normal: same bytes as the normal build's files
normal() {
	for f in image image.bin image.img; do cmp -s "$TMP/normal/$f" "$b/$f" || return 1; done
	cmp -s "$TMP/normal/built-in.a" "$b/a/built-in.a"
}

# --- the one command -----------------------------------------------------------------------
expect_status 0 wp --tag __global --define-tag "$b"
cp "$TMP/err" "$TMP/wp.err"
expect_grep "^wholeprogram:   1 lto: their -flto compile fails (error: 'const_pcpu_hot' causes a section type conflict with 'pcpu_hot'): a/hot.o$" \
	"$TMP/wp.err" "a/hot.o, which -flto refuses, kept out of its unit, said with the compiler's error"
printf "a/hot.o\tlto\tits -flto compile fails: a/hot.c:11:25: error: 'const_pcpu_hot' causes a section type conflict with 'pcpu_hot'\n" >"$TMP/excl.want"
expect_eq "$TMP/excl.want" "$b/.wp/excluded.tsv" "... listed in .wp/excluded.tsv"
grep -q '__global a_helper' "$b/.wp/src/a/a.c" && grep -qx 'exclude = a/hot.o' "$b/.wp/src/.crossym"
ok $? "a_helper (used from a/hot.o, now out of a/'s unit) tagged; the exclusion in the copy's .crossym"
grep -qx 'extern __typeof__(a_clock) a_clock __global;' "$b/.wp/src/a/clock.c" &&
	grep -q '^a/clock.c	a_clock	redeclared	several definitions' "$b/.wp/tags/forms.tsv"
ok $? "a_clock, defined by an alias in the #else arm compiled, tagged there too (re-declared)"
[ "$(grep -c '^extern __typeof__(a_sys_poke) a_sys_poke __global;$' "$b/.wp/src/a/sys.c")" -eq 2 ] &&
	awk '/^#else/ { e = 1 } e && /^extern __typeof__\(a_sys_poke\)/ { f = 1 } END { exit !f }' "$b/.wp/src/a/sys.c"
ok $? "a_sys_poke, pasted by a definer macro called in both arms: re-declared behind each, the #else arm's too"
awk '/^CMD_HELP\(peek/ { h = NR } /^CMD\(peek/ { c = NR } /__typeof__\(a_cmd_peek\)/ { n++; r = NR }
	END { exit !(n == 1 && r == c + 1 && h) }' "$b/.wp/src/a/sys.c"
ok $? "a_cmd_peek (U-Boot's command table entry): re-declared behind CMD(peek, ...) only, not behind CMD_HELP(peek, ...)"
grep -qx '__typeof__(a_cmd_peek) a_cmd_peek __attribute__((aligned(__alignof__(a_cmd_peek)))) __global;' \
	"$b/.wp/src/a/sys.c" && grep -qx 'a/sys.c	a_cmd_peek' "$b/.wp/tags/tables.tsv"
ok $? "a_cmd_peek, in a section of its own name (tables.tsv), re-declared keeping its alignment"
# (a re-declaration without it drops the aligned(4): GCC aligns the 24-byte
# entry to 16, and a table of such entries gets another stride)
for t in "$TMP/src" "$b/.wp/src"; do
	gcc -O2 -c -o "$TMP/sys.o" "$t/a/sys.c" &&
		readelf -SW "$TMP/sys.o" | awk '/ a_cmd_list_peek / { print $NF }'
done >"$TMP/align"
printf '4\n4\n' >"$TMP/align.want"
expect_eq "$TMP/align.want" "$TMP/align" "... the tagged a/sys.c compiles a_cmd_peek 4-aligned, as the untagged one"
"$b/image" >"$TMP/wp.out"
expect_eq "$TMP/want.out" "$TMP/wp.out" "the whole-program image prints what the normal one prints"
expect_grep "^wholeprogram: image: whole-program: the 3 unit files linked" "$TMP/wp.err" \
	"the ELF link (the command that names the archives) proved whole-program"
grep -qx 'image' "$b/.wp/images" && [ "$(wc -l <"$b/.wp/images")" -eq 1 ]
ok $? "... the only image link of the five top-level commands"
objcopy -O binary -j .text "$b/image" "$TMP/want.bin" && cmp -s "$TMP/want.bin" "$b/image.bin" &&
	cat "$b/image.bin" "$b/image.dtb" | cmp -s - "$b/image.img"
ok $? "image.bin made again from the new image, then image.img from it (cat)"
expect_grep "^wholeprogram: image.img: made again from the whole-program image (cat)" "$TMP/wp.err" \
	"... said"
expect_grep "^wholeprogram: version.txt: left as it is (its command takes none of the linked images)" \
	"$TMP/wp.err" "a top-level command that takes no image: left, said"
awk -F '\t' '$1 == "a/unit.o" && $2 > 0 && $3 > 0 { a = 1 } $1 == "image (functions)" { i = 1 } END { exit !(a && i) }' \
	"$b/.wp/sizes.tsv"
ok $? "the size table: each unit's text and the image's, before and after"
grep -q '^ *before  *after  *change' "$TMP/out" && grep -q ' a/unit.o$' "$TMP/out"
ok $? "... printed on stdout"
(cd "$TMP/src" && find . -type f | sort | xargs cksum) | cmp -s - "$TMP/src.sum"
ok $? "the source tree was not written (the tags went into a hard-linked copy)"

# --- the normal build back ---------------------------------------------------------------------
expect_status 0 wp --restore "$b"
normal
ok $? "--restore: the image, its binaries and the archives are the normal build's again"
expect_status 0 "$CROSSYM" report --no-config "$b"
[ ! -e "$b/.wp/lock" ]
ok $? "... the build scans again, no lock left"

# a failed run (untagged, the link fails) puts the normal build back itself
expect_status 1 wp "$b"
expect_grep "^wholeprogram: .*: the normal build is back" "$TMP/err" "a failed link: said"
normal
ok $? "... and the normal build is back"

# a run stopped while it links (SIGTERM to its process group, as ^C does)
cat >"$TMP/slowgcc" <<EOF
#!/bin/sh
[ ! -f "$TMP/slow" ] || { touch "$TMP/linking"; sleep 60; }
exec gcc "\$@"
EOF
chmod +x "$TMP/slowgcc"
sed "s|^cmd_image := gcc |cmd_image := $TMP/slowgcc |" "$b/.image.cmd" >"$TMP/image.cmd" &&
	cp "$TMP/image.cmd" "$b/.image.cmd"
# stopped KILL|TERM: the run started in its own process group, stopped at
# its link; its exit status in $TMP/stopped.rc
stopped() {
	touch "$TMP/slow"
	rm -f "$TMP/linking"
	# (setsid: a process group of its own, which kill -- -PID reaches whole;
	# --srctree: the tagged copy of the first run, no new tags)
	setsid env CROSSYM_LIBEXECDIR="$TOP/scripts" "$CROSSYM" wholeprogram --srctree "$b/.wp/src" "$b" \
		>"$TMP/stop.out" 2>"$TMP/stop.err" &
	pid=$!
	n=0
	while [ ! -f "$TMP/linking" ] && [ $n -lt 600 ]; do sleep 0.1; n=$((n + 1)); done
	kill -"$1" -"$pid"
	wait "$pid"
	echo $? >"$TMP/stopped.rc"
	rm -f "$TMP/slow"
}
stopped TERM
[ "$(cat "$TMP/stopped.rc")" -ne 0 ] && grep -q 'the normal build is back' "$TMP/stop.err"
ok $? "SIGTERM at the link: non-zero exit, the normal build put back, said"
normal && [ ! -e "$b/.wp/lock" ]
ok $? "... the normal build's bytes, no lock left"
stopped KILL
[ -d "$b/.wp/lock" ]
ok $? "SIGKILL at the link: the lock is left"
expect_status 0 wp --restore "$b"
expect_grep "taking over the lock of a run that is gone" "$TMP/err" "... which the next run takes over, said"
normal
ok $? "... and --restore gives the normal build back"
cp "$TMP/image.cmd" "$b/.image.cmd"

# --- refused and in place -----------------------------------------------------------------------
expect_status 2 wp --tag __global --srctree "$TMP/src" "$b"
expect_grep "^wholeprogram: --srctree names a tree already tagged" "$TMP/err" \
	"--srctree with --tag: refused"
expect_status 0 wp --tag __global --define-tag --apply "$b"
grep -q '__global a_helper' "$TMP/src/a/a.c" && grep -qx 'exclude = a/hot.o' "$TMP/src/.crossym"
ok $? "--apply: the tree itself tagged, the exclusion in its .crossym"
"$b/image" >"$TMP/apply.out"
expect_eq "$TMP/want.out" "$TMP/apply.out" "... and the image prints the same"
# a .wp the tree shipped, with "originals" to put back: refused, nothing copied
rm -rf "$b/.wp" && mkdir -p "$b/.wp/orig" && printf 'evil\n' >"$b/.wp/orig/image.orig"
expect_status 2 wp --restore "$b"
expect_grep "/.wp: not made by crossym wholeprogram for this build" "$TMP/err" \
	"a .wp not made for this build, holding saved files: refused"
[ "$(cat "$b/image.bin")" != evil ] && ! grep -q evil "$b/image"
ok $? "... nothing of it copied into the build"

# a tree of plain objects (no aggregate, no image link): the LTO objects and
# the tagged copy a run leaves are not objects of the build
make -s -C "$TOP/tests/trees/audit" O="$TMP/plain" >/dev/null 2>&1
"$CROSSYM" report --format=tsv "$TMP/plain" >"$TMP/plain.before" 2>/dev/null
expect_status 2 wp --tag __global --define-tag "$TMP/plain"
expect_grep "^wholeprogram: no top-level image command (.IMAGE.cmd) nor aggregate in" "$TMP/err" \
	"a tree with no image link: exit 2, said"
ls "$TMP"/plain/*/*.lto.o >/dev/null 2>&1 && [ -d "$TMP/plain/.wp/src" ] && [ ! -e "$TMP/plain/a/unit.o" ]
ok $? "... its LTO objects and the tagged copy left, its unit files taken away"
"$CROSSYM" report --format=tsv "$TMP/plain" >"$TMP/plain.after" 2>"$TMP/plain.err"
ok $? "... and a scan of it exits 0"
expect_eq "$TMP/plain.before" "$TMP/plain.after" "... with the same report as before the run"
done_testing
