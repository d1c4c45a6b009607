#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Journey 3: switch the big cluster's governor (g) and its frequency
# limits (f), then undo each (u), on the Odroid XU4 testbed (with its
# tuning overlay) at 80x24, reading every value on the cluster row and in
# the testbed's cpufreq files.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP tuning needs root"; exit 0; }
plan 16
XDG_CONFIG_HOME=$TMPD/config
export XDG_CONFIG_HOME
P4=sys/devices/system/cpu/cpufreq/policy4
file() { cat "$(cat "$TMPD/udir")/$P4/$1"; }
ROW='^big Cortex-A15 +4-7 +'
LITTLE='^little Cortex-A7 +0-3 +ondemand +1400 MHz +200-1400 '

track_captures
start 80 24 "'$UMOCKDEV_RUN' -- sh -c 'cp -r \"$TESTBEDS/odroid-xu4\"/. \"$TESTBEDS/odroid-xu4-tune\"/. \"\$UMOCKDEV_DIR\"/ && echo \"\$UMOCKDEV_DIR\" > \"$TMPD/udir\" && exec \"$BENCHTOP\" -d 0.5'"
wait_for "${ROW}ondemand +2000 MHz +200-2000 " 30
check $? "the big row: ondemand, 2000 MHz, limits 200-2000 MHz"

keys j g
wait_for 'Governor for CPUs 4-7 \(now ondemand\)' 20 &&
	screen | grep -q '^ *performance' && screen | grep -q '^ *schedutil'
check $? "g on the big row lists its governors (performance, schedutil...)"
keys j Enter
wait_for 'CPUs 4-7: governor ondemand -> performance, read back performance' 20
check $? "performance chosen: old, new and read-back on the status line"
wait_for "${ROW}performance +[0-9]+ MHz +200-2000 " 20 && [ "$(file scaling_governor)" = performance ]
check $? "the big row and scaling_governor say performance"
screen | grep -Eq "$LITTLE"
check $? "the LITTLE row is untouched: ondemand, 200-1400"

keys f
wait_for 'Frequency limit of CPUs 4-7 to change' 20 && screen | grep -q 'maximum (now 2000 MHz)'
check $? "f asks which limit: maximum (now 2000 MHz), minimum"
keys Enter End Enter
wait_for '> _' 20 > /dev/null
keys 1 . 4 G H z Enter
wait_for 'CPUs 4-7: maximum kHz 2000000 -> 1400000, read back 1400000' 20
check $? "a typed 1.4GHz maximum is read back as 1400000 kHz"
wait_for "${ROW}performance +[0-9]+ MHz +200-1400 " 20 && [ "$(file scaling_max_freq)" = 1400000 ]
check $? "the big row's range reads 200-1400 MHz, as scaling_max_freq"
keys f j
wait_for 'minimum \(now 200 MHz\)' 20 > /dev/null
keys Enter End Enter
wait_for '> _' 20 > /dev/null
keys 5 0 0 M H z Enter
wait_for 'CPUs 4-7: minimum kHz 200000 -> 500000, read back 500000' 20
check $? "a typed 500MHz minimum is read back as 500000 kHz"
wait_for "${ROW}performance +[0-9]+ MHz +500-1400 " 20 && [ "$(file scaling_min_freq)" = 500000 ]
check $? "the big row's range reads 500-1400 MHz, as scaling_min_freq"

keys u
wait_for 'undo: CPUs 4-7: minimum kHz 500000 -> 200000' 20 &&
	wait_for "${ROW}performance +[0-9]+ MHz +200-1400 " 20
check $? "u: the minimum goes back first, the row reads 200-1400"
keys u
wait_for 'undo: CPUs 4-7: maximum kHz 1400000 -> 2000000' 20 &&
	wait_for "${ROW}performance +[0-9]+ MHz +200-2000 " 20
check $? "u: then the maximum, the row reads 200-2000"
keys u
wait_for 'undo: CPUs 4-7: governor performance -> ondemand' 20 &&
	wait_for "${ROW}ondemand +[0-9]+ MHz +200-2000 " 20
check $? "u: then the governor, the row reads ondemand"
[ "$(file scaling_governor) $(file scaling_min_freq) $(file scaling_max_freq)" = "ondemand 200000 2000000" ]
check $? "the files hold the originals: ondemand, 200000, 2000000"
printable
check $? "every screen captured held printable text only"
keys q
wait_exit 10 && [ "$(cat "$TMPD/status")" = 0 ]
check $? "q quits at once (nothing left in force), status 0"
