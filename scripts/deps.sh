#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# deps.sh [demo|fuzz]: the packages crossym, its tests and its demo need.
#   On Debian (dpkg-query and apt-get): installs the missing ones (as root, or
#   through sudo); a no-op, needing no root, when all are there.  `demo`: only
#   what building crossym and `make demo` need (no test tool, no cross
#   compiler); `fuzz` adds the fuzzing ones (clang and its runtime).
#   On Debian without root and without sudo: names the missing packages and
#   the command that installs them, and exits 1.
#   Elsewhere: prints the table below (what each is for; Debian, Fedora and
#   Arch names; whether it looks present here) and exits 1: install them with
#   the system's package manager, then run make with NO_DEPS=1.
# deps.sh --table prints the table and exits 0.
# Environment: CROSSYM_EXTRA_PKGS, more Debian packages to install.
set -eu

# One row per need: group | what for | Debian | Fedora | Arch | probe.
# Groups: build (crossym itself), demo (make demo: annotate and the
# whole-program link), check (the tests), fuzz (only with the `fuzz`
# argument); `demo` installs build and demo alone.  `-` means part of another
# package there.  The probe (cmd:NAME or pc:MODULE) fills the
# table's `here` column.
TABLE='build|build: C compiler|gcc|gcc|gcc|cmd:gcc
build|build: make|make|make|make|cmd:make
build|build: pkg-config|pkg-config|pkgconf-pkg-config|pkgconf|cmd:pkg-config
build|build: libelf|libelf-dev|elfutils-libelf-devel|libelf|pc:libelf
build|build: libdw (DWARF)|libdw-dev|elfutils-devel|libelf|pc:libdw
check|check: ASan+UBSan|-|libasan libubsan|-|-
demo|demo: nm, ld|binutils|binutils|binutils|cmd:nm
check|tests: eu-nm|elfutils|elfutils|elfutils|cmd:eu-nm
check|tests: llvm-nm|llvm|llvm|llvm|cmd:llvm-nm
demo|annotate: spatch|coccinelle|coccinelle|coccinelle (AUR)|cmd:spatch
check|tests: patch|patch|patch|patch|cmd:patch
check|tests: prove|perl|perl-Test-Harness|perl|cmd:prove
check|tests: jq|jq|jq|jq|cmd:jq
check|report: dot|graphviz|graphviz|graphviz|cmd:dot
check|tests: git am|git|git|git|cmd:git
check|tests: man lint|mandoc|mandoc|mandoc|cmd:mandoc
check|tests: nroff|groff-base|groff-base|groff|cmd:nroff
check|tests: man|man-db|man-db|man-db|cmd:man
check|tests: ppc64 gcc|gcc-powerpc64-linux-gnu|gcc-powerpc64-linux-gnu|powerpc64-linux-gnu-gcc (AUR)|cmd:powerpc64-linux-gnu-gcc
fuzz|fuzzing: clang|clang|clang|clang|cmd:clang
fuzz|fuzzing: runtime|libclang-rt-14-dev|compiler-rt|compiler-rt|-'

want_fuzz=0
demo_only=0
table_only=0
for a in "$@"; do
	case $a in
	fuzz) want_fuzz=1 ;;
	demo) demo_only=1 ;;
	--table) table_only=1 ;;
	*) echo "usage: deps.sh [demo|fuzz] [--table]" >&2; exit 2 ;;
	esac
done

# here PROBE: yes, no or - (cannot tell).
here() {
	case $1 in
	cmd:*) command -v "${1#cmd:}" >/dev/null 2>&1 && echo yes || echo no ;;
	pc:*) command -v pkg-config >/dev/null 2>&1 &&
		pkg-config --exists "${1#pc:}" 2>/dev/null && echo yes || echo no ;;
	*) echo - ;;
	esac
}

# column N: the packages of column N (3 Debian, 4 Fedora, 5 Arch) of every
# row (every row, or the groups asked for when $2 is `asked`), once each.
column() {
	echo "$TABLE" | awk -F'|' -v c="$1" -v sel="${2:-all}" -v fuzz="$want_fuzz" -v demo="$demo_only" '
		sel == "asked" && $1 == "fuzz" && !fuzz { next }
		sel == "asked" && demo && $1 != "build" && $1 != "demo" { next }
		{ n = split($c, p, " ")
		  for (i = 1; i <= n; i++)
			if (p[i] != "-" && p[i] !~ /^\(/ && !seen[p[i]]++) out = out " " p[i] }
		END { print substr(out, 2) }'
}

table() {
	printf '%-22s %-19s %-22s %-17s %s\n' "what for" Debian Fedora Arch here
	echo "$TABLE" | while IFS='|' read -r _ what deb fed arch probe; do
		printf '%-22s %-19s %-22s %-17s %s\n' "$what" "$deb" "$fed" "$arch" "$(here "$probe")"
	done
}

if [ "$table_only" -eq 1 ]; then
	table
	exit 0
fi

# ---- not Debian: say what to install, and stop ------------------------------

if ! command -v dpkg-query >/dev/null 2>&1; then
	{
		echo "deps: no dpkg-query here: crossym installs its packages only on Debian."
		echo "deps: install these with your package manager, then run make with"
		echo "deps: NO_DEPS=1 (make NO_DEPS=1 demo, make NO_DEPS=1 check, ...):"
		echo
		table
		echo
		echo "Fedora:  sudo dnf install $(column 4)"
		echo "Arch:    sudo pacman -S --needed $(column 5 | sed 's/ *coccinelle//')"
		echo "         and coccinelle from the AUR"
		echo "Debian:  sudo apt-get install $(column 3)"
		echo
		echo "make check-real builds Debian's linux-source-6.1 (KB_LINUX=6.12:"
		echo "linux-source-6.12) and busybox source packages: it needs Debian."
		if ! table | awk 'NR > 1 && $NF == "no" { f = 1 } END { exit f }'; then
			echo "deps: stopped: the rows marked 'no' look missing."
		else
			echo "deps: stopped: all looks present; run make with NO_DEPS=1."
		fi
	} >&2
	exit 1
fi

# ---- Debian -------------------------------------------------------------------

pkgs="$(column 3 asked) ${CROSSYM_EXTRA_PKGS:-}"
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1; then
		sudo=sudo
	else
		sudo=none
	fi
fi
if [ "$sudo" = none ] || ! command -v apt-get >/dev/null 2>&1; then
	{
		echo "deps: missing Debian packages:$missing"
		if command -v apt-get >/dev/null 2>&1; then
			echo "deps: not root and no sudo: install them as root, e.g."
		else
			echo "deps: no apt-get to install them with: install them as root, e.g."
		fi
		echo "deps:   su -c 'apt-get install$missing'"
		echo "deps: then run make again; if you installed them some other way, run"
		echo "deps: make with NO_DEPS=1 (make NO_DEPS=1 demo, make NO_DEPS=1 check, ...)."
	} >&2
	exit 1
fi

echo "deps: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q >/dev/null
# shellcheck disable=SC2086
$sudo apt-get install -y -q $missing
