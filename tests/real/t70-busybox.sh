#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# t70-busybox: the proof on a real program (tests/real/lib/busybox-proof.sh):
# BusyBox 1.35.0 annotated by crossym, every directory compiled whole-program,
# its own test suite gives the same result as the normal build.
exec sh "$(dirname "$0")/lib/busybox-proof.sh"
