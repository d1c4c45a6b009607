#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# + and - step the sampling interval along a fixed ladder that holds 1 s
# (0.1 0.2 0.5 1 2 5 10 ...), from any interval -d gave, as the status
# line says; the ends hold.  On the XU4 testbed, at 80x24.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 6

# step KEY WANT: press KEY, then the status line says "interval WANT s".
step() {
	keys -- "$1"
	wait_status "interval $2 s" 10
}

start 80 24 "$(bed_cmd odroid-xu4 '-d 0.3')"
wait_for '^DISK +READ/s' 30
step + 0.5 && step + 1.0 && step + 2.0 && step + 5.0
check $? "+ from -d 0.3: 0.5, 1.0, 2.0, 5.0 s (the next step of the ladder, not 0.6 1.2 2.4)"
step - 2.0 && step - 1.0 && step - 0.5 && step - 0.2 && step - 0.1
check $? "- back down: 2.0, 1.0, 0.5, 0.2, 0.1 s"
step - 0.1
check $? "- at 0.1 s stays at 0.1 s"
step + 0.2 && step + 0.5 && step + 1.0
check $? "+ from 0.1 s: 0.2, 0.5, 1.0 s (1 s is on the ladder both ways)"
i=0; while [ $i -lt 14 ]; do keys +; i=$((i + 1)); done
wait_status "interval 3600.0 s" 10
check $? "fourteen + later: the top, 3600 s (one hour), holds"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits, status 0"
