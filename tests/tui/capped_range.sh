#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A frequency limit below the hardware's range shows on the cluster row:
# the Odroid XU4 testbed with the big cluster held at 800-1000 MHz (the
# hardware does 200-2000), at 80x24 on the live screen and in --once.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
plan 6

# A copy of the testbed with the big cluster's policy limits lowered, as
# `echo 1000000 > scaling_max_freq` leaves them.
beds=$TMPD/beds
mkdir -p "$beds" && cp -r "$TESTBEDS/odroid-xu4" "$beds/xu4-capped"
p=$beds/xu4-capped/sys/devices/system/cpu/cpufreq/policy4
echo 800000 > "$p/scaling_min_freq"
echo 1000000 > "$p/scaling_max_freq"
echo 1000000 > "$p/scaling_cur_freq"

TESTBEDS=$beds
start 80 24 "$(bed_cmd xu4-capped '-d 0.5')"
wait_for '^big Cortex-A15 +4-7 +ondemand +1000 MHz +800-1000 .*CAPPED'
check $? "80x24: the capped big cluster reads 800-1000 and CAPPED"
screen | grep -E '^little Cortex-A7 +0-3 ' | grep -q CAPPED
[ $? != 0 ]
check $? "80x24: the LITTLE cluster at its full 200-1400 is not marked"
screen | awk 'length($0) > 80 { exit 1 }'
check $? "80x24: the row fits in 80 columns"
resize 200 50
wait_for '^big Cortex-A15 +4-7 +ondemand +1000 MHz +800-1000 .*CAPPED'
check $? "200x50: the same mark"
keys q
wait_exit 10

# --once: the text report's CLUSTER line says it too, beside the
# hardware's range.
"$UMOCKDEV_RUN" -- sh -c 'cp -r "$0"/. "$UMOCKDEV_DIR"/ && exec "$@"' \
	"$beds/xu4-capped" "$BENCHTOP" --once --interval 0.2 > "$TMPD/once.txt"
grep -E '^CLUSTER +big Cortex-A15 +cpus 4-7 .*800-1000 MHz +\(hw 200-2000\) +CAPPED' "$TMPD/once.txt"
check $? "--once: the big cluster's line says CAPPED after (hw 200-2000)"
grep -E '^CLUSTER +little' "$TMPD/once.txt" | grep -q CAPPED
[ $? != 0 ]
check $? "--once: the LITTLE cluster's line does not"
