#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Rows kept from the frame before keep their look, rows that change are
# drawn again whole: on the XU4 testbed the selected cluster row is in the
# selection colour (yellow background), it follows Down and Up, the row
# left loses it, and it stays over the ticks that follow.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 5

E=$(printf '\033')
# the colour of row NAME's first cell: "sel" (black on yellow) or "plain"
look() {
	$TMUXC capture-pane -e -p -t t | grep -a "$1 Cortex" | head -1 |
		grep -Eq "^($E\[[0-9;]*m)*$E\[30m$E\[43m$1 " &&
		echo sel || echo plain
}

start 80 24 "$(bed_cmd odroid-xu4 '-d 0.3')"
wait_for '^little Cortex-A7 ' && wait_for 'B/s'
[ "$(look little)" = sel ] && [ "$(look big)" = plain ]
check $? "the first cluster row is selected (little: $(look little), big: $(look big))"
keys Down
sleep 1
[ "$(look little)" = plain ] && [ "$(look big)" = sel ]
check $? "Down: the selection moves to big, little is plain again (little: $(look little), big: $(look big))"
sleep 1.5
[ "$(look little)" = plain ] && [ "$(look big)" = sel ]
check $? "five ticks later the same rows, the same look"
keys Up
sleep 1
[ "$(look little)" = sel ] && [ "$(look big)" = plain ]
check $? "Up: back on little (little: $(look little), big: $(look big))"
keys q
wait_exit
check $? "q quits"
