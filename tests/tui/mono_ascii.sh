#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A plain vt100 without colour, in a locale that is not UTF-8: the screen
# must still be complete and readable, in ASCII only.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 4

start 80 24 "TERM=vt100 NO_COLOR=1 LANG=C LC_ALL=C '$BENCHTOP' -d 0.3"
wait_for '^DISK +READ/s'
check $? "the overview draws on a vt100 without colour"
sleep 1.5
screen | LC_ALL=C grep -q '[^ -~]'
[ $? -ne 0 ]
check $? "only ASCII characters on the screen (sparklines fall back)"
keys h
wait_for 'Colour off, ASCII characters'
check $? "help says colour is off and ASCII is in use"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"
