#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# valgrind.sh ARGS...: crossym under memcheck, for `make check-valgrind`
# (the tests run it as $CROSSYM). Errors exit 1 and are logged in
# $VALGRIND_LOGS/vg.PID, which the make target requires to be empty.
top=$(cd "$(dirname "$0")/.." && pwd)
logs=${VALGRIND_LOGS:-$top/build/valgrind}
exec valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite \
	--show-leak-kinds=definite --track-fds=no --log-file="$logs/vg.%p" \
	"${CROSSYM_BIN:-$top/crossym}" "$@"
