#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t85-deps: scripts/deps.sh beyond Debian and make's NO_DEPS and help.
# With a PATH that has no apt-get and no dpkg-query (a bin dir of links to the
# few tools deps.sh uses), deps.sh exits 1 and names the packages by their
# Debian, Fedora and Arch names, with the dnf and pacman lines and NO_DEPS=1.
# On Debian (a fake dpkg-query that says two packages are missing), as a
# user without sudo: exit 1, the missing packages named, the su command, and
# apt-get not run.  `make -n check` runs deps.sh (check-real deps.sh fuzz), `make -n
# NO_DEPS=1 check` and `make -n NO_DEPS=1 demo` do not.  `make help` lists
# every .PHONY target but the internal ones, one line each, and NO_DEPS=1.
. "$(dirname "$0")/lib.sh"
# The make of a make check that runs this test must not pass its flags on.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES

# ---- no apt, no dpkg ----------------------------------------------------------

mkdir "$TMP/bin"
for t in sh awk sed grep cat id; do
	p=$(command -v "$t") || { echo "Bail out! no $t"; exit 1; }
	ln -s "$p" "$TMP/bin/$t"
done
expect_status 1 env PATH="$TMP/bin" "$TMP/bin/sh" "$TOP/scripts/deps.sh"
cat "$TMP/out" "$TMP/err" >"$TMP/msg"
expect_grep "crossym installs its packages only on Debian" "$TMP/msg" "no dpkg-query: said so"
expect_grep "^what for  *Debian  *Fedora  *Arch" "$TMP/msg" "the table's heading: Debian, Fedora, Arch"
expect_grep "^build: libelf  *libelf-dev  *elfutils-libelf-devel  *libelf  *no$" "$TMP/msg" \
	"libelf: libelf-dev / elfutils-libelf-devel / libelf, not here"
expect_grep "^build: libdw (DWARF)  *libdw-dev  *elfutils-devel  *libelf " "$TMP/msg" \
	"libdw: libdw-dev / elfutils-devel / libelf"
expect_grep "^annotate: spatch  *coccinelle  *coccinelle  *coccinelle (AUR) " "$TMP/msg" \
	"spatch: coccinelle everywhere (Arch: the AUR)"
expect_grep "^Fedora:  sudo dnf install .*elfutils-libelf-devel" "$TMP/msg" "the dnf line"
expect_grep "^Arch:    sudo pacman -S --needed .*libelf" "$TMP/msg" "the pacman line"
! grep "^Arch:" "$TMP/msg" | grep -q coccinelle
ok $? "the pacman line leaves coccinelle (AUR) out"
expect_grep "NO_DEPS=1" "$TMP/msg" "it says to run make with NO_DEPS=1"
expect_grep "^deps: stopped" "$TMP/msg" "it says it stopped"
[ ! -s "$TMP/out" ]
ok $? "the message goes to stderr"

expect_status 0 env PATH="$TMP/bin" "$TMP/bin/sh" "$TOP/scripts/deps.sh" --table
expect_grep "^tests: prove  *perl  *perl-Test-Harness  *perl " "$TMP/out" "deps.sh --table: the table, exit 0"

# ---- Debian, not root, no sudo -------------------------------------------------

mkdir "$TMP/deb"
for t in sh awk sed grep cat; do ln -s "$(command -v "$t")" "$TMP/deb/$t"; done
printf '#!/bin/sh\necho 1000\n' >"$TMP/deb/id"
cat >"$TMP/deb/dpkg-query" <<'EOF'
#!/bin/sh
case "$*" in *" jq"|*" graphviz") exit 1 ;; esac
echo "install ok installed"
EOF
printf '#!/bin/sh\necho "$*" >>"%s"\nexit 0\n' "$TMP/apt-ran" >"$TMP/deb/apt-get"
chmod +x "$TMP/deb/id" "$TMP/deb/dpkg-query" "$TMP/deb/apt-get"
expect_status 1 env PATH="$TMP/deb" "$TMP/deb/sh" "$TOP/scripts/deps.sh"
expect_grep "^deps: missing Debian packages: jq graphviz$" "$TMP/err" "Debian without root or sudo: the missing packages"
expect_grep "not root and no sudo" "$TMP/err" "... why they are not installed"
expect_grep "su -c 'apt-get install jq graphviz'" "$TMP/err" "... the command that installs them"
expect_grep "NO_DEPS=1" "$TMP/err" "... and NO_DEPS=1"
[ ! -e "$TMP/apt-ran" ]
ok $? "apt-get was not run"
# With sudo there, the same packages go to apt-get through it.
printf '#!/bin/sh\n"$@"\n' >"$TMP/deb/sudo"
chmod +x "$TMP/deb/sudo"
expect_status 0 env PATH="$TMP/deb" "$TMP/deb/sh" "$TOP/scripts/deps.sh"
grep -qx "install -y -q jq graphviz" "$TMP/apt-ran"
ok $? "with sudo: apt-get install -y -q jq graphviz"
# make demo's packages (deps.sh demo): jq and graphviz are the tests', not
# missing for the demo; gcc is
rm -f "$TMP/apt-ran"
expect_status 0 env PATH="$TMP/deb" "$TMP/deb/sh" "$TOP/scripts/deps.sh" demo
[ ! -e "$TMP/apt-ran" ]
ok $? "deps.sh demo: the tests' packages missing: nothing to install"
sed -i 's/\*" jq"|\*" graphviz"/*" gcc-powerpc64-linux-gnu"|*" libdw-dev"/' "$TMP/deb/dpkg-query"
expect_status 0 env PATH="$TMP/deb" "$TMP/deb/sh" "$TOP/scripts/deps.sh" demo
grep -qx "install -y -q libdw-dev" "$TMP/apt-ran"
ok $? "deps.sh demo: libdw-dev missing: installed, not the ppc64 cross compiler"

# ---- make: NO_DEPS=1 and help --------------------------------------------------

env -u NO_DEPS -u MAKEFLAGS -u MAKELEVEL make -n -C "$TOP" check >"$TMP/n-check" 2>&1
grep -q "^sh scripts/deps.sh *$" "$TMP/n-check"
ok $? "make -n check runs scripts/deps.sh"
env -u NO_DEPS -u MAKEFLAGS -u MAKELEVEL make -n -C "$TOP" check-real >"$TMP/n-real" 2>&1
grep -q "^sh scripts/deps.sh fuzz$" "$TMP/n-real"
ok $? "make -n check-real runs scripts/deps.sh fuzz (make fuzz-smoke)"
make -n -C "$TOP" NO_DEPS=1 check >"$TMP/n-nodeps" 2>&1
grep -q "prove" "$TMP/n-nodeps"
ok $? "make -n NO_DEPS=1 check still runs the tests"
grep "scripts/deps\.sh" "$TMP/n-nodeps" | sed 's/^/# /'
! grep -q "scripts/deps\.sh" "$TMP/n-nodeps"
ok $? "make -n NO_DEPS=1 check does not run deps.sh"
make -n -C "$TOP" demo >"$TMP/n-demo0" 2>&1
grep -q "^sh scripts/deps.sh demo$" "$TMP/n-demo0"
ok $? "make -n demo runs scripts/deps.sh demo (its packages alone)"
make -n -C "$TOP" NO_DEPS=1 demo >"$TMP/n-demo" 2>&1
! grep -q "scripts/deps\.sh" "$TMP/n-demo"
ok $? "make -n NO_DEPS=1 demo does not run deps.sh"
make -s -C "$TOP" NO_DEPS=1 deps >"$TMP/deps-skip" 2>&1
expect_grep "^deps: NO_DEPS=1: packages not checked$" "$TMP/deps-skip" "make NO_DEPS=1 deps says it skipped"

make -s -C "$TOP" help >"$TMP/help" 2>&1
ok $? "make help succeeds"
make -pRrq -C "$TOP" -f Makefile : 2>/dev/null | sed -n 's/^\.PHONY: //p' | tr ' ' '\n' |
	grep -v -x -e FORCE -e fuzz-bins -e deps-fuzz -e deps-demo -e '' | sort -u >"$TMP/phony"
missing=0
while read -r t; do
	grep -q "^  $t\( \|$\)" "$TMP/help" || { echo "# make help lacks $t"; missing=$((missing + 1)); }
done <"$TMP/phony"
ok $missing "make help lists each of the $(wc -l <"$TMP/phony") user targets on a line of its own"
expect_grep "^  NO_DEPS=1 " "$TMP/help" "make help names NO_DEPS=1"

# a plain make where the elfutils headers are missing (a compiler that finds
# no system header stands for the fresh machine): the package named, and
# make deps, before any compile error
expect_status 2 make -s -C "$TOP" BUILD="$TMP/hb" CC="gcc -nostdinc" "$TMP/hb/lib/util.o"
expect_grep "finds no <gelf.h>: install the Debian package libelf-dev (make deps" "$TMP/err" \
	"make without libelf's headers: names the package and make deps"
! grep -q "error:" "$TMP/err"
ok $? "... and no compiler error"

done_testing
