#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# list_ends: the keys the help lists for the ends of a list work where it
# lists them (issue 27 item 14): Home End g G in the help screen, g G in
# a menu (the governor list), and s in the list of presets (the size of
# a run that writes, or one sentence why a preset has none). The XU4
# testbed with its tuning overlay, at 80x24.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 13
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME
joined() { screen | tr '\n' ' ' | tr -s ' '; }
first='^ +h \? F1 +this help'
last='^ +K +journal: keep the tunings'

start 80 24 "$(LIVE_EXTRA=odroid-xu4-tune live_cmd odroid-xu4 '-d 0.5')"
wait_for '^little Cortex-A7 ' > /dev/null
keys h
wait_for "$first" > /dev/null && wait_for '\([0-9]+ more: j or PgDn\)' > /dev/null
check $? "help: the first page, the rows below it counted"
keys End
wait_for "$last" && ! screen | grep -Eq "$first|more: j or PgDn"
check $? "help: End shows the last row (K) and no 'more' cue"
keys Home
wait_for "$first" && ! screen | grep -Eq "$last"
check $? "help: Home shows the first row again"
keys G
wait_for "$last" > /dev/null
check $? "help: G shows the last row"
keys g
wait_for "$first" > /dev/null
check $? "help: g shows the first row"
keys Escape

wait_for '^little Cortex-A7 ' > /dev/null
keys g
wait_for 'Governor for CPUs 0-3' > /dev/null && wait_for 'j/k choose' > /dev/null
keys G Enter
wait_for '^little Cortex-A7 +0-3 +schedutil '
check $? "governor menu: G then Enter sets the last governor, schedutil"
keys g
wait_for 'Governor for CPUs 0-3' > /dev/null && wait_for 'j/k choose' > /dev/null
keys g Enter
wait_for '^little Cortex-A7 +0-3 +powersave '
check $? "governor menu: g then Enter sets the first governor, powersave"

# A typed limit that is not a step: the answer says it was rounded.
keys Down
keys f
wait_for 'Frequency limit of CPUs 4-7' > /dev/null
keys Enter
wait_for 'j/k choose' > /dev/null
keys G Enter
wait_for 'Enter apply  Esc cancel' > /dev/null
keys -l 1400MHz
keys Enter
wait_for '^big Cortex-A15 +4-7 +ondemand +[0-9]+ MHz +200-1400'
check $? "f: the big cluster's maximum typed as 1400MHz"
keys f
wait_for 'Frequency limit of CPUs 4-7' > /dev/null
keys Enter
wait_for 'j/k choose' > /dev/null
keys G Enter
wait_for 'Enter apply  Esc cancel' > /dev/null
keys -l 1450MHz
keys Enter
wait_in joined '1450 MHz is not a step of CPUs 4-7: it rounds to 1400 MHz, which is the limit already' 15
check $? "f: 1450MHz says it rounds to the 1400 MHz step, the limit already"
keys Up

keys b
wait_for '^seq-direct ' > /dev/null
keys s
wait_for '^size \(such as 64M, 1G\): _'
check $? "presets: s on seq-direct asks the size of its run"
screen | grep -q '^seq-direct: which folder?'
check $? "... of seq-direct, chosen"
keys Escape
keys Escape
wait_for '^iperf ' > /dev/null
keys End
sleep 0.5
keys s
wait_for 'iperf-reverse writes nothing: it has no size to set'
check $? "presets: s on iperf-reverse says it has no size"
keys Escape
keys q
wait_for 'keep them or restore the originals' > /dev/null
keys r
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q, r (restore the originals) quits with status 0"
