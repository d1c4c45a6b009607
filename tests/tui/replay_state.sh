#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Replay shows the tuning state at its cursor: a session on the XU4
# testbed sees the big cluster's governor change (ondemand -> performance,
# outside benchtop), IRQ 151 pinned from the keyboard (7 -> 4-7), a zone
# heat up (31.0 -> 58.5 C) and its limit lowered; the replay shows the old
# state at the first row and the new one at the last, and J opens the
# recorded journal (read only).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/integration/lib.sh"
. "$top_srcdir/tests/tui/lib.sh"
command -v tmux > /dev/null || { echo "1..0 # SKIP tmux missing"; exit 0; }
command -v "$UMOCKDEV_RUN" > /dev/null || { echo "1..0 # SKIP umockdev-run missing"; exit 0; }
[ "$(id -u)" = 0 ] || { echo "1..0 # SKIP pinning needs root"; exit 0; }
plan 9

mkdir -p "$TMPD/cfg/benchtop" "$TMPD/snaps"
echo "snapshot_dir = $TMPD/snaps" > "$TMPD/cfg/benchtop/config"
start 80 24 "export XDG_CONFIG_HOME='$TMPD/cfg'; $(bed_cmd odroid-xu4 '-d 0.3')"
wait_for '^big Cortex-A15 +4-7 +ondemand'
sleep 1.5
u=$(cat "$TMPD/udir")
P4=$u/sys/devices/system/cpu/cpufreq/policy4
echo performance > "$P4/scaling_governor"
echo 1400000 > "$P4/scaling_max_freq"
echo 58500 > "$u/sys/class/thermal/thermal_zone2/temp"
keys i
wait_for '^IRQ +TOTAL/s' > /dev/null
keys j j
wait_for '^151: GICv2 105 Edge xhci-hcd:usb5'
keys p
wait_for 'Pin IRQ 151 to'
keys Enter
wait_for 'IRQ 151: affinity 4-7'
check $? "live: IRQ 151 pinned to 4-7 from the keyboard"
keys 1
wait_for '^big Cortex-A15 +4-7 +performance +[0-9]+ MHz +200-1400 .* 58\.5°C +CAPPED$'
check $? "live: performance, 200-1400 MHz (CAPPED: the hardware does 2000) and 58.5 C on the big row"
sleep 1
keys w
wait_for "snapshot saved to "
f=$(ls "$TMPD"/snaps/benchtop-*.json 2> /dev/null | head -1)
json "$f" '[(e["kind"], e["target"], e["old"], e["new"]) for e in d["events"]] == [("governor", "4", "ondemand", "performance"), ("affinity", "151", "7", "4-7")] or [(e["kind"], e["target"], e["old"], e["new"]) for e in d["events"]] == [("affinity", "151", "7", "4-7"), ("governor", "4", "ondemand", "performance")]'
check $? "the snapshot's events: governor 4 ondemand -> performance, affinity 151 7 -> 4-7"
keys q
wait_for 'Restore|restore|quit' 5 > /dev/null && keys n
wait_exit 10

start 80 24 "$(bed_cmd odroid-xu4 "--replay '$f'")"
wait_for '^REPLAY '
keys '<'
wait_for '^big Cortex-A15 +4-7 +ondemand +[0-9]+ MHz +200-2000 .* 31\.0°C$'
check $? "replay, first row: ondemand, 200-2000 MHz, 31.0 C (as it was then)"
screen | grep -Eq '^151 .* 7 +xhci-hcd:usb5'
check $? "... and IRQ 151 on CPU 7's affinity, 7"
keys '>'
wait_for '^big Cortex-A15 +4-7 +performance +[0-9]+ MHz +200-1400 .* 58\.5°C +CAPPED$'
check $? "replay, last row: performance, 200-1400 MHz CAPPED, 58.5 C"
screen | grep -Eq '^151 .* 4-7 +xhci-hcd:usb5'
check $? "... and IRQ 151's affinity 4-7"
keys J
wait_for '^JOURNAL +1 change'
screen | grep -q 'IRQ 151'
check $? "J in replay: the recorded journal with the IRQ 151 pin"
keys Enter
wait_for 'replay: tuning is off'
check $? "Enter there undoes nothing: tuning is off in replay"
keys q
wait_exit 10
