#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# T says in the status line how long the monitor has watched and how many
# readings it took, at the interval in force; a second T never reads
# less (tui/sinceui.c, a row of the feature table).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 3

SAID='watching for [0-9]+:[0-5][0-9]:[0-5][0-9]: [0-9]+ readings?, every 0\.3 s'
start 80 24 "'$BENCHTOP' -d 0.3"
wait_for '^DISK +READ/s'
keys T
wait_status "$SAID"
check $? "T: watching for H:MM:SS: N readings, every 0.3 s"
first=$(status_line | grep -Eo "$SAID")
n1=$(echo "$first" | sed -E 's/.*: ([0-9]+) reading.*/\1/')
[ "${n1:-0}" -ge 1 ]
check $? "at least the first reading is counted ($first)"
keys j
wait_status 'Quit' > /dev/null
keys T
wait_status "$SAID"
second=$(status_line | grep -Eo "$SAID")
n2=$(echo "$second" | sed -E 's/.*: ([0-9]+) reading.*/\1/')
t1=$(echo "$first" | sed -E 's/watching for ([0-9:]+):.*/\1/' | tr -d :)
t2=$(echo "$second" | sed -E 's/watching for ([0-9:]+):.*/\1/' | tr -d :)
[ "${n2:-0}" -ge "${n1:-0}" ] && [ "$((1$t2))" -ge "$((1$t1))" ]
check $? "a second T never reads less ($second)"
keys q
