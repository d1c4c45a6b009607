#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The live screen on this machine at 80x24, walked with the keyboard as a
# person would: overview, IRQ screen, USB screen, help, resize, quit.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
plan 14

start 80 24 "'$BENCHTOP' -d 0.5"
wait_for '^DISK +READ/s'
check $? "the overview shows the DISK section"
wait_for '^vda '
check $? "the disk vda has a row"
screen | grep -Eq '^(eth0|lo) '
check $? "network interfaces have rows"
if [ -e /sys/devices/system/cpu/cpu0/cpufreq ]; then
	screen | grep -Eq 'performance|ondemand|schedutil|powersave|conservative|userspace|interactive'
	check $? "the clusters show their governor"
else
	screen | grep -q 'cpufreq not exposed by this kernel'
	check $? "no cpufreq here: said in words"
fi
screen | tail -1 | grep -q 'h Help'
check $? "the key bar is on the last line"
screen | grep -q '[[:cntrl:]]'
[ $? -ne 0 ]
check $? "no control characters on the screen"

keys i
wait_for '^IRQ +TOTAL/s +CPU0 +CPU1 .*NAME( +sort: [a-z ]+)?$'
check $? "i opens the IRQ screen with per-CPU columns"
keys G
wait_for "^$(awk 'END { sub(/:.*/, ""); sub(/^ +/, ""); print }' /proc/interrupts) "
check $? "G scrolls to the last row of /proc/interrupts"
keys Escape
wait_for '^DISK +READ/s'
check $? "Esc goes back to the overview"

keys h
wait_for 'Keys \(F-keys are extras'
check $? "h opens the help screen"
keys Escape

resize 40 10
wait_for 'terminal too small: need 60x12'
check $? "at 40x10 it says the terminal is too small"
resize 200 50
wait_for '^DISK +READ/s'
check $? "at 200x50 the overview is back"
resize 80 24
wait_for '^DISK +READ/s'

keys q
wait_exit 10
check $? "q quits"
[ "$(cat "$TMPD/status" 2> /dev/null)" = 0 ]
check $? "q leaves exit status 0"
