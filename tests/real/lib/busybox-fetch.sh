#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# busybox-fetch.sh: get BusyBox 1.35.0 from Debian's bookworm SOURCE package,
# unpacked, into ${CROSSYM_CACHE:-$HOME/.cache/crossym}/busybox/, and print the
# path of the source tree (…/busybox/src) on stdout.
#
# The system's apt configuration is left alone: the deb-src line lives in a
# private directory (…/busybox/apt/), and so do the package lists and apt's
# caches.  The mirror is the one the system already uses for bookworm, read
# from /etc/apt/sources.list and /etc/apt/sources.list.d/*.list|*.sources
# (one-line or deb822 format).  Cached: once src/ is there, nothing is run.
#
# Environment: CROSSYM_CACHE, BUSYBOX_VERSION (default 1.35.0),
# BUSYBOX_SUITE (default bookworm), BUSYBOX_MIRROR (skip the derivation).
set -eu
CACHE=${CROSSYM_CACHE:-$HOME/.cache/crossym}
BB=$CACHE/busybox
VERSION=${BUSYBOX_VERSION:-1.35.0}
SUITE=${BUSYBOX_SUITE:-bookworm}
SRC=$BB/src

say() { echo "busybox-fetch: $*" >&2; }
die() { say "$*"; exit 1; }

# bb_version DIR: the VERSION of the BusyBox tree DIR (from its Makefile).
bb_version() {
	awk -F' *= *' '$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 }
		$1 == "SUBLEVEL" { s = $2 } END { print v "." p "." s }' "$1/Makefile"
}

if [ -f "$SRC/.fetched" ] && [ "$(bb_version "$SRC")" = "$VERSION" ]; then
	echo "$SRC"
	exit 0
fi

# Tools: apt-get source needs dpkg-source (dpkg-dev) and the unpackers.
missing=""
for p in dpkg-dev xz-utils bzip2 patch; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	say "installing:$missing"
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing >&2 ||
		{ DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q >&2 &&
		  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $missing >&2; }
fi

# mirror: the first URI the system uses for "deb" lines of $SUITE (exactly,
# not $SUITE-security/-updates), from one-line or deb822 source files.
mirror() {
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		# deb [opts] URI SUITE COMP...
		awk -v suite="$SUITE" '
			$1 == "deb" {
				i = 2
				if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
				if ($(i + 1) == suite) { print $i; exit }
			}' "$f"
	done
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		# deb822 stanzas separated by blank lines; fields may continue on
		# indented lines, but Types/URIs/Suites are one-liners in practice.
		awk -v suite="$SUITE" '
			function flush() {
				if (types ~ /(^| )deb( |$)/ && enabled != "no") {
					n = split(suites, s, " ")
					for (j = 1; j <= n; j++) if (s[j] == suite) {
						split(uris, u, " "); print u[1]; exit
					}
				}
				types = uris = suites = ""; enabled = ""
			}
			/^[ \t]*#/ { next }
			/^[ \t]*$/ { flush(); next }
			{ key = tolower($1); sub(/:$/, "", key); $1 = ""
			  sub(/^ +/, ""); val = $0 }
			key == "types" { types = val } key == "uris" { uris = val }
			key == "suites" { suites = val } key == "enabled" { enabled = tolower(val) }
			END { flush() }' "$f"
	done
}

URI=${BUSYBOX_MIRROR:-$(mirror | head -n 1)}
[ -n "$URI" ] || die "no '$SUITE' mirror found in /etc/apt/sources.list{,.d/*}; set BUSYBOX_MIRROR"
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
[ -f "$KEYRING" ] || die "$KEYRING missing (package debian-archive-keyring)"

APT=$BB/apt
mkdir -p "$APT/sources.list.d" "$APT/lists/partial" "$APT/cache/archives/partial"
printf 'deb-src [signed-by=%s] %s %s main\n' "$KEYRING" "$URI" "$SUITE" \
	>"$APT/sources.list.d/crossym-busybox.list"
# The apt sandbox user (_apt) cannot reach a private dir under /root: as root,
# download as root (what apt falls back to anyway, minus the warning).
sandbox=""
[ "$(id -u)" -eq 0 ] && sandbox="-o APT::Sandbox::User=root"

# apt_priv TOOL ARGS...: apt-get/apt-cache on the private configuration.
apt_priv() {
	tool=$1; shift
	$tool -q \
		-o Dir::Etc::SourceList=/dev/null \
		-o Dir::Etc::SourceParts="$APT/sources.list.d" \
		-o Dir::State::Lists="$APT/lists" \
		-o Dir::Cache="$APT/cache" \
		-o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= \
		-o APT::Get::List-Cleanup=0 \
		$sandbox "$@"
}

say "deb-src $URI $SUITE (private lists in $APT)"
apt_priv apt-get update >&2 || die "apt-get update (private) failed"

DL=$BB/dl
rm -rf "$DL"
mkdir -p "$DL"
# Take exactly the upstream version wanted; the Debian revision is whatever
# the suite has (1:1.35.0-4 in bookworm).
DEBVER=$(apt_priv apt-cache showsrc busybox 2>/dev/null |
	awk -v v="$VERSION" '$1 == "Version:" && index($2, v) { print $2; exit }')
[ -n "$DEBVER" ] || die "no busybox $VERSION source package in $SUITE"
(cd "$DL" && apt_priv apt-get source "busybox=$DEBVER" >&2) || die "apt-get source busybox=$DEBVER failed"

tree=$(find "$DL" -mindepth 1 -maxdepth 1 -type d -name "busybox-*" | head -n 1)
[ -n "$tree" ] && [ -f "$tree/Makefile" ] || die "no unpacked tree in $DL"
got=$(bb_version "$tree")
[ "$got" = "$VERSION" ] || die "unpacked BusyBox $got, wanted $VERSION"

rm -rf "$SRC"
mv "$tree" "$SRC"
# Keep the .dsc/.orig/.debian tarballs for reference; record what we took.
printf '%s\n' "$DEBVER" >"$SRC/.fetched"
say "BusyBox $got (Debian $DEBVER) in $SRC"
echo "$SRC"
