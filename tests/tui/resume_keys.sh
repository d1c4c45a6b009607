#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Ctrl-Z, then fg: the first arrow key after the resume is an arrow, not
# an Esc that leaves the screen (ncurses' suspend leaves the keypad's
# transmit mode off; SIGCONT turns it on again).  The monitor runs under
# an interactive bash in tmux, on the IRQ screen; Down after fg keeps it
# there.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v bash > /dev/null || { echo "1..0 # SKIP bash missing"; exit 0; }
plan 3
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME
start 100 30 "bash --norc --noprofile -i"
keys "'$BENCHTOP' -d 0.5 --readonly" Enter
wait_for '^CLUSTER|^CPU' 20 > /dev/null
keys i
wait_for '^IRQ +TOTAL/s'
check $? "i: the IRQ screen"
keys C-z
wait_for 'Stopped' 10 > /dev/null
keys fg Enter
wait_for '^IRQ +TOTAL/s' 10 > /dev/null
# Down, then the help and out of it: the help shows once Down was read,
# and closing it shows the screen Down left
keys Down h
wait_for 'Keys \(F-keys' 10 > /dev/null
keys Escape
wait_for '^(IRQ +TOTAL/s|CLUSTER|CPU)' 10 > /dev/null
screen | grep -Eq '^IRQ +TOTAL/s'
check $? "fg, then Down: still the IRQ screen (the arrow was not read as Esc)"
keys q
wait_for '\$ *$' 10 > /dev/null
screen | grep -q 'Stopped' && ! screen | grep -Eq '^IRQ +TOTAL/s'
check $? "q quits back to the shell"
