#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# version.sh: the version this source tree builds, for make (git describe
# style). VERSION holds the last release; in a git checkout:
#   VERSION               on its annotated tag vVERSION, clean
#   VERSION-N-gHASH       N commits after it (git describe)
#   ...-dirty             with uncommitted changes
#   VERSION-untagged-gHASH  no release tag reachable: not a release
# Without git (a release tarball): VERSION as it is.
top=$(cd "$(dirname "$0")/.." && pwd)
base=$(sed -n 1p "$top/VERSION")
[ -e "$top/.git" ] || { echo "$base"; exit 0; }      # (a worktree's is a file)
command -v git >/dev/null 2>&1 || { echo "$base"; exit 0; }
if d=$(git -C "$top" describe --tags --match 'v[0-9]*' --dirty 2>/dev/null); then
	echo "${d#v}"
elif h=$(git -C "$top" rev-parse --short HEAD 2>/dev/null); then
	dirty=
	git -C "$top" diff --quiet HEAD 2>/dev/null || dirty=-dirty
	echo "$base-untagged-g$h$dirty"
else
	echo "$base"
fi
