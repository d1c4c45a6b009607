#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Each tick reads only the files whose content moves: on the XU4 testbed
# (-d 0.5, about 8 ticks, strace counting the opens) a new
# scaling_cur_freq and a new temperature show at the next tick, while the
# thermal trip points, cooling types, governors and IRQ affinities are
# read once at the start, and so are the policies' limits (again only
# every 10 s, or after benchtop's own writes:
# tests/tui/scenarios/tune_keys.scn pins and sees the new affinity at once).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
command -v strace > /dev/null || { echo "1..0 # SKIP strace missing"; exit 0; }
plan 7

bed="$TESTBEDS/odroid-xu4"
tr="$TMPD/opens"
start 80 24 "'$UMOCKDEV_RUN' -d '$bed/usb.umockdev' -- sh -c 'cp -r \"$bed\"/. \"\$UMOCKDEV_DIR\"/ && echo \"\$UMOCKDEV_DIR\" > \"$TMPD/udir\" && exec strace -f -qq -e trace=openat,open -o \"$tr\" \"$BENCHTOP\" -d 0.5'"
wait_for '^big Cortex-A15 '
udir=$(cat "$TMPD/udir")
echo 1800000 > "$udir/sys/devices/system/cpu/cpufreq/policy4/scaling_cur_freq"
echo 61500 > "$udir/sys/class/thermal/thermal_zone2/temp"
wait_for '^big Cortex-A15 .* 1800 MHz .* 61\.5°C$' 5
check $? "a new scaling_cur_freq and temperature show at the next ticks"
sleep 3
keys q
wait_exit 10
ticks=$(grep -c 'cpu4/cpufreq/scaling_cur_freq' "$tr")
[ "$ticks" -ge 6 ]
check $? "scaling_cur_freq of the big cluster read each tick ($ticks opens)"
trips=$(grep -c 'thermal_zone2/trip_point_0_temp' "$tr")
[ "$trips" -le 1 ]
check $? "trip points read once ($trips opens of zone 2's first)"
types=$(grep -c 'cooling_device[0-9]*/type' "$tr")
[ "$types" -le 3 ]
check $? "cooling types read once: $types opens of 3 files"
# once for the device chain, once for the first reading
aff=$(grep -c 'irq/150/smp_affinity_list' "$tr")
[ "$aff" -le 2 ]
check $? "IRQ 150's affinity read at the start only ($aff opens)"
gov=$(grep -c 'scaling_governor' "$tr")
[ "$gov" -le 2 ]
check $? "governors read at the start only: $gov opens for 2 policies"
# each CPU's own limits are read once too (CPUs of one policy that
# disagree are said): every path at most once, none again at a tick
lim=$(grep -c 'scaling_max_freq' "$tr")
again=$(grep -o '"[^"]*scaling_max_freq"' "$tr" | sort | uniq -d | wc -l)
[ "$lim" -le 10 ] && [ "$again" -eq 0 ]
check $? "limits read at the start only: $lim opens of scaling_max_freq, $again of them a second time"
