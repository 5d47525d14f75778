#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# deps.sh: install the Debian packages crossym, its tests and its demo need,
# when any is missing.  A no-op (and no root needed) when all are there.
set -eu
pkgs="gcc make binutils pkg-config libelf-dev libdw-dev coccinelle perl patch jq graphviz"
pkgs="$pkgs git mandoc groff-base man-db"     # t81 (git am), t82 (man page lint)
pkgs="$pkgs gcc-powerpc64-linux-gnu"            # t52 (64-bit PowerPC ELFv1 cross build)
pkgs="$pkgs ${CROSSYM_EXTRA_PKGS:-}"
missing=""
for p in $pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: installing:$missing"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q >/dev/null
# shellcheck disable=SC2086
$sudo apt-get install -y -q $missing
