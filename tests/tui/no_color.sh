#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# -C / --no-color: a terminal that has colours gets the screen in
# monochrome, as with NO_COLOR=1 or "color = no"; without it, colour is on.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 4

start 80 24 "TERM=xterm-256color '$BENCHTOP' -d 0.3"
wait_for '^DISK +READ/s'
keys h
wait_for 'Colour on'
check $? "without -C, on a colour terminal, help says colour is on"
keys q
keys q
wait_exit 10
check $? "that screen quits"

start 80 24 "TERM=xterm-256color '$BENCHTOP' -C -d 0.3"
wait_for '^DISK +READ/s'
keys h
wait_for 'Colour off'
check $? "with -C the same terminal gets no colour (help says colour is off)"
keys q
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits with status 0"
