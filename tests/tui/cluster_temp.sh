#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Temperature per cluster on the XU4 testbed at 80x24: its four TMU zones
# (cpu0-thermal..cpu3-thermal) sit on the A15 cluster, so the big row
# shows the hottest of them and the LITTLE row none; the hottest overall
# stays in the header; a zone that heats up moves both.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 5

start 80 24 "$(bed_cmd odroid-xu4 '-d 0.5')"
wait_for '^big Cortex-A15 '
screen | grep -Eq '^CLUSTER +CPUS +GOVERNOR +FREQ +RANGE MHz +UTIL +TEMP +31\.0°C$'
check $? "the header: a TEMP column and the hottest zone, 31.0°C"
screen | grep -Eq '^big Cortex-A15 +4-7 +ondemand +2000 MHz +200-2000 +(-|[0-9]+%) 31\.0°C$'
check $? "the big row: 31.0°C (the A15s' zones)"
screen | grep -Eq '^little Cortex-A7 +0-3 +ondemand +1400 MHz +200-1400 +(-|[0-9]+%)$'
check $? "the LITTLE row: no temperature (no zone measures the A7s)"
udir=$(cat "$TMPD/udir")
echo 58500 > "$udir/sys/class/thermal/thermal_zone2/temp"
wait_for '^big Cortex-A15 .* 58\.5°C$'
check $? "cpu2-thermal at 58.5: the big row follows"
screen | grep -Eq '^CLUSTER .* 58\.5°C$'
check $? "... and the header's hottest too"
keys q
